import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { EXIT_QUOTE_STATES, NOTICE_KINDS, VALUATION_SOURCES } from '../../../domain/homes/states';
import { createdAt } from './columns';
import { homeNotices, homes, homeValuations } from './homes-schema';

/**
 * What a homeowner asks of us about money, and our answers: fee waivers (docs/decisions/031-late-fees-and-nacha.md),
 * exit quotes and their dispute documents (docs/decisions/034-exit-quotes.md, 040-exit-quote-completion.md).
 * Part of the schema (re-exported by ./schema.ts).
 */

const cents = (name: string) => bigint(name, { mode: 'number' });
const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A homeowner's request to waive a late fee (docs/decisions/031-late-fees-and-nacha.md): the first in any 12
 * months is granted at once; a later one waits for staff, who grant or refuse it with a reason. A grant is a
 * reversal of the fee (`reversal_seq`), written in the same transaction. One request per fee.
 */
export const FEE_WAIVER_STATES = ['pending', 'granted', 'refused'] as const;
export const feeWaiverRequests = pgTable(
  'fee_waiver_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    /** The fee entry's seq in the home's ledger. */
    feeSeq: integer('fee_seq').notNull(),
    state: text('state', { enum: FEE_WAIVER_STATES }).notNull(),
    /** The homeowner's reason. */
    reason: text('reason').notNull(),
    /** Granted at once as the first request in 12 months (no staff decision). */
    automatic: boolean('automatic').notNull().default(false),
    /** Staff's reason when they decide. */
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** The reversal entry that waived the fee, once granted. */
    reversalSeq: integer('reversal_seq'),
    createdAt: createdAt(),
  },
  (t) => [
    check('fee_waiver_requests_state_check', sql`${t.state} in (${quoted(FEE_WAIVER_STATES)})`),
    check('fee_waiver_requests_reason_check', sql`char_length(${t.reason}) BETWEEN 1 AND 500`),
    check('fee_waiver_requests_decision_check', sql`${t.decisionReason} IS NULL OR char_length(${t.decisionReason}) BETWEEN 1 AND 500`),
    check('fee_waiver_requests_granted_check', sql`(${t.state} = 'granted') = (${t.reversalSeq} IS NOT NULL)`),
    uniqueIndex('fee_waiver_requests_fee_idx').on(t.homeId, t.feeSeq),
    index('fee_waiver_requests_home_idx').on(t.homeId, t.createdAt),
    index('fee_waiver_requests_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.state} = 'pending'`),
  ],
);

/**
 * Exit quotes (docs/decisions/034-exit-quotes.md): every input the quote used is stored with it —
 * the valuation (value, date, source), the quote day, the transfer fee of the settings, the ledger's
 * head, the agreement's terms and the paid and billed months, arrears and credit — and its lines,
 * so a quote read a year later is the quote that was given. Accepting locks the valuation and the
 * fee and starts the 60-day notice (`noticeId`).
 */
