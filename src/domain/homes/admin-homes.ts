import { z } from 'zod';
import { ledgerWarningSchema } from './ledger-warning';
import { listParamsSchema } from '../admin/lists';
import { agreementBounds, COMPARISON_DEFAULTS, type AgreementInputs } from '../calculators';
import { formatMoneyCents } from '../format';
import { safeIsoDateTime, safeString } from '../safe-text';
import { ledgerToday } from './dates';
import { HOME_STATES, VALUATION_SOURCES } from './states';

/**
 * The back office's homes (docs/decisions/022-homes-and-ledger.md;
 * docs/product/back-office.md#homes): 'Record purchase' from an
 * approved application, the homes list and a home's record with its terms and
 * valuations. Shared by the server and the pages. Pure.
 *
 * Money crosses the API in whole cents (`…Cents`, positive integers), as the
 * database and the ledger keep it; the forms take dollars and send cents
 * (`dollarsToCents`). Rates are percent a year with at most three decimals, as the
 * columns keep them.
 */

/** The earliest purchase or valuation date accepted. */
export const EARLIEST_HOME_DATE = '2000-01-01';
/** A purchase may be recorded ahead of its closing, up to this many days. */
export const PURCHASE_DAYS_AHEAD = 90;
/** The largest price or value accepted: a billion dollars, in cents. */
export const MAX_HOME_CENTS = 100_000_000_000;
export const MAX_ADDRESS_LENGTH = 200;
export const MAX_VALUATION_NOTE = 500;

/** Today's calendar date (UTC), YYYY-MM-DD. */
/** Today in the company's calendar (docs/decisions/037-autopay-and-ach-files.md): a purchase's date and its valuations share one day. */
export const todayIso = (now: Date = new Date()) => ledgerToday(now);

/** `date` (YYYY-MM-DD) plus `days` days. */
export function addDays(date: string, days: number): string {
  const at = new Date(`${date}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/** Dollars as typed ('420,000', '$2,354.03') to whole cents; null when it is not an amount with at most two decimals. */
export function dollarsToCents(text: string): number | null {
  const value = text.replace(/[$,\s]/g, '');
  if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(value)) return null;
  const cents = Math.round(Number(value) * 100);
  return Number.isSafeInteger(cents) ? cents : null;
}

/** Cents as a form shows them: '420000', '2354.03'. */
export const centsToDollarsText = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

const realDate = (label: string) =>
  safeString({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2025-03-07.`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, `${label}: use a real date like 2025-03-07.`);

const cents = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label} must be a whole number of cents.`)
    .positive(`${label} must be more than $0.`)
    .max(MAX_HOME_CENTS, `${label} must be less than $1,000,000,000.`);

const threeDecimals = (v: number) => Math.abs(v * 1000 - Math.round(v * 1000)) < 1e-6;

const rate = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} is required.` })
    .gt(min, `${label} must be more than ${min}%.`)
    .lt(max, `${label} must be less than ${max}%.`)
    .refine(threeDecimals, `${label} takes at most three decimals.`);

/**
 * Where the monthly payment S (cents) stands against the agreement's slider
 * (calculators.md 'Homeowner figures': the comparison's bounds with 10 years; its
 * positions are $5 steps below the maximum). S is stored to the cent, so it is on a
 * step when it is within half a cent of one. Null when it is fine.
 */
export function monthlyPaymentProblem(agreement: AgreementInputs, monthlyPaymentCents: number): string | null {
  const { min, max, step } = agreementBounds(agreement);
  const payment = monthlyPaymentCents / 100;
  if (!(max > 0) || max - min < -1e-9) return 'There is no monthly payment for this price and down payment.';
  if (payment < min - 0.005 || payment > max + 0.005) {
    return `The monthly payment must be between ${formatMoneyCents(Math.round(min * 100) / 100)} and ${formatMoneyCents(Math.round(max * 100) / 100)}.`;
  }
  const steps = Math.round((max - payment) / step);
  if (Math.abs(max - step * steps - payment) > 0.005) {
    return `The monthly payment moves in $${step} steps from ${formatMoneyCents(Math.round(max * 100) / 100)}: pick one on the slider.`;
  }
  return null;
}

