import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ANNOUNCEMENT_STATES, RECIPIENT_STATES } from '../../../domain/admin/announcements';
import { createdAt, updatedAt, money } from './columns';

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
    /** skipped: 'unsubscribed' or 'removed'; failed: the error's safe facts (src/server/platform/lib/error-facts.ts). */
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

// ---- Back office (docs/decisions/009-back-office.md) ----

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
    /** Who made it: staff in the back office, or the buyer's 'Make an offer' (docs/decisions/036-find-and-offer.md). */
    source: text('source', { enum: ['staff', 'buyer'] })
      .notNull()
      .default('staff'),
    /** Why staff declined it, when they did (asked for a buyer's letter). */
    decisionReason: text('decision_reason'),
    /** Storage key of the PDF (`letters-of-intent/<id>`), or null when none was attached. */
    fileKey: text('file_key').unique(),
    fileSize: integer('file_size'),
    createdBy: text('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    check('letters_of_intent_status_check', sql`${t.status} in ('pending', 'approved', 'declined')`),
    check('letters_of_intent_source_check', sql`${t.source} in ('staff', 'buyer')`),
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
