import { APIError } from 'better-auth/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newAccount, TestBrowser } from '../../test/auth-client';
import { startTestServer, uniqueEmail, type TestServer } from '../../test/harness';
import { CLIENT_IP_HEADER } from './client-ip-header';

/** Small budgets; TRUST_PROXY lets a test speak from many addresses through X-Forwarded-For. */
const LIMITS = { AUTH_RATE_LIMIT_IP_MAX: '3', AUTH_RATE_LIMIT_EMAIL_MAX: '2', AUTH_RATE_LIMIT_WINDOW_SECONDS: '900', TRUST_PROXY: 'true' };

let ipCounter = 0;
/** A documentation-range address no other test uses. */
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

describe('rate limits on account endpoints', () => {
  let app: TestServer;
  const from = (ip: string, headers: Record<string, string> = {}) => new TestBrowser(app.url, app.config.APP_URL, { 'x-forwarded-for': ip, ...headers });
  const signIn = (b: TestBrowser, email: string) => b.post('/api/auth/sign-in/email', { email, password: 'whatever-it-is' });

  beforeAll(async () => {
    app = await startTestServer(LIMITS);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers 429 with a clear message once one address has spent its budget', async () => {
    const b = from(freshIp());
    for (let i = 0; i < 3; i += 1) expect((await signIn(b, uniqueEmail())).status).toBe(401);
    const refused = await signIn(b, uniqueEmail());
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes and try again\.$/),
    });
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(800);
    // Another address is unaffected.
    expect((await signIn(from(freshIp()), uniqueEmail())).status).toBe(401);
  });

  it('counts per e-mail address across client addresses', async () => {
    const email = uniqueEmail('target');
    expect((await signIn(from(freshIp()), email)).status).toBe(401);
    expect((await signIn(from(freshIp()), email.toUpperCase())).status).toBe(401);
    expect((await signIn(from(freshIp()), email)).status).toBe(429);
  });

  it('cannot be dodged with a made-up client-IP header', async () => {
    const ip = freshIp();
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signIn(from(ip, { [CLIENT_IP_HEADER]: `203.0.113.${i}` }), uniqueEmail())).status);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('limits sign-up, forgot-password and verification resend as well', async () => {
    const signUps = from(freshIp());
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signUps.post('/api/auth/sign-up/email', newAccount())).status);
    expect(statuses).toEqual([200, 200, 200, 429]);

    const email = uniqueEmail('forgetful');
    const forgot = [];
    for (let i = 0; i < 3; i += 1) forgot.push((await from(freshIp()).post('/api/auth/request-password-reset', { email })).status);
    expect(forgot).toEqual([200, 200, 429]);

    const resend = [];
    for (let i = 0; i < 3; i += 1) resend.push((await from(freshIp()).post('/api/auth/send-verification-email', { email })).status);
    expect(resend).toEqual([200, 200, 429]);
  });

  it('applies to calls the server makes through auth.api too', async () => {
    const api = app.server.auth.api;
    const headers = new Headers({ [CLIENT_IP_HEADER]: freshIp() });
    const attempt = () => api.signInEmail({ body: { email: uniqueEmail(), password: 'whatever-it-is' }, headers }).catch((error: unknown) => error);
    for (let i = 0; i < 3; i += 1) expect(await attempt()).toMatchObject({ statusCode: 401 });
    const refused = await attempt();
    expect(refused).toBeInstanceOf(APIError);
    expect(refused).toMatchObject({ statusCode: 429, body: { code: 'RATE_LIMITED' } });
  });
});
