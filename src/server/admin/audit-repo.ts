import { sql, type SQL } from 'drizzle-orm';
import { AUDIT_RANGE_DAYS } from '../../domain/admin/audit';
import type { AuditItem, AuditListParams } from '../../domain/admin/audit-query';
import type { Page } from '../../domain/admin/lists';
import { queryRows, type Db } from '../db/client';
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
  if (upToNow) conditions.push(sql`at <= ${now.toISOString()}::timestamptz`);
  if (params.entity !== 'all') conditions.push(sql`entity_type = ${params.entity}`);
  if (params.action !== 'all') conditions.push(sql`action = ${params.action}`);
  if (params.from || params.to) conditions.push(...dateRangeConditions(sql`at`, params));
  else conditions.push(sql`at >= ${new Date(now.getTime() - AUDIT_RANGE_DAYS[params.range] * 86_400_000).toISOString()}::timestamptz`);
  return whereAll(conditions);
}

interface RawEntry {
  id: number | string;
  at: Date | string;
  actor_email: string | null;
  action: string;
  entity_type: string;
  entity_id: string | null;
  changes: Record<string, unknown> | string | null;
  ip: string | null;
}

function present(row: RawEntry): AuditItem {
  return {
    id: Number(row.id),
    at: isoTime(row.at),
    actorEmail: row.actor_email,
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    changes: typeof row.changes === 'string' ? (JSON.parse(row.changes) as Record<string, unknown>) : row.changes,
    ip: row.ip,
  };
}

const entriesQuery = (params: AuditListParams, now: Date, window: SQL, upToNow = false) =>
  sql`select id, at, actor_email, action, entity_type, entity_id, changes, ip from audit_log ${filterOf(params, now, { upToNow })}
        order by at desc, id desc ${window}`;

async function selectEntries(db: Db, params: AuditListParams, now: Date, window: SQL): Promise<AuditItem[]> {
  return (await queryRows<RawEntry>(db, entriesQuery(params, now, window))).map(present);
}

/** One page of the log, newest first. */
export async function listAudit(db: Db, params: AuditListParams, now = new Date()): Promise<Page<AuditItem>> {
  const [items, count] = await Promise.all([selectEntries(db, params, now, pageWindow(params)), cappedCount(db, sql`from audit_log ${filterOf(params, now)}`)]);
  return toPage(items, params, count);
}

/** The filtered log for the CSV export, up to the moment it starts (src/server/admin/csv.ts reads it in batches). */
export const auditRows = (params: AuditListParams, now = new Date()): ExportRows<AuditItem> => ({
  query: entriesQuery(params, now, sql``, true),
  map: (rows: RawEntry[]) => rows.map(present),
});
