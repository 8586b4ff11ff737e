import { z } from 'zod';
import { MAX_PAGE_SIZE, pageSchema } from '../admin/lists';
import { safeIsoDateTime, safeString } from '../safe-text';
import { BANK_ACCOUNT_STATES, BANK_ACCOUNT_VERIFICATIONS, EVENT_OUTCOMES, type BankAccountVerification } from './bank-account';
import { PROCESSOR_PAYMENT_STATES } from './states';

/**
 * Staff's side of bank debits on /admin/payments (docs/decisions/038-staff-processor-payments.md): the
 * debits processing, succeeded, failed and returned; the provider's events about money we never moved;
 * each home's bank account; retry, refund through the provider and unlock. Money in whole cents. Pure.
 */

/** A refund through the provider: asked, then succeeded (the ledger's `refund`) or failed. */
export const PROCESSOR_REFUND_STATES = ['pending', 'succeeded', 'failed'] as const;
export type ProcessorRefundState = (typeof PROCESSOR_REFUND_STATES)[number];

/** The views of debits: `processing` holds the scheduled ones too (asked, not yet at the bank). */
export const STAFF_PAYMENT_VIEWS = ['processing', 'succeeded', 'failed', 'returned'] as const;
export type StaffPaymentView = (typeof STAFF_PAYMENT_VIEWS)[number];
export const STAFF_PAYMENT_VIEW_LABELS: Readonly<Record<StaffPaymentView, string>> = {
  processing: 'Processing',
  succeeded: 'Succeeded',
  failed: 'Failed',
  returned: 'Returned',
};

/** A home's bank account as staff see it: `none` when it never had one. */
export const STAFF_ACCOUNT_STATES = ['none', ...BANK_ACCOUNT_STATES] as const;
export type StaffAccountState = (typeof STAFF_ACCOUNT_STATES)[number];
export const STAFF_ACCOUNT_STATE_LABELS: Readonly<Record<StaffAccountState, string>> = {
  none: 'None',
  unverified: 'Pending micro-deposits',
  verified: 'Verified',
  locked: 'Locked: 3 wrong tries',
  removed: 'Removed',
};

/** How an account was (or is being) verified, in staff's words (docs/decisions/046-instant-bank-verification.md). */
export const STAFF_VERIFICATION_LABELS: Readonly<Record<BankAccountVerification, string>> = {
  microdeposits: 'Micro-deposits',
  instant: 'Instant (bank login)',
};

const paging = {
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows per page.`).default(25),
};

export const staffPaymentsQuerySchema = z.object({ view: z.enum(STAFF_PAYMENT_VIEWS, { error: 'Choose a view.' }).default('failed'), ...paging });
export type StaffPaymentsQuery = z.output<typeof staffPaymentsQuerySchema>;

export const staffRefundSchema = z.object({
  id: safeString(),
  amountCents: z.number().int(),
  reason: safeString(),
  state: z.enum(PROCESSOR_REFUND_STATES),
  failureReason: safeString().nullable(),
  createdAt: safeIsoDateTime('createdAt'),
});

export const staffPaymentSchema = z.object({
  id: safeString(),
  homeId: safeString(),
  address: safeString(),
  homeownerName: safeString(),
  amountCents: z.number().int(),
  state: z.enum(PROCESSOR_PAYMENT_STATES),
  /** `•••• 6789`. */
  accountMasked: safeString(),
  scheduledAt: safeIsoDateTime('scheduledAt'),
  /** When it reached its state. */
  stateAt: safeIsoDateTime('stateAt'),
  /** Failed: why, in words. Returned: the return code and its words. */
  reason: safeString().nullable(),
  returnCode: safeString().nullable(),
  /** Staff's retry of this failed debit, and the failed debit this one retries. */
  retriedBy: safeString().nullable(),
  retryOf: safeString().nullable(),
  refunds: z.array(staffRefundSchema),
  /** What may still be refunded: the debit less its refunds pending or done (0 unless it succeeded). */
  refundableCents: z.number().int(),
  sandbox: z.boolean(),
});
export type StaffPayment = z.output<typeof staffPaymentSchema>;
export const staffPaymentsPageSchema = pageSchema(staffPaymentSchema).extend({ view: z.enum(STAFF_PAYMENT_VIEWS) });
export type StaffPaymentsPage = z.output<typeof staffPaymentsPageSchema>;

export const staffExceptionsQuerySchema = z.object(paging);
export const staffExceptionSchema = z.object({
  id: safeString(),
  type: safeString(),
  outcome: z.enum(EVENT_OUTCOMES),
  providerPaymentId: safeString().nullable(),
  providerRefundId: safeString().nullable(),
  amountCents: z.number().int().nullable(),
  /** The failure or return code, in words. */
  detail: safeString().nullable(),
  occurredAt: safeIsoDateTime('occurredAt'),
  receivedAt: safeIsoDateTime('receivedAt'),
});
export type StaffException = z.output<typeof staffExceptionSchema>;
export const staffExceptionsPageSchema = pageSchema(staffExceptionSchema);

export const staffAccountsQuerySchema = z.object({
  state: z.enum(['all', ...STAFF_ACCOUNT_STATES], { error: 'Choose a state.' }).default('all'),
  ...paging,
});
export type StaffAccountsQuery = z.output<typeof staffAccountsQuerySchema>;
export const staffAccountSchema = z.object({
  homeId: safeString(),
  address: safeString(),
  homeownerName: safeString(),
  state: z.enum(STAFF_ACCOUNT_STATES),
  accountMasked: safeString().nullable(),
  accountType: safeString().nullable(),
  /** Micro-deposits or instant (null: none). An instant account has no whole number stored, only its last four. */
  verification: z.enum(BANK_ACCOUNT_VERIFICATIONS).nullable(),
  attemptsLeft: z.number().int().nullable(),
  /** When it was added (null: none). */
  addedAt: safeIsoDateTime('addedAt').nullable(),
  verifiedAt: safeIsoDateTime('verifiedAt').nullable(),
  sandbox: z.boolean(),
});
export type StaffAccount = z.output<typeof staffAccountSchema>;
export const staffAccountsPageSchema = pageSchema(staffAccountSchema);

export const MAX_REFUND_REASON_LENGTH = 500;

/** POST /api/admin/processor-payments/{id}/refunds: full or partial, with a reason the homeowner reads; one per key. */
export const staffRefundInputSchema = z.object({
  amountCents: z
    .number({ error: 'Amount is required.' })
    .int('Amount: whole cents (no fractions of a cent).')
    .positive('Amount must be more than $0.')
    .max(1_000_000_000, 'Amount must be at most $10,000,000.'),
  reason: safeString({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required.')
    .max(MAX_REFUND_REASON_LENGTH, `Reason must be at most ${MAX_REFUND_REASON_LENGTH} characters.`),
  idempotencyKey: safeString({ error: 'Reload the page and try again.' }).regex(/^[A-Za-z0-9_-]{16,64}$/, 'Reload the page and try again.'),
});
export type StaffRefundInput = z.output<typeof staffRefundInputSchema>;
