import { eq } from 'drizzle-orm';
import { URI, type TOTP } from 'otpauth';
import type { Role } from '../../domain/roles';
import { users } from '../platform/db/schema';
import { newAccount, signUpAndSignIn, TestBrowser, type NewAccount } from './auth-client';
import type { TestServer } from './harness';

/** A signed-in browser of a new user whose role the server has set to `role`. */
export async function signedInWithRole(app: TestServer, role: Role, account: NewAccount = newAccount()) {
  const browser = new TestBrowser(app.url, app.config.APP_URL);
  await signUpAndSignIn(browser, account);
  const [user] = await app.db.update(users).set({ role }).where(eq(users.email, account.email.toLowerCase())).returning();
  return { browser, account, user: user! };
}

/** Enrols an authenticator app the way the account page does; returns the app's TOTP. */
export async function enrolTotp(browser: TestBrowser, password: string): Promise<TOTP> {
  const enabled = await browser.post('/api/auth/two-factor/enable', { password });
  if (enabled.status !== 200) throw new Error(`two-factor enable failed: ${enabled.status}`);
  const totp = URI.parse(enabled.body.totpURI) as TOTP;
  const verified = await browser.post('/api/auth/two-factor/verify-totp', { code: totp.generate() });
  if (verified.status !== 200) throw new Error(`two-factor verify failed: ${verified.status}`);
  return totp;
}

/**
 * A signed-in admin with two-factor on: what every /api/admin route needs.
 * Use AUTH_TEST_ENV (high sign-in limits) when a file creates many.
 */
export async function signedInAdmin(app: TestServer, account: NewAccount = newAccount({ firstName: 'Ada', lastName: 'Admin' })) {
  const admin = await signedInWithRole(app, 'admin', account);
  const totp = await enrolTotp(admin.browser, account.password);
  return { ...admin, totp };
}
