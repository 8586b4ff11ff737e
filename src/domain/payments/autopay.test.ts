import { describe, expect, it } from 'vitest';
import { autopayMonth, autopayMonthsDue } from './autopay';

describe('autopay months', () => {
  // Bought Jun 10, 2026: month 1 is due Jul 1, 2026; month 5 Nov 1, 2026 (a Sunday); month 7 Jan 1, 2027 (a holiday).
  const purchase = '2026-06-10';

  it('debits on the due date, or the banking day before a weekend or a holiday', () => {
    expect(autopayMonth(purchase, 6)).toEqual({ month: 6, dueOn: '2026-12-01', debitOn: '2026-12-01' });
    expect(autopayMonth(purchase, 5)).toEqual({ month: 5, dueOn: '2026-11-01', debitOn: '2026-10-30' });
    expect(autopayMonth(purchase, 7)).toEqual({ month: 7, dueOn: '2027-01-01', debitOn: '2026-12-31' });
  });

  it('is due from the debit day to a few days after the due date, when autopay was on by the due date', () => {
    expect(autopayMonthsDue(purchase, '2026-10-29', '2026-09-01')).toEqual([]);
    expect(autopayMonthsDue(purchase, '2026-10-30', '2026-09-01')).toEqual([autopayMonth(purchase, 5)]);
    expect(autopayMonthsDue(purchase, '2026-11-01', '2026-09-01')).toEqual([autopayMonth(purchase, 5)]);
    expect(autopayMonthsDue(purchase, '2026-11-04', '2026-09-01')).toEqual([autopayMonth(purchase, 5)]);
    expect(autopayMonthsDue(purchase, '2026-11-05', '2026-09-01')).toEqual([]);
    // Turned on on Saturday Oct 31, after the debit day but before the due date: it goes out at once.
    expect(autopayMonthsDue(purchase, '2026-10-31', '2026-10-31')).toEqual([autopayMonth(purchase, 5)]);
    // Turned on after the due date: that month is not debited (pay it now instead).
    expect(autopayMonthsDue(purchase, '2026-11-02', '2026-11-02')).toEqual([]);
    // Before the first month: nothing.
    expect(autopayMonthsDue(purchase, '2026-06-20', '2026-06-11')).toEqual([]);
  });
});
