import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  BANK_ACCOUNT_STATES,
  BANK_ACCOUNT_TYPES,
  BANK_ACCOUNT_VERIFICATIONS,
  BANK_LINK_STATES,
  EVENT_OUTCOMES,
  PAYMENT_COLLECTORS,
  PAYMENT_ORIGINS,
} from '../../../domain/payments/bank-account';
import { PROCESSOR_REFUND_STATES } from '../../../domain/payments/staff';
import { PROCESSOR_PAYMENT_STATES } from '../../../domain/payments/states';
import { createdAt } from './columns';
import { homes } from './homes-schema';

/**
 * Money a processor collects (docs/decisions/032-processor-payments.md): a home's bank account on
 * file with the ACH debit authorisation the homeowner gave, the debits and their states, and every
 * provider event received (deduplicated by its id). The ledger gains a `payment` only when a debit
 * succeeded, and a `reversal` when it came back (src/server/modules/payments). Part of the schema.
 */

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    holderName: text('holder_name').notNull(),
    routingNumber: text('routing_number').notNull(),
    /**
     * The account number sealed with the data key (src/server/platform/lib/crypto.ts), bound to this row. Null only for
     * an account the processor verified instantly: it never tells us the whole number
     * (docs/decisions/046-instant-bank-verification.md).
     */
    accountNumberSealed: text('account_number_sealed'),
    /** What every screen, export and log shows: `•••• 6789`. */
    accountLast4: text('account_last4').notNull(),
    accountType: text('account_type', { enum: BANK_ACCOUNT_TYPES }).notNull(),
    state: text('state', { enum: BANK_ACCOUNT_STATES }).notNull().default('unverified'),
    /** How it was verified: two micro-deposits typed back, or instantly at the processor's hosted bank link. */
    verification: text('verification', { enum: BANK_ACCOUNT_VERIFICATIONS }).notNull().default('microdeposits'),
    /** Wrong micro-deposit answers so far: the third locks the account until staff unlock it. */
    verifyAttempts: integer('verify_attempts').notNull().default(0),
    autopay: boolean('autopay').notNull().default(false),
    /** When autopay was last turned on: charges whose debit day falls before it are not debited (docs/decisions/037-autopay-and-ach-files.md). */
    autopaySince: timestamp('autopay_since', { withTimezone: true }),
    providerCustomerId: text('provider_customer_id').notNull(),
    providerSetupId: text('provider_setup_id').notNull(),
    providerPaymentMethodId: text('provider_payment_method_id').notNull(),
    /** The ACH debit authorisation as shown and agreed: its version, its exact text, when, from where. */
    authorisationVersion: text('authorisation_version').notNull(),
    authorisationText: text('authorisation_text').notNull(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }).notNull(),
    authorisedIp: text('authorised_ip'),
    authorisedUserAgent: text('authorised_user_agent'),
    /** Set up with the stand-in processor. */
    sandbox: boolean('sandbox').notNull(),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    check('bank_accounts_state_check', sql`${t.state} in (${quoted(BANK_ACCOUNT_STATES)})`),
    check('bank_accounts_type_check', sql`${t.accountType} in (${quoted(BANK_ACCOUNT_TYPES)})`),
    check('bank_accounts_routing_check', sql`${t.routingNumber} ~ '^[0-9]{9}$'`),
    check('bank_accounts_last4_check', sql`${t.accountLast4} ~ '^[0-9]{4}$'`),
    check('bank_accounts_verification_check', sql`${t.verification} in (${quoted(BANK_ACCOUNT_VERIFICATIONS)})`),
    // Only an account the processor verified instantly lacks the whole number (docs/decisions/046-instant-bank-verification.md).
    check('bank_accounts_number_check', sql`${t.accountNumberSealed} is not null or ${t.verification} = 'instant'`),
    // One account on file per home; removed ones stay for the record.
    uniqueIndex('bank_accounts_home_active_idx')
      .on(t.homeId)
      .where(sql`${t.state} <> 'removed'`),
  ],
);

/**
 * A homeowner's instant bank link (docs/decisions/046-instant-bank-verification.md): the processor's hosted setup
 * session, bound to the home and user that started it, with the ACH debit authorisation they agreed to before they
 * went. Completed once (the account it stored), cancelled, or left open (a tab closed on the way: nothing stored).
 */
