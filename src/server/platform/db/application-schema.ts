import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '../../../domain/application/status';
import { REQUEST_ACTIONS, REQUEST_DOCUMENT_TYPES, REQUEST_KINDS, REQUEST_STATES } from '../../../domain/application/requests';
import { SENDER_SIDES } from '../../../domain/application/messages';
import type { ApplicationDraft } from '../../../domain/application/draft-schema';
import { createdAt, updatedAt, money } from './columns';
import { users } from './auth-schema';

// ---- Home applications and their documents (docs/decisions/007-applications-and-documents.md) ----

/**
 * One row per application; one ACTIVE application per user (every status but
 * declined). `draft` holds what the wizard saved, without the SSN digits and the
 * date of birth: those are only in their encrypted columns (src/server/platform/lib/crypto.ts).
 * The columns from first_name on are the back office's
 * (docs/product/application.md#back-office-record), filled on submit so admins
 * list and search in SQL.
 */
export const applications = pgTable(
  'applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: APPLICATION_STATUSES }).notNull().default('draft'),
    draft: jsonb('draft').$type<ApplicationDraft>().notNull(),
    /** Number of draft saves (0: none yet); PUT may send the version it started from (optimistic concurrency). */
    version: integer('version').notNull().default(0),
    /** AES-256-GCM ciphertexts (`v1.<keyId>.…`), never plaintext. */
    ssnLast4: text('ssn_last4'),
    dateOfBirth: text('date_of_birth'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email'),
    phone: text('phone'),
    employmentStatus: text('employment_status', { enum: ['employed', 'self-employed'] }),
    employerName: text('employer_name'),
    jobTitle: text('job_title'),
    annualIncome: money('annual_income'),
    savingsAmount: money('savings_amount'),
    retirementAccounts: money('retirement_accounts'),
    creditCardDebt: money('credit_card_debt'),
    studentLoans: money('student_loans'),
    propertyAddress: text('property_address'),
    propertyValue: money('property_value'),
    downPayment: money('down_payment'),
    consentCreditPull: boolean('consent_credit_pull').notNull().default(false),
    consentESign: boolean('consent_e_sign').notNull().default(false),
    /** docs/product/application.md#consents: set when both consents are first ticked, never changed after. */
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    certifiedAt: timestamp('certified_at', { withTimezone: true }),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    notes: text('notes'),
    /** The assigned admin's name as shown and sorted by; written with assignee_id (docs/decisions/021-requests-and-messages.md). */
    assignee: text('assignee'),
    /** The assigned admin ('Assign to me', or picked); null when unassigned or the account is gone. */
    assigneeId: text('assignee_id').references(() => users.id, { onDelete: 'set null' }),
    assignedAt: timestamp('assigned_at', { withTimezone: true }),
    /**
     * Since when the application waits for us ('Waiting for us', oldest first): kept by the
     * server with every status change and request transition, by the one rule of
     * src/domain/application/requests.ts waitingSince. Null: the buyer's turn, or closed.
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** Why it was declined, shown to the buyer (at most 1,000 characters); cleared when it leaves Declined. */
    declineReason: text('decline_reason'),
    /** When and why the buyer withdrew it (docs/decisions/041-withdrawal-and-change-requests.md); kept as the record of their choice. */
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    withdrawReason: text('withdraw_reason'),
    /**
     * What the back office's search matches (docs/product/back-office.md#lists): the lower-cased
     * names and e-mail, kept by PostgreSQL. Stored so the list can filter on it inside
     * an index (migration 0007); never shown.
     */
    searchText: text('search_text').generatedAlwaysAs(
      (): SQL =>
        sql`lower(coalesce(${applications.firstName}, '') || ' ' || coalesce(${applications.lastName}, '') || ' ' || coalesce(${applications.email}, ''))`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('applications_status_check', sql`${t.status} in ('draft', 'submitted', 'in_review', 'missing_info', 'approved', 'declined', 'withdrawn')`),
    check('applications_decline_reason_check', sql`char_length(${t.declineReason}) <= 1000`),
    check('applications_withdraw_reason_check', sql`char_length(${t.withdrawReason}) BETWEEN 1 AND 1000`),
    // Closed (declined, withdrawn) applications are not active: the user may start another.
    uniqueIndex('applications_one_active_per_user_idx')
      .on(t.userId)
      .where(sql`${t.status} not in ('declined', 'withdrawn')`),
    index('applications_user_id_idx').on(t.userId),
    // The back office's lists: by status, newest submitted first; search by e-mail and names.
    index('applications_status_submitted_at_idx').on(t.status, t.submittedAt.desc()),
    // Newest submitted first, read in the lists' exact order. Migration 0007 adds INCLUDE (status, search_text),
    // which drizzle cannot express, so a search walks this index without reading the table.
    index('applications_submitted_at_idx').on(t.submittedAt.desc(), t.id.desc().nullsFirst()),
    index('applications_email_lower_idx').on(sql`lower(${t.email})`),
    index('applications_last_name_lower_idx').on(sql`lower(${t.lastName})`),
    index('applications_first_name_lower_idx').on(sql`lower(${t.firstName})`),
    // Search by any part of the name or e-mail (pg_trgm): 'LIKE %q%' on search_text.
    index('applications_search_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Avg Decision: recent decisions by reviewed_at. Migration 0004 adds INCLUDE (submitted_at), which drizzle
    // cannot express, so the dashboard's average is an index-only scan.
    index('applications_decided_idx')
      .on(t.reviewedAt)
      .where(sql`${t.status} in ('approved', 'declined')`),
    // 'Waiting for us', oldest first: page 1 is the index's first 25 entries (ADR 021).
    index('applications_waiting_idx')
      .on(t.waitingSince, t.id)
      .where(sql`${t.waitingSince} IS NOT NULL`),
    // 'Assigned to me' in the lists' order; also what ON DELETE SET NULL of an admin's account looks up.
    index('applications_assignee_idx')
      .on(t.assigneeId, t.submittedAt.desc(), t.id.desc().nullsFirst())
      .where(sql`${t.assigneeId} IS NOT NULL`),
  ],
);

/**
 * Uploaded documents; the file itself is in storage (folder or S3) under `storage_key`, a name the server chose.
 * Several files per type (at most 10 current ones); after submission nothing is deleted: a new version of a file
 * names it in `replaces_id` and the old one gets `superseded_at` (docs/decisions/021-requests-and-messages.md).
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of the four, or 'other': a file answering an Other request, with its `title`. */
    type: text('type', { enum: REQUEST_DOCUMENT_TYPES }).notNull(),
    storageKey: text('storage_key').notNull().unique(),
    /** As the browser sent it (trimmed, at most 255 characters); used only for display and a sanitised download name. */
    originalName: text('original_name').notNull(),
    /** From the file's first bytes, not from the browser. */
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The request this upload answers, if any. */
    requestId: uuid('request_id').references((): AnyPgColumn => applicationRequests.id, { onDelete: 'set null' }),
    /** A file of type 'other': the title of the request it answers. */
    title: text('title'),
    /** The file this upload is a new version of (no foreign key: informational, both rows are kept after submission). */
    replacesId: uuid('replaces_id'),
    /** Set on a file when a newer version of it arrives; current files have none. */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
    /** The reviewer's verdict: null (not reviewed yet), accepted, or needs_attention with a reason that became a request. */
    reviewState: text('review_state', { enum: ['accepted', 'needs_attention'] }),
    reviewReason: text('review_reason'),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('documents_type_check', sql`${t.type} in ('governmentId', 'bankStatements', 'paystubs', 'taxReturns', 'other')`),
    check('documents_content_type_check', sql`${t.contentType} in ('application/pdf', 'image/jpeg', 'image/png')`),
    check('documents_title_check', sql`char_length(${t.title}) <= 100`),
    check('documents_review_state_check', sql`${t.reviewState} in ('accepted', 'needs_attention')`),
    check('documents_review_reason_check', sql`char_length(${t.reviewReason}) <= 1000`),
    // An application's files by type, oldest first (several per type; versions kept).
    index('documents_application_type_idx').on(t.applicationId, t.type, t.createdAt),
    index('documents_user_id_idx').on(t.userId),
    // Deleting a request looks up the files that answered it (ON DELETE SET NULL).
    index('documents_request_idx')
      .on(t.requestId)
      .where(sql`${t.requestId} IS NOT NULL`),
  ],
);