/** The slider position (cents) nearest to `monthlyPaymentCents`, within the bounds. */
export function snapMonthlyPaymentCents(agreement: AgreementInputs, monthlyPaymentCents: number): number {
  const { min, max, step } = agreementBounds(agreement);
  const maxSteps = Math.round((max - min) / step);
  const steps = Math.min(maxSteps, Math.max(0, Math.round((max - monthlyPaymentCents / 100) / step)));
  return Math.round((max - step * steps) * 100);
}

export const DOWN_PAYMENT_BELOW_PRICE = 'Down payment must be less than the purchase price.';

/** The agreement of a purchase in the calculators' dollars. */
export const agreementOf = (p: { priceCents: number; downPaymentCents: number; mortgageRate: number; appreciationRate: number }): AgreementInputs => ({
  price: p.priceCents / 100,
  downPayment: p.downPaymentCents / 100,
  mortgageRate: p.mortgageRate,
  appreciationRate: p.appreciationRate,
});

/**
 * POST /api/admin/applications/{id}/home: 'Record purchase'. The date is a real one
 * from 2000 on and at most 90 days ahead; the down payment is below the price; the
 * monthly payment is on the agreement's slider.
 */
export const purchaseSchema = z
  .object({
    address: safeString({ error: 'Property address is required.' })
      .trim()
      .min(1, 'Property address is required.')
      .max(MAX_ADDRESS_LENGTH, `Property address must be at most ${MAX_ADDRESS_LENGTH} characters.`),
    purchaseDate: realDate('Purchase date')
      .refine((d) => d >= EARLIEST_HOME_DATE, 'Purchase date must be in 2000 or later.')
      .refine((d) => d <= addDays(todayIso(), PURCHASE_DAYS_AHEAD), `Purchase date can be at most ${PURCHASE_DAYS_AHEAD} days from today.`),
    priceCents: cents('Purchase price'),
    downPaymentCents: z
      .number({ error: 'Down payment is required.' })
      .int('Down payment must be a whole number of cents.')
      .positive('Down payment must be more than $0.')
      .max(MAX_HOME_CENTS, 'Down payment must be less than $1,000,000,000.'),
    mortgageRate: rate('Mortgage rate', 0, 30),
    appreciationRate: rate('Appreciation', -20, 30),
    monthlyPaymentCents: cents('Monthly payment'),
    /** The accepted offer the purchase is recorded from, if any (docs/decisions/042-closing.md). */
    offerId: safeString().uuid('Not a valid offer').nullable().optional(),
  })
  .superRefine((p, ctx) => {
    if (p.downPaymentCents >= p.priceCents) {
      ctx.addIssue({ code: 'custom', path: ['downPaymentCents'], message: DOWN_PAYMENT_BELOW_PRICE });
      return;
    }
    const problem = monthlyPaymentProblem(agreementOf(p), p.monthlyPaymentCents);
    if (problem) ctx.addIssue({ code: 'custom', path: ['monthlyPaymentCents'], message: problem });
  });
export type PurchaseInput = z.output<typeof purchaseSchema>;
export const PURCHASE_FIELDS = [
  'address',
  'purchaseDate',
  'priceCents',
  'downPaymentCents',
  'mortgageRate',
  'appreciationRate',
  'monthlyPaymentCents',
] as const;

/** The sources staff record ('purchase' is the purchase's own valuation). */
export const RECORDED_VALUATION_SOURCES = VALUATION_SOURCES.filter((s) => s !== 'purchase') as ['appraisal', 'broker_opinion', 'index'];

/**
 * POST /api/admin/homes/{id}/valuations: a value on a date (not in the future, not before the purchase: the server
 * checks that), from a source. 'The future' is after today in the ledger's calendar, the one exit quotes cut their
 * valuation at (docs/decisions/040-exit-quote-completion.md).
 */
export const valuationSchema = z.object({
  valueCents: cents('Value'),
  valuedOn: realDate('Date')
    .refine((d) => d >= EARLIEST_HOME_DATE, 'Date must be in 2000 or later.')
    .refine((d) => d <= ledgerToday(), 'Date cannot be in the future.'),
  source: z.enum(RECORDED_VALUATION_SOURCES, { error: 'Choose appraisal, broker opinion or index.' }),
  note: safeString()
    .trim()
    .max(MAX_VALUATION_NOTE, `Note must be at most ${MAX_VALUATION_NOTE} characters.`)
    .optional()
    .transform((v) => v || null),
});
export type ValuationInput = z.output<typeof valuationSchema>;
export const VALUATION_FIELDS = ['valueCents', 'valuedOn', 'source', 'note'] as const;

