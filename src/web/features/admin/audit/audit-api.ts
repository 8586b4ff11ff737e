import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { RouteInput } from '../../../../domain/api/route';
import { adminAuditApi } from '../../../../domain/api/admin-audit';
import { callApi, hrefOf } from '../../../lib/call-api';
import { toQueryString } from '../lib/use-list-state';

/** The log's cache entries: one per query string, under the key refreshAdminList('audit') asks again for. */
export const AUDIT_QUERY_KEY = ['admin', 'audit'] as const;

/** The page's URL state. Its values are the address bar's text; the server checks them and names a wrong one. */
type AuditListState = Record<string, string | undefined>;
type AuditQuery = RouteInput<typeof adminAuditApi.list>['query'];

/** GET /api/admin/audit: one page of the log. The previous page stays on screen while the next one loads. */
export const auditListQuery = (state: AuditListState) =>
  queryOptions({
    queryKey: [...AUDIT_QUERY_KEY, toQueryString(state)],
    queryFn: ({ signal }) => callApi(adminAuditApi.list, { query: state as AuditQuery }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** GET /api/admin/audit/export: the CSV link of the current filter (paging left out: the export is the whole filtered log). */
export function auditExportHref(state: AuditListState): string {
  const { page: _page, pageSize: _pageSize, ...filter } = state;
  return hrefOf(adminAuditApi.export, { query: filter as AuditQuery });
}
