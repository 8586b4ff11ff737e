import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The back office's kept counts (docs/decisions/009-back-office.md and
 * 013-applications-search.md): small tables that triggers keep exact in the same
 * transaction as each change, so totals and dashboard figures cost one small read at
 * any table size. Part of the schema (re-exported by ./schema.ts).
 */

/**
 * Rows per application status, kept exact by a trigger on applications (migration
 * 0003), so the admin dashboard's counts cost one small read at any table size.
 */
export const applicationStatusCounts = pgTable('application_status_counts', {
  status: text('status').primaryKey(),
  count: bigint('count', { mode: 'number' }).notNull().default(0),
});

/**
 * Row counts of the waitlist, the letters of intent and the accounts (migration 0009),
 * kept exact by triggers (migration 0004). Each table's count is spread over
 * ROW_COUNT_SHARDS rows, a random one per insert or delete, so concurrent
 * waitlist sign-ups do not queue on one row lock; the count is their sum.
 */
export const tableRowCounts = pgTable(
  'table_row_counts',
  {
    tableName: text('table_name').notNull(),
    shard: integer('shard').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.shard] })],
);

/**
 * The admin dashboard's Avg Decision, kept by a trigger (migration 0005): per
 * hour of `reviewed_at` (UTC), how many approved or declined applications were
 * decided and the sum of their submission-to-decision seconds. The 30-day mean
 * sums the whole hours and reads the one partial hour from `applications`, so it
 * stays exact and its cost does not grow with the number of decisions.
 */
export const applicationDecisionHours = pgTable('application_decision_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  decided: bigint('decided', { mode: 'number' }).notNull().default(0),
  totalSeconds: numeric('total_seconds').notNull().default('0'),
});

/**
 * The admin dashboard's New (7d), kept by a trigger (migration 0008): per hour of
 * `submitted_at` (UTC), how many applications were submitted. The 7-day count sums
 * the whole hours and reads the one partial hour from `applications`, like
 * application_decision_hours.
 */
export const applicationSubmissionHours = pgTable('application_submission_hours', {
  hour: timestamp('hour', { withTimezone: true }).primaryKey(),
  submitted: bigint('submitted', { mode: 'number' }).notNull().default(0),
});
