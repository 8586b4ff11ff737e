import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { AUTH_TEST_ENV, linkIn, mailsTo, newAccount, TestBrowser } from '../../test/auth-client';
import { startTestServer, uniqueEmail, waitFor, type TestServer } from '../../test/harness';
import { validateAdminInput } from './first-admin';
import { passwordWeakness, personalWords } from './password-strength';

const GRACE = { email: 'grace.hopper@example.com', firstName: 'Grace', lastName: 'Hopper' };
const STRONG = 'lantern-orchard-quietly-47';

describe('password strength (zxcvbn-ts)', () => {
  it.each([
    ['letmein123', /commonly used password/],
    ['Passw0rd!', /commonly used password/],
    ['Welcome1!', /commonly used password/],
    ['grace.hopper@example.com', /name or email address/],
    ['GraceHopper', /./],
    ['hopper.grace', /./],
  ])('refuses %s with a reason', (password, reason) => {
    expect(passwordWeakness(password, GRACE)).toMatch(reason);
  });

  it('accepts a passphrase of unrelated words', () => {
    expect(passwordWeakness(STRONG, GRACE)).toBeUndefined();
    expect(passwordWeakness('correct horse battery staple', GRACE)).toBeUndefined();
  });

  it('judges a password against the e-mail, its local part and its pieces, and the names', () => {
    expect(personalWords(GRACE)).toEqual(['grace.hopper@example.com', 'grace.hopper', 'grace', 'hopper']);
    // Strong for anyone else, weak for the account it names.
    const own = 'gracehopper-example';
    expect(passwordWeakness(own)).toBeUndefined();
    expect(passwordWeakness(own, GRACE)).toMatch(/name or email address/);
  });

  it('stays quick on a long hostile password', () => {
    passwordWeakness('warm-up-the-dictionaries');
    const started = performance.now();
    passwordWeakness('1!3$5@0|7+4('.repeat(10));
    // Unbounded this took seconds; the bound is generous for a busy CI machine.
    expect(performance.now() - started).toBeLessThan(1500);
  });

  it('is what admin:create checks, with the admin’s own address and name', () => {
    expect(() => validateAdminInput({ email: 'ada.lovelace@example.com', password: 'ada.lovelace@example.com' })).toThrow(
      /--password: .*name or email address/,
    );
    expect(() => validateAdminInput({ email: 'ops@example.com', password: 'Welcome1!' })).toThrow(/--password: /);
    expect(validateAdminInput({ email: 'ops@example.com', password: STRONG })).toEqual({ email: 'ops@example.com', password: STRONG });
  });
});

/** docs/decisions/018-password-strength.md: sign-up, reset and change refuse weak passwords with the reason on the field. */
describe('weak passwords over HTTP', () => {
  let app: TestServer;
  const browser = () => new TestBrowser(app.url, app.config.APP_URL);

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it.each(['letmein123', 'Passw0rd!', 'Welcome1!', 'own e-mail address'])('sign-up refuses %s and creates nothing', async (example) => {
    const email = uniqueEmail('weak');
    const password = example === 'own e-mail address' ? email : example;
    const reply = await browser().post('/api/auth/sign-up/email', newAccount({ email, password }));
    expect(reply.status).toBe(400);
    expect(reply.body.error.code).toMatch(/^password_too_(weak|common)$/);
    expect(reply.body.error.fields.password).toEqual(reply.body.error.message);
    expect(reply.body.error.message.length).toBeGreaterThan(20);
    expect(await app.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });

  it('sign-up accepts a good passphrase', async () => {
    expect((await browser().post('/api/auth/sign-up/email', newAccount({ password: STRONG }))).status).toBe(200);
  });

  it('change-password refuses the account’s own name and address, and accepts a passphrase', async () => {
    const account = newAccount({ email: uniqueEmail('hopper') });
    expect((await browser().post('/api/auth/sign-up/email', account)).status).toBe(200);
    const b = browser();
    expect((await b.post('/api/auth/sign-in/email', { email: account.email, password: account.password })).status).toBe(200);
    const change = (newPassword: string) => b.post('/api/auth/change-password', { currentPassword: account.password, newPassword });
    for (const weak of [account.email, 'Grace-Hopper-1', 'Welcome1!']) {
      const reply = await change(weak);
      expect(reply.status, weak).toBe(400);
      expect(reply.body.error.fields.newPassword, weak).toMatch(/./);
    }
    expect((await change(STRONG)).status).toBe(200);
  });

  it('reset-password refuses a weak or personal password and keeps the link usable', async () => {
    const account = newAccount({ email: uniqueEmail('reset.hopper') });
    expect((await browser().post('/api/auth/sign-up/email', account)).status).toBe(200);
    expect((await browser().post('/api/auth/request-password-reset', { email: account.email })).status).toBe(200);
    const link = await waitFor(async () => (await mailsTo(app.db, account.email)).map((m) => linkIn(m.text, '/auth/reset-password')).find(Boolean), {
      message: 'the reset mail',
    });
    const token = link.searchParams.get('token') as string;
    for (const weak of ['Passw0rd!', account.email]) {
      const reply = await browser().post('/api/auth/reset-password', { token, newPassword: weak });
      expect(reply.status, weak).toBe(400);
      expect(reply.body.error.fields.newPassword, weak).toMatch(/./);
    }
    expect((await browser().post('/api/auth/reset-password', { token, newPassword: STRONG })).status).toBe(200);
  });
});