export const bankLinks = pgTable(
  'bank_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    userId: text('user_id').notNull(),
    /** The processor's session (a Checkout Session in setup mode): what the return URL names. */
    providerSessionId: text('provider_session_id').notNull(),
    providerCustomerId: text('provider_customer_id').notNull(),
    holderName: text('holder_name').notNull(),
    state: text('state', { enum: BANK_LINK_STATES }).notNull().default('open'),
    authorisationVersion: text('authorisation_version').notNull(),
    authorisationText: text('authorisation_text').notNull(),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }).notNull(),
    authorisedIp: text('authorised_ip'),
    authorisedUserAgent: text('authorised_user_agent'),
    sandbox: boolean('sandbox').notNull(),
    bankAccountId: uuid('bank_account_id').references(() => bankAccounts.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('bank_links_session_idx').on(t.providerSessionId),
    index('bank_links_home_idx').on(t.homeId),
    check('bank_links_state_check', sql`${t.state} in (${quoted(BANK_LINK_STATES)})`),
    check('bank_links_completed_check', sql`(${t.state} = 'completed') = (${t.bankAccountId} is not null)`),
  ],
);

/**
 * The day's NACHA debit file for the bank (docs/decisions/037-autopay-and-ach-files.md): one per banking day, kept
 * whole (what staff download) and dropped in NACHA_OUTBOX_DIR.
 */
export const achFiles = pgTable(
  'ach_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The banking day it was written for (the company's calendar): one file a day. */
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    fileName: text('file_name').notNull(),
    content: text('content').notNull(),
    entryCount: integer('entry_count').notNull(),
    debitCount: integer('debit_count').notNull(),
    totalDebitCents: bigint('total_debit_cents', { mode: 'number' }).notNull(),
    totalCreditCents: bigint('total_credit_cents', { mode: 'number' }).notNull(),
    entryHash: text('entry_hash').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
    /** When the copy in NACHA_OUTBOX_DIR was written (null until it is: the job writes it again after a crash). */
    droppedAt: timestamp('dropped_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('ach_files_day_idx').on(t.businessDay)],
);

