import { desc, eq } from 'drizzle-orm';
import type { Db } from '../platform/db/client';
import { mailOutbox } from '../platform/db/schema';
import { newAccount, type NewAccount } from '../../domain/factories/accounts';
import type { HttpReply } from './harness';

/**
 * A browser stand-in for the account tests: keeps cookies like a browser does
 * and sends the Origin header a browser would (better-auth checks it).
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    readonly origin: string,
    readonly extraHeaders: Record<string, string> = {},
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<HttpReply> {
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        origin: this.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size ? { cookie: this.cookieHeader } : {}),
        ...this.extraHeaders,
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = value === '' || attributes.some((a) => /^\s*max-age=0\s*$/i.test(a));
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    const text = new TextDecoder().decode(bytes);
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON
    }
    return { status: response.status, headers: response.headers, body: parsed, bytes };
  }

  get = (path: string, headers?: Record<string, string>) => this.request('GET', path, undefined, headers);
  post = (path: string, body: unknown = {}, headers?: Record<string, string>) => this.request('POST', path, body, headers);
  patch = (path: string, body: unknown, headers?: Record<string, string>) => this.request('PATCH', path, body, headers);
  put = (path: string, body: unknown, headers?: Record<string, string>) => this.request('PUT', path, body, headers);
  delete = (path: string, headers?: Record<string, string>) => this.request('DELETE', path, undefined, headers);
}

/** A valid sign-up body with a unique address and an uncommon password: the factory the browser tests use too. */
export { newAccount, type NewAccount };

/**
 * Signs up, then signs in, as a new user does after the 'check your e-mail'
 * screen: sign-up itself never signs in (docs/decisions/014-sign-up-enumeration.md).
 * Returns the sign-up reply, whose `user.id` is the new account's.
 */
export async function signUpAndSignIn(browser: TestBrowser, account: NewAccount): Promise<HttpReply> {
  const signUp = await browser.post('/api/auth/sign-up/email', account);
  if (signUp.status !== 200) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const signIn = await browser.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
  if (signIn.status !== 200) throw new Error(`sign-in after sign-up failed: ${signIn.status} ${JSON.stringify(signIn.body)}`);
  return signUp;
}

/** The mail kept in the outbox for `to`, newest first. */
export async function mailsTo(db: Db, to: string) {
  return db.select().from(mailOutbox).where(eq(mailOutbox.to, to.toLowerCase())).orderBy(desc(mailOutbox.id));
}

/** The first link in a message pointing at `path` of the web app (e.g. '/auth/verify-email'). */
export function linkIn(text: string, path: string): URL | undefined {
  for (const match of text.matchAll(/https?:\/\/\S+/g)) {
    const url = new URL(match[0]);
    if (url.pathname === path) return url;
  }
  return undefined;
}

/** Environment for account tests: limits high enough not to interfere unless a test lowers them. */
export const AUTH_TEST_ENV: Record<string, string> = {
  AUTH_RATE_LIMIT_IP_MAX: '10000',
  AUTH_RATE_LIMIT_EMAIL_MAX: '10000',
};
