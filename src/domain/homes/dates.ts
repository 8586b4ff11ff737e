/**
 * The ledger's calendar (docs/decisions/022-homes-and-ledger.md): due dates, 'today'
 * for overdue charges and the months of statements are dates in the company's
 * time zone, so a charge due on the 1st is not billed on the evening of the 31st.
 * Due dates themselves are src/domain/ledger/dates.ts.
 */
export const LEDGER_TIME_ZONE = 'America/New_York';

// en-CA formats as YYYY-MM-DD. Made once: building an Intl.DateTimeFormat costs far more than formatting
// with it (a measured 2–3 % of a homeowner's dashboard request's CPU when built per call).
let ledgerDateFormat: Intl.DateTimeFormat | undefined;

/** `at` as a calendar date (YYYY-MM-DD) in the ledger's time zone. */
export function ledgerToday(at: Date = new Date()): string {
  ledgerDateFormat ??= new Intl.DateTimeFormat('en-CA', { timeZone: LEDGER_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
  return ledgerDateFormat.format(at);
}
