import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

/**
 * Issue 17, 'Done when': the reflow check (WCAG 1.4.10, 320 px) for every page, the signed-in ones here (the public
 * ones, with text at 200 % too: e2e/public-reflow.spec.ts). A page may hold a wide table in a box of its own that
 * scrolls; the page itself never scrolls sideways. Text at 200 % on these pages is not met yet: the signed-in header,
 * the buttons' one-line labels (Continue, Resend Verification Email, Add Letter of Intent…) and the filter selects
 * push a 375 px page to 470–560 px (closing note of this session).
 */
const BUYER_PAGES = ['/dashboard', '/apply?step=1', '/apply?step=2', '/apply?step=3', '/apply?step=5', '/apply?step=6', '/explore', '/chat', '/account'];
const ADMIN_PAGES = [
  '/admin',
  '/admin/applications',
  '/admin/users',
  '/admin/waitlist',
  '/admin/announcements',
  '/admin/letters-of-intent',
  '/admin/homes',
  '/admin/payments',
  '/admin/settings',
  '/admin/audit',
  '/admin/jobs',
];

/** The page's width beyond its viewport, in px (0 when it does not scroll sideways). */
const sidewaysOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Every page at 320 px; a failure names the page. */
async function checkPages(page: Page, paths: readonly string[]) {
  await page.setViewportSize({ width: 320, height: 640 });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main'), path).toBeVisible({ timeout: 30_000 });
    // The page and its data are in (the lists say 'Loading...', the pages' code 'Loading…').
    await expect(page.getByText(/^Loading(\.\.\.|…)$/), path).toHaveCount(0, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    expect(await sidewaysOverflow(page), `${path} at 320 px`).toBe(0);
  }
}

test('the buyer’s pages reflow at 320 px', async ({ page, user: _user }) => {
  test.slow();
  await checkPages(page, BUYER_PAGES);
});

test('the back office reflows at 320 px', async ({ page, admin: _admin }) => {
  test.slow();
  await checkPages(page, ADMIN_PAGES);
});
