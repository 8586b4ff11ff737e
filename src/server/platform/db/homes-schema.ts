import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, numeric, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { LEDGER_KINDS } from '../../../domain/ledger';
import { HOME_STATES, NOTICE_KINDS, NOTICE_STATES, PAYMENT_CHANGE_STATES, PAYMENT_SOURCES, VALUATION_SOURCES } from '../../../domain/homes/states';
import { createdAt } from './columns';
import { applications } from './application-schema';
import { users } from './auth-schema';
import { offers } from './buying-schema';

/**
 * The homeowner phase (docs/decisions/022-homes-and-ledger.md): a home
 * and its agreement, the agreement's terms over time, the append-only ledger in
 * whole cents with its hash chain, valuations, payment changes, 60-day notices
 * and monthly statements. Money is `bigint` cents everywhere here (never numeric
 * dollars), read as JavaScript numbers: 2^53 cents is far beyond any home.
 * Part of the schema (re-exported by ./schema.ts).
 */

const cents = (name: string) => bigint(name, { mode: 'number' });
const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A home Ownstead bought with a buyer, and its agreement (calculators.md 'Homeowner
 * figures'): price P, down payment D, reference rate r and appreciation assumption a
 * are fixed at the purchase; the monthly payment is in `home_terms`.
 */
export const homes = pgTable(
  'homes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The homeowner. An account with a home is not deleted while the home's records must be kept (restrict). */
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** The approved application the purchase was recorded from: one home per application. */
    applicationId: uuid('application_id')
      .notNull()
      .unique()
      .references(() => applications.id, { onDelete: 'restrict' }),
    /** The accepted offer the purchase was recorded from, if any (docs/decisions/042-closing.md). */
    offerId: uuid('offer_id')
      .unique()
      .references(() => offers.id, { onDelete: 'set null' }),
    address: text('address').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    priceCents: cents('price_cents').notNull(),
    downPaymentCents: cents('down_payment_cents').notNull(),
    /** Percent a year, e.g. 6.400 (settings' default at the purchase, editable by staff before saving). */
    mortgageRate: numeric('mortgage_rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    appreciationRate: numeric('appreciation_rate', { precision: 6, scale: 3, mode: 'number' }).notNull(),
    state: text('state', { enum: HOME_STATES }).notNull().default('active'),
    closedOn: date('closed_on', { mode: 'string' }),
    /**
     * 'awaiting_signatures' while the co-ownership agreement waits for its signers (e-signatures on,
     * docs/decisions/033-signatures.md): nothing is billed and no figure is the homeowner's own until it is 'in_force'.
     */
    agreementState: text('agreement_state', { enum: ['in_force', 'awaiting_signatures'] })
      .notNull()
      .default('in_force'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('homes_state_check', sql`${t.state} in (${quoted(HOME_STATES)})`),
    check('homes_money_check', sql`${t.priceCents} > 0 AND ${t.downPaymentCents} >= 0 AND ${t.downPaymentCents} < ${t.priceCents}`),
    check('homes_rates_check', sql`${t.mortgageRate} > 0 AND ${t.mortgageRate} < 30 AND ${t.appreciationRate} > -20 AND ${t.appreciationRate} < 30`),
    check('homes_address_check', sql`char_length(${t.address}) BETWEEN 1 AND 200`),
    check('homes_agreement_state_check', sql`${t.agreementState} in ('in_force', 'awaiting_signatures')`),
    check('homes_closed_check', sql`(${t.state} = 'closed') = (${t.closedOn} IS NOT NULL)`),
    index('homes_user_idx').on(t.userId),
    index('homes_created_at_idx').on(t.createdAt.desc()),
    index('homes_search_idx').using('gin', sql`(lower(${t.address})) gin_trgm_ops`),
    // /admin/payments and /admin/homes list homes in address order.
    index('homes_address_idx').on(sql`lower(${t.address})`, t.id),
    // The charge run walks the active homes in id order, a batch at a time.
    index('homes_active_idx')
      .on(t.id)
      .where(sql`${t.state} = 'active'`),
  ],
);

/**
 * The agreement's history of terms: the monthly payment S from month `from_month`
 * on. The purchase writes month 1; an approved payment change adds the next
 * unbilled month. Nothing is recomputed backwards.
 */
export const homeTerms = pgTable(
  'home_terms',
  {
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    fromMonth: integer('from_month').notNull(),
    /** S, whole dollars on the slider's 5-dollar steps, kept in cents. */
    monthlyPaymentCents: cents('monthly_payment_cents').notNull(),
    /** The payment change that made this term (null for the purchase's). */
    paymentChangeId: uuid('payment_change_id'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.homeId, t.fromMonth] }),
    check('home_terms_month_check', sql`${t.fromMonth} >= 1`),
    check('home_terms_payment_check', sql`${t.monthlyPaymentCents} > 0`),
  ],
);

