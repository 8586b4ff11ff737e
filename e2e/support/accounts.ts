import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { newAccount, type NewAccount } from '../../src/domain/factories/accounts';
import { APP_URL, MAIL_SINK_URL } from './ports';

/** Accounts and addresses come from the factories the server tests and the seed use (src/domain/factories/accounts.ts). */
export { newAccount };
export { uniqueEmail } from '../../src/domain/factories/accounts';
export type TestAccount = NewAccount;

/** better-auth checks the Origin of cookie-carrying requests: send the one a browser on the app would. */
const post = (request: APIRequestContext, path: string, body: unknown) => request.post(path, { data: body, headers: { origin: APP_URL } });

/** Signs a new account up over HTTP, and no more: sign-up itself never signs in (ADR 014). */
export async function createAccountOverHttp(request: APIRequestContext, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  const account = newAccount(overrides);
  const response = await post(request, '/api/auth/sign-up/email', account);
  expect(response.status(), await response.text()).toBe(200);
  return account;
}

/** Signs up over HTTP, then signs in with the page's cookies, so the page is signed in as the new account. */
export async function signUpOverHttp(page: Page, overrides: Partial<TestAccount> = {}): Promise<TestAccount> {
  const account = await createAccountOverHttp(page.request, overrides);
  await signInOverHttp(page, account);
  return account;
}

/** Signs in over HTTP with the page's cookies. */
export async function signInOverHttp(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  const response = await post(page.request, '/api/auth/sign-in/email', { email: account.email, password: account.password });
  expect(response.status(), await response.text()).toBe(200);
  return response.json();
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  html: string;
}

/** Every message the mail sink holds for an address, oldest first. */
export async function mailsTo(request: APIRequestContext, email: string): Promise<Mail[]> {
  const response = await request.get(`${MAIL_SINK_URL}/messages?to=${encodeURIComponent(email.toLowerCase())}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

/**
 * The newest link to `path` (e.g. '/auth/verify-email') in a mail to `email`,
 * waiting for the mail to arrive (mail goes out after the reply). `after` skips
 * links already seen, for a second message of the same kind.
 */
export async function latestLink(request: APIRequestContext, email: string, path: string, { after = [] as string[] } = {}): Promise<URL> {
  let found: URL | undefined;
  await expect
    .poll(
      async () => {
        const links = (await mailsTo(request, email))
          .flatMap((mail) => [...mail.text.matchAll(/https?:\/\/\S+/g)].map((m) => new URL(m[0])))
          .filter((url) => url.pathname === path && !after.includes(url.toString()));
        found = links.at(-1);
        return Boolean(found);
      },
      { message: `a mail to ${email} with a link to ${path}`, timeout: 15_000 },
    )
    .toBe(true);
  return found as URL;
}

/** The link's path and query, to open on the test server whatever APP_URL says. */
export const pathOf = (url: URL) => `${url.pathname}${url.search}`;

/**
 * Waits until no toast is on screen. axe runs after it: a toast is a passing
 * message (its own contrast belongs to the toaster), and the page is what is checked.
 */
export async function waitForToastsToGo(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

/** A tag unique to a test, in letters only (a search matches it and nothing else): `prefix` and then the time and chance. */
export const uniqueTag = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!);
