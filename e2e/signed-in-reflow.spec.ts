import type { APIRequestContext, Page } from '@playwright/test';
import { waitlistSubmission } from '../src/domain/factories/waitlist-submission';
import { expect, test } from './fixtures';
import { signInOverHttp, uniqueEmail, uniqueTag } from './support/accounts';
import { HOMEOWNER } from './support/homes';
import { APP_URL } from './support/ports';
import { enlargeText, sidewaysOverflow } from './support/reflow';

/**
 * Issue 17, 'Done when': the reflow check (WCAG 1.4.10, 320 px) and the text-size check (WCAG 1.4.4, text at 200 % at
 * 375 and 1280 px) for every signed-in page (the public ones: e2e/public-reflow.spec.ts). A page may hold a wide table
 * in a box of its own that scrolls; the page itself never scrolls sideways. The back office's add dialogs and the
 * account's delete dialog are checked at 200 % at 375 px too. docs/product/public-site.md#reflow.
 */
const BUYER_PAGES = [
  '/dashboard',
  '/apply?step=1',
  '/apply?step=2',
  '/apply?step=3',
  '/apply?step=4',
  '/apply?step=5',
  '/apply?step=6',
  '/apply/requests',
  '/explore',
  '/chat',
  '/account',
];
/** The homeowner seeded before the server started (e2e/support/seed-homes.ts): their figures, home, payment and transfer. */
const HOMEOWNER_PAGES = ['/dashboard', '/dashboard/home', '/dashboard/payment', '/dashboard/transfer'];
/** An admin's pages; /account with two-factor on. */
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
  '/account',
];

/**
 * Rows on the back office's lists, whatever else has run: a waitlist entry with a long name, its letter of intent and
 * an announcement to it (the homes, payments, jobs, users and audit lists have rows from the seed and the admin).
 */
async function addBackOfficeRows(request: APIRequestContext) {
  const tag = uniqueTag('reflow');
  const email = uniqueEmail(`reflow.${tag}`);
  const headers = { origin: APP_URL };
  const joined = await request.post('/api/waitlist', {
    data: waitlistSubmission({ timestamp: new Date().toISOString(), firstName: 'Maximiliana', lastName: `Featherstonehaugh ${tag}`, email }),
    headers,
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const letter = await request.post('/api/admin/letters', {
    headers,
    multipart: {
      firstName: 'Maximiliana',
      lastName: `Featherstonehaugh ${tag}`,
      email,
      propertyAddress: '12345 North Westminster Boulevard, Apartment 1200, Albuquerque, NM 87101',
      propertyValue: '450000',
      downPaymentAmount: '45000',
      desiredMonthlyPayment: '2100.25',
      moveInDate: 'Q3 2026',
      intendedState: 'Texas',
    },
  });
  expect(letter.status(), await letter.text()).toBe(201);
  const announced = await request.post('/api/admin/announcements', {
    headers,
    data: { subject: `Early access is opening in your state ${tag}`, body: 'Hello from the reflow check.', audience: { q: tag, interest: 'all' } },
  });
  expect(announced.status(), await announced.text()).toBe(201);
}

const CHECKS = [
  { name: 'reflow at 320 px', width: 320, text: '100 %' },
  { name: 'text at 200 % at 375 px', width: 375, text: '200 %' },
  { name: 'text at 200 % at 1280 px', width: 1280, text: '200 %' },
] as const;
type Check = (typeof CHECKS)[number];

/** Every page under one check; a failure names the page. */
async function checkPages(page: Page, paths: readonly string[], check: Check) {
  await page.setViewportSize({ width: check.width, height: 800 });
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('main'), path).toBeVisible({ timeout: 30_000 });
    // The page and its data are in (the lists say 'Loading...', the pages' code 'Loading…').
    await expect(page.getByText(/^Loading(\.\.\.|…)$/), path).toHaveCount(0, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    if (check.text === '200 %') await enlargeText(page);
    expect(await sidewaysOverflow(page), `${path}, ${check.name}`).toBe(0);
  }
}

// The dashboards' counters show their final figures at once.
test.use({ reducedMotion: 'reduce' });

for (const check of CHECKS) {
  test.describe(check.name, () => {
    test('the buyer’s pages', async ({ page, user: _user }) => {
      test.slow();
      await checkPages(page, BUYER_PAGES, check);
    });

    test('the homeowner’s pages', async ({ page }) => {
      test.slow();
      await signInOverHttp(page, HOMEOWNER);
      await checkPages(page, HOMEOWNER_PAGES, check);
    });

    test('the back office', async ({ page, admin: _admin }) => {
      test.slow();
      await addBackOfficeRows(page.request);
      await checkPages(page, ADMIN_PAGES, check);
    });
  });
}

test('the dialogs fit a 375 px phone with text at 200 %', async ({ page, admin: _admin }) => {
  test.slow();
  await page.setViewportSize({ width: 375, height: 800 });
  const dialogs = [
    { path: '/admin/users', opener: 'Add User' },
    { path: '/admin/waitlist', opener: 'Add Applicant' },
    { path: '/admin/letters-of-intent', opener: 'Add Letter of Intent' },
    { path: '/account', opener: 'Delete my account' },
  ];
  for (const { path, opener } of dialogs) {
    await page.goto(path);
    await expect(page.getByText(/^Loading(\.\.\.|…)$/), path).toHaveCount(0, { timeout: 30_000 });
    await page.evaluate(() => document.fonts.ready);
    await enlargeText(page);
    await page.getByRole('button', { name: opener }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog, opener).toBeVisible();
    // Inside the screen, and nothing in it scrolls sideways (its fields and buttons narrow and wrap).
    const fit = await dialog.evaluate((box) => ({
      inside: box.getBoundingClientRect().left >= 0 && box.getBoundingClientRect().right <= document.documentElement.clientWidth,
      sideways: box.scrollWidth - box.clientWidth,
    }));
    expect(fit, opener).toEqual({ inside: true, sideways: 0 });
    expect(await sidewaysOverflow(page), opener).toBe(0);
    await page.keyboard.press('Escape');
    await expect(dialog, opener).toHaveCount(0);
  }
});
