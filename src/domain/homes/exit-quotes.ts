import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { addDays } from '../ledger/dates';
import type { ExitKind } from '../calculators';
import { ledgerToday } from './dates';
import { EXIT_QUOTE_STATES, EXIT_QUOTE_VALUING_BUSINESS_DAYS, NOTICE_DAYS, NOTICE_KINDS, VALUATION_SOURCES, type NoticeKind } from './states';

/**
 * Exit quotes (docs/product/calculators.md 'Exit quote'; docs/decisions/034-exit-quotes.md): the
 * contracts of the homeowner's and staff's routes and the rules both sides show. Pure. Money in cents.
 */

export const MAX_DISPUTE_LENGTH = 1000;
/** Documents a homeowner may send with one dispute (comparable sales, an appraisal). */
export const MAX_DISPUTE_DOCUMENTS = 5;

/** The API's kinds are the notices' (move, cash_out, buy_out); exitQuote's are camelCase. */
export const EXIT_KIND_OF: Readonly<Record<NoticeKind, ExitKind>> = { move: 'move', cash_out: 'cashOut', buy_out: 'buyOut' };

export const EXIT_WAY_LABELS: Readonly<Record<NoticeKind, string>> = {
  move: 'Move to another Ownstead home',
  cash_out: 'Cash out',
  buy_out: 'Buy Ownstead out with a mortgage',
};

export const EXIT_CLOSED_LABELS: Readonly<Record<NoticeKind, string>> = {
  move: 'moved to another home',
  cash_out: 'cashed out',
  buy_out: 'bought Ownstead out',
};

