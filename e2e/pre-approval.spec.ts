import { readFileSync } from 'node:fs';
import type { Download, Page } from '@playwright/test';
import { addDays } from '../src/domain/homes/admin-homes';
import { ledgerToday } from '../src/domain/homes/dates';
import { formatDate } from '../src/domain/format';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { mailsTo, waitForToastsToGo } from './support/accounts';
import { pdfWords } from '../src/server/test/pdf-text';

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });
/** The letter's raw bytes as latin1 (its header) and the words a reader extracts (pdftotext, spaces collapsed). */
const pdfText = async (download: Download) => {
  const bytes = readFileSync((await download.path())!);
  return `${bytes.subarray(0, 8).toString('latin1')}\n${pdfWords(bytes)}`;
};

/**
 * The pre-approval (docs/decisions/030-pre-approval.md; docs/product/back-office.md#pre-approval;
 * docs/product/dashboard.md#pre-approval): staff approve with a maximum price and a monthly range,
 * pre-filled from the applicant's figures and refused under 2 % down; the review dialog shows it
 * and gives its letter; the buyer's dashboard says how much and until when, with the next steps,
 * and gives the letter. Staff at 1280 px; the buyer at 375 and 1280 px; axe on each new screen.
 */
test.describe('pre-approval', () => {
  test('staff approve with a range; the buyer sees the dashboard line and downloads the letter', async ({ page, admin: _admin, applicant }) => {
    test.slow();
    const expires = formatDate(addDays(ledgerToday(), 90));
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/admin/applications?review=${applicant.applicationId}`);
    const dialog = page.getByRole('dialog', { name: applicant.name });
    await dialog.getByLabel('Status', { exact: true }).selectOption('approved');
    await dialog.getByRole('button', { name: 'Save status' }).click();

    // The confirmation asks for the pre-approval, pre-filled from the applicant's own income, debts and $29,400 down.
    const confirm = page.getByRole('dialog', { name: 'Change the status to Approved?' });
    const terms = confirm.getByRole('group', { name: 'Pre-approval' });
    await expect(terms).toContainText(`Valid 90 days, until ${expires}`);
    await expect(terms.getByLabel('Down payment')).toHaveValue('29400');
    await expect(terms.getByLabel('Maximum home price')).not.toHaveValue('');
    await expectAccessible(page);

    // Its files were not reviewed: approving needs the second confirmation.
    await confirm.getByRole('checkbox', { name: 'I have checked the documents and approve anyway' }).check();
    // Under 2 % down is refused under the field, and nothing is saved.
    await terms.getByLabel('Maximum home price').fill('2000000');
    await confirm.getByRole('button', { name: 'Save status: Approved' }).click();
    await expect(terms.getByText('The down payment must be at least 2% of the maximum home price: $40,000 or more.')).toBeVisible();
    await expect(dialog.getByText('Current status').locator('..')).toContainText('Submitted');

    await terms.getByLabel('Maximum home price').fill('450000');
    await terms.getByLabel('Lowest monthly payment').fill('2500');
    await terms.getByLabel('Highest monthly payment').fill('3200');
    // The e-mail preview says what the buyer will read.
    await expect(confirm).toContainText(`You’re approved up to $450,000 until ${expires}`);
    await confirm.getByRole('button', { name: 'Save status: Approved' }).click();
    await expect(toast(page, 'Application status updated')).toBeVisible();
    await expect(dialog.getByText('Current status').locator('..')).toContainText('Approved');

    const panel = dialog.getByRole('region', { name: /Pre-approval/ });
    await expect(panel).toContainText('$450,000');
    await expect(panel).toContainText('$2,500 to $3,200 a month');
    await expect(panel).toContainText(`Valid until${expires}`);
    await waitForToastsToGo(page);
    await expectAccessible(page);
    const [staffCopy] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: 'Download the letter' }).click()]);
    expect(staffCopy.suggestedFilename()).toBe(`pre-approval-${ledgerToday()}.pdf`);
    expect(await pdfText(staffCopy)).toContain(`Ownstead is prepared to buy a home up to $450,000 with ${applicant.name}.`);

    // The approval e-mail says the same.
    await expect
      .poll(async () => (await mailsTo(page.request, applicant.account.email)).find((mail) => mail.subject === 'Your home application is approved')?.text ?? '')
      .toContain(`You’re approved up to $450,000 until ${expires}`);

    // The buyer, on a phone and on a desktop.
    const buyer = applicant.page;
    for (const width of [375, 1280]) {
      await buyer.setViewportSize({ width, height: 900 });
      await buyer.goto('/dashboard');
      if (width === 375) {
        // The approval's pop-up on the first visit; once closed it stays closed in this tab.
        await expect(buyer.getByRole('dialog', { name: 'Congratulations, you are approved!' })).toBeVisible();
        await buyer.getByRole('button', { name: 'View Example Dashboard' }).click();
      }
      const card = buyer.getByRole('region', { name: /Home application/ });
      await expect(card.getByText(`You’re approved up to $450,000 until ${expires}`)).toBeVisible();
      await expect(card).toContainText('$2,500 to $3,200 a month, with a down payment of $29,400');
      const steps = card.getByRole('list');
      await expect(steps.getByRole('listitem')).toHaveCount(4);
      await expect(steps).toContainText('Find homes within your approval.');
      // The letter, and finding homes and making an offer on 'Find your home'.
      await expect(steps.getByRole('link')).toHaveCount(3);
      await expect(steps.getByRole('link', { name: 'Find homes within your approval.' })).toHaveAttribute('href', '/dashboard/find');
      await expect(card.getByRole('link', { name: 'Find your home' })).toHaveAttribute('href', '/dashboard/find');
      expect(await hasHorizontalScroll(buyer), `sideways scroll at ${width} px`).toBe(false);
      await expectAccessible(buyer);
    }
    const [letter] = await Promise.all([buyer.waitForEvent('download'), buyer.getByRole('link', { name: 'Download your letter' }).click()]);
    expect(letter.suggestedFilename()).toBe(`pre-approval-${ledgerToday()}.pdf`);
    const text = await pdfText(letter);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain(`with ${applicant.name}.\n`);
    expect(text).toContain(`Valid until ${expires}`);
  });
});
