import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { latestLink, pathOf, type TestAccount } from './support/accounts';

async function signInWithForm(page: Page, account: Pick<TestAccount, 'email' | 'password'>) {
  await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
  await page.getByLabel(/^Password/).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

async function signOutFromMenu(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/signin$/);
}

test.describe('sign-in, sign-out and password reset', () => {
  test('sign out, then sign in again with the form', async ({ page, user: account }) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}` })).toBeVisible();
    await signOutFromMenu(page);
    await expect(page.getByText('You have signed out.')).toBeVisible();
    // The session is gone: the dashboard asks to sign in.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Fdashboard$/);

    await signInWithForm(page, account);
    await expect(page.getByText('Signed in successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: `Welcome, ${account.firstName}` })).toBeVisible();
  });

  test("a wrong password: 'Invalid email or password', the email is kept", async ({ page, existingAccount: account }) => {
    await page.goto('/auth/signin');
    await signInWithForm(page, { email: account.email, password: 'not-the-password' });
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await expect(page.getByLabel(/^Password/)).toBeFocused();
    await expect(page).toHaveURL(/\/auth\/signin$/);
  });

  test('an anonymous visitor opening /account comes back to it after signing in', async ({ page, existingAccount: account }) => {
    // The rule names /apply too (docs/product/accounts.md#roles-and-access); /account is guarded the same way.
    await page.goto('/account?from=mail');
    await expect(page).toHaveURL(/\/auth\/signin\?redirectTo=%2Faccount%3Ffrom%3Dmail$/);
    await signInWithForm(page, account);
    await expect(page).toHaveURL(/\/account\?from=mail$/);
    await expect(page.getByRole('heading', { name: 'Account settings' })).toBeVisible();
  });

  test('a redirectTo pointing at another site is ignored', async ({ page, existingAccount: account }) => {
    await page.goto('/auth/signin?redirectTo=%2F%2Fevil.example%2Fphish');
    await signInWithForm(page, account);
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('a guest opening /admin is sent to /', async ({ page, user: _user }) => {
    await page.goto('/admin');
    await expect(page).toHaveURL(/:\d+\/$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Own Your Home');
  });

  test('forgot password → mail → reset → the new password works, the old one does not', async ({ page, existingAccount: account }) => {
    test.slow(); // sign-up and sign-in, the reset, then two sign-ins: every step hashes a password
    const newPassword = 'a-fresh-passphrase-for-2025';

    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    // The sign-in form has an Email box too: type only once the forgot-password page is there.
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Email' }).fill(account.email);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/request-password-reset', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    await expect(page.getByText('Password reset email sent')).toBeVisible();
    // The answer takes the form's place, and focus with it (ADR 023): never the page.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeFocused();
    // 'Send Another Email' goes back to the form, which still holds the address, with focus in it.
    await page.getByRole('button', { name: 'Send Another Email' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(account.email);
    await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

    const link = await latestLink(page.request, account.email, '/auth/reset-password');
    await page.goto(pathOf(link));
    await page.getByLabel(/^New Password/).fill(newPassword);
    await page.getByLabel(/^Confirm New Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByText('Sign in with your new password.').first()).toBeVisible();

    await signInWithForm(page, account);
    await expect(page.getByText('Invalid email or password')).toBeVisible();
    await page.getByLabel(/^Password/).fill(newPassword);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // The link worked once.
    await page.goto(pathOf(link));
    await page.getByLabel(/^New Password/).fill('yet-another-passphrase-1');
    await page.getByLabel(/^Confirm New Password/).fill('yet-another-passphrase-1');
    await page.getByRole('button', { name: 'Set New Password' }).click();
    await expect(page.getByRole('heading', { name: 'This link does not work' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');
  });

  test("a failed reset request: 'Failed to send reset email', the form stays", async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await page.route('**/api/auth/request-password-reset', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":{"code":"internal_error","message":"x"}}' }),
    );
    await page.getByRole('textbox', { name: 'Email' }).fill('someone@example.com');
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(page.getByText('Failed to send reset email')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('someone@example.com');
  });

  test("a 429 shows the server's message", async ({ page }) => {
    await page.goto('/auth/signin');
    await page.route('**/api/auth/sign-in/email', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: '{"error":{"code":"rate_limited","message":"Too many attempts. Please try again in 12 minutes."}}',
      }),
    );
    await signInWithForm(page, { email: 'someone@example.com', password: 'whatever-it-is' });
    await expect(page.getByText('Too many attempts. Please try again in 12 minutes.')).toBeVisible();
  });

  test('a reset link without a token says so and offers a new one', async ({ page }) => {
    await page.goto('/auth/reset-password');
    await expect(page.getByText('The password reset link is invalid or has expired.')).toBeVisible();
    await page.getByRole('link', { name: 'Request a new link' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
  });
});
