import { z } from 'zod';
import { listParamsSchema } from '../admin/lists';
import { isPaymentWithinBounds } from '../calculators';
import { minDownPaymentCents, MIN_DOWN_PAYMENT_PERCENT } from '../application/pre-approval';
import { formatCents, formatDateTime } from '../format';
import { DEFAULT_APPRECIATION_RATE } from '../homes/admin-homes';
import { LEDGER_TIME_ZONE } from '../homes/dates';
import { isSingleLine, safeIsoDateTime, safeString, singleLineMessage } from '../safe-text';
import { closingSchema, MILESTONE_KINDS, MILESTONE_LABELS } from './closing';
import { dollarsField, monthlyRangeFor } from './homes';

/**
 * Offers, the 'Offer' step (docs/decisions/036-find-and-offer.md; docs/product/dashboard.md#your-offer):
 * the buyer's 'Make an offer' is a letter of intent staff approve or decline; an approved letter is an
 * offer that moves draft → submitted → countered → accepted | rejected | withdrawn. One live offer per
 * buyer. Schemas shared by the forms and the server; money in whole cents. Pure.
 */

export const OFFER_STATUSES = ['letter_pending', 'letter_declined', 'draft', 'submitted', 'countered', 'accepted', 'rejected', 'withdrawn'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/** A buyer has at most one offer in these states; a declined letter, a rejected or a withdrawn offer frees them to make another. */
export const LIVE_OFFER_STATUSES = ['letter_pending', 'draft', 'submitted', 'countered', 'accepted'] as const satisfies readonly OfferStatus[];
export const isLiveOffer = (status: OfferStatus) => (LIVE_OFFER_STATUSES as readonly OfferStatus[]).includes(status);

export const OFFER_STATUS_LABELS: Readonly<Record<OfferStatus, string>> = {
  letter_pending: 'Letter of intent in review',
  letter_declined: 'Letter of intent declined',
  draft: 'Draft',
  submitted: 'Submitted',
  countered: 'Countered',
  accepted: 'Accepted',
  rejected: 'Rejected',
  withdrawn: 'Withdrawn',
};

export const OFFER_STATUS_BADGES: Readonly<Record<OfferStatus, 'default' | 'secondary' | 'outline' | 'destructive'>> = {
  letter_pending: 'outline',
  letter_declined: 'destructive',
  draft: 'secondary',
  submitted: 'secondary',
  countered: 'outline',
  accepted: 'default',
  rejected: 'destructive',
  withdrawn: 'outline',
};

/** The moves staff make, and the states each starts from. */
export const STAFF_OFFER_MOVES = {
  submitted: ['draft'],
  countered: ['submitted', 'countered'],
  accepted: ['submitted', 'countered'],
  rejected: ['submitted', 'countered'],
} as const satisfies Record<string, readonly OfferStatus[]>;
export type StaffOfferMove = keyof typeof STAFF_OFFER_MOVES;
export const STAFF_OFFER_MOVE_LABELS: Readonly<Record<StaffOfferMove, string>> = {
  submitted: 'Mark submitted',
  countered: 'Record counter-offer',
  accepted: 'Mark accepted',
  rejected: 'Mark rejected',
};
/** The buyer may withdraw from these. */
export const WITHDRAWABLE: readonly OfferStatus[] = ['letter_pending', 'draft', 'submitted', 'countered'];
/** A counter-offer is answered within this many days at most. */
export const MAX_COUNTER_DAYS = 30;

const moveIn = safeString({ error: 'Enter when you’d like to move in' })
  .trim()
  .min(1, 'Enter when you’d like to move in')
  .max(100, 'Move-in date must be at most 100 characters')
  .refine(isSingleLine, { error: singleLineMessage('Move-in date') });

/** 'Make an offer': the figures the buyer proposes; the rules that need their approval are `offerProblems`. */
export const offerSchema = z.object({
  offerPrice: dollarsField('Offer price'),
  downPayment: dollarsField('Down payment'),
  monthlyPayment: dollarsField('Desired monthly payment'),
  /** A date, a quarter, a season or 'Flexible', as the letters of intent keep it (docs/product/back-office.md#letters-of-intent). */
  moveInDate: moveIn,
  notes: safeString()
    .trim()
    .max(5000, 'Notes must be at most 5,000 characters')
    .optional()
    .transform((v) => v || null),
});
export type OfferForm = z.input<typeof offerSchema>;
export type OfferInput = z.output<typeof offerSchema>;
export const OFFER_FIELDS = Object.keys(offerSchema.shape) as (keyof OfferForm)[];

export const overApprovalMessage = (maxPriceCents: number) => `Your offer is above your approval of ${formatCents(maxPriceCents)}.`;

/**
 * The rules an offer keeps against the buyer's approval, by field: the price at most the approved
 * maximum; the down payment below the price and at least 2 % of it; the monthly payment within the
 * comparison slider's bounds for that price and down payment (docs/product/calculators.md#comparison).
 */
export function offerProblems(
  input: Pick<OfferInput, 'offerPrice' | 'downPayment' | 'monthlyPayment'>,
  terms: { maxPriceCents: number; mortgageRate: number },
) {
  const problems: Partial<Record<keyof OfferForm, string>> = {};
  if (input.offerPrice > terms.maxPriceCents) problems.offerPrice = overApprovalMessage(terms.maxPriceCents);
  if (input.downPayment >= input.offerPrice) problems.downPayment = 'The down payment must be less than the offer price.';
  else if (input.downPayment < minDownPaymentCents(input.offerPrice)) {
    problems.downPayment = `The down payment must be at least ${MIN_DOWN_PAYMENT_PERCENT}% of the offer price: ${formatCents(minDownPaymentCents(input.offerPrice))} or more.`;
  } else {
    const range = monthlyRangeFor(input.offerPrice, input.downPayment, terms.mortgageRate);
    const agreement = {
      price: input.offerPrice / 100,
      downPayment: input.downPayment / 100,
      mortgageRate: terms.mortgageRate,
      appreciationRate: DEFAULT_APPRECIATION_RATE,
    };
    if (range && !isPaymentWithinBounds(agreement, input.monthlyPayment / 100)) {
      problems.monthlyPayment = `For this price and down payment the monthly payment is between ${formatCents(range.minCents)} and ${formatCents(range.maxCents)}.`;
    }
  }
  return problems;
}

/** Staff's move on an offer; a counter-offer carries its price and the time the buyer answers by. */
export const offerMoveSchema = z
  .object({
    status: z.enum(Object.keys(STAFF_OFFER_MOVES) as [StaffOfferMove, ...StaffOfferMove[]], { error: 'Choose what happened to the offer' }),
    counterPrice: z.union([z.literal(''), z.null(), dollarsField('Counter price')]).optional(),
    answerBy: z.union([z.literal(''), z.null(), safeIsoDateTime('Enter the date and time the buyer answers by')]).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.status !== 'countered') return;
    if (typeof v.counterPrice !== 'number') ctx.addIssue({ code: 'custom', path: ['counterPrice'], message: 'Counter price is required' });
    if (!v.answerBy) ctx.addIssue({ code: 'custom', path: ['answerBy'], message: 'Enter the date and time the buyer answers by' });
  })
  .transform((v) => ({
    status: v.status,
    counterPriceCents: v.status === 'countered' ? (v.counterPrice as number) : null,
    answerBy: v.status === 'countered' ? (v.answerBy as string) : null,
  }));
