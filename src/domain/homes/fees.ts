import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';

/**
 * Late fees and their waivers as the pages and the API see them (calculators.md 'Fees';
 * docs/decisions/031-late-fees-and-nacha.md). A fee is a ledger entry of kind `fee`; a waiver is a reversal
 * of it naming the reason. A homeowner's first waiver request in any 12 months is granted at once; a later
 * one waits for staff, who grant or refuse it with a reason. Pure: shared by the server and the pages.
 */

export const MAX_WAIVER_REASON_LENGTH = 300;

const reason = (label: string) =>
  safeString({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(MAX_WAIVER_REASON_LENGTH, `${label} must be at most ${MAX_WAIVER_REASON_LENGTH} characters.`);

const seq = z.number({ error: 'Fee is required.' }).int('Fee is a whole number.').positive('Fee is a number from 1.');

/** POST /api/me/home/fee-waivers: the homeowner asks to waive fee `seq` of their own home. */
export const feeWaiverRequestSchema = z.object({ seq, reason: reason('Reason') });
export type FeeWaiverRequestInput = z.output<typeof feeWaiverRequestSchema>;

/** POST /api/admin/homes/{id}/ledger/fee-waivers: staff waive fee `seq` with a reason. */
export const waiveFeeSchema = z.object({ seq, reason: reason('Reason') });
export type WaiveFeeInput = z.output<typeof waiveFeeSchema>;

/** POST /api/admin/fee-waivers/{id}/grant and /refuse: staff's reason, which the homeowner reads. */
export const feeWaiverDecisionSchema = z.object({ reason: reason('Reason') });

export const FEE_WAIVER_STATES = ['pending', 'granted', 'refused'] as const;
export type FeeWaiverState = (typeof FEE_WAIVER_STATES)[number];
export const FEE_WAIVER_STATE_LABELS: Readonly<Record<FeeWaiverState, string>> = {
  pending: 'Waiver requested',
  granted: 'Waived',
  refused: 'Waiver refused',
};

const cents = z.number().int();

export const feeWaiverSchema = z.object({
  id: safeString(),
  state: z.enum(FEE_WAIVER_STATES),
  reason: safeString(),
  /** Granted at once as the first request in 12 months. */
  automatic: z.boolean(),
  decisionReason: safeString().nullable(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  decidedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
});
export type FeeWaiver = z.output<typeof feeWaiverSchema>;

/** One late fee on the homeowner's home page. */
export const myFeeSchema = z.object({
  seq: z.number().int(),
  /** The agreement month of the charge it is the fee of. */
  month: z.number().int(),
  /** The day it was made (and fell due). */
  dueOn: safeString(),
  amountCents: cents,
  /** What the credit paid of it (0 once waived). */
  paidCents: cents,
  /** open: owed; paid: paid in full; waived: reversed. */
  state: z.enum(['open', 'paid', 'waived']),
  /** The homeowner's waiver request, if any. */
  waiver: feeWaiverSchema.nullable(),
});
export type MyFee = z.output<typeof myFeeSchema>;

/** 'Pay by Mar 11 to avoid a $118.25 late fee': the next deadline and the fee it would bring on what is unpaid now. */
export const lateFeeWarningSchema = z.object({ payBy: safeString(), feeCents: cents, month: z.number().int() });

/** One request waiting for staff (GET /api/admin/fee-waivers). */
export const pendingFeeWaiverSchema = z.object({
  id: safeString(),
  homeId: safeString(),
  address: safeString(),
  homeownerName: safeString(),
  feeSeq: z.number().int(),
  month: z.number().int(),
  amountCents: cents,
  reason: safeString(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
});
export const pendingFeeWaiversSchema = z.object({ items: z.array(pendingFeeWaiverSchema) });
export type PendingFeeWaiver = z.output<typeof pendingFeeWaiverSchema>;
