import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { addDays } from '../ledger/dates';
import { ledgerToday } from './dates';
import { NOTICE_DAYS, NOTICE_KINDS, NOTICE_STATES, PAYMENT_CHANGE_STATES, type NoticeState, type PaymentChangeState } from './states';

/**
 * A homeowner's changes to their agreement (docs/product/dashboard.md#what-comes-with-a-home):
 * 'Adjust Monthly Payment' — a request staff approve (a new term from the next
 * unbilled month, nothing recomputed backwards) or decline with a reason — and
 * 'Transfer', the 60-day notice staff acknowledge, schedule, complete (payout, home
 * closed, charges stop) or cancel with a reason. Shared by the server and the pages. Pure.
 * Money crosses the API in whole cents.
 */

export const MAX_REASON_LENGTH = 1000;
export const MAX_NOTICE_NOTE_LENGTH = 1000;

/** The earliest date a notice sent on `today` (the ledger's calendar) may ask for: NOTICE_DAYS later. */
export const earliestNoticeDate = (today: string = ledgerToday()) => addDays(today, NOTICE_DAYS);

export const noticeTooSoonMessage = (earliest: string) =>
  `Choose a date at least ${NOTICE_DAYS} days away: ${earliest} or later. Transfers need ${NOTICE_DAYS} days' notice.`;

