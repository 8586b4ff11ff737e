import { sql, type SQL } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { APPLICATION_STATUSES } from '../../domain/application/status';
import { JOB_STATES } from '../../domain/admin/jobs';
import { ANNOUNCEMENT_STATES, RECIPIENT_STATES } from '../../domain/admin/announcements';
import { REQUEST_ACTIONS, REQUEST_DOCUMENT_TYPES, REQUEST_KINDS, REQUEST_STATES } from '../../domain/application/requests';
import { SENDER_SIDES } from '../../domain/application/messages';
import { PREFERENCE_SOURCES } from '../../domain/notifications';
import type { ApplicationDraft } from '../../domain/application/draft-schema';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Waitlist entries: public submissions (docs/product/waitlist.md#storage) and, later, applicants added by
 * staff. One row per e-mail address, compared case-insensitively via email_key.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: ['public', 'admin'] })
      .notNull()
      .default('public'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    emailKey: text('email_key').notNull(),
    phone: text('phone'),
    cityState: text('city_state'),
    intendedState: text('intended_state'),
    homeType: text('home_type'),
    buyingTimeline: text('buying_timeline'),
    priceRange: text('price_range'),
    downPayment: text('down_payment'),
    monthlyPaymentRange: text('monthly_payment_range'),
    priority: text('priority'),
    housingStatus: text('housing_status'),
    interests: text('interests'),
    contactConsent: boolean('contact_consent').notNull().default(false),
    /** The browser's timestamp at submit (docs/product/waitlist.md#fields), as sent. */
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }),
    /** When the server last received a submission for this address. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    submissionCount: integer('submission_count').notNull().default(1),
    /** Admin-added applicants (docs/product/back-office.md#waitlist): buying, refinancing or investing. Public submissions list as 'buying' (docs/product/waitlist.md#admin-list). */
    interestedIn: text('interested_in', { enum: ['buying', 'refinancing', 'investing'] }),
    /** Admin-added applicants: free-text timeline. Public submissions list the label of buying_timeline instead. */
    timeline: text('timeline'),
    /** The admin who added the entry (source 'admin'); kept as text so the entry outlives the account. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('waitlist_entries_interested_in_check', sql`${t.interestedIn} is null or ${t.interestedIn} in ('buying', 'refinancing', 'investing')`),
    uniqueIndex('waitlist_entries_email_key_idx').on(t.emailKey),
    // The admin list's order (created_at desc nulls last, src/server/admin/list-query.ts orderBy).
    index('waitlist_entries_created_at_idx').on(t.createdAt.desc()),
    // Back-office search: any part of the name or e-mail (pg_trgm).
    index('waitlist_entries_search_idx').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

/**
 * Durable outbox of webhook deliveries (docs/product/waitlist.md#webhook-forwarding). A row is claimed
 * with FOR UPDATE SKIP LOCKED and leased until locked_until, so several server
 * instances never deliver the same row at once.
 */
export const webhookOutbox = pgTable(
  'webhook_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_outbox_pending_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.deliveredAt} IS NULL`),
  ],
);

/** Fixed-window rate-limit counters, shared by every server instance. */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_limits_reset_at_idx').on(t.resetAt)],
);

/** Mail kept instead of sent when SMTP_URL is not set (docs/product/accounts.md#mail). */
export const mailOutbox = pgTable('mail_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  /** Headers beyond the addresses and subject (List-Unsubscribe, List-Unsubscribe-Post: RFC 8058), as SMTP would get them; null for none. */
  headers: jsonb('headers').$type<Record<string, string>>(),
  createdAt: createdAt(),
});

