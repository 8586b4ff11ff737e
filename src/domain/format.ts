/**
 * Display formatting shared by every screen: US dollars with thousands separators,
 * whole dollars in the calculators (docs/product/public-site.md#general-constants);
 * dates 'MMM d, yyyy' and 'MMM d, yyyy h:mm a' (docs/product/back-office.md#dates);
 * percentages to one decimal (docs/product/calculators.md#rounding-and-display).
 * Pure: the same input always gives the same text, in the browser, on the server
 * and in tests (dates take an explicit time zone, UTC unless told).
 * The only place that formats numbers and dates for reading: eslint.config.js forbids
 * toLocaleString, toLocaleDateString, toLocaleTimeString and Intl.NumberFormat in
 * src/web and src/domain outside this file.
 */

/** U+2212, the typographic minus: '−$1,300' lines up with '$1,300' in tabular figures. */
export const MINUS = '\u2212';

const wholeDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});

const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

const percentFormats = new Map<string, Intl.NumberFormat>();
function percentFormat(min: number, max: number): Intl.NumberFormat {
  const key = `${min}:${max}`;
  let format = percentFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'percent', minimumFractionDigits: min, maximumFractionDigits: max });
    percentFormats.set(key, format);
  }
  return format;
}

/** Shown instead of a figure that is not a finite number. */
const NOT_A_NUMBER = '—';

/**
 * Sign in front of the formatted magnitude, so negative figures round like positive
 * ones (−1,299.6 → '−$1,300') and a figure that rounds to zero never shows as '−$0'.
 */
function signed(value: number, format: (magnitude: number) => string): string {
  if (!Number.isFinite(value)) return NOT_A_NUMBER;
  const text = format(Math.abs(value));
  return value < 0 && /[1-9]/.test(text) ? `${MINUS}${text}` : text;
}

/** Whole US dollars with thousands separators: 1234.5 → '$1,235', −1300 → '−$1,300'. */
export function formatMoney(value: number): string {
  return signed(value, (v) => wholeDollars.format(v));
}

const centDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Dollars as typed in a form: cents only when there are any (1234 → '$1,234', 1234.5 → '$1,234.50'). */
export function formatMoneyCents(value: number): string {
  const cents = Math.round(value * 100);
  return cents % 100 === 0 ? formatMoney(cents / 100) : signed(cents / 100, (v) => centDollars.format(v));
}

/** Dollars from whole cents, cents only when there are any: 123400 → '$1,234', 123450 → '$1,234.50'. */
export function formatCents(cents: number): string {
  return formatMoneyCents(cents / 100);
}

/** Short dollars for chart axes: 140879 → '$140.9K', 1.2e6 → '$1.2M'. */
export function formatMoneyCompact(value: number): string {
  return signed(value, (v) => compactDollars.format(v));
}

export interface PercentOptions {
  /** Decimals shown (default 1). */
  digits?: number;
  /** Drop trailing zeros: 0.01 → '1%' rather than '1.0%' (for stated constants). */
  trim?: boolean;
}

/** A ratio as a percentage, one decimal by default: 0.385 → '38.5%', −0.02 → '−2.0%'. */
export function formatPercent(ratio: number, { digits = 1, trim = false }: PercentOptions = {}): string {
  return signed(ratio, (v) => percentFormat(trim ? 0 : digits, digits).format(v));
}

const plainNumber = new Intl.NumberFormat('en-US');

/**
 * A count or a plain figure with thousands separators and up to three decimals: 1234 → '1,234',
 * 2.5 → '2.5'. The same text as `value.toLocaleString('en-US')`, hyphen-minus and 'NaN' included.
 */
export function formatNumber(value: number): string {
  return plainNumber.format(value);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const dateParts = new Map<string, Intl.DateTimeFormat>();
function partsIn(timeZone: string): Intl.DateTimeFormat {
  let format = dateParts.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    dateParts.set(timeZone, format);
  }
  return format;
}

function fields(date: Date | string | number, timeZone: string) {
  const d = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(d.getTime())) return null;
  const parts = partsIn(timeZone).formatToParts(d);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get('year'), month: get('month'), day: get('day'), hour: get('hour'), minute: get('minute') };
}

export interface DateOptions {
  /** IANA time zone; default 'UTC' so the text never depends on the machine. */
  timeZone?: string;
}

/** 'MMM d, yyyy': 2025-03-07 → 'Mar 7, 2025'. */
export function formatDate(date: Date | string | number, { timeZone = 'UTC' }: DateOptions = {}): string {
  const f = fields(date, timeZone);
  if (!f) return NOT_A_NUMBER;
  return `${MONTHS[f.month - 1]} ${f.day}, ${f.year}`;
}

/** 'MMM d, yyyy h:mm a': 2025-03-07T15:04Z → 'Mar 7, 2025 3:04 PM'. */
export function formatDateTime(date: Date | string | number, { timeZone = 'UTC' }: DateOptions = {}): string {
  const f = fields(date, timeZone);
  if (!f) return NOT_A_NUMBER;
  const hour12 = f.hour % 12 === 0 ? 12 : f.hour % 12;
  const period = f.hour < 12 ? 'AM' : 'PM';
  return `${MONTHS[f.month - 1]} ${f.day}, ${f.year} ${hour12}:${String(f.minute).padStart(2, '0')} ${period}`;
}
