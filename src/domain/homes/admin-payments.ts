import { z } from 'zod';
import { ledgerWarningSchema } from './ledger-warning';
import { MAX_PAGE_SIZE, PAGE_SIZE } from '../admin/lists';
import { LEDGER_KINDS } from '../ledger';
import { safeIsoDateTime, safeString } from '../safe-text';
import { ledgerToday } from './dates';
import { PAYMENT_SOURCES } from './states';

/**
 * Staff's money operations and /admin/payments (docs/product/back-office.md#payments;
 * docs/decisions/022-homes-and-ledger.md): record a payment or a refund, reverse an entry,
 * import a bank's CSV, verify the hash chains, and the month's figures with the homes
 * behind them. Money crosses the API in whole cents. Pure: shared by the server and the pages.
 */

/** The largest single payment, refund or imported amount: ten million dollars, in cents. */
export const MAX_ENTRY_CENTS = 1_000_000_000;
export const MAX_REFERENCE_LENGTH = 100;
export const MAX_MEMO_LENGTH = 500;
export const MAX_REASON_LENGTH = 500;

const realDate = (label: string) =>
  safeString({ error: `${label} is required.` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label}: use a date like 2026-03-01.`)
    .refine((text) => {
      const date = new Date(`${text}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
    }, `${label}: use a real date like 2026-03-01.`)
    // 'Today' is the ledger's (New York), as everywhere money has a date.
    .refine((text) => text <= ledgerToday(), `${label} cannot be in the future.`)
    .refine((text) => text >= '2000-01-01', `${label} must be in 2000 or later.`);

const amountCents = (label: string) =>
  z
    .number({ error: `${label} is required.` })
    .int(`${label} must be a whole number of cents.`)
    .positive(`${label} must be more than $0.`)
    .max(MAX_ENTRY_CENTS, `${label} must be at most $10,000,000.`);

const optionalText = (label: string, max: number) =>
  safeString()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v || null);

/** POST /api/admin/homes/{id}/ledger/payments: money received, typed by staff (source 'staff'). */
export const recordPaymentSchema = z.object({
  amountCents: amountCents('Amount'),
  receivedOn: realDate('Date received'),
  reference: optionalText('Bank reference', MAX_REFERENCE_LENGTH),
  memo: optionalText('Memo', MAX_MEMO_LENGTH),
});
export type RecordPaymentInput = z.output<typeof recordPaymentSchema>;

/** POST /api/admin/homes/{id}/ledger/refunds: money returned to the homeowner (at most what they have paid, less refunds). */
export const recordRefundSchema = z.object({
  amountCents: amountCents('Amount'),
  refundedOn: realDate('Date refunded'),
  reference: optionalText('Bank reference', MAX_REFERENCE_LENGTH),
  memo: optionalText('Memo', MAX_MEMO_LENGTH),
});
export type RecordRefundInput = z.output<typeof recordRefundSchema>;

/** POST /api/admin/homes/{id}/ledger/reversals: undoes entry `seq` (not a reversal, not already reversed) with a reason. */
export const reverseEntrySchema = z.object({
  seq: z.number({ error: 'Entry is required.' }).int('Entry is a whole number.').positive('Entry is a number from 1.'),
  reason: safeString({ error: 'Reason is required.' })
    .trim()
    .min(1, 'Reason is required.')
    .max(MAX_REASON_LENGTH, `Reason must be at most ${MAX_REASON_LENGTH} characters.`),
});
export type ReverseEntryInput = z.output<typeof reverseEntrySchema>;

/** One entry of a home's ledger as the back office shows it. */
export const adminLedgerEntrySchema = z.object({
  seq: z.number().int(),
  kind: z.enum(LEDGER_KINDS),
  amountCents: z.number().int(),
  month: z.number().int().nullable(),
  effectiveOn: safeString(),
  reference: safeString().nullable(),
  reversesSeq: z.number().int().nullable(),
  /** The reversal that undoes this entry, if any. */
  reversedBySeq: z.number().int().nullable(),
  note: safeString().nullable(),
  source: z.enum(PAYMENT_SOURCES).nullable(),
  recordedAt: safeIsoDateTime('An ISO 8601 date-time'),
  prevHash: safeString(),
  hash: safeString(),
  /** Charges only: what the credit paid of it (oldest first) and its state today. */
  paidCents: z.number().int().nullable(),
  state: z.enum(['paid', 'due', 'overdue']).nullable(),
});
export type AdminLedgerEntry = z.output<typeof adminLedgerEntrySchema>;