/**
 * The ledger: append-only (a trigger refuses UPDATE, DELETE and TRUNCATE, migration
 * 0014), whole cents, one hash chain per home (src/domain/ledger). `seq` numbers a
 * home's entries 1, 2, 3…; `prev_hash` is the hash of entry seq − 1 (64 zeros for
 * the first) and `hash` the SHA-256 of this entry's canonical text. An entry is
 * appended with the home's row locked (src/server/modules/homes/ledger.ts), so a chain never forks.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    kind: text('kind', { enum: LEDGER_KINDS }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** The agreement month k of a charge; null otherwise. */
    month: integer('month'),
    /** Due date of a charge; date received of a payment; date of a refund, payout or reversal. */
    effectiveOn: date('effective_on', { mode: 'string' }).notNull(),
    /** The bank's reference of a payment (idempotent import), or a staff memo's reference. */
    reference: text('reference'),
    /** A reversal's target: the seq of the entry it undoes, in the same home. */
    reversesSeq: integer('reverses_seq'),
    /** A reversal's reason, or a memo. */
    note: text('note'),
    /** Payments only: where it came from. */
    source: text('source', { enum: PAYMENT_SOURCES }),
    /** Exactly the instant that was hashed (milliseconds). */
    recordedAt: timestamp('recorded_at', { withTimezone: true, precision: 3 }).notNull(),
    recordedBy: text('recorded_by'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.homeId, t.seq] }),
    check('ledger_entries_kind_check', sql`${t.kind} in (${quoted(LEDGER_KINDS)})`),
    check('ledger_entries_seq_check', sql`${t.seq} >= 1`),
    check('ledger_entries_amount_check', sql`${t.amountCents} > 0`),
    check('ledger_entries_month_check', sql`(${t.kind} in ('charge', 'fee')) = (${t.month} IS NOT NULL AND ${t.month} >= 1)`),
    check('ledger_entries_reversal_check', sql`(${t.kind} = 'reversal') = (${t.reversesSeq} IS NOT NULL AND ${t.reversesSeq} < ${t.seq})`),
    check('ledger_entries_source_check', sql`(${t.kind} = 'payment') = (${t.source} IS NOT NULL)`),
    check('ledger_entries_hash_check', sql`${t.hash} ~ '^[0-9a-f]{64}$' AND ${t.prevHash} ~ '^[0-9a-f]{64}$'`),
    check('ledger_entries_note_check', sql`${t.note} IS NULL OR char_length(${t.note}) BETWEEN 1 AND 500`),
    // A home and month is billed once, however many instances run the charge job.
    uniqueIndex('ledger_entries_charge_month_idx')
      .on(t.homeId, t.month)
      .where(sql`${t.kind} = 'charge'`),
    // A charge gets one late fee, ever, however many instances run the fee job (calculators.md 'Fees').
    uniqueIndex('ledger_entries_fee_month_idx')
      .on(t.homeId, t.month)
      .where(sql`${t.kind} = 'fee'`),
    // A bank's reference is imported once.
    uniqueIndex('ledger_entries_payment_reference_idx')
      .on(t.reference)
      .where(sql`${t.kind} = 'payment' AND ${t.reference} IS NOT NULL`),
    // An entry is reversed at most once.
    uniqueIndex('ledger_entries_reverses_idx')
      .on(t.homeId, t.reversesSeq)
      .where(sql`${t.kind} = 'reversal'`),
    // /admin/payments: the month's charges and payments across homes.
    index('ledger_entries_kind_effective_idx').on(t.kind, t.effectiveOn),
  ],
);

