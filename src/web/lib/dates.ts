import { formatDate, formatDateTime } from '../../domain/format';

/**
 * The one rule for dates on screen (docs/product/back-office.md#dates): an instant (a sign-up, a submission,
 * an audit entry) is shown in the viewer's own time zone, in lists and dialogs alike,
 * and a column of them says which zone in its header. A calendar date (a date of
 * birth) has no zone and never shifts. Formats are domain/format.ts's
 * ('MMM d, yyyy' and 'MMM d, yyyy h:mm a').
 */

/** The browser's IANA time zone ('America/New_York'); UTC when it cannot tell. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

type Instant = Date | string | number;

/** 'Mar 7, 2025' in the viewer's zone. */
export const localDate = (value: Instant, timeZone = viewerTimeZone()) => formatDate(value, { timeZone });

/** 'Mar 7, 2025 3:04 PM' in the viewer's zone. */
export const localDateTime = (value: Instant, timeZone = viewerTimeZone()) => formatDateTime(value, { timeZone });

/** A calendar date 'yyyy-mm-dd' as 'May 5, 1990', the same in every zone. */
export const calendarDate = (ymd: string) => formatDate(`${ymd}T12:00:00Z`);

function zonePart(at: Date, timeZone: string, style: 'short' | 'shortGeneric'): string | undefined {
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: style }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value;
  } catch {
    return undefined;
  }
}

/**
 * The zone's name as a column header states it: the generic US names ('ET', 'PT')
 * that hold on both sides of a daylight-saving change, otherwise what Intl calls it
 * ('GMT+5:30', 'Germany Time'), and 'UTC' for UTC.
 */
export function zoneLabel(timeZone = viewerTimeZone(), at: Date = new Date()): string {
  if (timeZone === 'UTC' || timeZone === 'Etc/UTC') return 'UTC';
  return zonePart(at, timeZone, 'shortGeneric') ?? zonePart(at, timeZone, 'short') ?? timeZone;
}

/** The zone of one instant, daylight saving included ('EST' in January, 'EDT' in July). */
export const zoneAt = (value: Instant, timeZone = viewerTimeZone()) => zonePart(new Date(value), timeZone, 'short') ?? timeZone;

/** A column header for instants: 'Date (ET)'. */
export const inViewerZone = (header: string, timeZone = viewerTimeZone()) => `${header} (${zoneLabel(timeZone)})`;
