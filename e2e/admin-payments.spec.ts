import type { Locator, Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { formatMoneyCents } from '../src/domain/format';
import { ledgerToday } from '../src/domain/homes/dates';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { waitForToastsToGo } from './support/accounts';
import { recordHomeOverHttp } from './support/homes';

/**
 * /admin/payments (docs/product/back-office.md#payments): an admin records payments
 * on a home's ledger and sees the month's Received figure follow, imports the bank's CSV
 * (preview, then import; the same file again is skipped; a bad line imports nothing) and
 * verifies every ledger. axe and 375 px.
 */

const toast = (page: Page, text: string) => page.locator('[data-sonner-toast]').filter({ hasText: text });

/** The cents a figure card shows ('$1,234.56' → 123456). */
async function centsIn(card: Locator): Promise<number> {
  const text = (await card.locator('p').first().textContent()) ?? '';
  return Math.round(Number(text.replace(/[$,\s]/g, '')) * 100);
}

test.describe('back office: payments', () => {
  test('an admin records two payments, sees the month follow, imports a bank CSV and verifies the ledgers', async ({ page, admin: _admin, applicant }) => {
    test.slow();
    const homeId = await recordHomeOverHttp(page, applicant.applicationId);
    const today = ledgerToday();

    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByLabel('Month', { exact: true })).toHaveValue(today.slice(0, 7));
    const received = page.getByTestId('figure-received');
    await expect(received).toBeVisible();
    const before = await centsIn(received);
    await expectAccessible(page);

    // The home's ledger: empty, then two payments recorded through the dialog.
    await page.goto(`/admin/payments?ledger=${homeId}`);
    const ledger = page.getByRole('dialog', { name: 'Ledger: 400 Oak Lane, Austin, TX' });
    await expect(ledger.getByText('No entries yet.')).toBeVisible();
    await ledger.getByRole('button', { name: 'Record payment' }).click();
    const form = page.getByRole('dialog', { name: 'Record payment' });
    await form.getByLabel('Amount').fill('12.345');
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(form.getByText('Enter an amount in dollars and cents, e.g. 2354.00.')).toBeVisible();
    await expect(form.getByLabel('Amount')).toBeFocused();
    await form.getByLabel('Amount').fill('1,200.50');
    await form.getByLabel('Bank reference').fill(`WIRE-${randomUUID().slice(0, 8)}`);
    await expectAccessible(page);
    await form.getByRole('button', { name: 'Record payment' }).click();
    await expect(toast(page, 'Payment recorded')).toBeVisible();
    await expect(form).toHaveCount(0);
    await ledger.getByRole('button', { name: 'Record payment' }).click();
    await page.getByRole('dialog', { name: 'Record payment' }).getByLabel('Amount').fill('800');
    await page.getByRole('dialog', { name: 'Record payment' }).getByLabel('Memo').fill('Cheque');
    await page.getByRole('dialog', { name: 'Record payment' }).getByRole('button', { name: 'Record payment' }).click();
    await expect(ledger.getByTestId('ledger-row')).toHaveCount(2);
    await expect(ledger.getByTestId('ledger-row').nth(0)).toContainText('Payment');
    await expect(ledger.getByTestId('ledger-row').nth(0)).toContainText('−$1,200.50');
    await expect(ledger.getByTestId('ledger-row').nth(1)).toContainText('Cheque');
    await expect(ledger.getByText('Paid, less refunds')).toBeVisible();
    await expect(ledger).toContainText(formatMoneyCents(2_000.5));

    // Reverse the second, with a reason; it is struck through and linked to its reversal.
    await ledger.getByRole('button', { name: 'Reverse entry 2' }).click();
    const reverse = page.getByRole('dialog', { name: 'Reverse entry 2' });
    await reverse.getByRole('button', { name: 'Reverse entry' }).click();
    await expect(reverse.getByText('Reason is required.')).toBeVisible();
    await reverse.getByLabel('Reason').fill('Cheque bounced');
    await reverse.getByRole('button', { name: 'Reverse entry' }).click();
    await expect(toast(page, 'Entry 2 reversed')).toBeVisible();
    await expect(ledger.getByTestId('ledger-row')).toHaveCount(3);
    await expect(ledger.getByRole('link', { name: 'Reversed by entry 3' })).toBeVisible();
    await expect(ledger.getByRole('link', { name: 'Reverses entry 2' })).toBeVisible();
    await expect(ledger.getByRole('button', { name: 'Reverse entry 2' })).toHaveCount(0);
    await ledger.getByRole('button', { name: 'Verify ledger' }).click();
    await expect(ledger.getByText('The ledger is intact (3 entries).')).toBeVisible();
    // The toasts' own close buttons are not ours to check.
    await waitForToastsToGo(page);
    await expectAccessible(page);
    await page.keyboard.press('Escape');
    await expect(ledger).toHaveCount(0);

    // The month's Received follows: both payments, less the reversed one.
    await expect.poll(() => centsIn(received)).toBe(before + 120_050);

    // Import the bank's CSV: preview, then import; the same file again is all skipped.
    const run = randomUUID().slice(0, 8);
    const csv = ['date,amount,reference,home', `${today},"2,354.00",CSV-${run}-1,${homeId}`, `${today},99.99,CSV-${run}-2,${applicant.account.email}`, ''].join(
      '\n',
    );
    await page.getByRole('button', { name: 'Import bank CSV' }).click();
    const importDialog = page.getByRole('dialog', { name: 'Import bank CSV' });
    const file = importDialog.getByLabel('Bank CSV file');
    await file.setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await expect(importDialog.getByTestId('import-row')).toHaveCount(2);
    await expect(importDialog.getByText('2 new payments ($2,453.99).')).toBeVisible();
    await expect(importDialog.getByTestId('import-row').first()).toContainText('400 Oak Lane, Austin, TX');
    await waitForToastsToGo(page);
    await expectAccessible(page);
    await importDialog.getByRole('button', { name: 'Import 2 payments' }).click();
    await expect(importDialog.getByText('Imported 2 payments ($2,453.99).')).toBeVisible();
    await expect.poll(() => centsIn(received)).toBe(before + 120_050 + 245_399);
    await importDialog.getByRole('button', { name: 'Done' }).click();

    await page.getByRole('button', { name: 'Import bank CSV' }).click();
    await file.setInputFiles({ name: 'bank.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await expect(importDialog.getByText('Already imported', { exact: true })).toHaveCount(2);
    await expect(importDialog.getByRole('button', { name: 'Import', exact: true })).toBeDisabled();

    // A bad line: reported with its number, and nothing can be imported.
    const bad = ['date,amount,reference,home', `${today},10.00,CSV-${run}-3,${homeId}`, `${today},ten,CSV-${run}-4,${homeId}`].join('\n');
    await file.setInputFiles({ name: 'bad.csv', mimeType: 'text/csv', buffer: Buffer.from(bad) });
    await importDialog.getByRole('button', { name: 'Preview' }).click();
    await expect(importDialog.getByText('Line 3: The amount "ten" is not a positive amount of dollars and cents.')).toBeVisible();
    await expect(importDialog.getByRole('button', { name: /^Import/ })).toBeDisabled();
    await page.keyboard.press('Escape');
    await expect(importDialog).toHaveCount(0);

    // Verify every ledger.
    await page.getByRole('button', { name: 'Verify ledgers' }).click();
    await expect(page.getByText(/^All [\d,]+ ledgers are intact \([\d,]+ entries\)\.$/)).toBeVisible();
    await waitForToastsToGo(page);
    await expectAccessible(page);
  });

  test('the payments page fits 375 px and passes axe', async ({ page, admin: _admin }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/payments');
    await expect(page.getByRole('heading', { level: 1, name: 'Payments' })).toBeVisible();
    await expect(page.getByTestId('figure-due')).toBeVisible();
    await expect(page.getByText('Loading...')).toHaveCount(0);
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Import bank CSV' }).click();
    await expect(page.getByRole('dialog', { name: 'Import bank CSV' })).toBeVisible();
    expect(await hasHorizontalScroll(page)).toBe(false);
    await expectAccessible(page);
  });
});
