import { eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV, newAccount, signUpAndSignIn, TestBrowser } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { lookupSession } from './session-lookup';

describe('the guards’ session lookup (one statement for the common case)', () => {
  let app: TestServer;
  /** lookupSession on a bare request carrying `cookie`: 'ask better-auth' when it declines. */
  const lookup = async (cookie?: string) => {
    const probe = new Hono().get('/', async (c) => {
      const found = await lookupSession(c, app.server.auth, app.db);
      return found === undefined ? c.json({ found: null, declined: true }) : c.json({ found, declined: false });
    });
    const reply = await probe.request('/', { headers: cookie ? { cookie } : {} });
    return (await reply.json()) as { found: unknown; declined: boolean };
  };
  const betterAuthSession = async (cookie: string) => JSON.parse(JSON.stringify(await app.server.auth.api.getSession({ headers: new Headers({ cookie }) })));
  const signedIn = async () => {
    const browser = new TestBrowser(app.url, app.config.APP_URL);
    const account = newAccount();
    await signUpAndSignIn(browser, account);
    const [user] = await app.db.select().from(users).where(eq(users.email, account.email.toLowerCase()));
    return { browser, user: user! };
  };
  const sessionOf = async (userId: string) => (await app.db.select().from(sessions).where(eq(sessions.userId, userId)))[0]!;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers exactly what better-auth answers for a valid session (an admin with two-factor)', async () => {
    const { browser } = await signedInAdmin(app);
    const ours = await lookup(browser.cookieHeader);
    expect(ours.declined).toBe(false);
    const theirs = await betterAuthSession(browser.cookieHeader);
    expect(theirs.user.role).toBe('admin');
    expect(theirs.user.twoFactorEnabled).toBe(true);
    expect(ours.found).toEqual(theirs);
  });

  it('answers null without a session cookie, and leaves a tampered one to better-auth, which refuses it', async () => {
    expect(await lookup()).toEqual({ found: null, declined: false });
    expect(await lookup('theme=dark')).toEqual({ found: null, declined: false });
    const { browser } = await signedIn();
    const tampered = browser.cookieHeader.replace(
      /session_token=([^.;]+)/,
      (_m, token: string) => `session_token=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
    );
    expect(tampered).not.toBe(browser.cookieHeader);
    expect((await lookup(tampered)).declined).toBe(true);
    expect((await new TestBrowser(app.url, app.config.APP_URL).get('/api/me', { cookie: tampered })).status).toBe(401);
  });

  it('sees a revoked session and a changed role on the very next request', async () => {
    const { browser, user } = await signedIn();
    expect((await browser.get('/api/me')).status).toBe(200);
    expect((await browser.get('/api/admin/ping')).status).toBe(403);
    await app.db.update(users).set({ role: 'admin', twoFactorEnabled: true }).where(eq(users.id, user.id));
    // The session has not passed the second factor, which the lookup reads as well.
    expect((await browser.get('/api/admin/ping')).body.error.code).toBe('two_factor_required');
    await app.db.update(sessions).set({ twoFactorVerified: true }).where(eq(sessions.userId, user.id));
    expect((await browser.get('/api/admin/ping')).status).toBe(200);
    await app.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await lookup(browser.cookieHeader)).declined).toBe(true);
    expect((await browser.get('/api/me')).status).toBe(401);
  });

  it('leaves an expired session to better-auth: 401, the row deleted, the cookie cleared', async () => {
    const { browser, user } = await signedIn();
    await app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 minute'` })
      .where(eq(sessions.userId, user.id));
    expect((await lookup(browser.cookieHeader)).declined).toBe(true);
    const reply = await browser.get('/api/me');
    expect(reply.status).toBe(401);
    expect(reply.headers.get('set-cookie')).toMatch(/session_token=;/);
    expect(await app.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
  });

  it('leaves a session due for renewal to better-auth, which extends it and re-sets the cookie', async () => {
    const { browser, user } = await signedIn();
    const ctx = await app.server.auth.$context;
    // Issued longer ago than updateAge: what remains is less than expiresIn − updateAge.
    const remaining = ctx.sessionConfig.expiresIn - ctx.sessionConfig.updateAge - 60;
    await app.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + remaining * 1000) })
      .where(eq(sessions.userId, user.id));
    const before = (await sessionOf(user.id)).expiresAt;
    expect((await lookup(browser.cookieHeader)).declined).toBe(true);
    const reply = await browser.get('/api/me');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('set-cookie')).toMatch(/session_token=[^;]+/);
    const after = (await sessionOf(user.id)).expiresAt;
    expect(after.valueOf()).toBeGreaterThan(before.valueOf() + 3600_000);
    // Renewed, the session takes the short path again.
    expect((await lookup(browser.cookieHeader)).declined).toBe(false);
  });
});
