import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, newAccount, TestBrowser, type NewAccount } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { auditLog } from '../db/schema';

describe('sign-in, sessions and password change', () => {
  let app: TestServer;
  const browser = () => new TestBrowser(app.url, app.config.APP_URL);
  const signUp = async (account: NewAccount = newAccount()) => {
    expect((await browser().post('/api/auth/sign-up/email', account)).status).toBe(200);
    return account;
  };
  const signIn = async (account: Pick<NewAccount, 'email' | 'password'>) => {
    const b = browser();
    const reply = await b.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    return { b, reply };
  };

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('signs in with the right password and starts a new session', async () => {
    const account = await signUp();
    const { b, reply } = await signIn({ ...account, email: account.email.toUpperCase() });
    expect(reply.status).toBe(200);
    expect(reply.body.user).toMatchObject({ email: account.email.toLowerCase(), role: 'guest' });
    expect((await b.get('/api/me')).status).toBe(200);
    const session = await b.get('/api/auth/get-session');
    expect(session.body.user.email).toBe(account.email.toLowerCase());
  });

  it("answers 'Invalid email or password' alike for a wrong password and an unknown address", async () => {
    const account = await signUp();
    const wrong = await signIn({ email: account.email, password: 'not-the-password' });
    const unknown = await signIn({ email: `nobody.${account.email}`, password: account.password });
    for (const { b, reply } of [wrong, unknown]) {
      expect(reply.status).toBe(401);
      expect(reply.body).toEqual({ error: { code: 'invalid_email_or_password', message: 'Invalid email or password' } });
      expect(b.cookies.size).toBe(0);
      expect((await b.get('/api/me')).status).toBe(401);
    }
  });

  it('signs out: the session stops working', async () => {
    const account = await signUp();
    const { b } = await signIn(account);
    const stolenCookie = b.cookieHeader;
    expect((await b.post('/api/auth/sign-out')).status).toBe(200);
    expect((await b.get('/api/me')).status).toBe(401);
    // The old cookie, replayed, is worthless: the session is gone from the database.
    expect((await browser().get('/api/me', { cookie: stolenCookie })).status).toBe(401);
  });

  it('lists the sessions and signs out every other one', async () => {
    const account = await signUp();
    const laptop = (await signIn(account)).b;
    const phone = (await signIn(account)).b;
    const listed = await laptop.get('/api/auth/list-sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.length).toBeGreaterThanOrEqual(2);
    expect(listed.body[0]).toMatchObject({ ipAddress: expect.any(String), userAgent: expect.any(String) });

    expect((await laptop.post('/api/auth/revoke-other-sessions')).status).toBe(200);
    expect((await laptop.get('/api/me')).status).toBe(200);
    expect((await phone.get('/api/me')).status).toBe(401);
  });

  it('changes the password, refuses the old one afterwards and signs out the other sessions', async () => {
    const account = await signUp();
    const here = (await signIn(account)).b;
    const elsewhere = (await signIn(account)).b;
    const newPassword = 'a-brand-new-passphrase-2025';
    // The client may ask to keep other sessions; the server signs them out anyway (docs/product/accounts.md#password-reset).
    const reply = await here.post('/api/auth/change-password', { currentPassword: account.password, newPassword, revokeOtherSessions: false });
    expect(reply.status).toBe(200);
    expect((await here.get('/api/me')).status).toBe(200);
    expect((await elsewhere.get('/api/me')).status).toBe(401);
    expect((await signIn(account)).reply.status).toBe(401);
    expect((await signIn({ ...account, password: newPassword })).reply.status).toBe(200);
  });

  it('refuses a common new password, and a wrong current one', async () => {
    const account = await signUp();
    const { b } = await signIn(account);
    const common = await b.post('/api/auth/change-password', { currentPassword: account.password, newPassword: 'QwertyUIOP' });
    expect(common.status).toBe(400);
    expect(common.body.error).toEqual({
      code: 'password_too_common',
      message: 'This password is too common. Please choose a less common one.',
      fields: { newPassword: 'This password is too common. Please choose a less common one.' },
    });
    const wrong = await b.post('/api/auth/change-password', { currentPassword: 'wrong-password', newPassword: 'yet-another-passphrase' });
    expect(wrong.status).toBe(400);
    expect((await signIn(account)).reply.status).toBe(200);
  });

  it('refuses a signed-in request sent from another site (CSRF)', async () => {
    const account = await signUp();
    const { b } = await signIn(account);
    const reply = await b.post('/api/auth/revoke-sessions', {}, { origin: 'https://evil.example' });
    expect(reply.status).toBe(403);
    // The API's one origin check answers before better-auth's own.
    expect(reply.body.error.code).toBe('cross_origin_refused');
    expect((await b.get('/api/me')).status).toBe(200);
  });

  it('updates name and phone through PATCH /api/me with the shared profile schema', async () => {
    const account = await signUp();
    const { b } = await signIn(account);
    const updated = await b.patch('/api/me', { firstName: 'Amazing', lastName: 'Grace', phone: '(214) 555-0187' });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ firstName: 'Amazing', lastName: 'Grace', name: 'Amazing Grace', phone: '(214) 555-0187', phoneVerified: false });
    expect((await b.get('/api/me')).body.name).toBe('Amazing Grace');
    // Audited in the same transaction, naming the fields changed and not their values; a save that changes nothing writes no entry.
    const userId = (await b.get('/api/me')).body.id;
    const audits = async () =>
      (
        await app.db
          .select()
          .from(auditLog)
          .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, userId)))
      ).filter((entry) => entry.changes && 'profile' in (entry.changes as object));
    expect((await audits()).map((entry) => entry.changes)).toEqual([{ profile: ['firstName', 'lastName', 'phone'] }]);
    expect((await b.patch('/api/me', { firstName: 'Amazing', lastName: 'Grace', phone: '(214) 555-0187' })).status).toBe(200);
    expect(await audits()).toHaveLength(1);
    const bad = await b.patch('/api/me', { firstName: '', lastName: 'Grace', role: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({ firstName: 'First name is required' });
    // better-auth's own update-user is switched off: the profile has one way in.
    expect((await b.post('/api/auth/update-user', { name: 'x', role: 'admin' })).status).toBe(404);
    expect((await b.get('/api/me')).body.role).toBe('guest');
  });

  it('answers an unknown auth path in the API error shape', async () => {
    const reply = await browser().get('/api/auth/no-such-thing');
    expect(reply).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });
});
