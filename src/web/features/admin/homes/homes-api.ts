import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HomeDetail } from '../../../../domain/homes/admin-homes';
import type { RouteInput } from '../../../../domain/api/route';
import { adminHomesApi } from '../../../../domain/api/admin-homes';
import { callApi } from '../../../lib/call-api';
import { ADMIN_APPLICATIONS_KEY, ADMIN_DASHBOARD_KEY } from '../lib/admin-query-keys';
import { adminListKey, useAdminList } from '../lib/use-admin-list';

/** Every cached page of the homes list and every home's record: `['admin', 'homes', …]`. */
const HOMES_KEY = adminListKey(adminHomesApi.list);

/** GET /api/admin/homes (and its export link) with the page's state in the URL. */
export const useHomesList = () => useAdminList({ list: adminHomesApi.list, export: adminHomesApi.export, loadFailed: 'Failed to load homes' });

const detailKey = (id: string) => [...HOMES_KEY, 'detail', id] as const;

/** GET /api/admin/homes/{id}: the home's record, read afresh each time it opens. */
export const homeDetailQuery = (id: string | null) =>
  queryOptions({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => callApi(adminHomesApi.detail, { params: { id: id! } }, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });

const purchaseStartKey = (applicationId: string) => [...ADMIN_APPLICATIONS_KEY, 'home', applicationId] as const;

/** GET /api/admin/applications/{id}/home: the home recorded from an application, or the form's defaults. */
export const purchaseStartQuery = (applicationId: string) =>
  queryOptions({
    queryKey: purchaseStartKey(applicationId),
    queryFn: ({ signal }) => callApi(adminHomesApi.purchaseStart, { params: { id: applicationId } }, { signal }),
    staleTime: 0,
  });

/** POST /api/admin/applications/{id}/home: 'Record purchase'; the homes list, the users' roles and the dashboard follow. */
export function useRecordPurchase(applicationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<typeof adminHomesApi.recordPurchase>['body']) =>
      callApi(adminHomesApi.recordPurchase, { params: { id: applicationId }, body }),
    onSuccess: (home: HomeDetail) => {
      client.setQueryData(detailKey(home.id), home);
      void client.invalidateQueries({ queryKey: purchaseStartKey(applicationId) });
      void client.invalidateQueries({ queryKey: HOMES_KEY });
      void client.invalidateQueries({ queryKey: ['admin', 'users'] });
      void client.invalidateQueries({ queryKey: ADMIN_DASHBOARD_KEY });
    },
  });
}

/** POST /api/admin/homes/{id}/valuations; the reply (the home) replaces the cached record. */
export function useRecordValuation(homeId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RouteInput<typeof adminHomesApi.recordValuation>['body']) => callApi(adminHomesApi.recordValuation, { params: { id: homeId }, body }),
    onSuccess: (home: HomeDetail) => {
      client.setQueryData(detailKey(home.id), home);
      void client.invalidateQueries({ queryKey: HOMES_KEY, predicate: (query) => query.queryKey[2] !== 'detail' });
    },
  });
}
