import { addDays } from '../ledger';

/**
 * Banking days (docs/decisions/037-autopay-and-ach-files.md): the days the Federal Reserve's ACH operator settles —
 * Monday to Friday, except the Federal Reserve Banks' holidays. Pure; dates are YYYY-MM-DD calendar dates.
 *
 * The holidays are the eleven US federal holidays (Juneteenth since 2022, when the Federal Reserve first closed
 * for it). The observed rule is the Federal Reserve's own, not the federal government's: a holiday on a **Sunday**
 * is observed on the Monday after (the Reserve Banks are closed that Monday); a holiday on a **Saturday** is not
 * moved — the Reserve Banks are open the Friday before — so that Friday is a banking day.
 */

export interface BankHoliday {
  date: string;
  name: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const iso = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`;
/** 0 Sunday … 6 Saturday. */
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** The `n`-th (1-based) `dow` of a month; n = -1: the last. */
function nthWeekday(year: number, month: number, dow: number, n: number): string {
  if (n > 0) {
    const first = iso(year, month, 1);
    const offset = (dow - weekday(first) + 7) % 7;
    return addDays(first, offset + (n - 1) * 7);
  }
  const last = addDays(month === 12 ? iso(year + 1, 1, 1) : iso(year, month + 1, 1), -1);
  return addDays(last, -((weekday(last) - dow + 7) % 7));
}

/** A fixed-date holiday as the Federal Reserve observes it: Sunday → the Monday after; Saturday → not moved. */
const observed = (date: string) => (weekday(date) === 0 ? addDays(date, 1) : date);

const cache = new Map<number, readonly BankHoliday[]>();

/** The Federal Reserve Banks' holidays of `year`, as observed, in date order. */
export function fedHolidays(year: number): readonly BankHoliday[] {
  const hit = cache.get(year);
  if (hit) return hit;
  const MON = 1;
  const THU = 4;
  const days: BankHoliday[] = [
    { date: observed(iso(year, 1, 1)), name: "New Year's Day" },
    { date: nthWeekday(year, 1, MON, 3), name: 'Birthday of Martin Luther King, Jr.' },
    { date: nthWeekday(year, 2, MON, 3), name: "Washington's Birthday" },
    { date: nthWeekday(year, 5, MON, -1), name: 'Memorial Day' },
    ...(year >= 2022 ? [{ date: observed(iso(year, 6, 19)), name: 'Juneteenth National Independence Day' }] : []),
    { date: observed(iso(year, 7, 4)), name: 'Independence Day' },
    { date: nthWeekday(year, 9, MON, 1), name: 'Labor Day' },
    { date: nthWeekday(year, 10, MON, 2), name: 'Columbus Day' },
    { date: observed(iso(year, 11, 11)), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, THU, 4), name: 'Thanksgiving Day' },
    { date: observed(iso(year, 12, 25)), name: 'Christmas Day' },
  ];
  // Saturday holidays stay on their Saturday (not a banking day anyway).
  const sorted = days.sort((a, b) => a.date.localeCompare(b.date));
  cache.set(year, sorted);
  return sorted;
}

/** The holiday on `date`, if the Federal Reserve Banks are closed for one. */
export function fedHolidayOn(date: string): BankHoliday | undefined {
  return fedHolidays(Number(date.slice(0, 4))).find((holiday) => holiday.date === date);
}

/** True on a banking day: a weekday that is not a Federal Reserve holiday. */
export function isBankingDay(date: string): boolean {
  const dow = weekday(date);
  return dow !== 0 && dow !== 6 && !fedHolidayOn(date);
}

/** `date` when it is a banking day, else the banking day before it: when an autopay debit due on `date` goes out. */
export function bankingDayOnOrBefore(date: string): string {
  let day = date;
  while (!isBankingDay(day)) day = addDays(day, -1);
  return day;
}

/** The first banking day after `date`: the effective entry date of a file written on `date`. */
export function nextBankingDay(date: string): string {
  let day = addDays(date, 1);
  while (!isBankingDay(day)) day = addDays(day, 1);
  return day;
}
