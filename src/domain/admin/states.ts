import { US_STATES } from '../waitlist';

/**
 * One way to write a state (docs/product/back-office.md#states): lists and detail
 * views show the full name ('Texas'), CSV exports the two-letter code ('TX').
 * Stored values are full names from the forms' state lists, but older or seeded
 * rows may hold the code; both read the same here. Pure.
 */
export const US_STATE_CODES: Readonly<Record<(typeof US_STATES)[number], string>> = {
  Alabama: 'AL',
  Alaska: 'AK',
  Arizona: 'AZ',
  Arkansas: 'AR',
  California: 'CA',
  Colorado: 'CO',
  Connecticut: 'CT',
  Delaware: 'DE',
  'District of Columbia': 'DC',
  Florida: 'FL',
  Georgia: 'GA',
  Hawaii: 'HI',
  Idaho: 'ID',
  Illinois: 'IL',
  Indiana: 'IN',
  Iowa: 'IA',
  Kansas: 'KS',
  Kentucky: 'KY',
  Louisiana: 'LA',
  Maine: 'ME',
  Maryland: 'MD',
  Massachusetts: 'MA',
  Michigan: 'MI',
  Minnesota: 'MN',
  Mississippi: 'MS',
  Missouri: 'MO',
  Montana: 'MT',
  Nebraska: 'NE',
  Nevada: 'NV',
  'New Hampshire': 'NH',
  'New Jersey': 'NJ',
  'New Mexico': 'NM',
  'New York': 'NY',
  'North Carolina': 'NC',
  'North Dakota': 'ND',
  Ohio: 'OH',
  Oklahoma: 'OK',
  Oregon: 'OR',
  Pennsylvania: 'PA',
  'Rhode Island': 'RI',
  'South Carolina': 'SC',
  'South Dakota': 'SD',
  Tennessee: 'TN',
  Texas: 'TX',
  Utah: 'UT',
  Vermont: 'VT',
  Virginia: 'VA',
  Washington: 'WA',
  'West Virginia': 'WV',
  Wisconsin: 'WI',
  Wyoming: 'WY',
};

const NAME_BY_CODE: ReadonlyMap<string, string> = new Map(Object.entries(US_STATE_CODES).map(([name, code]) => [code, name]));
const NAME_BY_LOWER: ReadonlyMap<string, string> = new Map(US_STATES.map((name) => [name.toLowerCase(), name]));

/** The full name of a stored state ('TX' or 'texas' → 'Texas'); anything else as stored, null for none. */
export function stateName(value: string | null | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  return NAME_BY_CODE.get(text.toUpperCase()) ?? NAME_BY_LOWER.get(text.toLowerCase()) ?? text;
}

/** The two-letter code of a stored state ('Texas' or 'tx' → 'TX'), for CSV; anything else as stored, null for none. */
export function stateCode(value: string | null | undefined): string | null {
  const name = stateName(value);
  if (!name) return null;
  return US_STATE_CODES[name as keyof typeof US_STATE_CODES] ?? name;
}