const isRealDate = (text: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

const realDate = (label: string) =>
  safeString({ error: `${label} is required.` })
    .min(1, `${label} is required.`)
    .refine(isRealDate, `${label}: use a real date like 2027-03-07.`);

const reason = (what: string) =>
  safeString({ error: `${what} is required.` })
    .trim()
    .min(1, `${what} is required.`)
    .max(MAX_REASON_LENGTH, `${what} must be at most ${MAX_REASON_LENGTH} characters.`);

/**
 * POST /api/me/home/payment-changes. Whether the payment is on the agreement's slider
 * (within its bounds, on a $5 step) and differs from the current one needs the home,
 * so the server checks that and answers 400 on this same field.
 */
export const paymentChangeRequestSchema = z.object({
  monthlyPaymentCents: z
    .number({ error: 'Choose a monthly payment.' })
    .int('The monthly payment must be a whole number of cents.')
    .positive('The monthly payment must be more than $0.'),
});
export type PaymentChangeRequest = z.output<typeof paymentChangeRequestSchema>;

/** POST /api/admin/payment-changes/{id}/decline: the homeowner reads the reason. */
export const declineChangeSchema = z.object({ reason: reason('A reason') });

/** POST /api/me/home/notices: what to do, a date at least 60 days from today (the ledger's calendar), an optional note. */
export const noticeRequestSchema = z.object({
  kind: z.enum(NOTICE_KINDS, { error: 'Choose what you want to do with your equity.' }),
  requestedDate: realDate('Date').superRefine((date, ctx) => {
    if (!isRealDate(date)) return;
    const earliest = earliestNoticeDate();
    if (date < earliest) ctx.addIssue({ code: 'custom', message: noticeTooSoonMessage(earliest) });
  }),
  note: safeString()
    .trim()
    .max(MAX_NOTICE_NOTE_LENGTH, `Note must be at most ${MAX_NOTICE_NOTE_LENGTH} characters.`)
    .optional()
    .transform((v) => v || null),
});
export type NoticeRequest = z.output<typeof noticeRequestSchema>;

/** POST /api/admin/notices/{id}/schedule: the transfer's date (today or later). */
export const scheduleNoticeSchema = z.object({
  scheduledDate: realDate('Date').refine((d) => !isRealDate(d) || d >= ledgerToday(), 'The date cannot be in the past.'),
});

/**
 * POST /api/admin/notices/{id}/complete: the payout in cents (0 when nothing is paid
 * out); left out, the home's accessible equity today.
 */
export const completeNoticeSchema = z.object({
  payoutCents: z
    .number({ error: 'Payout is required.' })
    .int('Payout must be a whole number of cents.')
    .min(0, 'Payout cannot be negative.')
    .max(100_000_000_000, 'Payout must be less than $1,000,000,000.')
    .optional(),
});

/** POST /api/admin/notices/{id}/cancel: the homeowner reads the reason. */
export const cancelNoticeSchema = z.object({ reason: reason('A reason') });

export const PAYMENT_CHANGE_STATE_LABELS: Readonly<Record<PaymentChangeState, string>> = {
  pending: 'Waiting for approval',
  signing: 'Approved, awaiting signatures',
  approved: 'Approved',
  declined: 'Declined',
  withdrawn: 'Withdrawn',
};

export const NOTICE_STATE_LABELS: Readonly<Record<NoticeState, string>> = {
  signing: 'Awaiting signature',
  sent: 'Sent',
  acknowledged: 'Acknowledged',
  scheduled: 'Scheduled',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The states of a notice still in progress (one at a time per home). */
export const OPEN_NOTICE_STATES = ['signing', 'sent', 'acknowledged', 'scheduled'] as const satisfies readonly NoticeState[];
export const isOpenNotice = (state: NoticeState) => (OPEN_NOTICE_STATES as readonly NoticeState[]).includes(state);

export const paymentChangeSchema = z.object({
  id: safeString(),
  homeId: safeString(),
  monthlyPaymentCents: z.number().int(),
  state: z.enum(PAYMENT_CHANGE_STATES),
  /** The month the approved payment starts. */
  fromMonth: z.number().int().nullable(),
  reason: safeString().nullable(),
  requestedAt: safeIsoDateTime('An ISO 8601 date-time'),
  decidedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type PaymentChange = z.output<typeof paymentChangeSchema>;

export const noticeSchema = z.object({
  id: safeString(),
  homeId: safeString(),
  kind: z.enum(NOTICE_KINDS),
  requestedDate: safeString(),
  estimatedPayoutCents: z.number().int(),
  note: safeString().nullable(),
  state: z.enum(NOTICE_STATES),
  scheduledDate: safeString().nullable(),
  payoutCents: z.number().int().nullable(),
  cancelReason: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  acknowledgedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
  scheduledAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
  completedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
  cancelledAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type Notice = z.output<typeof noticeSchema>;

/**
 * A home's changes as its homeowner and staff see them: what the slider needs (the
 * agreement, the current payment, the next unbilled month), the estimated payout and
 * the earliest notice date, and the requests and notices, newest first.
 */
export const homeChangesSchema = z.object({
  homeId: safeString(),
  address: safeString(),
  state: z.enum(['active', 'closed']),
  closedOn: safeString().nullable(),
  agreement: z.object({
    priceCents: z.number().int(),
    downPaymentCents: z.number().int(),
    mortgageRate: z.number(),
    appreciationRate: z.number(),
  }),
  /** The payment of the next month to be billed (an approved change not billed yet included). */
  currentPaymentCents: z.number().int(),
  /** The next unbilled month: where an approved change starts. */
  nextMonth: z.number().int(),
  /** accessibleEquity at the latest valuation (calculators.md 'Homeowner figures'), in cents. */
  accessibleEquityCents: z.number().int(),
  valuation: z.object({ valueCents: z.number().int(), valuedOn: safeString() }).nullable(),
  /** Today in the ledger's calendar and the earliest date a notice sent today may ask for. */
  today: safeString(),
  earliestNoticeDate: safeString(),
  paymentChanges: z.array(paymentChangeSchema),
  notices: z.array(noticeSchema),
});
export type HomeChanges = z.output<typeof homeChangesSchema>;

/** GET /api/admin/home-changes: what waits for staff across homes. */
export const pendingHomeChangesSchema = z.object({
  paymentChanges: z.array(paymentChangeSchema.extend({ address: safeString(), ownerName: safeString(), currentPaymentCents: z.number().int() })),
  notices: z.array(noticeSchema.extend({ address: safeString(), ownerName: safeString() })),
});
export type PendingHomeChanges = z.output<typeof pendingHomeChangesSchema>;
