import { addDays } from '../../src/domain/ledger/dates';

/**
 * The homeowner of e2e/homeowner-fees.spec.ts (seeded by e2e/support/seed-fee-homes.ts): month 1's charge paid
 * late, so its late fee (5 % of $2,365.00 = $118.25) was made after the grace; month 2's charge due two days ago
 * and open, so the home page warns before its fee applies.
 */
export const FEE_HOMEOWNER = {
  email: 'fees.e2e@example.com',
  password: 'e2e-fees-Passphrase-58',
  firstName: 'Fiona',
} as const;

/**
 * The homeowners of e2e/failed-payment-fees.spec.ts, one per viewport, seeded like FEE_HOMEOWNER (a late fee owed
 * for month 1, month 2 due two days ago and open): their Pay now fails, and staff waive the fee.
 */
export const FAILED_PAY_HOMEOWNERS = {
  mobile: { email: 'failpay.mobile.e2e@example.com', password: 'e2e-failpay-Passphrase-61', firstName: 'Fay', address: '14 Larch Street, Helena, MT 59601' },
  desktop: { email: 'failpay.desktop.e2e@example.com', password: 'e2e-failpay-Passphrase-62', firstName: 'Finn', address: '16 Rowan Road, Salem, OR 97301' },
} as const;

export const FEE_CHARGE_CENTS = 236_500;
export const FEE_CENTS = 11_825;
/** Month 1's due date, its fee's day (due + 10 days of grace + 1), month 2's due date. */
export const feeDatesFor = (today: string) => ({
  month1: addDays(today, -40),
  fee: addDays(today, -29),
  paid: addDays(today, -25),
  month2: addDays(today, -2),
});

/** A bank's NACHA return file of `items`, built from the record layouts (one PPD batch, blocked to 10). */
export function nachaReturnFile(items: { code: string; amountCents: number; trace: string }[]): string {
  const pad = (text: string, width: number) => text.padEnd(width, ' ').slice(0, width);
  const num = (value: number, width: number) => String(value).padStart(width, '0');
  const lines = [pad('101 1210003581234567890260305' + '0900A094101' + pad('OWNSTEAD HOMES', 23) + pad('FIRST FEDERAL BANK', 23), 94)];
  lines.push(
    '5225' + pad('OWNSTEAD HOMES', 16) + pad('', 20) + '1234567890' + 'PPD' + pad('HOME PMT', 10) + '      ' + '260303' + '   ' + '1' + '02100002' + '0000001',
  );
  let hash = 0;
  let debit = 0;
  items.forEach((item, i) => {
    hash += 1_100_001;
    debit += item.amountCents;
    lines.push(
      '626' + '011000015' + pad('123456789', 17) + num(item.amountCents, 10) + pad('HOME-1', 15) + pad('HANA HOME', 22) + '  1' + '02100002' + num(i + 1, 7),
    );
    lines.push('799' + item.code + item.trace + '      ' + '01100001' + pad('', 44) + '02100002' + num(i + 1, 7));
  });
  lines.push(pad('8225' + num(items.length * 2, 6) + num(hash, 10) + num(debit, 12) + num(0, 12) + '1234567890', 79) + '02100002' + '0000001');
  lines.push(pad('9' + num(1, 6) + num(1, 6) + num(items.length * 2, 8) + num(hash, 10) + num(debit, 12) + num(0, 12), 94));
  while (lines.length % 10) lines.push('9'.repeat(94));
  return lines.join('\n') + '\n';
}
