import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import type { TOTP } from 'otpauth';
import { expectAccessible, shownText } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { TEST_ADMIN } from './support/ports';
import { startTotpEnrolment } from './support/totp';

/**
 * The one test admin (e2e/support/create-admins.ts) goes
 * through first sign-in, two-factor enrolment, the back office and a sign-in
 * with the second factor. Serial: each step builds on the one before.
 */
test.describe.configure({ mode: 'serial' });

let context: BrowserContext;
let page: Page;
let totp: TOTP;

test.beforeAll(async ({ browser }) => {
  context = await browser.newContext();
  page = await context.newPage();
});
test.afterAll(async () => {
  await context.close();
});

async function signIn(to: string) {
  await page.goto(to);
  await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=/);
  await page.getByRole('textbox', { name: 'Email' }).fill(TEST_ADMIN.email);
  await page.getByLabel(/^Password/).fill(TEST_ADMIN.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

test('an admin without two-factor is sent from /admin to /account to set it up', async () => {
  await signIn('/admin');
  await expect(page).toHaveURL(/\/account$/);
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  await expect(section.getByText('Set up two-factor authentication to open the back office.')).toBeVisible();
  await expect(section.getByText('Off', { exact: true })).toBeVisible();
});

test('the admin enrols an authenticator app and sees the backup codes once', async () => {
  const section = page.getByRole('region', { name: 'Two-factor authentication' });
  ({ totp } = await startTotpEnrolment(page, TEST_ADMIN.password));
  expect(totp.issuer).toBe('Ownstead');
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  await waitForToastsToGo(page);
  await expectAccessible(page);
  await section.getByLabel(/^Authentication code/).fill(totp.generate());
  await section.getByRole('button', { name: 'Verify and Turn On' }).click();
  await expect(page.getByText('Two-factor authentication is on').first()).toBeVisible();
  await expect(section.getByRole('list', { name: 'Backup codes' }).getByRole('listitem')).toHaveCount(10);
  await section.getByRole('button', { name: 'I Have Saved My Codes' }).click();
  // Sent here by the guard: with two-factor on, the admin goes on to the back office (docs/product/accounts.md#admin-landing).
  await expect(page).toHaveURL(/\/admin$/);
  await page.goto('/account');
  await expect(section.getByRole('list', { name: 'Backup codes' })).toHaveCount(0);
  await expect(section.getByText('On', { exact: true })).toBeVisible();
});

test('the admin reaches /admin, whose figures come from the server', async () => {
  await page.getByRole('link', { name: 'Back office' }).first().click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Applications' }).getByText('In Review')).toBeVisible();
  await expect(page.getByRole('link', { name: /Waitlist Applicants/ })).toBeVisible();
  await waitForToastsToGo(page);
  await expectAccessible(page);
});

test('signing in again asks for the code from the app', async () => {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);

  await signIn('/admin');
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel(/^Authentication code/).fill(totp.generate() === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(shownText(page, 'That code is not right.')).toBeVisible();
  await page.getByLabel(/^Authentication code/).fill(totp.generate());
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByText('Signed in successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
});
