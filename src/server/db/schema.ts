import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/**
 * Waitlist entries: public submissions (spec §3) and, later, applicants added by
 * staff. One row per e-mail address, compared case-insensitively via email_key.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    source: text('source', { enum: ['public', 'admin'] }).notNull().default('public'),
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
    /** The browser's timestamp at submit (spec §3), as sent. */
    clientTimestamp: timestamp('client_timestamp', { withTimezone: true }),
    /** When the server last received a submission for this address. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    submissionCount: integer('submission_count').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('waitlist_entries_email_key_idx').on(t.emailKey), index('waitlist_entries_created_at_idx').on(t.createdAt)],
);

/**
 * Durable outbox of webhook deliveries (decisions.md 'Waitlist'). A row is claimed
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
  (t) => [index('webhook_outbox_pending_idx').on(t.nextAttemptAt).where(sql`${t.deliveredAt} IS NULL`)],
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
