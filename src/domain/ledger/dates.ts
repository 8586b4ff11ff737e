/**
 * Calendar days of the ledger, as YYYY-MM-DD text in UTC (no time zone can shift a due date).
 * Month k of an agreement falls due on the 1st of the k-th calendar month after the
 * purchase (docs/product/calculators.md#months-and-payment-changes); a charge is overdue
 * when it is not paid in full 10 days after that (docs/decisions/022-homes-and-ledger.md#the-ledger).
 */

/** A charge not paid in full this many days after its due date is overdue; on the 10th day it is still due. */
export const OVERDUE_AFTER_DAYS = 10;

const DAY_MS = 86_400_000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Year, month (1–12) and day of a real YYYY-MM-DD date; RangeError otherwise. */
function parts(date: string): { year: number; month: number; day: number } {
  const match = DATE.exec(date);
  if (match) {
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
    const back = new Date(Date.UTC(year, month - 1, day));
    if (back.getUTCFullYear() === year && back.getUTCMonth() === month - 1 && back.getUTCDate() === day) return { year, month, day };
  }
  throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
}

function format(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** `date` plus `days` calendar days (negative goes back). */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  return format(Date.UTC(year, month - 1, day) + days * DAY_MS);
}

/**
 * The due date of agreement month `month` (1, 2, …): the 1st of the first calendar month
 * after the purchase date for month 1, a calendar month later for each month after.
 * A purchase on 15 Jan or on 1 Jan 2026 both give 1 Feb 2026 for month 1.
 */
export function chargeDueOn(purchaseDate: string, month: number): string {
  if (!Number.isSafeInteger(month) || month < 1) throw new RangeError(`Not an agreement month: ${month}`);
  const { year, month: purchaseMonth } = parts(purchaseDate);
  return format(Date.UTC(year, purchaseMonth - 1 + month, 1));
}

/** How many agreement months have fallen due by `today` (0 before the first): the months to bill. */
export function monthsDueBy(purchaseDate: string, today: string): number {
  const purchase = parts(purchaseDate);
  const now = parts(today);
  return Math.max(0, now.year * 12 + now.month - (purchase.year * 12 + purchase.month));
}

/** True when a charge due on `dueOn`, not paid in full, is overdue on `today`: more than `days` (10) days late. */
export function isPastGrace(dueOn: string, today: string, days = OVERDUE_AFTER_DAYS): boolean {
  parts(today);
  return today > addDays(dueOn, days);
}
