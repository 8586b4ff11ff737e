import { eq } from 'drizzle-orm';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../../../domain/roles';
import { users } from '../db/schema';
import { AUTH_TEST_ENV, newAccount, signUpAndSignIn, TestBrowser, type NewAccount } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

describe('roles and admin two-factor', () => {
  let app: TestServer;
  const browser = () => new TestBrowser(app.url, app.config.APP_URL);
  /** A signed-in browser of a new user whose role the server has set to `role`. */
  const userWithRole = async (role: Role, account: NewAccount = newAccount()) => {
    const b = browser();
    await signUpAndSignIn(b, account);
    await app.db.update(users).set({ role }).where(eq(users.email, account.email.toLowerCase()));
    return { b, account };
  };
  /** Enrols an authenticator app the way the account page does; returns the app's TOTP. */
  const enrolTotp = async (b: TestBrowser, password: string) => {
    const enabled = await b.post('/api/auth/two-factor/enable', { password });
    expect(enabled.status).toBe(200);
    expect(enabled.body.backupCodes).toHaveLength(10);
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect(totp.issuer).toBe('Ownstead');
    const verified = await b.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(verified.status).toBe(200);
    return totp;
  };

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('sends a visitor without a session away with 401 from every protected route', async () => {
    for (const path of ['/api/me', '/api/admin/ping', '/api/admin/anything-else']) {
      const reply = await browser().get(path);
      expect(reply.status, path).toBe(401);
      expect(reply.body.error.code).toBe('unauthenticated');
    }
  });

  it.each(['guest', 'applicant', 'homeowner'] as const)('refuses the admin route to a %s (403) but serves /api/me', async (role) => {
    const { b } = await userWithRole(role);
    const me = await b.get('/api/me');
    expect(me.body).toMatchObject({ role, rank: { guest: 0, applicant: 1, homeowner: 2 }[role] });
    const ping = await b.get('/api/admin/ping');
    expect(ping.status).toBe(403);
    expect(ping.body.error.code).toBe('forbidden');
    expect((await b.get('/api/admin/anything-else')).status).toBe(403);
  });

  it('keeps an admin out of admin routes until an authenticator app is enrolled', async () => {
    const { b, account } = await userWithRole('admin');
    const before = await b.get('/api/admin/ping');
    expect(before.status).toBe(403);
    expect(before.body.error).toMatchObject({ code: 'two_factor_required', message: expect.stringContaining('two-factor') });

    const totp = await enrolTotp(b, account.password);
    expect((await b.get('/api/me')).body).toMatchObject({ role: 'admin', rank: 3, twoFactorEnabled: true });
    expect(await b.get('/api/admin/ping')).toMatchObject({ status: 200, body: { ok: true } });

    // From now on signing in takes the second factor too.
    const again = browser();
    const first = await again.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(first.body).toMatchObject({ twoFactorRedirect: true });
    expect((await again.get('/api/admin/ping')).status).toBe(401);
    const wrong = await again.post('/api/auth/two-factor/verify-totp', { code: '000000' === totp.generate() ? '111111' : '000000' });
    expect(wrong.status).toBe(401);
    expect((await again.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    expect(await again.get('/api/admin/ping')).toMatchObject({ status: 200, body: { ok: true } });
  });

  it('lets any user enrol two-factor and sign in with a backup code', async () => {
    const { b, account } = await userWithRole('guest');
    const enabled = await b.post('/api/auth/two-factor/enable', { password: account.password });
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect((await b.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    expect((await b.get('/api/me')).body.twoFactorEnabled).toBe(true);

    const other = browser();
    await other.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    const backup = await other.post('/api/auth/two-factor/verify-backup-code', { code: enabled.body.backupCodes[0] });
    expect(backup.status).toBe(200);
    expect((await other.get('/api/me')).status).toBe(200);
  });

  it('never grants a role from the text of an e-mail address', async () => {
    const { b } = await userWithRole('guest', newAccount({ email: `admin.${Date.now()}@admin.example.com` }));
    expect((await b.get('/api/me')).body.role).toBe('guest');
    expect((await b.get('/api/admin/ping')).status).toBe(403);
  });
});
