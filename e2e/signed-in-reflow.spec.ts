import type { APIRequestContext, Page } from '@playwright/test';
import { waitlistSubmission } from '../src/domain/factories/waitlist-submission';
import { expect, test } from './fixtures';
import { signInOverHttp, uniqueEmail, uniqueTag } from './support/accounts';
import { ledgerToday } from '../src/domain/homes/dates';
import { approveOverHttp, HOMEOWNER, recordHomeOverHttp } from './support/homes';
import { APP_URL } from './support/ports';
import { enlargeText, sidewaysOverflow } from './support/reflow';

/**
 * The reflow check (WCAG 1.4.10, 320 px) and the text-size check (WCAG 1.4.4, text at 200 % at
 * 375 and 1280 px) for every signed-in page (the public ones: e2e/public-reflow.spec.ts). A page may hold a wide table
 * in a box of its own that scrolls; the page itself never scrolls sideways. Every dialog of the signed-in pages is
 * checked at 200 % at 375 px too. docs/product/public-site.md#reflow.
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
  '/admin/signatures',
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
async function addBackOfficeRows(request: APIRequestContext): Promise<{ tag: string; name: string; letterId: string }> {
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
  return { tag, name: `Maximiliana Featherstonehaugh ${tag}`, letterId: ((await letter.json()) as { id: string }).id };
}

const CHECKS = [
  { name: 'reflow at 320 px', width: 320, text: '100 %' },
  { name: 'text at 200 % at 375 px', width: 375, text: '200 %' },
  { name: 'text at 200 % at 1280 px', width: 1280, text: '200 %' },
] as const;
type Check = (typeof CHECKS)[number];

/** `path` opened, its code and data in and its fonts drawn. */
async function openLoaded(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('main'), path).toBeVisible({ timeout: 30_000 });
  // The page and its data are in (the lists say 'Loading...', the pages' code 'Loading…').
  await expect(page.getByText(/^Loading(\.\.\.|…)$/), path).toHaveCount(0, { timeout: 30_000 });
  await page.evaluate(() => document.fonts.ready);
}

/** Every page under one check; a failure names the page. */
async function checkPages(page: Page, paths: readonly string[], check: Check) {
  await page.setViewportSize({ width: check.width, height: 800 });
  for (const path of paths) {
    await openLoaded(page, path);
    if (check.text === '200 %') await enlargeText(page);
    // Once the page has settled: a page still laying out after its data (a CI run caught /apply mid-render once,
    // 16 px over, and the same page at 0 px in eight runs since) is not a page that scrolls sideways; one that
    // does stays over and fails.
    await expect.poll(() => sidewaysOverflow(page), { message: `${path}, ${check.name}` }).toBe(0);
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

/** `path` opened with text at 200 %, its data in. */
async function openEnlarged(page: Page, path: string) {
  await openLoaded(page, path);
  await enlargeText(page);
}

/**
 * The dialog named `name` is open and fits: inside the screen, nothing in it scrolling sideways (its fields and
 * buttons narrow and wrap; a wide table in it scrolls in a box of its own) and the page behind it not either.
 */
async function expectDialogFits(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name });
  await expect(dialog, name).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByText(/^Loading(\.\.\.|…)$/), name).toHaveCount(0, { timeout: 30_000 });
  const fit = await dialog.evaluate((box) => {
    const edge = box.getBoundingClientRect().right;
    // For a failing test: the innermost elements that reach past the dialog's edge.
    const reaches = (element: Element) => element.getBoundingClientRect().right > edge + 0.5;
    const past = [...box.querySelectorAll<HTMLElement>('*')]
      .filter((element) => reaches(element) && ![...element.children].some(reaches))
      .slice(0, 3)
      .map((element) => `<${element.tagName.toLowerCase()} class="${element.className}"> ${element.textContent?.trim().slice(0, 40) ?? ''}`);
    return {
      inside: box.getBoundingClientRect().left >= 0 && edge <= document.documentElement.clientWidth,
      sideways: box.scrollWidth - box.clientWidth,
      past: box.scrollWidth > box.clientWidth ? past : [],
    };
  });
  expect(fit, name).toEqual({ inside: true, sideways: 0, past: [] });
  expect(await sidewaysOverflow(page), name).toBe(0);
  return dialog;
}

/** Escape closes the dialog named `name` (the one on top) and changes nothing. */
async function closeDialog(page: Page, name: string) {
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name }), name).toHaveCount(0);
}

