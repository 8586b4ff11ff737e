import { z } from 'zod';
import { addDays, chargeDueOn } from '../ledger';
import { safeString } from '../safe-text';
import { bankingDayOnOrBefore } from './bank-days';

/**
 * Autopay (docs/decisions/037-autopay-and-ach-files.md): each agreement month's charge is debited on its due date,
 * or the banking day before when the due date is a weekend or a Federal Reserve holiday. Pure.
 */

/** A run that missed a debit day (the server was down) still sends it this many days after the due date; later, never. */
export const AUTOPAY_CATCH_UP_DAYS = 3;

export interface AutopayMonth {
  month: number;
  dueOn: string;
  /** The banking day the debit goes out. */
  debitOn: string;
}

const monthNumber = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7));

/** Agreement month `month`'s debit: its due date and the banking day on or before it. */
export function autopayMonth(purchaseDate: string, month: number): AutopayMonth {
  const dueOn = chargeDueOn(purchaseDate, month);
  return { month, dueOn, debitOn: bankingDayOnOrBefore(dueOn) };
}

/**
 * The months whose autopay debit is due to go out on `today`: debit day reached, the due date not more than
 * AUTOPAY_CATCH_UP_DAYS behind, and autopay on by the due date (`since`, the day it was turned on). Due dates are
 * the 1st, and a debit day is at most a few days before it, so only this month's and next month's can qualify.
 */
export function autopayMonthsDue(purchaseDate: string, today: string, since: string, catchUpDays = AUTOPAY_CATCH_UP_DAYS): AutopayMonth[] {
  const out: AutopayMonth[] = [];
  for (const ahead of [0, 1]) {
    const month = monthNumber(today) + ahead - monthNumber(purchaseDate);
    if (month < 1) continue;
    const due = autopayMonth(purchaseDate, month);
    if (due.debitOn <= today && today <= addDays(due.dueOn, catchUpDays) && since <= due.dueOn) out.push(due);
  }
  return out;
}

export const setAutopaySchema = z.object({ on: z.boolean({ error: 'Choose on or off.' }) });
export type SetAutopayInput = z.output<typeof setAutopaySchema>;

export const autopaySchema = z.object({
  on: z.boolean(),
  /** When it was last turned on (ISO), null while off. */
  since: safeString().nullable(),
  /** While on: the next month's debit and the day it goes out. */
  nextDebit: z.object({ month: z.number().int(), dueOn: safeString(), debitOn: safeString(), amountCents: z.number().int() }).nullable(),
});
export type AutopayView = z.output<typeof autopaySchema>;
