import { inArray, sql, type SQL } from 'drizzle-orm';
import { SECURITY_LOG_AUDIT_ACTIONS, SECURITY_LOG_RETENTION_MONTHS, WAITLIST_RETENTION_YEARS } from '../../../domain/privacy/retention';
import { queryRows, type Db } from '../../platform/db/client';
import { auditLog, sessions as sessionTable, waitlistEntries as waitlistTable, webhookOutbox } from '../../platform/db/schema';
import { columnName } from '../../platform/db/select-fields';
import { WAITLIST_TOPIC, eraseWaitlistAddresses } from '../waitlist';

/**
 * The privacy policy's retention promises (docs/product/privacy.md#retention;
 * docs/decisions/016-retention-and-erasure.md),
 * kept by an hourly job on the job runner (src/server/platform/jobs/system-jobs.ts). Each step works in chunks of at most
 * `batchSize` rows, one short transaction per chunk, so a huge backlog never holds
 * locks for long; rows are claimed with FOR UPDATE SKIP LOCKED, so instances running
 * at the same moment share the work instead of queueing, and a second run finds
 * nothing left to do.
 */

/** What one run removed, per kind (counts only: nothing personal). */
export interface RetentionReport {
  waitlistEntries: number;
  webhookDeliveries: number;
  signIns: number;
  auditIps: number;
  sessions: number;
}

export interface RetentionOptions {
  /** Rows per statement (default 1,000). */
  batchSize?: number;
}

const waitlistCutoff = sql`now() - make_interval(years => ${WAITLIST_RETENTION_YEARS})`;
const securityCutoff = sql`now() - make_interval(months => ${SECURITY_LOG_RETENTION_MONTHS})`;

/**
 * One chunk: `claim` selects the ids of at most `limit` rows of a table (and locks
 * them, skipping rows another instance holds); `change` deletes or updates the rows
 * whose id is in `claimed`. Answers how many rows were changed.
 */
async function chunk(db: Db, claim: SQL, change: (claimed: SQL) => SQL): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`WITH claimed(id) AS (${claim} FOR UPDATE SKIP LOCKED), changed AS (${change(sql`SELECT id FROM claimed`)} RETURNING 1) SELECT count(*)::int AS n FROM changed`,
  );
  return Number(row?.n ?? 0);
}

/** Runs `step` until a chunk comes back short; answers the total. */
async function drain(step: () => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step();
    total += n;
    if (n < batchSize) return total;
  }
}

/** Deletes and strips everything past its retention period; safe to run anywhere, any time, concurrently. */
export async function applyRetention(db: Db, { batchSize = 1000 }: RetentionOptions = {}): Promise<RetentionReport> {
  const limit = sql`LIMIT ${batchSize}`;

  // 'No longer than 3 years after we last heard from you': received_at moves with every new submission. created_at is
  // never later than received_at, so the condition on it only lets the search walk the list's created_at index.
  // The delete triggers (migration 0006) keep the dashboard's waitlist count exact, one update per chunk.
  // The entry's address also goes from the announcements' recipients and, without an account, its e-mail choices
  // (docs/decisions/021-requests-and-messages.md): in the same statement (address-erasure.ts).
  const waitlistEntries = await drain(async () => {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH claimed(id) AS (SELECT ${waitlistTable.id} FROM ${waitlistTable}
          WHERE ${waitlistTable.createdAt} < ${waitlistCutoff} AND ${waitlistTable.receivedAt} < ${waitlistCutoff}
          ORDER BY ${waitlistTable.createdAt} ${limit} FOR UPDATE SKIP LOCKED),
        gone AS (DELETE FROM ${waitlistTable} WHERE ${waitlistTable.id} IN (SELECT id FROM claimed) RETURNING ${waitlistTable.emailKey} AS email_key)
        ${eraseWaitlistAddresses(sql`SELECT email_key FROM gone`)}
        SELECT count(*)::int AS n FROM gone`,
    );
    return Number(row?.n ?? 0);
  }, batchSize);
  // The webhook outbox holds a copy of each sign-up it forwarded: it goes with the same period.
  const webhookDeliveries = await drain(
    () =>
      chunk(
        db,
        sql`SELECT ${webhookOutbox.id} FROM ${webhookOutbox} WHERE ${webhookOutbox.topic} = ${WAITLIST_TOPIC} AND ${webhookOutbox.createdAt} < ${waitlistCutoff} ${limit}`,
        (claimed) => sql`DELETE FROM ${webhookOutbox} WHERE ${webhookOutbox.id} IN (${claimed})`,
      ),
    batchSize,
  );
  // Security logs: the sign-in records as a whole (audit_log_action_at_idx finds them) ...
  const signIns = await drain(
    () =>
      chunk(
        db,
        sql`SELECT ${auditLog.id} FROM ${auditLog} WHERE ${inArray(auditLog.action, [...SECURITY_LOG_AUDIT_ACTIONS])} AND ${auditLog.at} < ${securityCutoff} ${limit}`,
        (claimed) => sql`DELETE FROM ${auditLog} WHERE ${auditLog.id} IN (${claimed})`,
      ),
    batchSize,
  );
  // ... the IP address of every other audit entry (the entry itself is the record of a change and stays) ...
  const auditIps = await drain(
    () =>
      chunk(
        db,
        sql`SELECT ${auditLog.id} FROM ${auditLog} WHERE ${auditLog.at} < ${securityCutoff} AND ${auditLog.ip} IS NOT NULL ${limit}`,
        (claimed) => sql`UPDATE ${auditLog} SET ${columnName(auditLog.ip)} = NULL WHERE ${auditLog.id} IN (${claimed})`,
      ),
    batchSize,
  );
  // ... and ended sessions, with the IP address and browser they recorded at sign-in. A session still in use stays.
  const sessions = await drain(
    () =>
      chunk(
        db,
        sql`SELECT ${sessionTable.id} FROM ${sessionTable} WHERE ${sessionTable.createdAt} < ${securityCutoff} AND ${sessionTable.expiresAt} < now() ${limit}`,
        (claimed) => sql`DELETE FROM ${sessionTable} WHERE ${sessionTable.id} IN (${claimed})`,
      ),
    batchSize,
  );
  return { waitlistEntries, webhookDeliveries, signIns, auditIps, sessions };
}
