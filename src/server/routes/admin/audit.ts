import { describeChanges, type AuditItem } from '../../../domain/admin/audit-query';
import { adminAuditApi } from '../../../domain/api/admin-audit';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditRows, listAudit } from '../../platform/lists/audit-repo';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import { apiRouter, route } from '../../platform/http/route';

const CSV_COLUMNS: readonly CsvColumn<AuditItem>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Time', value: (e) => e.at },
  { header: 'Actor', value: (e) => e.actorEmail },
  { header: 'Action', value: (e) => e.action },
  { header: 'Entity Type', value: (e) => e.entityType },
  { header: 'Entity ID', value: (e) => e.entityId },
  { header: 'Changes', value: (e) => describeChanges(e.changes, { max: 500 }).join('; ') },
  { header: 'IP', value: (e) => e.ip },
];

/** `/api/admin/audit` (src/domain/api/admin-audit.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminAuditRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** A page of the log, newest first, filtered by entity type, action and time (docs/product/back-office.md#audit-log). */
  route(router, adminAuditApi.list, (c, { query }) => listAudit(c.var.deps.db, query));
  /** The CSV of the current filter, streamed; the export is itself recorded in the log. */
  route(router, adminAuditApi.export, (c, { query }) => {
    const { db } = c.var.deps;
    const { page: _page, pageSize: _pageSize, q: _q, sort: _sort, dir: _dir, ...filter } = query;
    const now = new Date();
    const params = { ...filter, q: '', sort: 'at' as const, dir: 'desc' as const, page: 1, pageSize: 1 };
    return auditedCsvExport(db, actorOf(c), { list: 'audit-log', entityType: 'audit_log', filter, columns: CSV_COLUMNS, rows: auditRows(params, now) });
  });
  return router;
}
