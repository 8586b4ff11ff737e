/**
 * Late fees and grace (calculators.md 'Fees — grace and late fees'; docs/decisions/031-late-fees-and-nacha.md).
 * A month's charge not paid in full at the end of its due date + `graceDays` (calendar days in the company's
 * time zone) gets one late fee at that moment: `round(amount/100 · unpaid)` cents for a percentage, or
 * `round(100 · amount)` cents for a fixed fee. One fee per charge, ever; none on a fee. Pure.
 */
import { allocateLedger, type AllocatableEntry, type LedgerAllocation } from './allocation';
import { addDays } from './dates';

export interface LateFeeConfig {
  type: 'percentage' | 'fixed';
  /** Percent of the unpaid part (two decimals at most), or dollars (two decimals at most). */
  amount: number;
}

export interface FeeSettings {
  graceDays: number;
  lateFee: LateFeeConfig;
}

/** The fee in whole cents for a charge with `unpaidCents` still open; halves round up (they are positive). */
export function lateFeeCents(config: LateFeeConfig, unpaidCents: number): number {
  if (!Number.isSafeInteger(unpaidCents) || unpaidCents < 0) throw new RangeError('unpaid is a whole number of cents, 0 or more');
  if (unpaidCents === 0) return 0;
  // In hundredths of the setting's unit, so no float rounding reaches the cents: 5.25 % is 525.
  const hundredths = Math.round(config.amount * 100);
  if (config.type === 'fixed') return hundredths;
  return Math.floor((hundredths * unpaidCents + 5_000) / 10_000);
}

/** The last day a charge due on `dueOn` can be paid without a fee: its due date + graceDays. */
export function feeDeadline(dueOn: string, graceDays: number): string {
  return addDays(dueOn, graceDays);
}

/** A fee to make: the charge it is for and its amount, dated (and due) the day after the deadline. */
export interface FeeToMake {
  chargeSeq: number;
  month: number;
  amountCents: number;
  effectiveOn: string;
}

/**
 * The fees a home's ledger is owed on `today` (YYYY-MM-DD, the company's calendar): for every counting charge
 * whose deadline has ended before `today` and that has no fee yet (one per charge's month, ever — a waived fee
 * counts as made), the fee on what was unpaid at the end of the deadline (the entries dated up to it). Only
 * deadlines on or after `since` (the job's catch-up window): fees are not made backwards over history.
 */
export function feesDue(entries: readonly AllocatableEntry[], today: string, settings: FeeSettings, since = '0000-01-01'): FeeToMake[] {
  const feeMonths = new Set(entries.filter((entry) => entry.kind === 'fee' && entry.month !== null).map((entry) => entry.month!));
  const current = allocateLedger(entries, today);
  const made: FeeToMake[] = [];
  for (const charge of current.charges) {
    if (feeMonths.has(charge.month)) continue;
    const deadline = feeDeadline(charge.dueOn, settings.graceDays);
    if (!(deadline < today) || deadline < since) continue;
    const then = allocateLedger(
      entries.filter((entry) => entry.effectiveOn <= deadline),
      deadline,
    );
    const atDeadline = then.charges.find((c) => c.seq === charge.seq);
    if (!atDeadline) continue;
    const amountCents = lateFeeCents(settings.lateFee, atDeadline.amountCents - atDeadline.paidCents);
    if (amountCents <= 0) continue;
    made.push({ chargeSeq: charge.seq, month: charge.month, amountCents, effectiveOn: addDays(deadline, 1) });
  }
  return made;
}

/** The home page's warning: 'Pay by Mar 11 to avoid a $118.25 late fee'. */
export interface LateFeeWarning {
  /** The deadline: the last day to pay without the fee. */
  payBy: string;
  /** What the fee would be on what is unpaid now. */
  feeCents: number;
  month: number;
}

/**
 * The first open charge whose fee has not been made yet and whose deadline is today or later, with the fee it would
 * get on what is unpaid now; null when there is none (or the fee would be $0).
 */
export function lateFeeWarning(
  allocation: Pick<LedgerAllocation, 'charges'>,
  feeMonths: ReadonlySet<number>,
  today: string,
  settings: FeeSettings,
): LateFeeWarning | null {
  for (const charge of allocation.charges) {
    if (charge.paidCents >= charge.amountCents || feeMonths.has(charge.month)) continue;
    const payBy = feeDeadline(charge.dueOn, settings.graceDays);
    if (payBy < today) continue;
    const feeCents = lateFeeCents(settings.lateFee, charge.amountCents - charge.paidCents);
    if (feeCents > 0) return { payBy, feeCents, month: charge.month };
  }
  return null;
}
