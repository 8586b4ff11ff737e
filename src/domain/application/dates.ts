import { LIMITS } from './fields';

/** Calendar dates as `<input type="date">` gives them: 'YYYY-MM-DD'. */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date within LIMITS.minYear..maxYear. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < LIMITS.minYear || year > LIMITS.maxYear || month < 1 || month > 12 || day < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today's calendar date in UTC, 'YYYY-MM-DD' (ISO dates compare as text). */
export const todayIso = (now: Date = new Date()) => now.toISOString().slice(0, 10);

/** Whole years from `birth` to `today` (both ISO dates). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split('-').map(Number);
  const [ty, tm, td] = today.split('-').map(Number);
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}
