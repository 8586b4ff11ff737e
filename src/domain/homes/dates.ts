/**
 * The company's calendar (calculators.md 'Fees': America/Los_Angeles; docs/decisions/037-autopay-and-ach-files.md): due dates, 'today' for overdue charges and
 * late fees, the months of statements and the autopay and ACH file days are dates in this one time zone, so a
 * charge due on the 1st is not billed on the evening of the 31st, and the ledger and the fee job never disagree
 * about what day it is. Due dates themselves are src/domain/ledger/dates.ts.
 */
export const COMPANY_TIME_ZONE = 'America/Los_Angeles';
/** The ledger's time zone is the company's (docs/decisions/037-autopay-and-ach-files.md; 022 had New York). */
export const LEDGER_TIME_ZONE = COMPANY_TIME_ZONE;

// en-CA formats as YYYY-MM-DD. Made once: building an Intl.DateTimeFormat costs far more than formatting
// with it (a measured 2–3 % of a homeowner's dashboard request's CPU when built per call).
let companyDateFormat: Intl.DateTimeFormat | undefined;

/** `at` as a calendar date (YYYY-MM-DD) in the company's time zone: the one 'today' of the ledger, the fee job and autopay. */
export function ledgerToday(at: Date = new Date()): string {
  companyDateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: COMPANY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return companyDateFormat.format(at);
}

/**
 * The first instant after the company's day `date` (YYYY-MM-DD): midnight America/Los_Angeles of the next day, when
 * `ledgerToday` turns to the day after. A deadline 'until the end of `date`' (docs/decisions/043-signed-exit-quotes.md).
 */
export function companyDayEnd(date: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  // Midnight there is 07:00 UTC in summer time and 08:00 UTC in winter time; daylight saving never changes at midnight.
  const summer = new Date(Date.UTC(y, m - 1, d + 1, 7));
  return ledgerToday(summer) > date ? summer : new Date(Date.UTC(y, m - 1, d + 1, 8));
}