export const processorPayments = pgTable(
  'processor_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    bankAccountId: uuid('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    state: text('state', { enum: PROCESSOR_PAYMENT_STATES }).notNull().default('scheduled'),
    /** The page's key for one click: a second request with it answers the first payment. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerPaymentId: text('provider_payment_id'),
    failureCode: text('failure_code'),
    returnCode: text('return_code'),
    /** The ledger entries it posted: the payment when it succeeded, the reversal when it came back. */
    paymentSeq: integer('payment_seq'),
    reversalSeq: integer('reversal_seq'),
    /** 'pay_now' from the page, or 'autopay' for agreement month `month` (docs/decisions/037-autopay-and-ach-files.md). */
    origin: text('origin', { enum: PAYMENT_ORIGINS }).notNull().default('pay_now'),
    month: integer('month'),
    /** Who collects it: the processor, or the bank through the day's NACHA file. */
    collector: text('collector', { enum: PAYMENT_COLLECTORS }).notNull().default('processor'),
    /** Bank debits: the file that carried it and its trace number (the ledger payment's reference, which returns name). */
    achFileId: uuid('ach_file_id').references(() => achFiles.id, { onDelete: 'restrict' }),
    traceNumber: text('trace_number'),
    sandbox: boolean('sandbox').notNull(),
    /** Staff's retry of a failed debit: the payment it retries (one retry each). */
    retryOf: uuid('retry_of').references((): AnyPgColumn => processorPayments.id, { onDelete: 'restrict' }),
    createdBy: text('created_by'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }).notNull().defaultNow(),
    processingAt: timestamp('processing_at', { withTimezone: true }),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
  },
  (t) => [
    check('processor_payments_state_check', sql`${t.state} in (${quoted(PROCESSOR_PAYMENT_STATES)})`),
    check('processor_payments_amount_check', sql`${t.amountCents} > 0`),
    check('processor_payments_origin_check', sql`${t.origin} in (${quoted(PAYMENT_ORIGINS)})`),
    check('processor_payments_collector_check', sql`${t.collector} in (${quoted(PAYMENT_COLLECTORS)})`),
    check('processor_payments_autopay_month_check', sql`(${t.origin} = 'autopay') = (${t.month} is not null)`),
    // One autopay debit per home and agreement month, whatever runs the job and however often.
    uniqueIndex('processor_payments_autopay_idx')
      .on(t.homeId, t.month)
      .where(sql`${t.origin} = 'autopay'`),
    // The bank's debits waiting for the day's file.
    index('processor_payments_bank_queue_idx')
      .on(t.scheduledAt)
      .where(sql`${t.collector} = 'bank' and ${t.achFileId} is null`),
    uniqueIndex('processor_payments_trace_idx').on(t.traceNumber),
    uniqueIndex('processor_payments_key_idx').on(t.homeId, t.idempotencyKey),
    uniqueIndex('processor_payments_provider_idx').on(t.providerPaymentId),
    uniqueIndex('processor_payments_retry_idx')
      .on(t.retryOf)
      .where(sql`${t.retryOf} IS NOT NULL`),
    index('processor_payments_home_idx').on(t.homeId, t.scheduledAt.desc()),
    index('processor_payments_open_idx')
      .on(t.state, t.scheduledAt)
      .where(sql`${t.state} in ('scheduled', 'processing', 'failed', 'returned')`),
    // Staff's Succeeded view, newest first (docs/decisions/044-payments-throughput.md): every month's debits end here.
    index('processor_payments_succeeded_idx')
      // NULLS FIRST: the order of `ORDER BY … DESC`, so the page is read off the index in order, never sorted.
      .on(t.scheduledAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.state} = 'succeeded'`),
  ],
);

/** Every provider event received, once: its id is the key, so a resent event is recognised and changes nothing. */
export const processorEvents = pgTable(
  'processor_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    providerPaymentId: text('provider_payment_id'),
    /** A refund event's refund at the provider. */
    providerRefundId: text('provider_refund_id'),
    /** What the event's object says it moved, when it says (shown to staff with an unknown event). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    paymentId: uuid('payment_id').references(() => processorPayments.id, { onDelete: 'restrict' }),
    outcome: text('outcome', { enum: EVENT_OUTCOMES }).notNull(),
    failureCode: text('failure_code'),
    returnCode: text('return_code'),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** The event as the adapter read it (ProviderEvent), kept until it is applied (docs/decisions/044-payments-throughput.md). */
    payload: jsonb('payload'),
  },
  (t) => [
    check('processor_events_outcome_check', sql`${t.outcome} in (${quoted(EVENT_OUTCOMES)})`),
    index('processor_events_unknown_idx')
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'unknown_payment'`),
    index('processor_events_payment_idx').on(t.paymentId),
    // The events acknowledged and not applied yet, oldest first: the applier's queue.
    index('processor_events_pending_idx')
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'pending'`),
  ],
);

/**
 * Staff's refunds of a succeeded debit through the provider (docs/decisions/038-staff-processor-payments.md):
 * asked (`pending`) with one key per click, posted to the ledger as a `refund` only when the provider says
 * it succeeded, or `failed` with the provider's reason. At most the debit less its other refunds.
 */
export const processorRefunds = pgTable(
  'processor_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => processorPayments.id, { onDelete: 'restrict' }),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    state: text('state', { enum: PROCESSOR_REFUND_STATES }).notNull().default('pending'),
    /** The page's key for one click: a second request with it answers the first refund. */
    idempotencyKey: text('idempotency_key').notNull(),
    providerRefundId: text('provider_refund_id'),
    failureReason: text('failure_reason'),
    /** The ledger's `refund` entry, once the provider confirmed it. */
    ledgerSeq: integer('ledger_seq'),
    sandbox: boolean('sandbox').notNull(),
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    succeededAt: timestamp('succeeded_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [
    check('processor_refunds_state_check', sql`${t.state} in (${quoted(PROCESSOR_REFUND_STATES)})`),
    check('processor_refunds_amount_check', sql`${t.amountCents} > 0`),
    check('processor_refunds_reason_check', sql`char_length(${t.reason}) BETWEEN 1 AND 500`),
    uniqueIndex('processor_refunds_key_idx').on(t.paymentId, t.idempotencyKey),
    uniqueIndex('processor_refunds_provider_idx').on(t.providerRefundId),
  ],
);
