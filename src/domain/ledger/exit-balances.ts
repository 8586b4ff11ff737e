/**
 * Arrears and credit of an exit quote on day t (docs/product/calculators.md 'Exit quote'), from
 * the ledger's allocation: the ledger as it stood at the quote (entries up to `headSeq`, the head
 * the quote prints) and on day t (entries effective on or before t). The server's quotes and the
 * home page's in-browser check both call this, so a homeowner recomputes from the download.
 *
 * The open items are the allocation's charges and late fees (kind `fee`, allocated with the charges by due date;
 * a waived fee does not count) — one place (docs/decisions/034-exit-quotes.md).
 */
import { allocateLedger, type AllocatableEntry, type LedgerAllocation } from './allocation';

export interface ExitBalances {
  /** The open part of every charge (and fee) due on or before t, in cents. */
  arrearsCents: number;
  /** Credit not yet used by any charge (or fee), in cents. */
  creditCents: number;
  /** The allocation it was read from (paid and billed months for homeownerFigures). */
  allocation: LedgerAllocation;
}

export function exitBalances(entries: readonly AllocatableEntry[], t: string, headSeq = Number.POSITIVE_INFINITY): ExitBalances {
  const known = entries.filter((entry) => entry.seq <= headSeq && entry.effectiveOn <= t);
  const allocation = allocateLedger(known, t);
  let arrearsCents = 0;
  for (const item of [...allocation.charges, ...allocation.fees]) if (item.dueOn <= t) arrearsCents += item.amountCents - item.paidCents;
  return { arrearsCents, creditCents: allocation.creditCents, allocation };
}
