import { queryOptions } from '@tanstack/react-query';
import { adminDashboardApi } from '../../../../domain/api/admin-dashboard';
import { callApi } from '../../../lib/call-api';
import { ADMIN_DASHBOARD_KEY } from '../lib/admin-query-keys';

/** GET /api/admin/dashboard, always fresh when the page opens (a review elsewhere invalidates ADMIN_DASHBOARD_KEY). */
export const dashboardQuery = () =>
  queryOptions({
    queryKey: ADMIN_DASHBOARD_KEY,
    queryFn: ({ signal }) => callApi(adminDashboardApi.get, {}, { signal }),
    staleTime: 0,
  });

/** GET /api/admin/ping: answers only when this session may use the back office (the second-factor gate reads its refusal). */
export const adminPingQuery = () =>
  queryOptions({
    queryKey: ['admin', 'ping'] as const,
    queryFn: ({ signal }) => callApi(adminDashboardApi.ping, {}, { signal }),
  });
