import { like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rateLimits } from '../db/schema';
import { signedInWithRole } from '../../test/admin-client';
import { TestBrowser } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

/** The sign-in budget per address (the default 10 per 15 minutes); a high per-IP budget, so only the per-user counter can refuse. */
const LIMITS = { AUTH_RATE_LIMIT_IP_MAX: '10000', AUTH_RATE_LIMIT_EMAIL_MAX: '10', AUTH_RATE_LIMIT_WINDOW_SECONDS: '900' };

/** Every endpoint that checks the signed-in user's current password, with a body carrying `password`. */
const CHECKS: { path: string; body: (password: string) => Record<string, unknown> }[] = [
  { path: '/api/auth/verify-password', body: (password) => ({ password }) },
  { path: '/api/auth/change-password', body: (currentPassword) => ({ currentPassword, newPassword: 'harbour-violet-sextant-88' }) },
  { path: '/api/auth/two-factor/enable', body: (password) => ({ password }) },
  { path: '/api/auth/two-factor/disable', body: (password) => ({ password }) },
];

/** Password guessing behind a session costs what guessing at sign-in costs. */
describe('password checks behind a session are rate limited per user', () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(LIMITS);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('refuses guesses with 429 after the sign-in budget, the right password too, until the window passes', async () => {
    const { browser, account, user } = await signedInWithRole(app, 'guest');
    const statuses: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const check = CHECKS[i % CHECKS.length]!;
      statuses.push((await browser.post(check.path, check.body(`wrong-guess-${i}`))).status);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
    expect(statuses.slice(10)).toEqual(Array(30).fill(429));

    const right = await browser.post('/api/auth/verify-password', { password: account.password });
    expect(right.status).toBe(429);
    expect(right.body.error).toEqual({ code: 'rate_limited', message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/) });
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(800);
    expect((await browser.post('/api/auth/two-factor/enable', { password: account.password })).status).toBe(429);

    // Another device of the same user shares the budget: it is the user's, kept in the database that every instance uses.
    const elsewhere = new TestBrowser(app.url, app.config.APP_URL);
    expect((await elsewhere.post('/api/auth/sign-in/email', { email: account.email, password: account.password })).status).toBe(200);
    expect((await elsewhere.post('/api/auth/verify-password', { password: account.password })).status).toBe(429);
    const [counter] = await app.db
      .select()
      .from(rateLimits)
      .where(like(rateLimits.key, `auth:password-check:user:${user.id}`));
    expect(counter?.count).toBeGreaterThan(10);

    // The window passes.
    await app.db
      .update(rateLimits)
      .set({ resetAt: sql`now() - interval '1 second'` })
      .where(like(rateLimits.key, 'auth:password-check:user:%'));
    expect(await browser.post('/api/auth/verify-password', { password: account.password })).toMatchObject({ status: 200, body: { status: true } });
  }, 120_000); // 40 password hashes: slow on a busy machine

  it('counts each user on their own', async () => {
    const first = await signedInWithRole(app, 'guest');
    const second = await signedInWithRole(app, 'guest');
    for (let i = 0; i < 11; i += 1) await first.browser.post('/api/auth/verify-password', { password: `wrong-guess-${i}` });
    expect((await first.browser.post('/api/auth/verify-password', { password: first.account.password })).status).toBe(429);
    expect((await second.browser.post('/api/auth/verify-password', { password: second.account.password })).status).toBe(200);
  });
});
