import { createHmac } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { URI, type TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, sessions } from '../db/schema';
import { enrolTotp, signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, newAccount, TestBrowser, type NewAccount } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

/** The admin area opens for a session that itself passed two-factor, not for the account alone. */
describe('two-factor belongs to the session', () => {
  let app: TestServer;
  const browser = () => new TestBrowser(app.url, app.config.APP_URL);
  const signIn = async (account: NewAccount) => {
    const b = browser();
    const reply = await b.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(reply.status).toBe(200);
    return { b, reply };
  };
  const sessionRows = (userId: string) => app.db.select().from(sessions).where(eq(sessions.userId, userId));

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('revokes a password-only session when another session enrols; only a sign-in that passes the code gets in', async () => {
    const account = newAccount({ firstName: 'Ada', lastName: 'Admin' });
    const { browser: enrolling, user } = await signedInWithRole(app, 'admin', account);
    // Session A: signed in with the password alone, before two-factor exists.
    const { b: passwordOnly } = await signIn(account);
    const tokenA = (await sessionRows(user.id)).map((s) => s.token);
    expect(tokenA).toHaveLength(2);
    expect((await passwordOnly.get('/api/admin/ping')).body.error.code).toBe('two_factor_required');

    // Session B enrols an authenticator (password re-checked, then a code).
    const totp = await enrolTotp(enrolling, account.password);
    expect(await enrolling.get('/api/admin/ping')).toMatchObject({ status: 200, body: { ok: true } });

    // A does not reach the admin area, and is gone.
    const refused = await passwordOnly.get('/api/admin/ping');
    expect(refused.status).toBe(401);
    expect((await passwordOnly.get('/api/me')).status).toBe(401);
    const left = await sessionRows(user.id);
    expect(left).toHaveLength(1);
    expect(tokenA).not.toContain(left[0]!.token);
    expect(left[0]).toMatchObject({ twoFactorVerified: true });

    // A new sign-in: the password alone opens nothing, the code does.
    const again = browser();
    const first = await again.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect((await again.get('/api/admin/ping')).status).toBe(401);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    expect(await again.get('/api/admin/ping')).toMatchObject({ status: 200, body: { ok: true } });
    // Signing in elsewhere signs nobody out.
    expect((await enrolling.get('/api/admin/ping')).status).toBe(200);
  });

  it('answers 403 two_factor_required to a session of a two-factor account that did not pass the second factor', async () => {
    // A password sign-in that lands in the same moment enrolment finishes escapes the revocation: the session itself says no.
    const { browser: admin, user } = await signedInAdmin(app);
    const ctx = await app.server.auth.$context;
    const raced = await ctx.internalAdapter.createSession(user.id);
    const signature = createHmac('sha256', ctx.secret).update(raced.token).digest('base64');
    const b = browser();
    b.cookies.set(ctx.authCookies.sessionToken.name, encodeURIComponent(`${raced.token}.${signature}`));
    expect((await b.get('/api/me')).body).toMatchObject({ role: 'admin', twoFactorEnabled: true });
    const reply = await b.get('/api/admin/ping');
    expect(reply.status).toBe(403);
    expect(reply.body.error).toEqual({
      code: 'two_factor_required',
      message: 'Sign in again with the code from your authenticator app to use the admin area.',
    });
    // Through better-auth's own session path (a don't-remember cookie sends it there) the answer is the same.
    expect((await b.get('/api/admin/ping', { cookie: `${b.cookieHeader}; ${ctx.authCookies.dontRememberToken.name}=x` })).status).toBe(403);
    expect((await admin.get('/api/admin/ping')).status).toBe(200);
  });

  it('lets a sign-in with a backup code in', async () => {
    const account = newAccount({ firstName: 'Ada', lastName: 'Admin' });
    const { browser: admin } = await signedInWithRole(app, 'admin', account);
    const enabled = await admin.post('/api/auth/two-factor/enable', { password: account.password });
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect((await admin.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    const other = browser();
    await other.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect((await other.post('/api/auth/two-factor/verify-backup-code', { code: enabled.body.backupCodes[0] })).status).toBe(200);
    expect((await other.get('/api/admin/ping')).status).toBe(200);
  });

  it('changing the password keeps this session in the admin area and signs out the others', async () => {
    const account = newAccount({ firstName: 'Ada', lastName: 'Admin' });
    const { browser: here, totp, user } = await signedInAdmin(app, account);
    const elsewhere = browser();
    await elsewhere.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect((await elsewhere.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    expect((await elsewhere.get('/api/admin/ping')).status).toBe(200);

    const changed = await here.post('/api/auth/change-password', {
      currentPassword: account.password,
      newPassword: 'lantern-orchard-quietly-47',
      revokeOtherSessions: false,
    });
    expect(changed.status).toBe(200);
    expect((await here.get('/api/admin/ping')).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect(await sessionRows(user.id)).toHaveLength(1);
  });

  it('turning two-factor off signs out the other sessions, and the admin area closes', async () => {
    const account = newAccount({ firstName: 'Ada', lastName: 'Admin' });
    const { browser: here, totp, user } = await signedInAdmin(app, account);
    const elsewhere = browser();
    await elsewhere.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect((await elsewhere.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);

    expect((await here.post('/api/auth/two-factor/disable', { password: account.password })).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await here.get('/api/me')).status).toBe(200);
    expect(await sessionRows(user.id)).toHaveLength(1);
    expect((await here.get('/api/admin/ping')).body.error.code).toBe('two_factor_required');

    // Both the enrolment and turning it off are in the audit log, with the sessions each ended.
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, user.id)))
      .orderBy(asc(auditLog.id));
    expect(
      entries
        .filter((entry) => entry.changes && 'twoFactorEnabled' in (entry.changes as object))
        .map((entry) => [entry.action, entry.actorEmail, entry.changes]),
    ).toEqual([
      ['update', account.email.toLowerCase(), { twoFactorEnabled: { from: false, to: true }, otherSessionsEnded: 0 }],
      ['update', account.email.toLowerCase(), { twoFactorEnabled: { from: true, to: false }, otherSessionsEnded: 1 }],
    ]);
  });

  it('does not audit a second factor passed at sign-in as an enrolment', async () => {
    const account = newAccount({ firstName: 'Ada', lastName: 'Admin' });
    const { totp, user } = await signedInAdmin(app, account);
    const { b } = await signIn(account);
    expect((await b.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    const enrolments = (await app.db.select().from(auditLog).where(eq(auditLog.entityId, user.id))).filter(
      (entry) => entry.changes && 'twoFactorEnabled' in (entry.changes as object),
    );
    expect(enrolments).toHaveLength(1);
  });
});