// ---- After submit: requests, messages (docs/decisions/021-requests-and-messages.md) ----

/**
 * Requests ("conditions"): a document (one of the types, or 'other' with a title) or a
 * correction of named fields, with a note to the buyer. open → answered → accepted;
 * answered → open again (a reopen: round + 1, a new note); open → withdrawn. The rules
 * are src/domain/application/requests.ts; every transition is a row of
 * application_request_events. Actors are account ids as text (kept when the account goes).
 */
export const applicationRequests = pgTable(
  'application_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REQUEST_KINDS }).notNull(),
    documentType: text('document_type', { enum: REQUEST_DOCUMENT_TYPES }),
    title: text('title'),
    /** A correction's field names (src/domain/application/requests.ts CORRECTABLE_FIELDS). */
    fields: text('fields').array(),
    /** The document whose review ('Needs attention') raised this request. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** To the buyer, the latest round's; every round's is in the events. */
    note: text('note').notNull(),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('open'),
    round: integer('round').notNull().default(1),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    stateChangedAt: timestamp('state_changed_at', { withTimezone: true }).notNull().defaultNow(),
    stateChangedBy: text('state_changed_by'),
  },
  (t) => [
    check('application_requests_kind_check', sql`${t.kind} in ('document', 'correction')`),
    check('application_requests_state_check', sql`${t.state} in ('open', 'answered', 'accepted', 'withdrawn')`),
    check('application_requests_document_type_check', sql`${t.documentType} in ('governmentId', 'bankStatements', 'paystubs', 'taxReturns', 'other')`),
    // A document request names its type; a correction names at least one field; only 'other' has a title.
    check('application_requests_document_check', sql`(${t.kind} = 'document') = (${t.documentType} IS NOT NULL)`),
    check('application_requests_fields_check', sql`(${t.kind} = 'correction') = (${t.fields} IS NOT NULL AND cardinality(${t.fields}) >= 1)`),
    check(
      'application_requests_title_check',
      sql`(${t.documentType} IS NOT DISTINCT FROM 'other') = (${t.title} IS NOT NULL AND char_length(${t.title}) BETWEEN 1 AND 100)`,
    ),
    check('application_requests_note_check', sql`char_length(${t.note}) BETWEEN 1 AND 1000`),
    check('application_requests_round_check', sql`${t.round} >= 1`),
    // An application's requests (the review dialog, the To do page, 'is any open?'), oldest first.
    index('application_requests_application_idx').on(t.applicationId, t.createdAt),
    // Deleting a document looks up the request it raised (ON DELETE SET NULL).
    index('application_requests_document_idx')
      .on(t.documentId)
      .where(sql`${t.documentId} IS NOT NULL`),
  ],
);

