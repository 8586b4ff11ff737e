import { comparisonPath, DEFAULT_BRAND } from '../src/domain/brand';
import { expect, test } from './fixtures';
import type { Page } from '@playwright/test';

/**
 * The public header knows the session (docs/product/public-site.md#navigation):
 * signed out, 'Sign In' beside 'Join Waitlist'; signed in, 'Dashboard' and no
 * 'Join Waitlist' — on the pre-rendered landing page too, from the server's
 * 'signed in' hint cookie. And Escape closes the phone menu with focus back on
 * its button on every public page.
 */
const PUBLIC_PAGES = [
  '/',
  '/intro',
  '/waitlist',
  '/how-much-home-can-i-afford',
  '/affordability',
  comparisonPath(DEFAULT_BRAND),
  '/privacy-policy',
  '/no-such-page',
];

/**
 * Opens the phone menu. `/` has its own small menu script; on the other pages the server drew, the menu is the app's
 * and works once the app has taken the page over (ADR 025: the app loads after the first paint).
 */
async function openMenu(page: Page) {
  if (new URL(page.url()).pathname !== '/') await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.locator('#mobile-menu');
  await expect(menu).toBeVisible();
  return menu;
}

for (const width of [375, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 800 } });
    const phone = width < 768;

    test('signed out: Sign In beside Join Waitlist, on the landing page and in the app', async ({ page }) => {
      for (const path of ['/', '/affordability']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const where = phone ? await openMenu(page) : page.getByRole('navigation', { name: 'Main' });
        await expect(where.getByRole('link', { name: 'Sign In', exact: true })).toHaveAttribute('href', '/auth/signin');
        await expect(where.getByRole('link', { name: 'Join Waitlist', exact: true })).toBeVisible();
        await expect(where.getByRole('link', { name: 'Dashboard', exact: true })).toBeHidden();
      }
      // The menu of the last page is still open on a phone.
      const where = phone ? page.locator('#mobile-menu') : page.getByRole('navigation', { name: 'Main' });
      await where.getByRole('link', { name: 'Sign In', exact: true }).click();
      await expect(page).toHaveURL(/\/auth\/signin$/);
    });

    test('signed in: Dashboard instead of Sign In and Join Waitlist, on the landing page and in the app', async ({ page, user: _user }) => {
      expect((await page.context().cookies()).find((c) => c.name === 'signed_in')?.httpOnly).toBe(false);
      for (const path of ['/', '/how-much-home-can-i-afford', '/waitlist']) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        const where = phone ? await openMenu(page) : page.getByRole('navigation', { name: 'Main' });
        await expect(where.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
        await expect(where.getByRole('link', { name: 'Sign In', exact: true })).toBeHidden();
        await expect(where.getByRole('link', { name: 'Join Waitlist', exact: true })).toBeHidden();
      }
      await page.goto('/');
      const where = phone ? await openMenu(page) : page.getByRole('navigation', { name: 'Main' });
      await where.getByRole('link', { name: 'Dashboard', exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // Signing out clears the hint: the landing page offers Sign In again.
      const signOut = await page.request.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin }, data: {} });
      expect(signOut.status()).toBe(200);
      await page.goto('/');
      const after = phone ? await openMenu(page) : page.getByRole('navigation', { name: 'Main' });
      await expect(after.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
      await expect(after.getByRole('link', { name: 'Dashboard', exact: true })).toBeHidden();
    });
  });
}

test.describe('the phone menu at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });
  for (const path of PUBLIC_PAGES) {
    test(`Escape closes it and puts focus back on its button, on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const menu = await openMenu(page);
      await menu.getByRole('link').first().focus();
      await page.keyboard.press('Escape');
      await expect(menu, path).toBeHidden();
      const button = page.getByRole('button', { name: 'Open menu' });
      await expect(button, path).toBeFocused();
      await expect(button, path).toHaveAttribute('aria-expanded', 'false');
    });
  }
});

test.describe('the phone menu at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });
  test('is not there: the links and session buttons are in the bar', async ({ page }) => {
    await page.goto('/waitlist');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The waitlist page has no Join button, but still offers Sign In.
    await expect(nav.getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Join Waitlist', exact: true })).toHaveCount(0);
  });
});
