import { expect, test } from '@playwright/test';
import { expectAccessible, hasHorizontalScroll } from './fixtures';

const AUTH_PAGES = [
  { path: '/auth/signin', title: 'Sign In | Ownstead', heading: 'Welcome back' },
  { path: '/auth/signup', title: 'Create Your Account | Ownstead', heading: 'Create your account' },
  { path: '/auth/forgot-password', title: 'Forgot Your Password? | Ownstead', heading: 'Forgot your password?' },
  { path: '/auth/reset-password?token=some-token', title: 'Choose a New Password | Ownstead', heading: 'Choose a new password' },
  { path: '/auth/verify-email', title: 'Verify Your Email | Ownstead', heading: 'We could not verify your email' },
];

test.describe('account screens', () => {
  for (const { path, title, heading } of AUTH_PAGES) {
    test(`${path.split('?')[0]} is served, accessible and fits a 375 px phone`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
      await page.setViewportSize({ width: 375, height: 800 });
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
    });
  }

  test('the sign-in page links to forgot-password and sign-up, and back', async ({ page }) => {
    await page.goto('/auth/signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL(/\/auth\/forgot-password$/);
    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\/signup$/);
    await page.getByRole('link', { name: 'Sign in', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('/auth/login redirects to /auth/signin', async ({ page }) => {
    await page.goto('/auth/login');
    await expect(page).toHaveURL(/\/auth\/signin$/);
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });

  test('password fields have a show/hide toggle and password-manager hints', async ({ page }) => {
    await page.goto('/auth/signup');
    const password = page.getByLabel(/^Password/);
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await expect(page.getByLabel('Email')).toHaveAttribute('autocomplete', 'email');
    await expect(page.getByLabel('First Name')).toHaveAttribute('autocomplete', 'given-name');
    await expect(page.getByLabel('Last Name')).toHaveAttribute('autocomplete', 'family-name');
    const toggle = page.getByRole('button', { name: 'Show password', exact: true });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await password.fill('a visible passphrase');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(password).toHaveAttribute('type', 'text');
    await expect(page.getByLabel(/^Confirm Password/)).toHaveAttribute('type', 'password');
    await toggle.click();
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveValue('a visible passphrase');

    await page.goto('/auth/signin');
    await expect(page.getByLabel(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
  });

  test('the signed-in pages are served (not a 404) and send a visitor to sign in', async ({ page }) => {
    for (const path of ['/dashboard', '/account', '/admin']) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page).toHaveURL(new RegExp(`/auth/signin\\?redirectTo=${encodeURIComponent(path)}$`));
    }
  });
});
