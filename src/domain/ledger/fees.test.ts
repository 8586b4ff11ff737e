import { describe, expect, it } from 'vitest';
import { allocateLedger, feesDue, GENESIS_HASH, lateFeeCents, lateFeeWarning, type LedgerEntryContent, type LedgerKind } from './index';

const SETTINGS = { graceDays: 10, lateFee: { type: 'percentage' as const, amount: 5 } };

let seq = 0;
function entry(kind: LedgerKind, amountCents: number, effectiveOn: string, extra: Partial<LedgerEntryContent> = {}): LedgerEntryContent {
  seq += 1;
  return {
    homeId: 'home-1',
    seq,
    kind,
    amountCents,
    month: null,
    effectiveOn,
    reference: null,
    reversesSeq: null,
    note: null,
    source: kind === 'payment' ? 'staff' : null,
    recordedBy: null,
    recordedAt: '2026-03-01T10:00:00.000Z',
    prevHash: GENESIS_HASH,
    ...extra,
  };
}
const charge = (month: number, amountCents: number, dueOn: string) => entry('charge', amountCents, dueOn, { month });
const fee = (month: number, amountCents: number, dueOn: string) => entry('fee', amountCents, dueOn, { month });
const payment = (amountCents: number, on: string) => entry('payment', amountCents, on);

describe('lateFeeCents (calculators.md Fees)', () => {
  it('is round(amount/100 · unpaid) cents for a percentage, halves up', () => {
    expect(lateFeeCents({ type: 'percentage', amount: 5 }, 236_500)).toBe(11_825);
    // 5 % of 10,001 cents is 500.05 → 500; of 10,010 is 500.5 → 501.
    expect(lateFeeCents({ type: 'percentage', amount: 5 }, 10_001)).toBe(500);
    expect(lateFeeCents({ type: 'percentage', amount: 5 }, 10_010)).toBe(501);
    // Two decimals of a percent, without float drift: 1.15 % of 1,000,000 cents.
    expect(lateFeeCents({ type: 'percentage', amount: 1.15 }, 1_000_000)).toBe(11_500);
    expect(lateFeeCents({ type: 'percentage', amount: 5 }, 0)).toBe(0);
  });

  it('is round(100 · amount) cents for a fixed fee, whatever is unpaid', () => {
    expect(lateFeeCents({ type: 'fixed', amount: 35 }, 1)).toBe(3_500);
    expect(lateFeeCents({ type: 'fixed', amount: 19.99 }, 500_000)).toBe(1_999);
    expect(lateFeeCents({ type: 'fixed', amount: 35 }, 0)).toBe(0);
  });
});

describe('feesDue', () => {
  it('makes one fee per charge unpaid at the end of due date + grace, dated the day after, on what was unpaid then', () => {
    seq = 0;
    const entries = [charge(1, 236_500, '2026-03-01'), payment(36_500, '2026-03-05')];
    // On the 11th the deadline has not ended yet.
    expect(feesDue(entries, '2026-03-11', SETTINGS)).toEqual([]);
    expect(feesDue(entries, '2026-03-12', SETTINGS)).toEqual([{ chargeSeq: 1, month: 1, amountCents: 10_000, effectiveOn: '2026-03-12' }]);
    // Paid in full by the deadline: no fee.
    expect(feesDue([...entries, payment(200_000, '2026-03-11')], '2026-03-12', SETTINGS)).toEqual([]);
    // A payment after the deadline does not undo the fee, nor change its amount.
    expect(feesDue([...entries, payment(200_000, '2026-03-12')], '2026-03-13', SETTINGS)).toEqual([
      { chargeSeq: 1, month: 1, amountCents: 10_000, effectiveOn: '2026-03-12' },
    ]);
  });

  it('never makes a second fee for a charge, even when the first was waived, and none on a fee', () => {
    seq = 0;
    const entries = [charge(1, 100_000, '2026-03-01'), fee(1, 5_000, '2026-03-12')];
    expect(feesDue(entries, '2026-04-30', SETTINGS)).toEqual([]);
    const waived = [...entries, entry('reversal', 5_000, '2026-03-13', { reversesSeq: 2, note: 'Waived' })];
    expect(feesDue(waived, '2026-04-30', SETTINGS)).toEqual([]);
  });

  it('skips deadlines before the catch-up window and fees of $0', () => {
    seq = 0;
    const entries = [charge(1, 100_000, '2026-01-01'), charge(2, 100_000, '2026-02-01')];
    expect(feesDue(entries, '2026-02-20', SETTINGS, '2026-02-10').map((f) => f.month)).toEqual([2]);
    expect(feesDue(entries, '2026-02-20', { graceDays: 10, lateFee: { type: 'fixed', amount: 0 } })).toEqual([]);
  });
});