export const homeExitQuotes = pgTable(
  'home_exit_quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    kind: text('kind', { enum: NOTICE_KINDS }).notNull(),
    state: text('state', { enum: EXIT_QUOTE_STATES }).notNull(),
    /** valuing: the day the homeowner was told to expect the quote (5 business days). */
    expectedBy: date('expected_by', { mode: 'string' }),
    /** The quote day t and its validity (t + 30 days); null while valuing. */
    quotedOn: date('quoted_on', { mode: 'string' }),
    validUntil: date('valid_until', { mode: 'string' }),
    valuationId: uuid('valuation_id').references(() => homeValuations.id, { onDelete: 'restrict' }),
    valuationCents: cents('valuation_cents'),
    valuedOn: date('valued_on', { mode: 'string' }),
    valuationSource: text('valuation_source', { enum: VALUATION_SOURCES }),
    /** The settings' transfer fee at t: `{ type, amount }` (amount: percent, or dollars when fixed). */
    transferFee: jsonb('transfer_fee').$type<{ type: 'percentage' | 'fixed'; amount: number }>(),
    headSeq: integer('head_seq'),
    headHash: text('head_hash'),
    /** exitQuote's inputs (agreement, terms, paid and billed months, arrears, credit) and its result. */
    inputs: jsonb('inputs').$type<Record<string, unknown>>(),
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** The payout (move, cash out; negative: owed) or the buy-out price, in cents. */
    totalCents: cents('total_cents'),
    /** The quote this one replaces after a dispute (a new valuation). */
    replacesId: uuid('replaces_id'),
    disputeReason: text('dispute_reason'),
    disputedAt: timestamp('disputed_at', { withTimezone: true }),
    disputeAnswer: text('dispute_answer'),
    disputeAnsweredAt: timestamp('dispute_answered_at', { withTimezone: true }),
    moveDate: date('move_date', { mode: 'string' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    noticeId: uuid('notice_id').references(() => homeNotices.id, { onDelete: 'restrict' }),
    /**
     * E-signatures on (docs/decisions/043-signed-exit-quotes.md): the envelope of the acceptance the homeowner signs
     * (state 'signing', `moveDate` the date asked), when it expires, and why the last one did not accept the quote.
     */
    envelopeId: uuid('envelope_id'),
    signingUntil: timestamp('signing_until', { withTimezone: true }),
    signatureNote: text('signature_note'),
    withdrawReason: text('withdraw_reason'),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    /** Completion: the figures of the completion day (locked valuation and fee, that day's ledger). */
    completedOn: date('completed_on', { mode: 'string' }),
    finalResult: jsonb('final_result').$type<Record<string, unknown>>(),
    finalTotalCents: cents('final_total_cents'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('home_exit_quotes_kind_check', sql`${t.kind} in (${quoted(NOTICE_KINDS)})`),
    check('home_exit_quotes_state_check', sql`${t.state} in (${quoted(EXIT_QUOTE_STATES)})`),
    check(
      'home_exit_quotes_issued_check',
      sql`${t.state} = 'valuing' OR (${t.quotedOn} IS NOT NULL AND ${t.totalCents} IS NOT NULL AND ${t.headHash} IS NOT NULL)`,
    ),
    check('home_exit_quotes_accepted_check', sql`${t.state} NOT IN ('accepted', 'completed') OR (${t.moveDate} IS NOT NULL AND ${t.noticeId} IS NOT NULL)`),
    check(
      'home_exit_quotes_signing_check',
      sql`${t.state} <> 'signing' OR (${t.moveDate} IS NOT NULL AND ${t.envelopeId} IS NOT NULL AND ${t.signingUntil} IS NOT NULL)`,
    ),
    check('home_exit_quotes_dispute_check', sql`${t.disputeReason} IS NULL OR char_length(${t.disputeReason}) BETWEEN 1 AND 1000`),
    index('home_exit_quotes_home_idx').on(t.homeId, t.createdAt.desc()),
    index('home_exit_quotes_waiting_idx')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} IN ('valuing', 'disputed', 'accepted')`),
  ],
);

/**
 * The documents a homeowner sends with a dispute of a quote's valuation — comparable sales, an appraisal
 * (docs/decisions/040-exit-quote-completion.md): PDF, JPEG or PNG by content, stored as application documents are
 * (the server's own key), kept with the home's records. Read by the homeowner and by staff, each download audited.
 */
export const homeExitQuoteDocuments = pgTable(
  'home_exit_quote_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => homeExitQuotes.id, { onDelete: 'restrict' }),
    homeId: uuid('home_id')
      .notNull()
      .references(() => homes.id, { onDelete: 'restrict' }),
    storageKey: text('storage_key').notNull().unique(),
    /** As the browser sent it (cleaned, at most 255 characters): display and a sanitised download name only. */
    originalName: text('original_name').notNull(),
    /** From the file's first bytes, not from the browser. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('home_exit_quote_documents_quote_idx').on(t.quoteId, t.createdAt)],
);
