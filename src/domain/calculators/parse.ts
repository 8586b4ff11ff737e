/**
 * Turns whatever a form field holds into a number for the calculators.
 * docs/product/calculators.md#input-parsing: empty or non-numeric input counts as 0 in all three calculators.
 */

// Optional sign, optional dollar sign (either order), then either plain digits or
// digits grouped in threes by commas, an optional decimal part and exponent.
// "1,2" is not a thousands grouping, so it is non-numeric (0), never 12.
const NUMERIC_TEXT = /^([+-]?)\$?([+-]?)(\d+|\d{1,3}(?:,\d{3})+)?(\.\d*)?(e[+-]?\d+)?$/i;

export function toNumber(value: unknown): number {
  return parseNumber(value) ?? 0;
}

/** The number a field holds, or null when it is empty or not a number (toNumber counts both as 0). */
export function parseNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string') return null;
  // Spaces and a trailing percent sign ("6.4 %") carry no meaning here.
  const text = value
    .replace(/\s+/g, '')
    .replace(/%$/, '')
    .replace(/^\u2212/, '-');
  const match = NUMERIC_TEXT.exec(text);
  if (!match) return null;
  const [, sign1, sign2, whole = '', fraction = '', exponent = ''] = match;
  if (sign1 && sign2) return null; // "-$-5"
  if (whole === '' && fraction.length <= 1) return null; // "", "$", ".", "-"
  const parsed = Number(`${sign1 || sign2}${whole.replace(/,/g, '')}${fraction}${exponent}`);
  return Number.isFinite(parsed) ? parsed : null;
}