/** `from` plus `days` business days (Monday to Friday). */
export function addBusinessDays(from: string, days: number): string {
  let date = from;
  for (let left = days; left > 0;) {
    date = addDays(date, 1);
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date;
}

/** When a homeowner asking today for a quote without a recent valuation should expect it. */
export const expectedQuoteDate = (today: string = ledgerToday()) => addBusinessDays(today, EXIT_QUOTE_VALUING_BUSINESS_DAYS);

const isRealDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const text = (what: string, max = MAX_DISPUTE_LENGTH) =>
  safeString({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(max, `${what} must be at most ${max} characters.`);

/** POST /api/me/home/quotes */
export const quoteRequestSchema = z.object({ kind: z.enum(NOTICE_KINDS, { error: 'Choose a way out: move, cash out or buy out.' }) });

/** POST /api/me/home/quotes/{id}/dispute */
export const disputeSchema = z.object({ reason: text('A reason') });

/** POST /api/me/home/dispute-documents?quote= */
export const disputeDocumentQuerySchema = z.object({ quote: safeString().uuid({ error: 'Name the quote the document is for.' }) });

/** A document sent with a dispute, as the homeowner and staff list it. */
export const disputeDocumentSchema = z.object({
  id: safeString(),
  name: safeString(),
  contentType: safeString(),
  sizeBytes: z.number().int(),
  createdAt: safeIsoDateTime('A time'),
});
export type DisputeDocument = z.output<typeof disputeDocumentSchema>;

/** POST /api/admin/exit-quotes/{id}/answer: staff keep the valuation and say why. */
export const disputeAnswerSchema = z.object({ answer: text('An answer') });

/** POST /api/me/home/quotes/{id}/withdraw and staff's */
export const withdrawQuoteSchema = z.object({ reason: text('A reason') });

/** POST /api/me/home/quotes/{id}/accept: a move date at least 60 days from today. */
export const acceptQuoteSchema = z.object({
  moveDate: safeString({ error: 'Move date is required.' })
    .min(1, 'Move date is required.')
    .refine(isRealDate, 'Move date: use a real date like 2027-03-07.')
    .superRefine((date, ctx) => {
      if (!isRealDate(date)) return;
      const earliest = addDays(ledgerToday(), NOTICE_DAYS);
      if (date < earliest) ctx.addIssue({ code: 'custom', message: `Choose a move date at least ${NOTICE_DAYS} days away: ${earliest} or later.` });
    }),
  confirm: z.literal(true, { error: 'Confirm that you accept this quote.' }),
});

const linesSchema = z.object({
  totalEquityCents: z.number().int(),
  valuationCents: z.number().int(),
  costsCents: z.number().int().nullable(),
  feeCents: z.number().int().nullable(),
  equityOutCents: z.number().int().nullable(),
  arrearsCents: z.number().int(),
  creditCents: z.number().int(),
  payoutCents: z.number().int().nullable(),
  buyOutPriceCents: z.number().int().nullable(),
  /** How the total equity was built (full precision rounded to cents for display). */
  downPaymentCents: z.number().int(),
  equityCreditedCents: z.number().int(),
  appreciationCents: z.number().int(),
  appreciationShare: z.number(),
});
export type QuoteLines = z.output<typeof linesSchema>;

export const exitQuoteSchema = z.object({
  id: safeString(),
  kind: z.enum(NOTICE_KINDS),
  state: z.enum(EXIT_QUOTE_STATES),
  expired: z.boolean(),
  expectedBy: safeString().nullable(),
  quotedOn: safeString().nullable(),
  validUntil: safeString().nullable(),
  valuation: z.object({ valueCents: z.number().int(), valuedOn: safeString(), source: z.enum(VALUATION_SOURCES), sourceLabel: safeString() }).nullable(),
  transferFee: z.object({ type: z.enum(['percentage', 'fixed']), amount: z.number() }).nullable(),
  headSeq: z.number().int().nullable(),
  headHash: safeString().nullable(),
  totalCents: z.number().int().nullable(),
  lines: linesSchema.nullable(),
  paidMonths: z.array(z.number().int()).nullable(),
  billedMonths: z.number().int().nullable(),
  replacesId: safeString().nullable(),
  dispute: z
    .object({
      reason: safeString(),
      at: safeIsoDateTime('A time'),
      answer: safeString().nullable(),
      answeredAt: safeIsoDateTime('A time').nullable(),
      documents: z.array(disputeDocumentSchema),
    })
    .nullable(),
  /** The agreement the quote used (exitQuote's inputs beside the ledger's): the in-browser check recomputes from them and the ledger. */
  agreement: z
    .object({
      price: z.number(),
      downPayment: z.number(),
      mortgageRate: z.number(),
      appreciationRate: z.number(),
      terms: z.array(z.object({ fromMonth: z.number().int(), monthlyPayment: z.number() })),
    })
    .nullable(),
  moveDate: safeString().nullable(),
  /**
   * E-signatures on (docs/decisions/043-signed-exit-quotes.md): while 'signing', the acceptance waiting for the
   * homeowner's signature — its envelope (signed on /sign), when it expires and whether it has.
   */
  signing: z.object({ envelopeId: safeString(), until: safeIsoDateTime('A time'), expired: z.boolean() }).nullable(),
  /** Why the last acceptance sent for signature did not accept the quote (declined, withdrawn by staff, expired). */
  signatureNote: safeString().nullable(),
  acceptedAt: safeIsoDateTime('A time').nullable(),
  withdrawReason: safeString().nullable(),
  completedOn: safeString().nullable(),
  finalTotalCents: z.number().int().nullable(),
  finalLines: linesSchema.nullable(),
  /** What the homeowner may do now. */
  canDispute: z.boolean(),
  canAccept: z.boolean(),
  /** Accepting it goes for the homeowner's signature (e-signatures on: docs/decisions/043-signed-exit-quotes.md). */
  acceptanceSigned: z.boolean(),
  canWithdraw: z.boolean(),
  /** Staff may withdraw it: accepted, and the homeowner's own withdrawal has closed (14 days before the move date). */
  staffCanWithdraw: z.boolean(),
  /** Documents may still be added to its dispute (disputed, under the limit). */
  canAddDocuments: z.boolean(),
  createdAt: safeIsoDateTime('A time'),
});
export type ExitQuoteView = z.output<typeof exitQuoteSchema>;

export const exitWaySchema = z.object({ kind: z.enum(NOTICE_KINDS), totalCents: z.number().int(), lines: linesSchema });

/** GET /api/me/home/exit: 'What would I get?' */
export const exitOptionsSchema = z.object({
  today: safeString(),
  valuation: z.object({ valueCents: z.number().int(), valuedOn: safeString(), source: z.enum(VALUATION_SOURCES), sourceLabel: safeString() }).nullable(),
  /** The valuation is older than 90 days (or there is none): the figures are estimates. */
  estimate: z.boolean(),
  transferFee: z.object({ type: z.enum(['percentage', 'fixed']), amount: z.number() }),
  ways: z.array(exitWaySchema),
  quotes: z.array(exitQuoteSchema),
  closed: z.boolean(),
});
export type ExitOptions = z.output<typeof exitOptionsSchema>;

export const exitQuoteListSchema = z.object({
  quotes: z.array(exitQuoteSchema.extend({ address: safeString(), homeId: safeString() })),
});

/** POST /api/admin/exit-quotes/{id}/complete: staff confirmed the final figures they were shown. */
export const completeQuoteSchema = z.object({ confirm: z.literal(true, { error: 'Confirm the final figures.' }) });

/** GET /api/admin/exit-quotes/{id}/completion: the final figures before confirming. */
export const completionPreviewSchema = z.object({
  completedOn: safeString(),
  totalCents: z.number().int(),
  lines: linesSchema,
  canComplete: z.boolean(),
  reason: safeString().nullable(),
});