describe('allocation with fees', () => {
  it('pays the oldest open item first: by due date, a charge before a fee on the same date; a fee never pays a month', () => {
    seq = 0;
    const entries = [
      charge(1, 100_000, '2026-02-01'),
      fee(1, 5_000, '2026-02-12'),
      // A fee dated the same day as a charge (a grace of 0 over a short month): the charge comes first.
      charge(2, 100_000, '2026-03-01'),
      fee(2, 5_000, '2026-03-01'),
      payment(205_000, '2026-03-02'),
    ];
    const result = allocateLedger(entries, '2026-03-02');
    expect(result.charges.map((c) => [c.month, c.paidCents])).toEqual([
      [1, 100_000],
      [2, 100_000],
    ]);
    expect(result.fees.map((f) => [f.seq, f.paidCents])).toEqual([
      [2, 5_000],
      [4, 0],
    ]);
    expect(result.paidMonths).toEqual([1, 2]);
    expect(result.feeCents).toBe(10_000);
    expect(result.balanceCents).toBe(5_000);
    expect(result.creditCents).toBe(0);
  });

  it('lets an earlier fee take credit before a later charge, so that month is not paid', () => {
    seq = 0;
    const entries = [charge(1, 100_000, '2026-02-01'), fee(1, 5_000, '2026-02-12'), charge(2, 100_000, '2026-03-01'), payment(200_000, '2026-03-02')];
    const result = allocateLedger(entries, '2026-03-02');
    expect(result.charges.map((c) => c.paidCents)).toEqual([100_000, 95_000]);
    expect(result.paidMonths).toEqual([1]);
  });

  it('drops a waived fee: the credit it took goes back to the charges', () => {
    seq = 0;
    const entries = [charge(1, 100_000, '2026-02-01'), fee(1, 5_000, '2026-02-12'), charge(2, 100_000, '2026-03-01'), payment(200_000, '2026-03-02')];
    const waived = [...entries, entry('reversal', 5_000, '2026-03-03', { reversesSeq: 2, note: 'Late fee waived' })];
    const result = allocateLedger(waived, '2026-03-03');
    expect(result.paidMonths).toEqual([1, 2]);
    expect(result.fees).toEqual([]);
    expect(result.feeCents).toBe(0);
  });
});

describe('lateFeeWarning', () => {
  it('names the deadline and the fee on what is unpaid now, until the fee is made', () => {
    seq = 0;
    const allocation = allocateLedger([charge(1, 236_500, '2026-03-01')], '2026-03-02');
    expect(lateFeeWarning(allocation, new Set(), '2026-03-02', SETTINGS)).toEqual({ payBy: '2026-03-11', feeCents: 11_825, month: 1 });
    expect(lateFeeWarning(allocation, new Set(), '2026-03-11', SETTINGS)).toEqual({ payBy: '2026-03-11', feeCents: 11_825, month: 1 });
    expect(lateFeeWarning(allocation, new Set(), '2026-03-12', SETTINGS)).toBeNull();
    expect(lateFeeWarning(allocation, new Set([1]), '2026-03-02', SETTINGS)).toBeNull();
  });
});
