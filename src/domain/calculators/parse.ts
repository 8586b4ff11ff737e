/**
 * Turns whatever a form field holds into a number for the calculators.
 * docs/product/calculators.md#input-parsing: empty or non-numeric input counts as 0 in all three calculators.
 */

// Optional sign, optional dollar sign (either order), then either plain digits or
// digits grouped in threes by commas, an optional decimal part and exponent.
// "1,2" is not a thousands grouping, so it is non-numeric (0), never 12.
const NUMERIC_TEXT = /^([+-]?)\$?([+-]?)(\d+|\d{1,3}(?:,\d{3})+)?(\.\d*)?(e[+-]?\d+)?$/i;

export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : 0;
  if (typeof value !== 'string') return 0;
  // Spaces and a trailing percent sign ("6.4 %") carry no meaning here.
  const text = value
    .replace(/\s+/g, '')
    .replace(/%$/, '')
    .replace(/^\u2212/, '-');
  const match = NUMERIC_TEXT.exec(text);
  if (!match) return 0;
  const [, sign1, sign2, whole = '', fraction = '', exponent = ''] = match;
  if (sign1 && sign2) return 0; // "-$-5"
  if (whole === '' && fraction.length <= 1) return 0; // "", "$", ".", "-"
  const parsed = Number(`${sign1 || sign2}${whole.replace(/,/g, '')}${fraction}${exponent}`);
  return Number.isFinite(parsed) ? parsed : 0;
}