/**
 * The ledger's projections (docs/decisions/024-ledger-projections.md): what the ledger says, kept ready for
 * /admin/payments so a month across 100,000 homes is read, not recomputed. Derived data, never the record:
 * written only by src/server/modules/homes/ledger-projection.ts in the transaction that appends the entries they
 * follow from, rebuilt from the ledger at will, and checked against it by `npm run ledger:verify`.
 */

/** Each charge that counts (not reversed) with the part of the home's credit it receives (allocateLedger's paidCents). */
export const ledgerChargeStates = pgTable(
  'ledger_charge_states',
  {
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    seq: integer('seq').notNull(),
    month: integer('month').notNull(),
    dueOn: date('due_on', { mode: 'string' }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    paidCents: cents('paid_cents').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.homeId, t.seq] }),
    check('ledger_charge_states_paid_check', sql`${t.paidCents} >= 0 AND ${t.paidCents} <= ${t.amountCents}`),
    // A month's page walks the homes in address order and finds each one's charge here.
    index('ledger_charge_states_home_due_idx').on(t.homeId, t.dueOn),
    // A month whose charges are few (its first days, before the charge run reaches every home): its charges first.
    index('ledger_charge_states_due_idx').on(t.dueOn),
    // 'Due' and 'Overdue' filters: the open charges of a month.
    index('ledger_charge_states_open_idx')
      .on(t.dueOn)
      .where(sql`${t.paidCents} < ${t.amountCents}`),
  ],
);

/** A home's sums over the entries that count: what a new charge's paid part follows from. */
export const homeLedgerTotals = pgTable('home_ledger_totals', {
  homeId: uuid('home_id')
    .primaryKey()
    .references(() => homes.id, { onDelete: 'restrict' }),
  /** Σ charges + Σ late fees: everything the credit pays (a new charge takes what is left after them). */
  chargedCents: cents('charged_cents').notNull(),
  /** Σ payments − Σ refunds (negative when more was refunded than received). */
  creditedCents: cents('credited_cents').notNull(),
});

/**
 * Per calendar day, across homes: the charges due that day (count, amount, paid part, how many paid in full) and the
 * payments received that day. A month's totals are the sum of its days; 'overdue' is a day more than 10 days past.
 */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    day: date('day', { mode: 'string' }).primaryKey(),
    charges: integer('charges').notNull().default(0),
    chargedCents: cents('charged_cents').notNull().default(0),
    paidCharges: integer('paid_charges').notNull().default(0),
    paidCents: cents('paid_cents').notNull().default(0),
    payments: integer('payments').notNull().default(0),
    receivedCents: cents('received_cents').notNull().default(0),
  },
  // No check constraint: an upsert's proposed row carries the deltas (often negative); ledger:verify checks the sums.
);

/** A home's value at a date, from a source; the latest (by date, then entry) counts (calculators.md 'V'). */
export const homeValuations = pgTable(
  'home_valuations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    valueCents: cents('value_cents').notNull(),
    valuedOn: date('valued_on', { mode: 'string' }).notNull(),
    source: text('source', { enum: VALUATION_SOURCES }).notNull(),
    note: text('note'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('home_valuations_source_check', sql`${t.source} in (${quoted(VALUATION_SOURCES)})`),
    check('home_valuations_value_check', sql`${t.valueCents} > 0`),
    check('home_valuations_note_check', sql`${t.note} IS NULL OR char_length(${t.note}) BETWEEN 1 AND 500`),
    index('home_valuations_home_idx').on(t.homeId, t.valuedOn.desc(), t.createdAt.desc()),
  ],
);