/** GET /api/admin/homes/{id}/ledger: the entries (oldest first) and what they add up to (allocateLedger). */
export const adminLedgerSchema = z.object({
  homeId: safeString(),
  /** Set when the chain does not hold (the daily check's mark, or the page's own check from the last entry found intact). */
  ledgerWarning: ledgerWarningSchema.nullable(),
  address: safeString(),
  homeownerName: safeString(),
  today: safeString(),
  entries: z.array(adminLedgerEntrySchema),
  chargedCents: z.number().int(),
  creditedCents: z.number().int(),
  balanceCents: z.number().int(),
  creditCents: z.number().int(),
  overdueCents: z.number().int(),
});
export type AdminLedger = z.output<typeof adminLedgerSchema>;

/** What one chain check found (the button on a home and on /admin/payments, and `npm run ledger:verify`). */
export const chainBreakSchema = z.object({
  homeId: safeString(),
  address: safeString(),
  seq: z.number().int(),
  reason: safeString(),
  message: safeString(),
});
export type ChainBreakItem = z.output<typeof chainBreakSchema>;

export const verifyResultSchema = z.object({
  ok: z.boolean(),
  homes: z.number().int(),
  entries: z.number().int(),
  broken: z.array(chainBreakSchema),
  /** Only the first this many broken homes are listed. */
  brokenTotal: z.number().int(),
  /** What is wrong with the signed daily checkpoints themselves (a changed, removed or forged one); empty when they hold. */
  checkpointProblems: z.array(safeString()),
});
export type VerifyResult = z.output<typeof verifyResultSchema>;

// ——— The month's figures ———

/** 'YYYY-MM' */
export const monthSchema = safeString().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Use a month like 2026-03.');

export const PAYMENT_STATES = ['paid', 'due', 'overdue'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];
export const PAYMENT_STATE_FILTERS = ['all', ...PAYMENT_STATES] as const;
export const PAYMENT_STATE_LABELS: Readonly<Record<PaymentState, string>> = { paid: 'Paid', due: 'Due', overdue: 'Overdue' };

/** GET /api/admin/payments (and its export): a month's charges, filtered by state, searched by address or name, paged. */
export const paymentsListSchema = z.object({
  month: monthSchema.optional(),
  state: z.enum(PAYMENT_STATE_FILTERS, { error: 'State is all, paid, due or overdue.' }).default('all'),
  q: safeString().trim().max(100, 'Search is limited to 100 characters.').default(''),
  page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page starts at 1.').max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows per page.`).default(PAGE_SIZE),
});
export type PaymentsListParams = z.output<typeof paymentsListSchema>;

/** One home's charge falling due in the month, allocated oldest-first like allocateLedger. */
export const paymentsListItemSchema = z.object({
  homeId: safeString(),
  address: safeString(),
  firstName: safeString(),
  lastName: safeString(),
  email: safeString(),
  seq: z.number().int(),
  month: z.number().int(),
  dueOn: safeString(),
  amountCents: z.number().int(),
  paidCents: z.number().int(),
  state: z.enum(PAYMENT_STATES),
});
export type PaymentsListItem = z.output<typeof paymentsListItemSchema>;

export const paymentsTotalsSchema = z.object({
  /** Σ the month's charges (not reversed) and how many homes they bill. */
  dueCents: z.number().int(),
  dueHomes: z.number().int(),
  /** Σ what the credit paid of them (oldest charge first), and the homes paid in full. */
  paidCents: z.number().int(),
  paidHomes: z.number().int(),
  /** Σ the payments received in the month (not reversed), and how many. */
  receivedCents: z.number().int(),
  receivedPayments: z.number().int(),
  /** Σ what is still unpaid of the month's charges more than 10 days late, and their homes. */
  overdueCents: z.number().int(),
  overdueHomes: z.number().int(),
  /** Σ what is unpaid of the month's charges still within their 10 days, and their homes. */
  openCents: z.number().int(),
  openHomes: z.number().int(),
});
export type PaymentsTotals = z.output<typeof paymentsTotalsSchema>;

export const paymentsPageSchema = z.object({
  month: safeString(),
  today: safeString(),
  /** The settings' grace: a charge not paid in full this many days after its due date is overdue. */
  graceDays: z.number().int(),
  totals: paymentsTotalsSchema,
  items: z.array(paymentsListItemSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalCapped: z.boolean(),
});
export type PaymentsPage = z.output<typeof paymentsPageSchema>;

/** The first and the day after the last day of `month` ('2026-03' → ['2026-03-01', '2026-04-01']). */
export function monthRange(month: string): [string, string] {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
  return [`${month}-01`, `${next}-01`];
}

/** 'March 2026' */
export function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(Date.UTC(year, m - 1, 1)));
}

export const LEDGER_KIND_LABELS: Readonly<Record<(typeof LEDGER_KINDS)[number], string>> = {
  charge: 'Charge',
  payment: 'Payment',
  refund: 'Refund',
  payout: 'Payout',
  reversal: 'Reversal',
  fee: 'Late fee',
  buy_out: 'Buy-out paid',
};

/** Cents as a form shows them: 235400 → '2354.00'. */
export const centsText = (cents: number) => (cents / 100).toFixed(2);
