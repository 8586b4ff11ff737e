import { formatDate, formatMoneyCents } from '../src/domain/format';
import { ledgerToday } from '../src/domain/homes/dates';
import { addDays } from '../src/domain/ledger/dates';
import { expect, expectAccessible, hasHorizontalScroll, test } from './fixtures';
import { signInOverHttp } from './support/accounts';
import { FEE_CENTS, FEE_HOMEOWNER, feeDatesFor, nachaReturnFile } from './support/fee-homes';

/**
 * Late fees on the homeowner's home page (calculators.md 'Fees'): the seeded homeowner (e2e/support/seed-fee-homes.ts)
 * is warned before month 2's fee applies ('Pay by … to avoid a $118.25 late fee'), sees month 1's fee made after
 * its grace, asks to waive it and, as their first request in 12 months, it is waived at once. 375 and 1280 px, axe.
 */
test('a homeowner is warned before a late fee, sees the fee, and has it waived at their first request', async ({ page }) => {
  test.slow(); // axe at two widths beside other workers
  const dates = feeDatesFor(ledgerToday());
  const fee = formatMoneyCents(FEE_CENTS / 100);
  await signInOverHttp(page, FEE_HOMEOWNER);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/dashboard/home');
  await expect(page.getByText(`Pay by ${formatDate(addDays(dates.month2, 10))} to avoid a ${fee} late fee.`)).toBeVisible();
  const fees = page.getByRole('list', { name: 'Late fees, newest first' });
  await expect(fees).toContainText('Late fee, month 1');
  await expect(fees).toContainText(formatDate(dates.fee));
  await expect(fees).toContainText(`${fee} Owed`);
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectAccessible(page);

  await page.setViewportSize({ width: 1280, height: 900 });
  await fees.getByRole('button', { name: 'Ask to waive this fee…' }).click();
  const form = page.getByRole('form', { name: 'Ask to waive the late fee for month 1' });
  // A reason is required.
  await form.getByRole('button', { name: 'Ask to waive' }).click();
  await expect(form.getByText('Reason is required.')).toBeVisible();
  await form.getByLabel(/Why was the payment late/).fill('My salary came in late that month.');
  await expectAccessible(page);
  await form.getByRole('button', { name: 'Ask to waive' }).click();

  await expect(fees).toContainText('Waived: your first request in 12 months, granted at once.');
  await expect(fees).toContainText(`${fee} Waived`);
  await expect(fees.getByRole('button', { name: 'Ask to waive this fee…' })).toHaveCount(0);
  await expect(page.getByRole('table', { name: /Payments received/ })).toContainText('Late fee waived (month 1)');
  await expectAccessible(page);
});

test('staff preview a bank NACHA return file: codes in words, a return for no payment we sent kept for review, bad records by line', async ({
  page,
  admin: _admin,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/admin/payments');
  await page.getByRole('button', { name: 'Bank returns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Bank returns (NACHA)' });
  const upload = (text: string) =>
    dialog.getByLabel('NACHA return file').setInputFiles({ name: 'returns.ach', mimeType: 'text/plain', buffer: Buffer.from(text) });

  await upload(nachaReturnFile([{ code: 'R01', amountCents: 236_500, trace: '121000359999998' }]));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  const row = dialog.getByTestId('return-row');
  await expect(row).toContainText('Insufficient funds: the account did not have enough money.');
  await expect(row).toContainText('No payment with this trace');
  await expect(dialog).toContainText('To apply: 0 returns; 1 for no payment we sent, kept for review and not applied.');
  await expect(dialog.getByRole('button', { name: 'Apply returns' })).toBeDisabled();
  expect(await hasHorizontalScroll(page)).toBe(false);
  await expectAccessible(page);

  await upload(nachaReturnFile([{ code: 'X01', amountCents: 236_500, trace: '121000359999998' }]));
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog).toContainText('Line 4: "X01" is not a return reason code (R01, R02, …).');
});
