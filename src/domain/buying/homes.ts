import { z } from 'zod';
import { AGENT_STATE_CODES, agentStateName } from '../agents';
import { agreementBounds } from '../calculators';
import { DEFAULT_APPRECIATION_RATE } from '../homes/admin-homes';
import { formatNumber } from '../format';
import { isSingleLine, safeIsoDateTime, safeString, singleLineMessage } from '../safe-text';

/**
 * Homes a buyer considers, the 'Find' step (docs/decisions/036-find-and-offer.md;
 * docs/product/dashboard.md#homes-youre-considering): the form's schema, used by the
 * browser and the server alike, and what each home shows against the buyer's
 * pre-approval. Money in whole cents. Pure.
 */

/** The largest amount a money field takes: a billion dollars, in cents. */
export const MAX_BUYING_CENTS = 100_000_000_000;

const STATE_SET = new Set(AGENT_STATE_CODES);

const line = (label: string, max: number) =>
  safeString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, { error: singleLineMessage(label) });

const optionalText = (label: string, max: number) =>
  safeString()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((v) => v || null);

/**
 * Dollars as people type them ('$425,000', '425000.50', or a number): whole cents, more than $0.
 * Empty is refused with `${label} is required`.
 */
export const dollarsField = (label: string) =>
  z.union([safeString(), z.number()], { error: `${label} is required` }).transform((raw, ctx) => {
    const issue = (message: string) => {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    };
    const text = (typeof raw === 'number' ? String(raw) : raw).replace(/[$,\s]/g, '');
    if (text === '') return issue(`${label} is required`);
    if (!/^\d+(\.\d{0,2})?$|^\.\d{1,2}$/.test(text))
      return /^\d*\.\d{3,}$/.test(text) ? issue(`${label} takes at most two decimals`) : issue(`${label} must be a number`);
    const cents = Math.round(Number(text) * 100);
    if (cents <= 0) return issue(`${label} must be more than $0`);
    if (cents >= MAX_BUYING_CENTS) return issue(`${label} must be less than $1,000,000,000`);
    return cents;
  });

/** An optional whole number between `min` and `max` (beds, square feet), typed or sent as a number; empty is null. */
const optionalCount = (label: string, min: number, max: number, step = 1) =>
  z
    .union([safeString(), z.number(), z.null()])
    .optional()
    .transform((raw, ctx) => {
      const text = raw === null || raw === undefined ? '' : String(raw).replace(/[,\s]/g, '');
      if (text === '') return null;
      const value = Number(text);
      const onStep = Number.isFinite(value) && Math.abs(value / step - Math.round(value / step)) < 1e-9;
      if (!/^\d+(\.\d+)?$/.test(text) || !onStep) {
        ctx.addIssue({ code: 'custom', message: step === 1 ? `${label} is a whole number` : `${label} is a number in steps of ${step}` });
        return z.NEVER;
      }
      if (value < min || value > max) {
        ctx.addIssue({ code: 'custom', message: `${label} is between ${min} and ${formatNumber(max)}` });
        return z.NEVER;
      }
      return value;
    });

/** A listing link: an http or https address (nothing else is ever made a link). */
const listingUrl = safeString()
  .trim()
  .max(2000, 'Listing link must be at most 2,000 characters')
  .optional()
  .transform((v, ctx) => {
    if (!v) return null;
    let url: URL | undefined;
    try {
      url = new URL(v);
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname.includes('.')) {
      ctx.addIssue({ code: 'custom', message: 'Enter the listing’s web address, starting with https://' });
      return z.NEVER;
    }
    return url.href;
  });

/** Add and Edit of a considered home. */
export const consideredHomeSchema = z.object({
  street: line('Street address', 200),
  city: line('City', 100),
  state: safeString({ error: 'Choose the state' })
    .trim()
    .refine((v) => STATE_SET.has(v), 'Choose the state'),
  zip: safeString({ error: 'ZIP code is required' })
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'Enter a 5-digit ZIP code'),
  listingUrl,
  listPrice: dollarsField('List price'),
  beds: optionalCount('Beds', 0, 50),
  baths: optionalCount('Baths', 0, 50, 0.5),
  squareFeet: optionalCount('Square feet', 100, 100_000),
  notes: optionalText('Notes', 2000),
});
export type ConsideredHomeForm = z.input<typeof consideredHomeSchema>;
export type ConsideredHomeInput = z.output<typeof consideredHomeSchema>;
export const CONSIDERED_HOME_FIELDS = Object.keys(consideredHomeSchema.shape) as (keyof ConsideredHomeForm)[];

