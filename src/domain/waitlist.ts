import { z } from 'zod';
import { emailFormat, personName, safeIsoDateTime, safeString } from './safe-text';

/** Option lists and the schema of the public waitlist submission (docs/product/waitlist.md#fields, #validation). */
export interface Option<V extends string = string> {
  value: V;
  label: string;
}

// docs/product/waitlist.md#fields: the 50 US states and the District of Columbia by full name, Alabama to Wyoming.
export const US_STATES = [
  'Alabama',
  'Alaska',
  'Arizona',
  'Arkansas',
  'California',
  'Colorado',
  'Connecticut',
  'Delaware',
  'District of Columbia',
  'Florida',
  'Georgia',
  'Hawaii',
  'Idaho',
  'Illinois',
  'Indiana',
  'Iowa',
  'Kansas',
  'Kentucky',
  'Louisiana',
  'Maine',
  'Maryland',
  'Massachusetts',
  'Michigan',
  'Minnesota',
  'Mississippi',
  'Missouri',
  'Montana',
  'Nebraska',
  'Nevada',
  'New Hampshire',
  'New Jersey',
  'New Mexico',
  'New York',
  'North Carolina',
  'North Dakota',
  'Ohio',
  'Oklahoma',
  'Oregon',
  'Pennsylvania',
  'Rhode Island',
  'South Carolina',
  'South Dakota',
  'Tennessee',
  'Texas',
  'Utah',
  'Vermont',
  'Virginia',
  'Washington',
  'West Virginia',
  'Wisconsin',
  'Wyoming',
] as const;

export const HOME_TYPES = [
  { value: 'new', label: 'New Home' },
  { value: 'current', label: 'Current Home' },
] as const satisfies readonly Option[];

export const BUYING_TIMELINES = [
  { value: 'immediately', label: 'Immediately' },
  { value: '3months', label: 'Within 3 months' },
  { value: '6months', label: 'Within 6 months' },
  { value: '1year', label: 'Within a year' },
  { value: 'more1year', label: 'More than a year' },
] as const satisfies readonly Option[];

export const PRICE_RANGES = [
  { value: 'under200k', label: 'Under $200k' },
  { value: '200-300k', label: '$200k - $300k' },
  { value: '300-400k', label: '$300k - $400k' },
  { value: '400-500k', label: '$400k - $500k' },
  { value: '500-600k', label: '$500k - $600k' },
  { value: '600-700k', label: '$600k - $700k' },
  { value: '700k+', label: '$700k+' },
] as const satisfies readonly Option[];

// docs/product/waitlist.md#fields: under $5K, then text labels from $5K to $50K in $5K steps, then $50K+.
export const DOWN_PAYMENTS = ['Under $5K', '$5K', '$10K', '$15K', '$20K', '$25K', '$30K', '$35K', '$40K', '$45K', '$50K', '$50K+'] as const;

// docs/product/waitlist.md#fields: eleven bands of $200 from $1,200 to $3,000, with one below and one above.
export const MONTHLY_PAYMENT_RANGES = [
  '<$1,200',
  '$1,200-$1,400',
  '$1,400-$1,600',
  '$1,600-$1,800',
  '$1,800-$2,000',
  '$2,000-$2,200',
  '$2,200-$2,400',
  '$2,400-$2,600',
  '$2,600-$2,800',
  '$2,800-$3,000',
  '$3,000+',
] as const;

export const PRIORITIES = [
  { value: 'lower-payments', label: 'Lower down payment & monthly payment' },
  { value: 'higher-equity', label: 'Higher equity & appreciation share' },
] as const satisfies readonly Option[];

export const HOUSING_STATUSES = [
  { value: 'renter', label: 'Renter' },
  { value: 'first-time-buyer', label: 'First-time Buyer' },
  { value: 'current-homeowner', label: 'Current Homeowner' },
] as const satisfies readonly Option[];

const values = <T extends readonly Option[]>(options: T) => options.map((o) => o.value) as unknown as [T[number]['value'], ...T[number]['value'][]];

export function labelOf(options: readonly Option[], value: string): string {
  return options.find((o) => o.value === value)?.label ?? value;
}

const required = (label: string, max = 200) =>
  safeString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const choice = <T extends [string, ...string[]]>(allowed: T, message: string) => z.enum(allowed, { error: message });

/** docs/product/waitlist.md#validation: every field is required; consent must be ticked. */
export const waitlistSchema = z.object({
  firstName: personName('First name'),
  lastName: personName('Last name'),
  email: safeString({ error: 'Email is required' })
    .trim()
    .min(1, 'Email is required')
    .max(254, 'Email is too long')
    .pipe(emailFormat('Enter a valid email address')),
  phone: required('Phone', 40).regex(/^[+()\d\s.-]*\d{3}[()\d\s.-]*\d{4}[\s]*$/, 'Enter a valid phone number'),
  cityState: required('City and state', 120),
  intendedState: choice([...US_STATES], 'Choose the state you intend to buy in'),
  homeType: choice(values(HOME_TYPES), 'Choose a home type'),
  buyingTimeline: choice(values(BUYING_TIMELINES), 'Choose your buying timeline'),
  priceRange: choice(values(PRICE_RANGES), 'Choose a price range'),
  downPayment: choice([...DOWN_PAYMENTS], 'Choose a down payment'),
  monthlyPaymentRange: choice([...MONTHLY_PAYMENT_RANGES], 'Choose a monthly payment range'),
  priority: choice(values(PRIORITIES), 'Choose what matters most to you'),
  housingStatus: choice(values(HOUSING_STATUSES), 'Choose your housing status'),
  interests: required('Interests', 2000),
  contactConsent: z.literal(true, { error: 'Please check the consent box to continue.' }),
});

export type WaitlistForm = z.input<typeof waitlistSchema>;
export type WaitlistSubmission = z.output<typeof waitlistSchema> & { timestamp: string };

/** The JSON body the browser sends: the form plus the client's timestamp (docs/product/waitlist.md#fields) and a honeypot. */
export const waitlistRequestSchema = waitlistSchema.extend({
  timestamp: safeIsoDateTime('Timestamp must be an ISO date-time'),
  /** Honeypot: invisible to people, filled by naive bots (docs/product/waitlist.md#bots-and-rate-limit). */
  website: safeString().max(500).optional(),
});

/** What `POST /api/waitlist` answers when it accepts a submission, a repeat or a bot's alike (docs/product/waitlist.md#reply). */
export const waitlistReplySchema = z.object({ status: z.literal('success') });

export const WAITLIST_EMPTY: Record<keyof WaitlistForm, string | boolean> = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  cityState: '',
  intendedState: '',
  homeType: '',
  buyingTimeline: '',
  priceRange: '',
  downPayment: '',
  monthlyPaymentRange: '',
  priority: '',
  housingStatus: '',
  interests: '',
  contactConsent: false,
};
