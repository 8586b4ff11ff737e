import { z } from 'zod';
import { safeString } from '../safe-text';

/**
 * Monthly statements (docs/decisions/022-homes-and-ledger.md 'Charges and
 * statements on the job runner'): one PDF per home and calendar month of the ledger's
 * time zone, made from the 2nd of the next month on.
 */

/** A calendar month, `YYYY-MM`. */
export type StatementPeriod = string;

/** The day of the month from which last month's statements are made. */
export const STATEMENT_DAY = 2;

/** The month a statement made on `today` (YYYY-MM-DD, the ledger's calendar) covers; undefined before STATEMENT_DAY. */
export function statementPeriodFor(today: string): StatementPeriod | undefined {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  if (day < STATEMENT_DAY) return undefined;
  return month === 1 ? `${year - 1}-12` : `${year}-${String(month - 1).padStart(2, '0')}`;
}

/** The first and last day (YYYY-MM-DD) of `period`. */
export function periodBounds(period: StatementPeriod): { start: string; end: string } {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { start: `${period}-01`, end: `${period}-${String(lastDay).padStart(2, '0')}` };
}

const MONTH_NAMES = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'October 2026'. */
export function periodLabel(period: StatementPeriod): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[month - 1]} ${year}`;
}

/** The download's file name: `statement-2026-10.pdf`. */
export const statementFileName = (period: StatementPeriod) => `statement-${period}.pdf`;

export const statementItemSchema = z.object({
  id: safeString().uuid(),
  period: safeString().regex(/^\d{4}-(0[1-9]|1[0-2])$/),
  createdAt: safeString(),
  sizeBytes: z.number().int().nonnegative(),
});
export type StatementItem = z.infer<typeof statementItemSchema>;

export const statementListSchema = z.object({ statements: z.array(statementItemSchema) });
export type StatementList = z.infer<typeof statementListSchema>;
