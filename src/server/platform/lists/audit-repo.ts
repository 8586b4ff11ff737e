import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_RANGE_DAYS } from '../../../domain/admin/audit';
import type { AuditItem, AuditListParams } from '../../../domain/admin/audit-query';
import type { Page } from '../../../domain/admin/lists';
import type { Db } from '../db/client';
import { auditLog, homes, users } from '../db/schema';
import { decodeRows, selectList, selectRows, type RowOf } from '../db/select-fields';
import { cappedCount, dateRangeConditions, pageWindow, toPage, whereAll } from './list-query';
import type { ExportRows } from './csv';
import { isoTime } from '../lib/iso-time';

/**
 * `where …` of the audit list: entity type, action, and the time window — the
 * range (last 1, 7, 30 or 90 days) unless More Filters' dates are given. Served by
 * audit_log_entity_at_idx / audit_log_action_at_idx / audit_log_at_idx.
 */
function filterOf(params: AuditListParams, now: Date, { upToNow = false } = {}): SQL {
  const conditions: SQL[] = [];
  // An export on PGlite pages with offsets: entries written while it runs must not shift its batches.
  if (upToNow) conditions.push(sql`${auditLog.at} <= ${now.toISOString()}::timestamptz`);
  if (params.entity !== 'all') conditions.push(sql`${auditLog.entityType} = ${params.entity}`);
  if (params.action !== 'all') conditions.push(sql`${auditLog.action} = ${params.action}`);
  if (params.from || params.to) conditions.push(...dateRangeConditions(auditLog.at, params));
  else conditions.push(sql`${auditLog.at} >= ${new Date(now.getTime() - AUDIT_RANGE_DAYS[params.range] * 86_400_000).toISOString()}::timestamptz`);
  return whereAll(conditions);
}

/**
 * What a home's or a payment's entry is about, in words (docs/product/back-office.md#audit-log): the home's address and
 * its owner's name, read by the home's key (the entry's id is the home's). A staff list's join, read-only, as the
 * architecture's table map allows.
 */
const SUBJECT = sql<string | null>`case when ${auditLog.entityType} in ('homes', 'payments')
    and ${auditLog.entityId} ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then (
    select ${homes.address} || coalesce(' (' || nullif(trim(coalesce(${users.firstName}, '') || ' ' || coalesce(${users.lastName}, '')), '') || ')', '')
    from ${homes} join ${users} on ${users.id} = ${homes.userId}
    where ${homes.id} = (case when ${auditLog.entityType} in ('homes', 'payments') then ${auditLog.entityId}::uuid end)) end`;

/** The log's columns (docs/product/back-office.md#audit-log); the actor's id stays in the table. */
const ENTRY_FIELDS = {
  id: auditLog.id,
  at: auditLog.at,
  actorEmail: auditLog.actorEmail,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  changes: auditLog.changes,
  ip: auditLog.ip,
  subject: SUBJECT,
};

const present = (row: RowOf<typeof ENTRY_FIELDS>): AuditItem => ({ ...row, at: isoTime(row.at) });

const entriesQuery = (params: AuditListParams, now: Date, window: SQL, upToNow = false) =>
  sql`select ${selectList(ENTRY_FIELDS)} from ${auditLog} ${filterOf(params, now, { upToNow })}
        order by ${auditLog.at} desc, ${auditLog.id} desc ${window}`;

async function selectEntries(db: Db, params: AuditListParams, now: Date, window: SQL): Promise<AuditItem[]> {
  return (await selectRows(db, ENTRY_FIELDS, entriesQuery(params, now, window))).map(present);
}

/** One page of the log, newest first. */
export async function listAudit(db: Db, params: AuditListParams, now = new Date()): Promise<Page<AuditItem>> {
  const [items, count] = await Promise.all([
    selectEntries(db, params, now, pageWindow(params)),
    cappedCount(db, sql`from ${auditLog} ${filterOf(params, now)}`),
  ]);
  return toPage(items, params, count);
}

/** The filtered log for the CSV export, up to the moment it starts (src/server/platform/lists/csv.ts reads it in batches). */
export const auditRows = (params: AuditListParams, now = new Date()): ExportRows<AuditItem> => ({
  query: entriesQuery(params, now, sql``, true),
  map: (rows) => decodeRows(ENTRY_FIELDS, rows).map(present),
});
