import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { loadConfig } from '../config';
import type { Deps } from './context';
import { users } from '../db/schema';
import { LETTERS_UPLOAD_PATH } from '../../routes/admin/letters';
import { UPLOAD_PATH } from '../../routes/application';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV, newAccount, signUpAndSignIn, TestBrowser } from '../../test/auth-client';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { createLogger } from '../lib/logger';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const MULTIPART = new Set([`POST ${UPLOAD_PATH}`, `POST ${LETTERS_UPLOAD_PATH}`, 'POST /api/verify-document']);
/**
 * RFC 8058's one-click unsubscribe: a mail client POSTs a form body to it from no page of ours. It reads no
 * cookie — the sealed token in its URL is the authority — so it is the one route outside the check (tested below).
 */
const ONE_CLICK = 'POST /api/unsubscribe';
/**
 * The payment processor's webhook: a server POSTs it with no Origin. It reads no cookie — its signature is its
 * authority, checked before its body is read (src/server/routes/payments.test.ts) — and is tested below.
 */
const SIGNED_WEBHOOK = 'POST /api/payments/webhook';
/** The body type a route takes: the two uploads stream multipart, everything else is JSON. */
const bodyType = (method: string, path: string) => (MULTIPART.has(`${method} ${path}`) ? 'multipart/form-data; boundary=x' : 'application/json');

/**
 * Every state-changing route the app registers, parameters filled in: the app's own
 * routes (built from a stand-in for the dependencies, which routing never touches) and
 * better-auth's endpoints behind `/api/auth/*`.
 */
function registeredRoutes(app: TestServer): { method: string; path: string }[] {
  const config = loadConfig({ NODE_ENV: 'test', STATIC_DIR: app.config.STATIC_DIR });
  const hono = createApp({ config, logger: createLogger('silent') } as unknown as Deps);
  const seen = new Set<string>();
  const routes: { method: string; path: string }[] = [];
  const add = (method: string, path: string) => {
    const key = `${method} ${path}`;
    if (seen.has(key)) return;
    seen.add(key);
    routes.push({ method, path: path.replace(/:[A-Za-z]+/g, randomUUID()).replace(/\/$/, '') });
  };
  for (const route of hono.routes) {
    if (!route.path.startsWith('/api/') || route.path.includes('*')) continue;
    if (STATE_CHANGING.has(route.method)) add(route.method, route.path);
  }
  for (const endpoint of Object.values(app.server.auth.api) as { path?: string; options?: { method?: string | string[] } }[]) {
    if (!endpoint.path) continue;
    const methods = [endpoint.options?.method ?? []].flat();
    for (const method of methods) if (STATE_CHANGING.has(method)) add(method, `/api/auth${endpoint.path}`);
  }
  return routes;
}

async function send(app: TestServer, method: string, path: string, headers: Record<string, string>, body?: string) {
  const response = await fetch(`${app.url}${path}`, { method, headers, body, redirect: 'manual' });
  const text = await response.text();
  let parsed: { error?: { code?: string } } | undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, code: parsed?.error?.code };
}

