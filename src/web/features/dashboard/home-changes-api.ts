import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { homeChangesApi } from '../../../domain/api/home-changes';
import type { NoticeRequest } from '../../../domain/homes/changes';
import { callApi } from '../../lib/call-api';
import { isNoHome } from './home-api';

/**
 * A homeowner's payment changes and 60-day notices (src/domain/api/home-changes.ts): the
 * homeowner's own (GET /api/me/home/changes) and staff's (a home's, and what waits across homes).
 */

export const MY_HOME_CHANGES_KEY = ['me', 'home', 'changes'] as const;
/** The homeowner's dashboard figures (src/web/features/dashboard/home-api.ts) follow an approved change or a completed notice. */
const MY_HOME_KEY = ['me', 'home'] as const;

export const myHomeChangesQuery = queryOptions({
  queryKey: MY_HOME_CHANGES_KEY,
  queryFn: ({ signal }) => callApi(homeChangesApi.mine, {}, { signal }),
  staleTime: 0,
  retry: (count, error) => !isNoHome(error) && count < 2,
});

function useInvalidateMine() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: MY_HOME_KEY });
  };
}

/** POST /api/me/home/payment-changes. */
export function useAskForPayment() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: (monthlyPaymentCents: number) => callApi(homeChangesApi.requestPaymentChange, { body: { monthlyPaymentCents } }),
    onSettled: invalidate,
  });
}

/** POST /api/me/home/payment-changes/{id}/withdraw. */
export function useWithdrawPaymentChange() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: (id: string) => callApi(homeChangesApi.withdrawPaymentChange, { params: { id } }),
    onSettled: invalidate,
  });
}

/** POST /api/me/home/notices. */
export function useSendNotice() {
  const invalidate = useInvalidateMine();
  return useMutation({
    mutationFn: (body: { kind: NoticeRequest['kind']; requestedDate: string; note?: string }) => callApi(homeChangesApi.sendNotice, { body }),
    onSettled: invalidate,
  });
}