test.describe('every dialog at 375 px with text at 200 %', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the back office’s', async ({ page, admin: _admin, applicant }) => {
    test.slow();
    const rows = await addBackOfficeRows(page.request);

    // Users: add, and the role change's confirmation.
    await openEnlarged(page, '/admin/users');
    await page.getByRole('button', { name: 'Add User' }).click();
    await expectDialogFits(page, 'Add User');
    await closeDialog(page, 'Add User');
    await openEnlarged(page, `/admin/users?q=${encodeURIComponent(applicant.account.email)}`);
    await page.getByRole('combobox', { name: `Role for ${applicant.name}` }).selectOption('admin');
    await expectDialogFits(page, `Make ${applicant.name} an admin?`);
    await closeDialog(page, `Make ${applicant.name} an admin?`);

    // The waitlist: add, and an entry's details.
    await openEnlarged(page, `/admin/waitlist?q=${rows.tag}`);
    await page.getByRole('button', { name: 'Add Applicant' }).click();
    await expectDialogFits(page, 'Add Applicant');
    await closeDialog(page, 'Add Applicant');
    await page.getByRole('button', { name: `View details for ${rows.name}` }).click();
    await expectDialogFits(page, rows.name);
    await closeDialog(page, rows.name);

    // Announcements: the send confirmation.
    await openEnlarged(page, `/admin/announcements?q=${rows.tag}`);
    await page.getByLabel('Subject').fill(`A long subject line for the confirmation ${rows.tag}`);
    await page.getByLabel('Message').fill('Hello from the reflow check.');
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('button', { name: /^Send to 1 person/ }).click();
    await expectDialogFits(page, 'Send this announcement?');
    await closeDialog(page, 'Send this announcement?');

    // Letters of intent: add, a letter's details and its edit form.
    await openEnlarged(page, '/admin/letters-of-intent');
    await page.getByRole('button', { name: 'Add Letter of Intent' }).click();
    await expectDialogFits(page, 'Add Letter of Intent');
    await closeDialog(page, 'Add Letter of Intent');
    await openEnlarged(page, `/admin/letters-of-intent?letter=${rows.letterId}`);
    const letter = await expectDialogFits(page, rows.name);
    await letter.getByRole('button', { name: 'Edit', exact: true }).click();
    await expect(letter.getByRole('form', { name: 'Edit letter of intent' })).toBeVisible();
    await expectDialogFits(page, rows.name);
    await closeDialog(page, rows.name);

    // An application: the review, the status confirmation (Declined asks for a reason), then the purchase form.
    await openEnlarged(page, `/admin/applications?review=${applicant.applicationId}`);
    const review = await expectDialogFits(page, applicant.name);
    await review.getByLabel('Status', { exact: true }).selectOption('declined');
    await review.getByRole('button', { name: 'Save status' }).click();
    await expectDialogFits(page, 'Change the status to Declined?');
    await closeDialog(page, 'Change the status to Declined?');
    await approveOverHttp(page, applicant.applicationId);
    await openEnlarged(page, `/admin/applications?review=${applicant.applicationId}`);
    await page.getByRole('dialog', { name: applicant.name }).getByRole('button', { name: 'Record purchase' }).click();
    await expectDialogFits(page, 'Record purchase');
    await closeDialog(page, 'Record purchase');

    // The home, its ledger with a payment, and the ledger's money and reversal forms.
    const homeId = await recordHomeOverHttp(page, applicant.applicationId, { approve: false });
    const paid = await page.request.post(`/api/admin/homes/${homeId}/ledger/payments`, {
      data: { amountCents: 120_050, receivedOn: ledgerToday() },
      headers: { origin: APP_URL },
    });
    expect(paid.status(), await paid.text()).toBe(201);
    await openEnlarged(page, `/admin/homes?home=${homeId}`);
    await expectDialogFits(page, '400 Oak Lane, Austin, TX');
    await openEnlarged(page, `/admin/payments?ledger=${homeId}`);
    const ledger = await expectDialogFits(page, 'Ledger: 400 Oak Lane, Austin, TX');
    await ledger.getByRole('button', { name: 'Record payment' }).click();
    await expectDialogFits(page, 'Record payment');
    await closeDialog(page, 'Record payment');
    await ledger.getByRole('button', { name: 'Reverse entry 1' }).click();
    await expectDialogFits(page, 'Reverse entry 1');
    await closeDialog(page, 'Reverse entry 1');
    await closeDialog(page, 'Ledger: 400 Oak Lane, Austin, TX');
    await page.getByRole('button', { name: 'Import bank CSV' }).click();
    await expectDialogFits(page, 'Import bank CSV');
    await closeDialog(page, 'Import bank CSV');

    // The account's delete dialog.
    await openEnlarged(page, '/account');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    await expectDialogFits(page, 'Delete your account?');
  });

  test('the buyer’s pop-ups', async ({ page, user: _user, applicant }) => {
    test.slow();
    // A new account's welcome.
    await openEnlarged(page, '/dashboard');
    await expectDialogFits(page, 'Ready to start your journey?');
    // A submitted application's.
    await applicant.page.setViewportSize({ width: 375, height: 800 });
    await openEnlarged(applicant.page, '/dashboard');
    await expectDialogFits(applicant.page, 'Your application is under review.');
  });
});
