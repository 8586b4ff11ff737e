/**
 * What a home's ledger says is paid and owed (docs/decisions/022-homes-and-ledger.md#the-ledger;
 * docs/product/dashboard.md#what-comes-with-a-home). Whole cents throughout, never floats.
 *
 * - A charge owes its amount; a payment credits; a refund takes credit back (money
 *   returned to the homeowner); a payout is equity paid out at a transfer and leaves the
 *   charges' balance alone; a reversal undoes the entry it names (a reversed reversal
 *   restores that entry).
 * - The credit — payments less refunds — pays the oldest open item first, whatever
 *   the order money came in: charges and late fees ordered by due date, a charge before a
 *   fee on the same date (calculators.md 'Fees'). A month is 'paid' (for homeownerFigures'
 *   paidMonths) when the credit reaches all of its charge; a fee never counts toward equity.
 *   Over-payment stays as credit for the next item.
 */
import { isPastGrace, OVERDUE_AFTER_DAYS } from './dates';
import type { LedgerEntryContent } from './entry';

/** What allocating reads of an entry: a reader that does not need the chain's hashes reads only these. */
export type AllocatableEntry = Pick<LedgerEntryContent, 'seq' | 'kind' | 'amountCents' | 'month' | 'effectiveOn' | 'reversesSeq'>;

export type ChargeState = 'paid' | 'due' | 'overdue';

export interface ChargeAllocation {
  /** The charge entry. */
  seq: number;
  month: number;
  dueOn: string;
  amountCents: number;
  /** The part of the credit it received, 0…amountCents. */
  paidCents: number;
  /** paid in full; else overdue when today is more than 10 days after dueOn; else due. */
  state: ChargeState;
}

/** A late fee that counts (not waived) and what the credit paid of it. */
export interface FeeAllocation {
  /** The fee entry. */
  seq: number;
  /** The agreement month of the charge it is the late fee of. */
  month: number;
  /** The day it was made: it is due at once. */
  dueOn: string;
  amountCents: number;
  paidCents: number;
}

export interface LedgerAllocation {
  /** The charges that count (not reversed), oldest month first. */
  charges: ChargeAllocation[];
  /** The late fees that count (not waived), oldest first. */
  fees: FeeAllocation[];
  /** Months whose charge is paid in full, ascending. */
  paidMonths: number[];
  /**
   * The highest month billed, reversed charges included: a month is billed once (the database allows one charge per
   * home and month), so a reversed charge waives its month — it is still billed, and the next month to bill comes after it.
   */
  billedMonths: number;
  /** Σ charges that count. */
  chargedCents: number;
  /** Σ payments − Σ refunds that count (negative if more was refunded than received). */
  creditedCents: number;
  /** Σ payouts that count: equity paid out, outside the charges' balance. */
  payoutCents: number;
  /** Σ late fees that count. */
  feeCents: number;
  /** chargedCents + feeCents − creditedCents: what is owed; negative means the homeowner is in credit. */
  balanceCents: number;
  /** Credit left after paying every charge and fee, ≥ 0. */
  creditCents: number;
}

/** The seqs of the entries that count: those no counting reversal names (a reversal only names an earlier entry). */
export function countingSeqs(entries: readonly AllocatableEntry[]): Set<number> {
  const bySeqDescending = [...entries].sort((a, b) => b.seq - a.seq);
  const undone = new Set<number>();
  const counting = new Set<number>();
  for (const entry of bySeqDescending) {
    if (undone.has(entry.seq)) continue;
    counting.add(entry.seq);
    if (entry.kind === 'reversal' && entry.reversesSeq !== null && entry.reversesSeq < entry.seq) undone.add(entry.reversesSeq);
  }
  return counting;
}

/**
 * The order credit pays open items in: due date, then a charge before a fee, then month and seq
 * (the SQL of ledger-projection.ts's rebuild sorts the same way).
 */
export function allocationOrder(a: AllocatableEntry, b: AllocatableEntry): number {
  if (a.effectiveOn !== b.effectiveOn) return a.effectiveOn < b.effectiveOn ? -1 : 1;
  const kind = Number(a.kind === 'fee') - Number(b.kind === 'fee');
  return kind || (a.month ?? 0) - (b.month ?? 0) || a.seq - b.seq;
}

/**
 * Allocates a home's entries (any order) as of `today` (YYYY-MM-DD); a charge not paid in full is overdue
 * more than `overdueAfterDays` after its due date.
 */
export function allocateLedger(entries: readonly AllocatableEntry[], today: string, overdueAfterDays = OVERDUE_AFTER_DAYS): LedgerAllocation {
  for (const entry of entries) {
    if (!Number.isSafeInteger(entry.amountCents) || entry.amountCents <= 0) {
      throw new RangeError(`Entry ${entry.seq}: an amount is a positive whole number of cents.`);
    }
  }
  const counting = countingSeqs(entries);
  const counted = entries.filter((entry) => counting.has(entry.seq));

  let chargedCents = 0;
  let creditedCents = 0;
  let payoutCents = 0;
  let feeCents = 0;
  for (const entry of counted) {
    if (entry.kind === 'charge') chargedCents += entry.amountCents;
    else if (entry.kind === 'fee') feeCents += entry.amountCents;
    else if (entry.kind === 'payment') creditedCents += entry.amountCents;
    else if (entry.kind === 'refund') creditedCents -= entry.amountCents;
    else if (entry.kind === 'payout') payoutCents += entry.amountCents;
  }

  const openItems = counted.filter((entry) => (entry.kind === 'charge' || entry.kind === 'fee') && entry.month !== null).sort(allocationOrder);

  // Oldest first: each charge or fee takes what it can of the credit left.
  let available = Math.max(0, creditedCents);
  const charges: ChargeAllocation[] = [];
  const fees: FeeAllocation[] = [];
  for (const item of openItems) {
    const paidCents = Math.min(item.amountCents, available);
    available -= paidCents;
    if (item.kind === 'fee') {
      fees.push({ seq: item.seq, month: item.month!, dueOn: item.effectiveOn, amountCents: item.amountCents, paidCents });
      continue;
    }
    const state: ChargeState = paidCents === item.amountCents ? 'paid' : isPastGrace(item.effectiveOn, today, overdueAfterDays) ? 'overdue' : 'due';
    charges.push({ seq: item.seq, month: item.month!, dueOn: item.effectiveOn, amountCents: item.amountCents, paidCents, state });
  }
  charges.sort((a, b) => a.month - b.month || a.seq - b.seq);

  const paidMonths = [...new Set(charges.filter((charge) => charge.state === 'paid').map((charge) => charge.month))].sort((a, b) => a - b);
  return {
    charges,
    fees,
    paidMonths,
    billedMonths: entries.reduce((highest, entry) => (entry.kind === 'charge' && entry.month !== null ? Math.max(highest, entry.month) : highest), 0),
    chargedCents,
    creditedCents,
    payoutCents,
    feeCents,
    balanceCents: chargedCents + feeCents - creditedCents,
    creditCents: available,
  };
}
