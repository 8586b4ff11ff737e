import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES } from '../../domain/roles';
import { auditLog } from '../platform/db/schema';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { signUp, verifyByMail } from '../test/application-client';
import { AUTH_TEST_ENV, newAccount, TestBrowser } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { registeredApiRoutes } from '../test/registered-routes';
import { LETTERS_UPLOAD_PATH } from './admin/letters';

/** The letter upload takes multipart: sent as such, the request is refused by the guard alone (route.ts routeMiddleware). */
const bodyType = (method: string, path: string): Record<string, string> =>
  method === 'POST' && path === LETTERS_UPLOAD_PATH ? { 'content-type': 'multipart/form-data; boundary=x' } : {};

/** Every route registered under /api/admin, as `METHOD /api/admin/path` with its parameters filled in. */
function registeredAdminRoutes() {
  return registeredApiRoutes()
    .filter((route) => route.pattern.startsWith('/api/admin/'))
    .map((route) => ({ method: route.method, path: route.pattern.replace(/:[A-Za-z]+/g, randomUUID()) }));
}

describe('the admin API answers nobody but a two-factor admin', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const routes = registeredAdminRoutes();

  it('finds the routes of every back-office area', () => {
    const areas = new Set(routes.map((r) => r.path.split('/')[3]));
    for (const area of ['dashboard', 'applications', 'users', 'waitlist', 'letters', 'settings', 'audit']) expect(areas, area).toContain(area);
    expect(routes.length).toBeGreaterThan(15);
  });

  it.each(routes.map((r) => [r.method, r.path] as const))('%s %s: 401 without a session', async (method, path) => {
    const reply = await new TestBrowser(app.url, app.config.APP_URL).request(method, path, method === 'GET' ? undefined : {}, bodyType(method, path));
    expect(reply.status).toBe(401);
    expect(reply.body.error.code).toBe('unauthenticated');
  });

  it('403 for every role below admin, and for an admin without two-factor', async () => {
    const below = ROLES.filter((role) => role !== 'admin');
    const browsers = await Promise.all([...below, 'admin' as const].map((role) => signedInWithRole(app, role)));
    for (const { browser, user } of browsers) {
      for (const { method, path } of routes) {
        const reply = await browser.request(method, path, method === 'GET' ? undefined : {}, bodyType(method, path));
        expect(reply.status, `${user.role} ${method} ${path}`).toBe(403);
        expect(reply.body.error.code).toBe(user.role === 'admin' ? 'two_factor_required' : 'forbidden');
      }
    }
  });
});

describe('sign-ins and e-mail verification in the audit log', () => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const entriesFor = (userId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.actorId, userId), eq(auditLog.action, 'sign_in')))
      .orderBy(desc(auditLog.id));

  it('records a password sign-in with the user and the address', async () => {
    const { account, user } = await signedInWithRole(app, 'guest');
    // The helper signs up (not a sign-in) and then signs in: one entry.
    expect(await entriesFor(user.id)).toHaveLength(1);
    const again = new TestBrowser(app.url, app.config.APP_URL);
    expect((await again.post('/api/auth/sign-in/email', { email: account.email, password: account.password })).status).toBe(200);
    expect(await entriesFor(user.id)).toHaveLength(2);
    const [entry] = await entriesFor(user.id);
    expect(entry).toMatchObject({ actorEmail: account.email.toLowerCase(), entityType: 'sessions', entityId: user.id, changes: { method: 'password' } });
    expect(entry!.ip).toMatch(/127\.0\.0\.1/);
  });

  it('records an admin sign-in once the second factor is given, not at the password step', async () => {
    const account = newAccount();
    const { user, totp } = await signedInAdmin(app, account);
    // Sign-up and enrolling the authenticator are not sign-ins; the helper's password sign-in before enrolment is.
    const before = (await entriesFor(user.id)).length;
    expect(before).toBe(1);
    const again = new TestBrowser(app.url, app.config.APP_URL);
    const first = await again.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect(await entriesFor(user.id)).toHaveLength(before);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    const [entry] = await entriesFor(user.id);
    expect(await entriesFor(user.id)).toHaveLength(before + 1);
    expect(entry!.changes).toEqual({ method: 'authenticator app' });
  });

  it('records a verified e-mail address as verify on the user', async () => {
    const member = await signUp(app, { verified: false });
    await verifyByMail(app, member);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, member.userId), eq(auditLog.action, 'verify')));
    expect(entry).toMatchObject({ entityType: 'users', actorId: member.userId, changes: { emailVerified: { from: false, to: true } } });
  });
});