/** 'Adjust Monthly Payment': the homeowner asks, staff approve (a new term from the next unbilled month) or decline. */
export const homePaymentChanges = pgTable(
  'home_payment_changes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    monthlyPaymentCents: cents('monthly_payment_cents').notNull(),
    state: text('state', { enum: PAYMENT_CHANGE_STATES }).notNull().default('pending'),
    /** The month the approved payment starts (the next unbilled month at approval). */
    fromMonth: integer('from_month'),
    /** The reason of a decline, shown to the homeowner. */
    reason: text('reason'),
    requestedBy: text('requested_by'),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('home_payment_changes_state_check', sql`${t.state} in (${quoted(PAYMENT_CHANGE_STATES)})`),
    check('home_payment_changes_payment_check', sql`${t.monthlyPaymentCents} > 0`),
    check('home_payment_changes_approved_check', sql`(${t.state} = 'approved') = (${t.fromMonth} IS NOT NULL)`),
    check('home_payment_changes_reason_check', sql`(${t.state} = 'declined') = (${t.reason} IS NOT NULL AND char_length(${t.reason}) BETWEEN 1 AND 1000)`),
    // One request waits (for approval, or for the addendum's signatures) at a time per home.
    uniqueIndex('home_payment_changes_pending_idx')
      .on(t.homeId)
      .where(sql`${t.state} IN ('pending', 'signing')`),
    index('home_payment_changes_home_idx').on(t.homeId, t.requestedAt.desc()),
    index('home_payment_changes_pending_at_idx')
      .on(t.requestedAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/** The 60-day notice ('Transfer'): move the equity, cash out or buy out; staff acknowledge, schedule, complete or cancel. */
export const homeNotices = pgTable(
  'home_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    /** The homeowner's date, at least NOTICE_DAYS after the notice was sent. */
    requestedDate: date('requested_date', { mode: 'string' }).notNull(),
    /** accessibleEquity at the latest valuation when sent, in cents (shown before sending). */
    estimatedPayoutCents: cents('estimated_payout_cents').notNull(),
    note: text('note'),
    state: text('state', { enum: NOTICE_STATES }).notNull().default('sent'),
    scheduledDate: date('scheduled_date', { mode: 'string' }),
    /** The payout entry's amount on completion. */
    payoutCents: cents('payout_cents'),
    cancelReason: text('cancel_reason'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    stateChangedBy: text('state_changed_by'),
  },
  (t) => [
    check('home_notices_kind_check', sql`${t.kind} in (${quoted(NOTICE_KINDS)})`),
    check('home_notices_state_check', sql`${t.state} in (${quoted(NOTICE_STATES)})`),
    check('home_notices_estimate_check', sql`${t.estimatedPayoutCents} >= 0`),
    check(
      'home_notices_payout_check',
      sql`(${t.state} = 'completed') = (${t.payoutCents} IS NOT NULL) AND (${t.payoutCents} IS NULL OR ${t.payoutCents} >= 0)`,
    ),
    check('home_notices_scheduled_check', sql`${t.state} NOT IN ('scheduled', 'completed') OR ${t.scheduledDate} IS NOT NULL`),
    check('home_notices_cancel_check', sql`(${t.state} = 'cancelled') = (${t.cancelReason} IS NOT NULL AND char_length(${t.cancelReason}) BETWEEN 1 AND 1000)`),
    check('home_notices_note_check', sql`${t.note} IS NULL OR char_length(${t.note}) BETWEEN 1 AND 1000`),
    // One notice in progress at a time per home.
    uniqueIndex('home_notices_open_idx')
      .on(t.homeId)
      .where(sql`${t.state} IN ('signing', 'sent', 'acknowledged', 'scheduled')`),
    index('home_notices_home_idx').on(t.homeId, t.createdAt.desc()),
  ],
);

/**
 * Monthly statements: a PDF in storage per home and month, made by the job runner on
 * the 2nd, with the chain's head hash at its date printed on it (docs/product/dashboard.md#what-comes-with-a-home).
 */
export const homeStatements = pgTable(
  'home_statements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    /** The calendar month covered, `YYYY-MM`. */
    period: text('period').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The ledger's last entry and hash at the statement's date: the anchor a homeowner keeps. */
    headSeq: integer('head_seq').notNull(),
    headHash: text('head_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('home_statements_period_check', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    uniqueIndex('home_statements_period_idx').on(t.homeId, t.period),
  ],
);