describe('one origin check for every state-changing API route', () => {
  let app: TestServer;
  let routes: { method: string; path: string }[];
  let own: string;
  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, TRUSTED_ORIGINS: 'https://admin.ownstead.example' });
    const all = registeredRoutes(app);
    expect(all.map((r) => `${r.method} ${r.path}`)).toContain(ONE_CLICK);
    expect(all.map((r) => `${r.method} ${r.path}`)).toContain(SIGNED_WEBHOOK);
    routes = all.filter((r) => `${r.method} ${r.path}` !== ONE_CLICK && `${r.method} ${r.path}` !== SIGNED_WEBHOOK);
    own = new URL(app.config.APP_URL).origin;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('finds the routes of every API area, better-auth included, and both uploads', () => {
    for (const upload of MULTIPART) expect(routes.map((r) => `${r.method} ${r.path}`)).toContain(upload);
    const areas = new Set(routes.map((r) => r.path.split('/')[2]));
    for (const area of ['waitlist', 'auth', 'me', 'application', 'documents', 'admin']) expect(areas, area).toContain(area);
    expect(routes.some((r) => r.path === '/api/auth/sign-in/email')).toBe(true);
    expect(routes.length).toBeGreaterThan(40);
  });

  it('refuses a request with no Origin and no Referer, a foreign one, `null` and a sibling port', async () => {
    const sibling = new URL(app.config.APP_URL);
    sibling.port = String(Number(sibling.port || 80) + 1);
    const forged: Record<string, string>[] = [
      {},
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { origin: sibling.origin },
      { referer: `${sibling.origin}/attack.html` },
      { origin: 'null', referer: `${own}/waitlist` },
    ];
    for (const { method, path } of routes) {
      for (const headers of forged) {
        const reply = await send(app, method, path, { ...headers, 'content-type': 'application/json' }, '{}');
        expect({ route: `${method} ${path}`, headers, status: reply.status, code: reply.code }).toEqual({
          route: `${method} ${path}`,
          headers,
          status: 403,
          code: 'cross_origin_refused',
        });
      }
    }
  });

  it('lets a mail client POST the one-click unsubscribe from anywhere with a form body or none, never JSON or text', async () => {
    for (const headers of [{}, { origin: 'https://mail.example.net' }, { origin: 'null' }] as Record<string, string>[]) {
      const form = await send(
        app,
        'POST',
        '/api/unsubscribe',
        { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        'List-Unsubscribe=One-Click',
      );
      // Through the check to the route, which wants its token.
      expect(form).toEqual({ status: 400, code: 'validation_failed' });
      expect(await send(app, 'POST', '/api/unsubscribe', headers)).toEqual({ status: 400, code: 'validation_failed' });
      for (const type of ['application/json', 'text/plain']) {
        expect(await send(app, 'POST', '/api/unsubscribe', { ...headers, 'content-type': type }, '{}')).toEqual({
          status: 415,
          code: 'unsupported_media_type',
        });
      }
    }
  });

  it('refuses a text/plain body from our own origin (a form can send one without asking)', async () => {
    // As a two-factor admin, whom every route's guard lets through: a route checks the body's type after its guard.
    const { browser } = await signedInAdmin(app);
    for (const { method, path } of routes) {
      const reply = await send(app, method, path, { origin: own, 'content-type': 'text/plain', cookie: browser.cookieHeader }, '{}');
      expect(`${method} ${path} ${reply.status} ${reply.code}`).toBe(`${method} ${path} 415 unsupported_media_type`);
    }
  });

  it('lets our own origin, a same-origin Referer and a trusted origin through to the route', async () => {
    const allowed: Record<string, string>[] = [{ origin: own }, { referer: `${own}/apply?step=2` }, { origin: 'https://admin.ownstead.example' }];
    for (const { method, path } of routes) {
      for (const headers of allowed) {
        const reply = await send(app, method, path, { ...headers, 'content-type': bodyType(method, path) }, '{}');
        expect(`${method} ${path} ${reply.code}`).not.toMatch(/cross_origin_refused|unsupported_media_type/);
      }
    }
  });

  it("a forged request changes nothing: not the user's profile, not the admin's users", async () => {
    const member = new TestBrowser(app.url, 'http://localhost:3001');
    const account = newAccount();
    const own = new TestBrowser(app.url, app.config.APP_URL);
    await signUpAndSignIn(own, account);
    for (const [name, value] of own.cookies) member.cookies.set(name, value);
    const forged = await member.patch('/api/me', { firstName: 'Mallory', lastName: 'Forged' });
    expect(forged.status).toBe(403);
    const [row] = await app.db.select().from(users).where(eq(users.email, account.email.toLowerCase()));
    expect(row.firstName).toBe(account.firstName);

    const admin = await signedInAdmin(app);
    const sibling = new TestBrowser(app.url, 'http://localhost:3001');
    for (const [name, value] of admin.browser.cookies) sibling.cookies.set(name, value);
    const email = uniqueEmail('forged');
    const created = await sibling.post('/api/admin/users', { firstName: 'Eve', lastName: 'Forged', email, role: 'admin' });
    expect(created.status).toBe(403);
    expect(await app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });
  it("lets the processor's webhook through without an Origin, to be refused by its signature, and only as JSON", async () => {
    for (const headers of [{}, { origin: 'https://evil.example' }, { origin: 'null' }] as Record<string, string>[]) {
      const reply = await send(app, 'POST', '/api/payments/webhook', { ...headers, 'content-type': 'application/json' }, '{"id":"evt_1"}');
      expect(reply).toEqual({ status: 400, code: 'bad_signature' });
    }
    const text = await send(app, 'POST', '/api/payments/webhook', { 'content-type': 'text/plain' }, '{"id":"evt_1"}');
    expect(text).toEqual({ status: 415, code: 'unsupported_media_type' });
  });
});