/** Every transition of a request: who and when, the reviewer's note (create, reopen) or the buyer's comment and corrected fields' names (answer). */
export const applicationRequestEvents = pgTable(
  'application_request_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => applicationRequests.id, { onDelete: 'cascade' }),
    action: text('action', { enum: REQUEST_ACTIONS }).notNull(),
    actorId: text('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    note: text('note'),
    /** A correction's answer: which fields changed — never their values (two are encrypted). */
    fields: text('fields').array(),
  },
  (t) => [
    check('application_request_events_action_check', sql`${t.action} in ('create', 'answer', 'accept', 'reopen', 'withdraw')`),
    check('application_request_events_note_check', sql`char_length(${t.note}) <= 1000`),
    index('application_request_events_request_idx').on(t.requestId, t.id),
  ],
);

/**
 * The conversation of an application between its owner and our staff: plain text,
 * never edited; its sender may delete a message within 5 minutes, which empties the
 * body and keeps the row in place (src/domain/application/messages.ts).
 */
export const applicationMessages = pgTable(
  'application_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** No foreign key: a staff message outlives its author's account; a buyer's goes with the application. */
    senderId: text('sender_id'),
    senderSide: text('sender_side', { enum: SENDER_SIDES }).notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * An attached file (docs/decisions/041-withdrawal-and-change-requests.md): stored like a document, under a name the
     * server chose, checked by its content; its name as sent, the type its bytes show, its size. Cleared on delete.
     */
    attachmentKey: text('attachment_key').unique(),
    attachmentName: text('attachment_name'),
    attachmentType: text('attachment_type'),
    attachmentSize: integer('attachment_size'),
  },
  (t) => [
    check('application_messages_sender_side_check', sql`${t.senderSide} in ('applicant', 'staff')`),
    // A message with a file may have no text.
    check(
      'application_messages_body_check',
      sql`CASE WHEN ${t.deletedAt} IS NULL THEN char_length(${t.body}) BETWEEN (CASE WHEN ${t.attachmentKey} IS NULL THEN 1 ELSE 0 END) AND 5000 ELSE ${t.body} = '' END`,
    ),
    check(
      'application_messages_attachment_check',
      sql`(${t.attachmentKey} IS NULL) = (${t.attachmentName} IS NULL) AND (${t.attachmentKey} IS NULL) = (${t.attachmentType} IS NULL) AND (${t.attachmentKey} IS NULL) = (${t.attachmentSize} IS NULL) AND ${t.attachmentType} in ('application/pdf', 'image/jpeg', 'image/png')`,
    ),
    // The conversation page (newest first, then keyset), and each side's unread count: a range after its read marker.
    index('application_messages_conversation_idx').on(t.applicationId, t.createdAt, t.id),
  ],
);

