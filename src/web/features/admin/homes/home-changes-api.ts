import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { homeChangesApi } from '../../../../domain/api/home-changes';
import { callApi } from '../../../lib/call-api';

/**
 * Staff's side of a homeowner's payment changes and 60-day notices (src/domain/api/home-changes.ts):
 * a home's, what waits across homes, and the decisions. Each decision refreshes them and the
 * homes' records (an approval adds a term; a completion closes the home).
 */

const ADMIN_HOME_CHANGES_KEY = ['admin', 'home-changes'] as const;
/** The back office's homes (src/web/features/admin/homes/homes-api.ts): a home's terms follow an approval. */
const ADMIN_HOMES_KEY = ['admin', 'homes'] as const;

export const pendingHomeChangesQuery = queryOptions({
  queryKey: [...ADMIN_HOME_CHANGES_KEY, 'pending'] as const,
  queryFn: ({ signal }) => callApi(homeChangesApi.pending, {}, { signal }),
  staleTime: 0,
});

export const homeChangesQuery = (homeId: string) =>
  queryOptions({
    queryKey: [...ADMIN_HOME_CHANGES_KEY, 'home', homeId] as const,
    queryFn: ({ signal }) => callApi(homeChangesApi.ofHome, { params: { id: homeId } }, { signal }),
    staleTime: 0,
  });

function useStaffMutation<V, R>(run: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ADMIN_HOME_CHANGES_KEY });
      void client.invalidateQueries({ queryKey: ADMIN_HOMES_KEY });
    },
  });
}

export const useApprovePaymentChange = () => useStaffMutation((id: string) => callApi(homeChangesApi.approvePaymentChange, { params: { id } }));
export const useDeclinePaymentChange = () =>
  useStaffMutation(({ id, reason }: { id: string; reason: string }) => callApi(homeChangesApi.declinePaymentChange, { params: { id }, body: { reason } }));
export const useAcknowledgeNotice = () => useStaffMutation((id: string) => callApi(homeChangesApi.acknowledgeNotice, { params: { id } }));
export const useScheduleNotice = () =>
  useStaffMutation(({ id, scheduledDate }: { id: string; scheduledDate: string }) =>
    callApi(homeChangesApi.scheduleNotice, { params: { id }, body: { scheduledDate } }),
  );
export const useCompleteNotice = () =>
  useStaffMutation(({ id, payoutCents }: { id: string; payoutCents: number }) =>
    callApi(homeChangesApi.completeNotice, { params: { id }, body: { payoutCents } }),
  );
export const useCancelNotice = () =>
  useStaffMutation(({ id, reason }: { id: string; reason: string }) => callApi(homeChangesApi.cancelNotice, { params: { id }, body: { reason } }));
