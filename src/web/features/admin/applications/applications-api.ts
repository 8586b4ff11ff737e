import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminApplicationDetail, StatusChange } from '../../../../domain/admin/applications';
import { api, ApiError } from '../../../lib/api';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ADMIN_APPLICATIONS_KEY as APPLICATIONS_KEY, ADMIN_DASHBOARD_KEY as DASHBOARD_KEY } from '../lib/admin-query-keys';

/** The review records sit under the list's key, so invalidating the applications refreshes both. */
const detailKey = (id: string) => [...APPLICATIONS_KEY, 'detail', id] as const;

/** The review dialog's record. */
export function useApplicationDetail(id: string | null) {
  return useQuery({
    queryKey: detailKey(id ?? ''),
    queryFn: ({ signal }) => api<AdminApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id!)}`, { signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

interface ChangeTexts {
  success: string;
  failure: string;
}

/**
 * A change made in the review dialog. The reply (the new record) replaces the
 * cached one at once, then the lists and the dashboard's figures are asked for
 * again. The toasts live here, not at the call, so a save that ends after the
 * dialog closed still reports (spec §8 texts).
 */
function useApplicationChange<Body>(id: string, path: 'status' | 'notes', texts: ChangeTexts) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Body) => api<AdminApplicationDetail>(`/api/admin/applications/${encodeURIComponent(id)}/${path}`, { method: 'PATCH', body }),
    onSuccess: (detail) => {
      client.setQueryData(detailKey(id), detail);
      void client.invalidateQueries({ queryKey: APPLICATIONS_KEY, predicate: (query) => query.queryKey[2] !== 'detail' });
      void client.invalidateQueries({ queryKey: DASHBOARD_KEY });
      notify.success(texts.success);
    },
    // A conflict explains itself (a declined application whose owner started another); otherwise spec §8's text.
    onError: (error) => notify.error('Error', error instanceof ApiError && error.status === 409 ? error.message : failureText(error, texts.failure)),
  });
}

export const useStatusChange = (id: string) =>
  useApplicationChange<StatusChange>(id, 'status', { success: 'Application status updated', failure: 'Failed to update status' });

export const useNotesChange = (id: string) =>
  useApplicationChange<{ notes: string }>(id, 'notes', { success: 'Notes updated', failure: 'Failed to update notes' });
