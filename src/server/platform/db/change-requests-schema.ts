import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { CHANGE_REQUEST_STATES } from '../../../domain/application/change-requests';
import { applications } from './application-schema';
import { createdAt } from './columns';

/**
 * The buyer's requests to change an answer after submitting (docs/decisions/041-withdrawal-and-change-requests.md):
 * the other way round from application_requests — the buyer asks, staff accept (the answer changes)
 * or decline with a reason. One open request per answer. The value is the new answer as the wizard
 * would store it (never a sensitive field: those are not offered); it goes with the application.
 */
export const applicationChangeRequests = pgTable(
  'application_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    /** The answer's dotted name (src/domain/application/change-requests.ts CHANGEABLE_FIELDS). */
    field: text('field').notNull(),
    /** The new answer: text, a number, or null for 'no answer'. */
    value: jsonb('value').$type<string | number | null>(),
    note: text('note').notNull(),
    state: text('state', { enum: CHANGE_REQUEST_STATES }).notNull().default('open'),
    declineReason: text('decline_reason'),
    /** Account ids as text: kept when the account goes. */
    createdBy: text('created_by'),
    createdAt: createdAt(),
    decidedBy: text('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('application_change_requests_state_check', sql`${t.state} in ('open', 'accepted', 'declined')`),
    check('application_change_requests_note_check', sql`char_length(${t.note}) BETWEEN 1 AND 1000`),
    check('application_change_requests_field_check', sql`char_length(${t.field}) BETWEEN 1 AND 100`),
    // A declined request carries the reason the buyer is mailed; no other state has one.
    check(
      'application_change_requests_decline_check',
      sql`(${t.state} = 'declined') = (${t.declineReason} IS NOT NULL AND char_length(${t.declineReason}) BETWEEN 1 AND 1000)`,
    ),
    check('application_change_requests_decided_check', sql`(${t.state} = 'open') = (${t.decidedAt} IS NULL)`),
    // The review dialog and the buyer's list: an application's requests, oldest first.
    index('application_change_requests_application_idx').on(t.applicationId, t.createdAt),
    // One open request per answer.
    uniqueIndex('application_change_requests_open_idx')
      .on(t.applicationId, t.field)
      .where(sql`${t.state} = 'open'`),
  ],
);
