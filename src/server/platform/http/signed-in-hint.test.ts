import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_TEST_ENV, newAccount, signUpAndSignIn, TestBrowser } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

/** docs/product/public-site.md#navigation: the readable 'signed in' hint follows the session cookie. */
describe("the 'signed in' hint cookie", () => {
  let app: TestServer;
  const browser = () => new TestBrowser(app.url, app.config.APP_URL);
  const hintLine = (headers: Headers) => headers.getSetCookie().find((line) => line.startsWith('signed_in='));
  const sessionLine = (headers: Headers) => headers.getSetCookie().find((line) => /session_token=/.test(line));

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('is set on sign-in with the session cookie’s lifetime, readable by scripts, and cleared on sign-out', async () => {
    const b = browser();
    const account = newAccount();
    expect((await b.post('/api/auth/sign-up/email', account)).status).toBe(200);
    expect(b.cookies.has('signed_in')).toBe(false);

    const signIn = await b.post('/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(signIn.status).toBe(200);
    const hint = hintLine(signIn.headers) ?? '';
    expect(hint).toMatch(/^signed_in=1; Path=\/; SameSite=Lax/);
    expect(hint).not.toMatch(/HttpOnly/i);
    const maxAge = /Max-Age=(\d+)/i.exec(sessionLine(signIn.headers) ?? '')?.[1];
    expect(maxAge).toBeDefined();
    expect(hint).toContain(`Max-Age=${maxAge}`);
    expect(b.cookies.get('signed_in')).toBe('1');

    // An ordinary signed-in call leaves it alone.
    const me = await b.get('/api/me');
    expect(me.status).toBe(200);
    expect(hintLine(me.headers)).toBeUndefined();

    const signOut = await b.post('/api/auth/sign-out');
    expect(signOut.status).toBe(200);
    expect(hintLine(signOut.headers)).toMatch(/^signed_in=; .*Max-Age=0/);
    expect(b.cookies.has('signed_in')).toBe(false);
  });

  it('is not set by a failed sign-in', async () => {
    const b = browser();
    const reply = await b.post('/api/auth/sign-in/email', { email: `nobody.${Date.now()}@example.com`, password: 'not-the-password-1' });
    expect(reply.status).toBe(401);
    expect(hintLine(reply.headers)).toBeUndefined();
  });

  it('is cleared when the API finds no session for a request that still carries it (a session ended elsewhere)', async () => {
    const b = browser();
    await signUpAndSignIn(b, newAccount());
    expect(b.cookies.get('signed_in')).toBe('1');
    // Sign out from another copy of the same browser: this one keeps its stale cookies.
    const other = browser();
    for (const [name, value] of b.cookies) other.cookies.set(name, value);
    expect((await other.post('/api/auth/sign-out')).status).toBe(200);

    const me = await b.get('/api/me');
    expect(me.status).toBe(401);
    expect(hintLine(me.headers)).toMatch(/Max-Age=0/);
    expect(b.cookies.has('signed_in')).toBe(false);
    // A visitor who never signed in gets no hint cookie from a 401.
    const stranger = await browser().get('/api/me');
    expect(stranger.status).toBe(401);
    expect(hintLine(stranger.headers)).toBeUndefined();
  });
});
