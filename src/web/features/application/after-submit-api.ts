import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { applicationChangesApi } from '../../../domain/api/application-changes';
import type { ChangeRequestList, NewChangeRequest } from '../../../domain/application/change-requests';
import { callApi } from '../../lib/call-api';

/**
 * After submitting (docs/decisions/041-withdrawal-and-change-requests.md): withdrawing the
 * application, and the buyer's requests to change an answer. Each refreshes the dashboard's status.
 */

export const CHANGE_REQUESTS_KEY = ['application', 'change-requests'] as const;

/** GET /api/application/change-requests, asked again whenever the panel opens. */
export const changeRequestsQuery = queryOptions({
  queryKey: CHANGE_REQUESTS_KEY,
  queryFn: ({ signal }) => callApi(applicationChangesApi.listChanges, {}, { signal }),
  refetchOnMount: 'always',
});

/** POST /api/application/change-requests. */
export function useRequestChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NewChangeRequest) => callApi(applicationChangesApi.requestChange, { body }),
    onSuccess: (data: ChangeRequestList) => queryClient.setQueryData(CHANGE_REQUESTS_KEY, data),
  });
}

/** POST /api/application/withdraw. */
export function useWithdrawApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => callApi(applicationChangesApi.withdraw, { body: { reason } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['me', 'status'] });
      queryClient.removeQueries({ queryKey: CHANGE_REQUESTS_KEY });
    },
  });
}
