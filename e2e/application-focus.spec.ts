import { readFileSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { completeDraft } from '../src/domain/factories/application-draft';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { expectSaved, SAMPLE_PDF, stepHeading, verifyEmail } from './support/application';
import { APP_URL } from './support/ports';

/**
 * The application as a keyboard and phone user meets it:
 * sensitive fields never swapped under the cursor, honest step marks, uploads with
 * progress, Cancel and a confirmed Remove, focus that never falls to the page or under
 * the sticky bars, and step 6 at 320 px (docs/product/application.md#keyboard-and-focus).
 */

const VIEWPORTS = [
  { name: 'phone', width: 375, height: 700 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

/** The element that has focus, described for a failing test. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return !active || active === document.body ? 'body' : `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 40)}`;
  });

async function expectFocusNotOnBody(page: Page) {
  expect(await focusedDescription(page)).not.toBe('body');
}

/** The focused element lies in the part of the window no sticky bar covers: below the header, above the Previous/Submit bar. */
async function expectFocusedInClearView(page: Page) {
  // The page scrolls smoothly: measure once the focused element has stopped moving.
  let last = NaN;
  await expect
    .poll(
      async () => {
        const top = await page.evaluate(() => document.activeElement?.getBoundingClientRect().top ?? 0);
        const still = top === last;
        last = top;
        return still;
      },
      { intervals: [100], timeout: 5_000 },
    )
    .toBe(true);
  const box = await page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return null;
    // A visually hidden file input shows its focus on its label (the 'Choose File' button).
    const shown = active.matches('input[type=file]') ? (document.querySelector(`label[for="${CSS.escape(active.id)}"]`) as HTMLElement) : active;
    const rect = shown.getBoundingClientRect();
    const header = document.querySelector('body header')!.getBoundingClientRect();
    const bar = document.querySelector('[data-wizard-actions]');
    const barRect = bar && getComputedStyle(bar).position === 'sticky' ? bar.getBoundingClientRect() : null;
    const barTop = barRect && !bar!.contains(active) ? barRect.top : window.innerHeight;
    return {
      top: rect.top,
      bottom: rect.bottom,
      clearTop: header.bottom,
      clearBottom: barTop,
      what: `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.trim().slice(0, 30)}`,
    };
  });
  expect(box, 'focus is on the page').not.toBeNull();
  expect(box!.top, `${box!.what} under the sticky header`).toBeGreaterThanOrEqual(box!.clearTop - 0.5);
  expect(box!.bottom, `${box!.what} under the sticky Previous/Submit bar`).toBeLessThanOrEqual(box!.clearBottom + 0.5);
}

/** A verified user with a complete draft and the three required documents, not submitted yet. */
async function completeDraftOverHttp(page: Page, user: { email: string; firstName: string; lastName: string }) {
  await verifyEmail(page, user);
  const draft = completeDraft();
  const headers = { origin: APP_URL };
  const personal = { ...draft.personal, firstName: user.firstName, lastName: user.lastName, email: user.email };
  expect((await page.request.put('/api/application', { data: { ...draft, personal }, headers })).status()).toBe(200);
  for (const type of ['governmentId', 'bankStatements', 'paystubs']) {
    const uploaded = await page.request.post(`/api/application/documents?type=${type}`, {
      multipart: { file: { name: `${type}.pdf`, mimeType: 'application/pdf', buffer: readFileSync(SAMPLE_PDF) } },
      headers,
    });
    expect(uploaded.status()).toBe(201);
  }
}

const card = (page: Page, title: string) => page.getByRole('listitem', { name: title });

/** Does `action` and waits until the autosave's PUT that follows it has been answered. */
async function andSaved(page: Page, action: () => Promise<unknown>) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/application') && r.request().method() === 'PUT' && r.ok(), { timeout: 15_000 });
  await action();
  await saved;
}

/** The first load of /apply fetches the wizard's code and the application: slower than a step change on a busy machine. */
const FIRST_LOAD = { timeout: 30_000 };