export type OfferMoveForm = z.input<typeof offerMoveSchema>;
export type OfferMoveInput = z.output<typeof offerMoveSchema>;

/** The buyer's answer to a counter-offer. */
export const counterAnswerSchema = z.object({
  answer: z.enum(['accept', 'decline'], { error: 'Accept or decline the counter-offer' }),
});

export const OFFER_EVENT_KINDS = [
  'letter_sent',
  'letter_approved',
  'letter_declined',
  'submitted',
  'countered',
  'accepted',
  'rejected',
  'counter_accepted',
  'counter_declined',
  'withdrawn',
  'milestone_done',
] as const;
export type OfferEventKind = (typeof OFFER_EVENT_KINDS)[number];

export const offerEventSchema = z.object({
  kind: z.enum(OFFER_EVENT_KINDS),
  at: safeIsoDateTime('An ISO 8601 date-time'),
  counterPriceCents: z.number().int().nullable(),
  answerBy: safeIsoDateTime('An ISO 8601 date-time').nullable(),
  reason: safeString().nullable(),
  /** The closing milestone a 'milestone_done' event is about. */
  milestone: z.enum(MILESTONE_KINDS).nullable(),
});
export type OfferEvent = z.output<typeof offerEventSchema>;

/** A time as the offer's pages and mails print it, in the company's time zone. */
export const offerTime = (iso: string) => `${formatDateTime(iso, { timeZone: LEDGER_TIME_ZONE })} ET`;

