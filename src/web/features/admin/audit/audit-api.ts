import { adminAuditApi } from '../../../../domain/api/admin-audit';
import { useAdminList } from '../lib/use-admin-list';

/** The page's toast when a page of the log does not load. */
export const AUDIT_LOAD_FAILED = 'Failed to load the audit log';

/** GET /api/admin/audit (and its export link) with the page's filters in the URL (docs/product/back-office.md#audit-log). */
export const useAuditList = () => useAdminList({ list: adminAuditApi.list, export: adminAuditApi.export, loadFailed: AUDIT_LOAD_FAILED });
