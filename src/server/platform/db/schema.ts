import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { JOB_STATES } from '../../../domain/admin/jobs';
import { PREFERENCE_SOURCES } from '../../../domain/notifications';
import { createdAt, updatedAt } from './columns';

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
    // The admin list's order (created_at desc nulls last, src/server/platform/lists/list-query.ts orderBy).
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
 * The durable job runner's queue (src/server/platform/jobs/runner.ts, docs/decisions/020-job-runner.md):
 * everything scheduled — retention, the rate-limit prune, reminders — is a row here. A due
 * row is claimed with FOR UPDATE SKIP LOCKED and leased to one instance until
 * locked_until (kept fresh while it runs), so several instances share the queue and
 * each job runs once; a crashed instance's lease runs out and the job is claimed again.
 * unique_key makes enqueueing the same logical job twice a no-op. last_error holds an
 * error's safe facts only (src/server/platform/lib/error-facts.ts), never personal data.
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

// ---- Accounts: better-auth's tables: ./auth-schema.ts. ----
export * from './auth-schema';

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

// ---- Home applications, their documents, requests and messages: ./application-schema.ts. ----
export * from './application-schema';

// ---- Back office: announcements, letters of intent, the audit log, settings and the kept counts: ./back-office-schema.ts. ----
export * from './back-office-schema';

// ---- Homeowners (docs/decisions/022-homes-and-ledger.md) ----

// Homes, their agreements' terms, the ledger, valuations, payment changes, notices and statements: ./homes-schema.ts.
export * from './homes-schema';
// Fee waivers and exit quotes, what a homeowner asks of us about money: ./homeowner-requests-schema.ts.
export * from './homeowner-requests-schema';

// ---- Agents: partner agents and the buyers' agent choices: ./agents-schema.ts. ----
export * from './agents-schema';

// The daily ledger check's marks and its signed checkpoints: ./ledger-checks-schema.ts.
export * from './ledger-checks-schema';

// Bank accounts on file, processor debits and the provider's events (docs/decisions/032-processor-payments.md): ./payments-schema.ts.
export * from './payments-schema';
// Documents sent for signature and their signers (docs/decisions/033-signatures.md).
export * from './signatures-schema';
// Homes buyers consider, their offers and the offers' timelines (docs/decisions/036-find-and-offer.md).
export * from './buying-schema';
// The buyer's requests to change an answer after submitting (docs/decisions/041-withdrawal-and-change-requests.md).
export * from './change-requests-schema';