/** What 'Record purchase' starts from: the buyer's accepted offer, else the application's property, and the settings' rate (GET /api/admin/applications/{id}/home). */
export const purchaseStartSchema = z.object({
  /** The home already recorded from this application, if any. */
  homeId: safeString().nullable(),
  /** Whether a purchase can be recorded: the application is approved and has no home. */
  canRecord: z.boolean(),
  defaults: z.object({
    address: safeString(),
    priceCents: z.number().int().nullable(),
    downPaymentCents: z.number().int().nullable(),
    mortgageRate: z.number(),
    appreciationRate: z.number(),
    purchaseDate: safeString(),
    /** The buyer's accepted offer, when there is one: its address, agreed price, down payment and monthly payment start the form. */
    offerId: safeString().nullable(),
    monthlyPaymentCents: z.number().int().nullable(),
  }),
});
export type PurchaseStart = z.output<typeof purchaseStartSchema>;

/** The appreciation assumption a purchase starts from: the comparison's default (settings have none). */
export const DEFAULT_APPRECIATION_RATE = COMPARISON_DEFAULTS.appreciationRate;

export const HOME_STATE_LABELS = { active: 'Active', closed: 'Closed' } as const;

/** One row of GET /api/admin/homes (and its CSV). */
export const homeListItemSchema = z.object({
  id: safeString(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  address: safeString(),
  purchaseDate: safeString(),
  priceCents: z.number().int(),
  downPaymentCents: z.number().int(),
  /** The payment of the latest term. */
  monthlyPaymentCents: z.number().int(),
  /** The latest valuation (by date, then entry). */
  valueCents: z.number().int(),
  valuedOn: safeString(),
  state: z.enum(HOME_STATES),
  userId: safeString(),
  applicationId: safeString(),
  firstName: safeString(),
  lastName: safeString(),
  email: safeString(),
  /** The daily ledger check's mark when it found the home's chain broken (docs/decisions/029-ledger-checks.md). */
  ledgerWarning: ledgerWarningSchema.nullable(),
});
export type HomeListItem = z.output<typeof homeListItemSchema>;

export const HOME_SORTS = ['created_at', 'purchase_date', 'address', 'price'] as const;
export type HomeSort = (typeof HOME_SORTS)[number];
export const HOME_STATE_FILTERS = ['all', ...HOME_STATES] as const;
/** 'broken': only the homes the daily ledger check marked. */
export const HOME_LEDGER_FILTERS = ['all', 'broken'] as const;

/** GET /api/admin/homes and its export: the shared list parameters plus the state filter; search by address, name, e-mail or ID. */
export const homeListSchema = listParamsSchema(HOME_SORTS, 'created_at').safeExtend({
  state: z.enum(HOME_STATE_FILTERS, { error: 'State is all, active or closed.' }).default('all'),
  ledger: z.enum(HOME_LEDGER_FILTERS, { error: 'Ledger is all or broken.' }).default('all'),
});
export type HomeListParams = z.output<typeof homeListSchema>;

export const homeTermSchema = z.object({
  fromMonth: z.number().int(),
  monthlyPaymentCents: z.number().int(),
  /** Set when an approved payment change made the term. */
  paymentChangeId: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
});

export const homeValuationSchema = z.object({
  id: safeString(),
  valueCents: z.number().int(),
  valuedOn: safeString(),
  source: z.enum(VALUATION_SOURCES),
  note: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
});
export type HomeValuation = z.output<typeof homeValuationSchema>;

/** GET /api/admin/homes/{id}: the agreement, its terms (oldest first) and valuations (latest first). */
export const homeDetailSchema = homeListItemSchema.extend({
  mortgageRate: z.number(),
  appreciationRate: z.number(),
  closedOn: safeString().nullable(),
  phone: safeString().nullable(),
  terms: z.array(homeTermSchema),
  valuations: z.array(homeValuationSchema),
});
export type HomeDetail = z.output<typeof homeDetailSchema>;