/**
 * The durable job runner's queue (src/server/jobs/runner.ts, docs/decisions/020-job-runner.md):
 * everything scheduled — retention, the rate-limit prune, reminders — is a row here. A due
 * row is claimed with FOR UPDATE SKIP LOCKED and leased to one instance until
 * locked_until (kept fresh while it runs), so several instances share the queue and
 * each job runs once; a crashed instance's lease runs out and the job is claimed again.
 * unique_key makes enqueueing the same logical job twice a no-op. last_error holds an
 * error's safe facts only (src/server/lib/error-facts.ts), never personal data.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull().default({}),
    state: text('state', { enum: JOB_STATES }).notNull().default('queued'),
    /** Not before this time: when it was enqueued for, or when a retry is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** Claims so far (a claim whose lease ran out counts). */
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(5),
    /** While running: the claiming instance holds the job until then. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** While running: which instance (a random id per runner), for the back office and for fencing. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    /** Enqueueing a job whose key is already here does nothing (e.g. 'reminder:draft:<id>:24h', 'retention@<hour>'). */
    uniqueKey: text('unique_key'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** When it ended, done or failed; done jobs are deleted some days later. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    check('jobs_state_check', sql`${t.state} in ('queued', 'running', 'done', 'failed')`),
    check('jobs_max_attempts_check', sql`${t.maxAttempts} >= 1`),
    uniqueIndex('jobs_unique_key_idx').on(t.uniqueKey),
    // The claim: due jobs in run_at order (queued, or running with a lease that ran out).
    index('jobs_due_idx')
      .on(t.runAt)
      .where(sql`${t.state} in ('queued', 'running')`),
    // The back office's list of jobs not done (/admin/jobs), by state.
    index('jobs_open_idx')
      .on(t.state, t.runAt)
      .where(sql`${t.state} <> 'done'`),
    // The prune of done jobs past their keeping period.
    index('jobs_done_idx')
      .on(t.finishedAt)
      .where(sql`${t.state} = 'done'`),
  ],
);

// ---- Accounts: better-auth's tables (src/server/auth/create-auth.ts maps its models onto these). ----
const authTime = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    /** First and last name, kept for better-auth and e-mails. */
    name: text('name').notNull(),
    /** Stored lower-cased by better-auth. */
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone'),
    phoneVerified: boolean('phone_verified').notNull().default(false),
    /** src/domain/roles.ts; set by the server only (never from a sign-up body). */
    role: text('role').notNull().default('guest'),
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    /** docs/product/back-office.md#users: set by staff on Add User (a state name from src/domain/waitlist.ts US_STATES, as the waitlist stores it). */
    intendedState: text('intended_state'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('user_role_check', sql`${t.role} in ('guest', 'applicant', 'homeowner', 'admin')`),
    index('user_role_idx').on(t.role),
    // The admin list's order (created_at desc nulls last, src/server/admin/list-query.ts orderBy).
    index('user_created_at_idx').on(t.createdAt.desc()),
    index('user_search_idx').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    token: text('token').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: authTime('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * This session itself passed the second factor: the sign-in's TOTP or backup-code
     * step, or completing two-factor enrolment (src/server/auth/session-two-factor.ts).
     * The admin area needs it (issue 12: two-factor belongs to the session).
     */
    twoFactorVerified: boolean('two_factor_verified').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

/** One row per way of signing in; e-mail + password is provider 'credential' with the scrypt hash. */
export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: authTime('access_token_expires_at'),
    refreshTokenExpiresAt: authTime('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

/** Single-use tokens (password reset, two-factor challenges); identifiers are stored hashed. */
export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: authTime('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('verification_identifier_idx').on(t.identifier)],
);

/** TOTP secret and backup codes, both encrypted by better-auth with the auth secret. */
export const twoFactors = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: authTime('locked_until'),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId)],
);

// ---- Home applications and their documents (issue 5; docs/decisions/007-applications-and-documents.md) ----
const money = (name: string) => numeric(name, { precision: 14, scale: 2, mode: 'number' });

/**
 * One row per application; one ACTIVE application per user (every status but
 * declined). `draft` holds what the wizard saved, without the SSN digits and the
 * date of birth: those are only in their encrypted columns (src/server/lib/crypto.ts).
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
    check('applications_status_check', sql`${t.status} in ('draft', 'submitted', 'in_review', 'missing_info', 'approved', 'declined')`),
    check('applications_decline_reason_check', sql`char_length(${t.declineReason}) <= 1000`),
    uniqueIndex('applications_one_active_per_user_idx')
      .on(t.userId)
      .where(sql`${t.status} <> 'declined'`),
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

// ---- After submit: requests, messages (issue 13; docs/decisions/021-requests-and-messages.md) ----

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
  },
  (t) => [
    check('application_messages_sender_side_check', sql`${t.senderSide} in ('applicant', 'staff')`),
    check('application_messages_body_check', sql`CASE WHEN ${t.deletedAt} IS NULL THEN char_length(${t.body}) BETWEEN 1 AND 5000 ELSE ${t.body} = '' END`),
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
 * The choices made about notification and reminder e-mail, per address and kind
 * (src/domain/notifications.ts; the default of a kind applies when there is no row).
 * By address, so a waitlist entry without an account has them too. The one-click
 * unsubscribe token is not stored: it is the address and kind sealed with the data key.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    emailKey: text('email_key').notNull(),
    kind: text('kind').notNull(),
    subscribed: boolean('subscribed').notNull(),
    changedVia: text('changed_via', { enum: PREFERENCE_SOURCES }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.emailKey, t.kind] }), check('notification_preferences_changed_via_check', sql`${t.changedVia} in ('link', 'account')`)],
);

/** Announcements to the waitlist (src/domain/admin/announcements.ts), with kept counts for the progress shown. */
export const announcements = pgTable(
  'announcements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subject: text('subject').notNull(),
    /** Plain text; the HTML part is rendered from it. */
    body: text('body').notNull(),
    /** The waitlist filter it goes to, as the list's parameters. */
    audience: jsonb('audience').$type<Record<string, unknown>>().notNull().default({}),
    state: text('state', { enum: ANNOUNCEMENT_STATES }).notNull().default('draft'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    recipients: integer('recipients').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    skipped: integer('skipped').notNull().default(0),
    failed: integer('failed').notNull().default(0),
  },
  (t) => [
    check('announcements_state_check', sql`${t.state} in ('draft', 'sending', 'sent', 'cancelled')`),
    check('announcements_subject_check', sql`char_length(${t.subject}) BETWEEN 1 AND 200`),
    check('announcements_body_check', sql`char_length(${t.body}) BETWEEN 1 AND 20000`),
    index('announcements_created_at_idx').on(t.createdAt.desc()),
  ],
);