describe('no personal answer may be cached', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('says `no-store` on /api/me, /api/application, the session, admin answers and errors', async () => {
    const admin = await signedInAdmin(app);
    for (const path of [
      '/api/me',
      '/api/application',
      '/api/auth/get-session',
      '/api/admin/users',
      '/api/admin/dashboard',
      '/api/me/data',
      '/api/nothing-here',
    ]) {
      const reply = await admin.browser.get(path);
      expect(`${path} ${reply.headers.get('cache-control')}`).toMatch(new RegExp(`^${path.replace(/[/]/g, '\\/')} .*no-store`));
    }
    const anonymous = new TestBrowser(app.url, app.config.APP_URL);
    expect((await anonymous.get('/api/me')).headers.get('cache-control')).toContain('no-store');
  });
});

describe('a server opened at another address than APP_URL', () => {
  it('defaults APP_URL from PORT, so changing only PORT keeps the forms working', () => {
    expect(loadConfig({ PORT: '4000' }).APP_URL).toBe('http://localhost:4000');
    expect(loadConfig({}).APP_URL).toBe('http://localhost:3000');
    expect(loadConfig({ PORT: '4000', APP_URL: 'https://ownstead.example' }).APP_URL).toBe('https://ownstead.example');
  });

  it('logs a refused origin once, with both origins, and the answer says what to set', async () => {
    const lines: { msg?: string; origin?: string; expected?: string }[] = [];
    const app = await startTestServer(AUTH_TEST_ENV, { logger: createLogger('warn', { write: (line: string) => void lines.push(JSON.parse(line)) }) });
    try {
      const wrong = 'http://localhost:4000';
      const signUp = () => send(app, 'POST', '/api/auth/sign-up/email', { origin: wrong, 'content-type': 'application/json' }, JSON.stringify(newAccount()));
      const first = await fetch(`${app.url}/api/auth/sign-up/email`, {
        method: 'POST',
        headers: { origin: wrong, 'content-type': 'application/json' },
        body: JSON.stringify(newAccount()),
      });
      expect(first.status).toBe(403);
      const body = (await first.json()) as { error: { code: string; message: string } };
      expect(body.error.code).toBe('cross_origin_refused');
      expect(body.error.message).toContain(new URL(app.config.APP_URL).origin);
      expect(body.error.message).toContain('set APP_URL');
      expect((await signUp()).status).toBe(403);
      const refusals = lines.filter((line) => line.msg?.startsWith('refused a state-changing request'));
      expect(refusals).toHaveLength(1);
      expect(refusals[0]).toMatchObject({ origin: wrong, expected: new URL(app.config.APP_URL).origin });
      expect(refusals[0]!.msg).toContain('APP_URL');
    } finally {
      await app.stop();
    }
  });
});