/** One line of the buyer's timeline (and the first line of its mail). */
export function offerEventText(e: Pick<OfferEvent, 'kind' | 'counterPriceCents' | 'answerBy' | 'reason'> & { milestone?: OfferEvent['milestone'] }): string {
  switch (e.kind) {
    case 'letter_sent':
      return 'You sent your letter of intent. We’ll review it shortly.';
    case 'letter_approved':
      return 'We approved your letter of intent. Your offer is ready to go to the seller.';
    case 'letter_declined':
      return `We declined your letter of intent: ${e.reason ?? ''}`.trim();
    case 'submitted':
      return 'We submitted your offer to the seller.';
    case 'countered':
      return `The seller countered at ${formatCents(e.counterPriceCents ?? 0)}. Answer by ${e.answerBy ? offerTime(e.answerBy) : ''}.`;
    case 'accepted':
      return 'The seller accepted your offer.';
    case 'rejected':
      return 'The seller rejected your offer.';
    case 'counter_accepted':
      return `You accepted the counter-offer of ${formatCents(e.counterPriceCents ?? 0)}.`;
    case 'counter_declined':
      return 'You declined the counter-offer.';
    case 'withdrawn':
      return 'You withdrew your offer.';
    case 'milestone_done':
      return `${e.milestone ? MILESTONE_LABELS[e.milestone] : 'A closing step'} is done.`;
  }
}

const cents = z.number().int();

export const offerItemSchema = z.object({
  id: safeString(),
  homeId: safeString().nullable(),
  address: safeString(),
  state: safeString(),
  status: z.enum(OFFER_STATUSES),
  offerPriceCents: cents,
  downPaymentCents: cents,
  monthlyPaymentCents: cents,
  moveInDate: safeString(),
  notes: safeString().nullable(),
  counterPriceCents: cents.nullable(),
  counterAnswerBy: safeIsoDateTime('An ISO 8601 date-time').nullable(),
  declineReason: safeString().nullable(),
  letterId: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  updatedAt: safeIsoDateTime('An ISO 8601 date-time'),
  events: z.array(offerEventSchema),
  /** The closing checklist, once the offer is accepted (docs/decisions/042-closing.md). */
  closing: closingSchema.nullable(),
});
export type Offer = z.output<typeof offerItemSchema>;

/** A staff list row: the offer with its buyer. */
export const adminOfferItemSchema = offerItemSchema.omit({ events: true, notes: true, closing: true }).extend({
  userId: safeString(),
  buyerName: safeString(),
  buyerEmail: safeString(),
  /** The application the buyer was approved on: 'Record the purchase' opens it. */
  applicationId: safeString(),
  agreedPriceCents: z.number().int().nullable(),
  /** The appraisal came in below the agreed price: flagged for staff (docs/decisions/042-closing.md). */
  appraisalBelowPrice: z.boolean(),
  /** The home recorded from this offer, once the purchase is. */
  purchasedHomeId: safeString().nullable(),
});
export type AdminOffer = z.output<typeof adminOfferItemSchema>;

export const OFFER_SORTS = ['updated_at', 'created_at', 'name', 'status'] as const;
export const OFFER_STATUS_FILTERS = ['all', 'live', ...OFFER_STATUSES] as const;

/** `GET /api/admin/offers`: search (name, e-mail or ID), status (live by default), sort. */
export const offerListSchema = listParamsSchema(OFFER_SORTS, 'updated_at').safeExtend({
  status: z.enum(OFFER_STATUS_FILTERS, { error: 'Choose a status.' }).default('live'),
});
export type OfferListParams = z.output<typeof offerListSchema>;