/** Every recipient of an announcement, recorded when it is sent; name and address are read from waitlist_entries by email_key. */
export const announcementRecipients = pgTable(
  'announcement_recipients',
  {
    announcementId: uuid('announcement_id')
      .notNull()
      .references(() => announcements.id, { onDelete: 'cascade' }),
    emailKey: text('email_key').notNull(),
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('queued'),
    /** skipped: 'unsubscribed' or 'removed'; failed: the error's safe facts (src/server/lib/error-facts.ts). */
    reason: text('reason'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.announcementId, t.emailKey] }),
    check('announcement_recipients_state_check', sql`${t.state} in ('queued', 'sent', 'skipped', 'failed')`),
    // The sender's next batch: the queued ones only, so a batch never re-reads those already sent.
    index('announcement_recipients_queued_idx')
      .on(t.announcementId, t.emailKey)
      .where(sql`${t.state} = 'queued'`),
    // Erasing an address finds its rows.
    index('announcement_recipients_email_key_idx').on(t.emailKey),
  ],
);

// ---- Back office (issue 6; docs/decisions/009-back-office.md) ----

// The trigger-kept counts behind the back office's totals and dashboard: ./counters-schema.ts.
export * from './counters-schema';

/** Letters of intent (docs/product/back-office.md#letters-of-intent); the PDF is in storage under `file_key`. */
export const lettersOfIntent = pgTable(
  'letters_of_intent',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    /** lower(email): matched against accounts for the users list's derived labels. */
    emailKey: text('email_key').notNull(),
    phone: text('phone'),
    propertyAddress: text('property_address'),
    propertyValue: money('property_value'),
    downPaymentAmount: money('down_payment_amount'),
    desiredMonthlyPayment: money('desired_monthly_payment'),
    /** Free text: a quarter, a season or 'Flexible'. */
    moveInDate: text('move_in_date'),
    notes: text('notes'),
    status: text('status', { enum: ['pending', 'approved', 'declined'] })
      .notNull()
      .default('pending'),
    intendedState: text('intended_state'),
    /** Storage key of the PDF (`letters-of-intent/<id>`), or null when none was attached. */
    fileKey: text('file_key').unique(),
    fileSize: integer('file_size'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('letters_of_intent_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    index('letters_of_intent_created_at_idx').on(t.createdAt.desc()),
    index('letters_of_intent_email_key_idx').on(t.emailKey),
    index('letters_of_intent_search_idx').using('gin', sql`(lower(${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.email})) gin_trgm_ops`),
  ],
);

/**
 * The audit log (docs/product/back-office.md#audit-log): who did what to which record, with
 * the changed fields, written in the same transaction as the change. Actor and
 * entity are plain text so entries outlive deleted accounts and records.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: text('actor_id'),
    actorEmail: text('actor_email'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    /** `{ field: { from, to } }` for updates, the new record's fields for creates, a summary for deletes and exports. */
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_entity_at_idx').on(t.entityType, t.at.desc()),
    index('audit_log_action_at_idx').on(t.action, t.at.desc()),
  ],
);

/** Stored settings (docs/product/back-office.md#settings), one validated JSON value per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by'),
});

// ---- Homeowners (issue 14; docs/decisions/022-homes-and-ledger.md) ----

// Homes, their agreements' terms, the ledger, valuations, payment changes, notices and statements: ./homes-schema.ts.
export * from './homes-schema';