/**
 * Per application with messages: how far each side has read (the created_at of the
 * newest message it has seen; staff share one marker) and when each side was last
 * e-mailed about new messages (at most one e-mail per conversation per 15 minutes).
 */
export const applicationConversations = pgTable('application_conversations', {
  applicationId: uuid('application_id')
    .primaryKey()
    .references(() => applications.id, { onDelete: 'cascade' }),
  applicantReadAt: timestamp('applicant_read_at', { withTimezone: true }),
  staffReadAt: timestamp('staff_read_at', { withTimezone: true }),
  applicantNotifiedAt: timestamp('applicant_notified_at', { withTimezone: true }),
  staffNotifiedAt: timestamp('staff_notified_at', { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * Pre-approvals (docs/decisions/030-pre-approval.md): what staff approve with an application — the
 * maximum home price, the monthly payment range and the down payment they were computed with, in
 * whole cents — valid through `expires_on`, 90 days after the day it was issued or last renewed. Each
 * approval writes one row (an application approved again gets a new one); the current one is the
 * application's latest, shown while the application is Approved. `expiry_notice_sent_at` is set by
 * the expiry job when it mails the 14-day notice, and cleared by a renewal.
 */
export const preApprovals = pgTable(
  'pre_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    maxPriceCents: bigint('max_price_cents', { mode: 'number' }).notNull(),
    monthlyMinCents: bigint('monthly_min_cents', { mode: 'number' }).notNull(),
    monthlyMaxCents: bigint('monthly_max_cents', { mode: 'number' }).notNull(),
    downPaymentCents: bigint('down_payment_cents', { mode: 'number' }).notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    /** The staff member who approved it; null once that account is gone. */
    issuedBy: text('issued_by').references(() => users.id, { onDelete: 'set null' }),
    renewals: integer('renewals').notNull().default(0),
    renewedOn: date('renewed_on', { mode: 'string' }),
    expiryNoticeSentAt: timestamp('expiry_notice_sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check(
      'pre_approvals_money_check',
      sql`${t.maxPriceCents} > 0 AND ${t.monthlyMinCents} > 0 AND ${t.monthlyMaxCents} >= ${t.monthlyMinCents} AND ${t.downPaymentCents} < ${t.maxPriceCents} AND ${t.downPaymentCents} * 100 >= ${t.maxPriceCents} * 2`,
    ),
    check('pre_approvals_dates_check', sql`${t.expiresOn} > ${t.issuedOn} AND ${t.renewals} >= 0`),
    // The application's current pre-approval: its latest.
    index('pre_approvals_application_idx').on(t.applicationId, t.createdAt.desc(), t.id.desc()),
    index('pre_approvals_user_idx').on(t.userId),
    // The expiry job: the pre-approvals whose notice is not sent yet, by expiry date.
    index('pre_approvals_notice_due_idx')
      .on(t.expiresOn)
      .where(sql`${t.expiryNoticeSentAt} IS NULL`),
  ],
);
