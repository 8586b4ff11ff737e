import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { AUTH_TEST_ENV, linkIn, mailsTo, newAccount, TestBrowser, type NewAccount } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';

describe('forgot password and reset', () => {
  let app: TestServer;
  const browser = () => new TestBrowser(app.url, app.config.APP_URL);
  const signUp = async () => {
    const account = newAccount();
    expect((await browser().post('/api/auth/sign-up/email', account)).status).toBe(200);
    return account;
  };
  const signIn = async (account: Pick<NewAccount, 'email' | 'password'>) => {
    const b = browser();
    const reply = await b.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    return { b, status: reply.status };
  };
  const forgot = (email: string) => browser().post('/api/auth/request-password-reset', { email });
  /** The reset link of the newest reset mail to `email`. */
  const resetLink = (email: string, count = 1) =>
    waitFor(
      async () => {
        const resets = (await mailsTo(app.db, email)).filter((m) => m.subject.startsWith('Reset your'));
        return resets.length >= count && linkIn(resets[0].text, '/auth/reset-password');
      },
      { message: 'the reset mail' },
    );
  const reset = (token: string, newPassword: string) => browser().post('/api/auth/reset-password', { token, newPassword });

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers the same for an address with an account and one without', async () => {
    const account = await signUp();
    const known = await forgot(account.email);
    const unknown = await forgot(`nobody.${account.email}`);
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect([...unknown.headers.keys()].sort()).toEqual([...known.headers.keys()].sort());
    await resetLink(account.email);
    expect(await mailsTo(app.db, `nobody.${account.email}`)).toHaveLength(0);
  });

  it('resets with the mailed link: the old password stops working and every session is signed out', async () => {
    const account = await signUp();
    const laptop = (await signIn(account)).b;
    const phone = (await signIn(account)).b;
    expect((await forgot(account.email)).status).toBe(200);
    const link = await resetLink(account.email);
    expect(`${link.origin}${link.pathname}`).toBe(`${app.config.APP_URL}/auth/reset-password`);

    const newPassword = 'fresh-start-passphrase';
    expect(await reset(link.searchParams.get('token') as string, newPassword)).toMatchObject({ status: 200, body: { status: true } });
    expect((await laptop.get('/api/me')).status).toBe(401);
    expect((await phone.get('/api/me')).status).toBe(401);
    expect((await signIn(account)).status).toBe(401);
    expect((await signIn({ ...account, password: newPassword })).status).toBe(200);
  });

  it('uses a link once', async () => {
    const account = await signUp();
    await forgot(account.email);
    const token = (await resetLink(account.email)).searchParams.get('token') as string;
    expect((await reset(token, 'first-new-passphrase')).status).toBe(200);
    const again = await reset(token, 'second-new-passphrase');
    expect(again).toMatchObject({ status: 400, body: { error: { code: 'invalid_token' } } });
    expect((await signIn({ ...account, password: 'first-new-passphrase' })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const account = await signUp();
    await forgot(account.email);
    const token = (await resetLink(account.email)).searchParams.get('token') as string;
    // The token's row expires after PASSWORD_RESET_TTL_SECONDS; move that moment into the past.
    const expired = await queryRows(
      app.db,
      sql`UPDATE verification SET expires_at = now() - interval '1 second'
      WHERE value = (SELECT id FROM "user" WHERE email = ${account.email.toLowerCase()}) RETURNING id`,
    );
    expect(expired).toHaveLength(1);
    expect(await reset(token, 'too-late-passphrase')).toMatchObject({ status: 400, body: { error: { code: 'invalid_token' } } });
    expect((await signIn(account)).status).toBe(200);
  });

  it('says how long the link lasts and stores only a hash of its token', async () => {
    const account = await signUp();
    await forgot(account.email);
    const token = (await resetLink(account.email)).searchParams.get('token') as string;
    const [mail] = (await mailsTo(app.db, account.email)).filter((m) => m.subject.startsWith('Reset your'));
    expect(mail.text).toContain('stops working after 1 hour');
    expect(await queryRows(app.db, sql`SELECT id FROM verification WHERE identifier LIKE ${`%${token}%`}`)).toHaveLength(0);
  });

  it('refuses a common or short new password and keeps the link usable', async () => {
    const account = await signUp();
    await forgot(account.email);
    const token = (await resetLink(account.email)).searchParams.get('token') as string;
    const common = await reset(token, 'sunshine');
    expect(common.status).toBe(400);
    expect(common.body.error).toMatchObject({
      code: 'password_too_common',
      fields: { newPassword: 'This password is too common. Please choose a less common one.' },
    });
    const short = await reset(token, 'abc');
    expect(short.body.error.fields).toEqual({ newPassword: 'Password must be at least 8 characters' });
    expect((await reset(token, 'an-uncommon-passphrase')).status).toBe(200);
  });
});