for (const viewport of VIEWPORTS) {
  test.describe(`application at ${viewport.width} px`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test('the date of birth and SSN stay as typed while saving; masked only once the step is left; an invalid value stays editable', async ({
      page,
      user: _user,
    }) => {
      test.slow();
      await page.goto('/apply');
      await expect(stepHeading(page, 'Personal Information')).toBeVisible(FIRST_LOAD);
      const dob = page.getByLabel(/^Date of Birth/);
      const ssn = page.getByLabel(/^Last 4 of SSN/);
      // A date that the submit check refuses (under 18): saved as a draft, and still there to read and fix.
      await andSaved(page, () => dob.fill('2015-05-05'));
      await expect(dob).toHaveValue('2015-05-05');
      await expect(dob).toBeEditable();

      // The SSN, digit by digit, with the autosave landing in between: the field is never swapped.
      await ssn.focus();
      // At a person's pace: a key every 250 ms.
      await andSaved(page, () => ssn.pressSequentially('1234', { delay: 250 }));
      await expectSaved(page);
      // The save after the fourth digit has landed and been drawn: the field is still the one typed in.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await expect(ssn).toBeFocused();
      await expect(ssn).toHaveValue('1234');
      await expect(ssn).toBeEditable();
      await expect(page.getByRole('button', { name: 'Change Last 4 of SSN' })).toHaveCount(0);
      await page.keyboard.press('Tab');
      await expectFocusNotOnBody(page);

      // Step left and opened again: the good SSN is masked, the refused date stays an input with its error.
      // With the keyboard, as this test began: Tab has just started a smooth scroll, under which a mouse
      // click computed before the scroll ends can land beside the button (seen at 1280 px).
      await page.getByRole('button', { name: 'Continue' }).focus();
      await page.keyboard.press('Enter');
      await expect(stepHeading(page, 'Employment & Income')).toBeVisible();
      await page.getByRole('button', { name: 'Previous' }).click();
      await expect(stepHeading(page, 'Personal Information')).toBeVisible();
      await expect(page.getByRole('textbox', { name: 'Last 4 of SSN' })).toHaveValue('•••• 1234');
      await expect(page.getByRole('button', { name: 'Change Last 4 of SSN' })).toBeVisible();
      await expect(dob).toHaveValue('2015-05-05');
      await expect(dob).toBeEditable();
      await expect(page.getByText('You must be at least 18 years old to apply')).toBeVisible();
      await expect(dob).toHaveAttribute('aria-invalid', 'true');

      // Fixed, and the page reloaded: both masked.
      await andSaved(page, () => dob.fill('1990-01-15'));
      await expect(dob).toHaveValue('1990-01-15');
      await page.reload();
      await expect(page.getByRole('textbox', { name: 'Date of Birth' })).toHaveValue('••/••/1990', FIRST_LOAD);
      await expect(page.getByRole('textbox', { name: 'Last 4 of SSN' })).toHaveValue('•••• 1234');
      // 'Change' opens the input with focus in it; 'Keep current' puts the masked value and focus back.
      await page.getByRole('button', { name: 'Change Last 4 of SSN' }).click();
      await expect(ssn).toBeFocused();
      await expect(page.getByText('Leave empty to keep •••• 1234.')).toBeVisible();
      await page.getByRole('button', { name: 'Keep the current Last 4 of SSN' }).click();
      await expect(page.getByRole('button', { name: 'Change Last 4 of SSN' })).toBeFocused();
      await expectAccessible(page);
    });

    test('the step indicator: a visited step with missing items shows a warning and its count, a complete one a check', async ({ page, user: _user }) => {
      await page.goto('/apply');
      await expect(stepHeading(page, 'Personal Information')).toBeVisible(FIRST_LOAD);
      await page.getByRole('button', { name: 'Step 4: Debts' }).click();
      await expect(stepHeading(page, 'Debts')).toBeVisible();
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(stepHeading(page, 'Consent & Disclosures')).toBeVisible();

      // Personal Information: nothing but name and e-mail given — 5 items missing, never a check.
      const personal = page.getByRole('button', { name: 'Step 1: Personal Information (5 items missing)' });
      await expect(personal).toBeVisible();
      await expect(personal).toHaveAttribute('data-mark', 'missing');
      await expect(personal.locator('svg')).toHaveCount(1);
      await expect(personal).toContainText('5');
      // Employment & Income and Assets were passed (before the current step) with items missing too.
      await expect(page.getByRole('button', { name: /^Step 2: Employment & Income \(\d+ items? missing\)$/ })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Step 3: Assets \(1 item missing\)$/ })).toBeVisible();
      // Debts asks for nothing required: a check.
      await expect(page.getByRole('button', { name: 'Step 4: Debts (done)' })).toHaveAttribute('data-mark', 'done');
      await expect(page.getByRole('button', { name: 'Step 6: Documents' })).toHaveAttribute('data-mark', 'ahead');

      // Filling the assets step turns its warning into a check.
      await page.getByRole('button', { name: /^Step 3: Assets/ }).click();
      await page.getByLabel('Bank Account Balances').fill('42000');
      await page.getByRole('button', { name: 'Continue' }).click();
      await expect(page.getByRole('button', { name: 'Step 3: Assets (done)' })).toHaveAttribute('data-mark', 'done');
      await expect(page.getByRole('button', { name: 'Step 1: Personal Information (5 items missing)' })).toBeVisible();
      expect(await hasHorizontalScroll(page)).toBe(false);
      await waitForToastsToGo(page);
      await expectAccessible(page);
    });

    test('uploads: a progress bar in percent and Cancel; focus follows the file; Remove asks first; long names cut in the middle', async ({
      page,
      user: _user,
    }) => {
      test.slow();
      await page.goto('/apply?step=6');
      await expect(stepHeading(page, 'Documents')).toBeVisible(FIRST_LOAD);
      const id = card(page, 'Government ID');

      // A slow connection: the upload shows its progress, and Cancel stops it.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: 1_000_000, uploadThroughput: 150_000 });
      const big = Buffer.concat([readFileSync(SAMPLE_PDF), Buffer.alloc(1_500_000, 32)]);
      const input = page.getByLabel('Upload Government ID');
      await input.focus();
      await input.setInputFiles({ name: 'license-scan.pdf', mimeType: 'application/pdf', buffer: big });
      const bar = id.getByRole('progressbar', { name: 'Uploading license-scan.pdf' });
      await expect(bar).toBeVisible();
      await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { message: 'the upload reports its progress' }).toBeGreaterThan(0);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await expect(id.getByText(/^\d+%$/)).toBeVisible();
      // Focus moved from the file input to Cancel, which Enter presses.
      const cancel = id.getByRole('button', { name: 'Cancel the upload of Government ID' });
      await expect(cancel).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(id.getByText('Upload canceled. license-scan.pdf was not uploaded.')).toBeVisible();
      await expect(bar).toHaveCount(0);
      await expect(id.getByText('Required', { exact: true })).toBeVisible();
      await expect(input).toBeFocused();
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

      // A long name: focus lands on the stored file, whose name is cut in the middle and whole in its name and tooltip.
      const long = 'my-drivers-license-front-and-back-scanned-at-the-library-on-tuesday-final-version-2.pdf';
      await input.focus();
      await input.setInputFiles({ name: long, mimeType: 'application/pdf', buffer: readFileSync(SAMPLE_PDF) });
      const link = id.getByRole('link', { name: long });
      await expect(link).toBeFocused();
      await expect(link).toHaveAttribute('title', long);
      await expect(link).toContainText('version-2.pdf');
      const linkBox = (await link.boundingBox())!;
      const cardBox = (await id.boundingBox())!;
      expect(linkBox.x + linkBox.width).toBeLessThanOrEqual(cardBox.x + cardBox.width);
      expect(await hasHorizontalScroll(page)).toBe(false);

      // Remove asks first; 'Keep file' keeps it and gives focus back to Remove.
      await id.getByRole('button', { name: 'Remove Government ID' }).click();
      const confirm = id.getByRole('group', { name: 'Remove Government ID?' });
      await expect(confirm).toContainText(long);
      await expect(confirm.getByRole('button', { name: 'Keep file' })).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(confirm).toHaveCount(0);
      await expect(id.getByRole('button', { name: 'Remove Government ID' })).toBeFocused();
      await expect(link).toBeVisible();
      // Confirmed: the file goes, focus moves to the upload button.
      await page.keyboard.press('Enter');
      await id.getByRole('button', { name: 'Yes, remove Government ID' }).click();
      await expect(page.getByText('Document Removed')).toBeVisible();
      await expect(link).toHaveCount(0);
      await expect(input).toBeFocused();
      await waitForToastsToGo(page);
      await expectAccessible(page);
    });

    test("Tab and Shift+Tab never leave focus under the sticky header or the Previous/Submit bar; after 'Submit Application' focus is on the result", async ({
      page,
      user,
    }) => {
      test.slow();
      await page.setViewportSize({ width: viewport.width, height: 600 });
      await completeDraftOverHttp(page, user);
      await page.goto('/apply');
      await expect(stepHeading(page, 'Personal Information')).toBeVisible(FIRST_LOAD);
      await waitForToastsToGo(page);
      // Forward from the step title to Continue, then back to the step buttons.
      await stepHeading(page, 'Personal Information').focus();
      let reachedContinue = false;
      for (let i = 0; i < 40 && !reachedContinue; i += 1) {
        await page.keyboard.press('Tab');
        await expectFocusedInClearView(page);
        reachedContinue = await page.getByRole('button', { name: 'Continue' }).evaluate((el) => el === document.activeElement);
      }
      expect(reachedContinue, 'Tab reaches Continue').toBe(true);
      let reachedSteps = false;
      for (let i = 0; i < 40 && !reachedSteps; i += 1) {
        await page.keyboard.press('Shift+Tab');
        await expectFocusedInClearView(page);
        reachedSteps = await page.getByRole('button', { name: /^Step 6: Documents/ }).evaluate((el) => el === document.activeElement);
      }
      expect(reachedSteps, 'Shift+Tab reaches the step buttons').toBe(true);

      // Step 6 with the keyboard: the draft came certified; Space unticks it (Submit waits) and ticks it again,
      // then Tab to 'Submit Application'.
      await page.keyboard.press('Enter');
      await expect(stepHeading(page, 'Documents')).toBeFocused();
      const certify = page.getByRole('checkbox', { name: /I certify that the information/ });
      const submit = page.getByRole('button', { name: 'Submit Application' });
      await expect(certify).toBeChecked();
      await certify.focus();
      await page.keyboard.press('Space');
      await expect(certify).not.toBeChecked();
      await expect(submit).toBeDisabled();
      await page.keyboard.press('Space');
      await expect(certify).toBeChecked();
      await expect(submit).toBeEnabled();
      for (let i = 0; i < 10; i += 1) {
        await page.keyboard.press('Tab');
        await expectFocusedInClearView(page);
        if (await submit.evaluate((el) => el === document.activeElement)) break;
      }
      await expect(submit).toBeFocused();
      await page.keyboard.press('Enter');
      const result = page.getByRole('heading', { level: 2, name: /Thank you! Your application is submitted\./ });
      await expect(result).toBeFocused();
      await expect(result).toBeInViewport();
    });
  });
}