/** '12 Elm St, Austin, TX 78701'. */
export const homeAddress = (h: Pick<ConsideredHomeInput, 'street' | 'city' | 'state' | 'zip'>) => `${h.street}, ${h.city}, ${h.state} ${h.zip}`;

/** What the buyer's approval says about a price in a state. */
export interface ApprovalTerms {
  maxPriceCents: number;
  downPaymentCents: number;
}

/** How a home fits the approval (docs/decisions/036-find-and-offer.md). */
export interface HomeFit {
  withinPrice: boolean;
  stateServed: boolean;
  /** The comparison's slider range for the price at the buyer's down payment, in whole cents; null when the down payment covers the price. */
  monthlyMinCents: number | null;
  monthlyMaxCents: number | null;
}

/**
 * The monthly payment range for a price at a down payment: the comparison slider's bounds
 * (docs/product/calculators.md#comparison, as an agreement's: 10 years, the mortgage rate of
 * settings). Null when the down payment is not below the price.
 */
export function monthlyRangeFor(priceCents: number, downPaymentCents: number, mortgageRate: number): { minCents: number; maxCents: number } | null {
  if (downPaymentCents >= priceCents) return null;
  const { min, max } = agreementBounds({
    price: priceCents / 100,
    downPayment: downPaymentCents / 100,
    mortgageRate,
    appreciationRate: DEFAULT_APPRECIATION_RATE,
  });
  if (!(max > 0)) return null;
  return { minCents: Math.round(min * 100), maxCents: Math.round(max * 100) };
}

/** Whether a home at `priceCents` in `state` fits `approval`, and its monthly range at the approval's down payment. */
export function homeFit(priceCents: number, state: string, approval: ApprovalTerms, servedStates: readonly string[], mortgageRate: number): HomeFit {
  const range = monthlyRangeFor(priceCents, approval.downPaymentCents, mortgageRate);
  return {
    withinPrice: priceCents <= approval.maxPriceCents,
    stateServed: servedStates.includes(state),
    monthlyMinCents: range?.minCents ?? null,
    monthlyMaxCents: range?.maxCents ?? null,
  };
}

export const notServedMessage = (state: string) => `We don’t buy homes in ${agentStateName(state)} yet.`;

export const consideredHomeItemSchema = z.object({
  id: safeString(),
  street: safeString(),
  city: safeString(),
  state: safeString(),
  zip: safeString(),
  listingUrl: safeString().nullable(),
  listPriceCents: z.number().int(),
  beds: z.number().nullable(),
  baths: z.number().nullable(),
  squareFeet: z.number().nullable(),
  notes: safeString().nullable(),
  fit: z.object({
    withinPrice: z.boolean(),
    stateServed: z.boolean(),
    monthlyMinCents: z.number().int().nullable(),
    monthlyMaxCents: z.number().int().nullable(),
  }),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
});
export type ConsideredHome = z.output<typeof consideredHomeItemSchema>;

/** `GET /api/me/considered-homes`: whether the buyer may use Find and Offer, the terms each home is measured by, and their homes. */
export const myHomesSchema = z.object({
  approved: z.boolean(),
  terms: z
    .object({
      maxPriceCents: z.number().int(),
      downPaymentCents: z.number().int(),
      expiresOn: safeString(),
      expired: z.boolean(),
      /** The mortgage rate of settings the comparison's slider is computed with. */
      mortgageRate: z.number(),
      servedStates: z.array(safeString()),
    })
    .nullable(),
  homes: z.array(consideredHomeItemSchema),
});
export type MyHomes = z.output<typeof myHomesSchema>;
