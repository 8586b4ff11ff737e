import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP, URI } from 'otpauth';
import { newAccount, type TestAccount } from './accounts';
import { APP_URL, OPS_ADMIN } from './ports';

/**
 * Fresh admins for the back-office specs. The operations admin (OPS_ADMIN, made by
 * e2e/support/create-admins.ts before the e2e server starts) enrols two-factor once per run, in
 * e2e/ops-admin.setup.ts; its secret is kept in the run's data folder so every
 * worker signs in with it —
 * and promotes a new account to admin through the users API; that account then
 * enrols its own authenticator. Each test gets its own admin (the `admin` fixture of
 * e2e/fixtures.ts), so tests run in parallel without sharing a session or a second factor.
 */
const post = (request: APIRequestContext, url: string, data: unknown) => request.post(url, { data, headers: { origin: APP_URL } });

function secretFile(): string {
  const dir = process.env.E2E_DATA_DIR;
  if (!dir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  return path.join(dir, 'ops-admin-totp.txt');
}

let ops: Promise<APIRequestContext> | undefined;

/** The operations admin's signed-in request context (one per worker). */
function opsAdmin(): Promise<APIRequestContext> {
  ops ??= (async () => {
    const request = await playwrightRequest.newContext({ baseURL: APP_URL });
    const signIn = await post(request, '/api/auth/sign-in/email', OPS_ADMIN);
    expect(signIn.status(), await signIn.text()).toBe(200);
    const body = (await signIn.json()) as { twoFactorRedirect?: boolean };
    expect(body.twoFactorRedirect, 'the ops admin enrols two-factor in e2e/ops-admin.setup.ts').toBe(true);
    const secret = readFileSync(secretFile(), 'utf8').trim();
    const totp = new TOTP({ secret: Secret.fromBase32(secret) });
    const verified = await post(request, '/api/auth/two-factor/verify-totp', { code: totp.generate() });
    expect(verified.status(), await verified.text()).toBe(200);
    return request;
  })();
  return ops;
}

async function enrol(request: APIRequestContext, password: string): Promise<TOTP> {
  const enabled = await post(request, '/api/auth/two-factor/enable', { password });
  expect(enabled.status(), await enabled.text()).toBe(200);
  const totp = URI.parse(((await enabled.json()) as { totpURI: string }).totpURI) as TOTP;
  const verified = await post(request, '/api/auth/two-factor/verify-totp', { code: totp.generate() });
  expect(verified.status(), await verified.text()).toBe(200);
  return totp;
}

/** Run once per test run, before any spec (the 'setup' project of playwright.config.ts). */
export async function enrolOpsAdmin(): Promise<void> {
  const request = await playwrightRequest.newContext({ baseURL: APP_URL });
  try {
    const signIn = await post(request, '/api/auth/sign-in/email', OPS_ADMIN);
    expect(signIn.status(), await signIn.text()).toBe(200);
    const totp = await enrol(request, OPS_ADMIN.password);
    const file = secretFile();
    writeFileSync(`${file}.tmp`, totp.secret.base32);
    renameSync(`${file}.tmp`, file);
  } finally {
    await request.dispose();
  }
}

export interface TestAdmin {
  account: TestAccount;
  totp: TOTP;
}

/**
 * Signs `page` in as a new admin with two-factor on: a new account signs up and in,
 * the operations admin promotes it, and it enrols its own authenticator app.
 * The `admin` fixture of e2e/fixtures.ts.
 */
export async function signInAsNewAdmin(page: Page, overrides: Partial<TestAccount> = {}): Promise<TestAdmin> {
  const account = newAccount({ firstName: 'Avery', lastName: 'Admin', ...overrides });
  const signUp = await post(page.request, '/api/auth/sign-up/email', account);
  expect(signUp.status(), await signUp.text()).toBe(200);
  const { user } = (await signUp.json()) as { user: { id: string } };
  // Sign-up never signs in (ADR 014): the new account signs in with its password.
  const signIn = await post(page.request, '/api/auth/sign-in/email', { email: account.email, password: account.password });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const promoted = await (await opsAdmin()).patch(`/api/admin/users/${user.id}`, { data: { role: 'admin' }, headers: { origin: APP_URL } });
  expect(promoted.status(), await promoted.text()).toBe(200);
  const totp = await enrol(page.request, account.password);
  return { account, totp };
}

/**
 * A new admin account, signed in nowhere: for the sign-in form's admin landing
 * (e2e/messages-and-focus.spec.ts). With `twoFactor` it has enrolled an
 * authenticator, returned as `totp`.
 */
export async function createAdminAccount(options: { twoFactor: boolean }): Promise<{ account: TestAccount; totp?: TOTP }> {
  const account = newAccount({ firstName: 'Ari', lastName: 'Admin' });
  const request = await playwrightRequest.newContext({ baseURL: APP_URL });
  try {
    const signUp = await post(request, '/api/auth/sign-up/email', account);
    expect(signUp.status(), await signUp.text()).toBe(200);
    const { user } = (await signUp.json()) as { user: { id: string } };
    const promoted = await (await opsAdmin()).patch(`/api/admin/users/${user.id}`, { data: { role: 'admin' }, headers: { origin: APP_URL } });
    expect(promoted.status(), await promoted.text()).toBe(200);
    if (!options.twoFactor) return { account };
    const signIn = await post(request, '/api/auth/sign-in/email', { email: account.email, password: account.password });
    expect(signIn.status(), await signIn.text()).toBe(200);
    return { account, totp: await enrol(request, account.password) };
  } finally {
    await request.dispose();
  }
}