test.describe('application on a phone', () => {
  test('the sticky Previous/Continue bar keeps the same 16 px margin on every side', async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 375, height: 700 });
    await page.goto('/apply?step=2');
    await expect(stepHeading(page, 'Employment & Income')).toBeVisible(FIRST_LOAD);
    const bar = page.locator('[data-wizard-actions]');
    const gaps = async (right: Locator) => {
      const [b, previous, next] = await Promise.all([bar.boundingBox(), page.getByRole('button', { name: 'Previous' }).boundingBox(), right.boundingBox()]);
      // The bar's 1 px top border is not margin; the taller button sets the top and bottom margins.
      return {
        left: Math.round(previous!.x - b!.x),
        right: Math.round(b!.x + b!.width - (next!.x + next!.width)),
        top: Math.round(Math.min(previous!.y, next!.y) - b!.y - 1),
        bottom: Math.round(b!.y + b!.height - Math.max(previous!.y + previous!.height, next!.y + next!.height)),
        barWidth: Math.round(b!.width),
      };
    };
    expect(await gaps(page.getByRole('button', { name: 'Continue' }))).toEqual({ left: 16, right: 16, top: 16, bottom: 16, barWidth: 375 });
    await page.getByRole('button', { name: 'Step 6: Documents' }).click();
    await expect(stepHeading(page, 'Documents')).toBeVisible();
    expect(await gaps(page.getByRole('button', { name: 'Submit Application' }))).toEqual({ left: 16, right: 16, top: 16, bottom: 16, barWidth: 375 });
    await page.screenshot({ path: test.info().outputPath('phone-bar.png') });
  });

  test("at 320 px step 6 has no sideways scroll and 'Submit Application' is fully visible", async ({ page, user: _user }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/apply?step=6');
    await expect(stepHeading(page, 'Documents')).toBeVisible(FIRST_LOAD);
    await page.getByLabel('Upload Bank Statements').setInputFiles({
      name: 'bank-statements-checking-and-savings-january-february-march-2026.pdf',
      mimeType: 'application/pdf',
      buffer: readFileSync(SAMPLE_PDF),
    });
    await expect(card(page, 'Bank Statements').getByText('Uploaded', { exact: true })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    const submit = page.getByRole('button', { name: 'Submit Application' });
    await expect(submit).toBeInViewport({ ratio: 1 });
    const box = (await submit.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(320);
    // At the end of the page too.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(submit).toBeInViewport({ ratio: 1 });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });
});
