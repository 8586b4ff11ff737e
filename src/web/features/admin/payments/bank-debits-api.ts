import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminProcessorPaymentsApi } from '../../../../domain/api/admin-processor-payments';
import type { StaffAccountState, StaffPaymentView, StaffRefundInput } from '../../../../domain/payments/staff';
import { callApi } from '../../../lib/call-api';

/** Staff's side of bank debits on /admin/payments (src/domain/api/admin-processor-payments.ts): `['admin', 'bank-debits', …]`. */
const KEY = ['admin', 'bank-debits'] as const;
const POLL_MS = 3_000;

export const debitsQuery = (view: StaffPaymentView, page: number) =>
  queryOptions({
    queryKey: [...KEY, 'debits', view, page],
    queryFn: ({ signal }) => callApi(adminProcessorPaymentsApi.list, { query: { view, page } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // While a debit or a refund on the page waits for the processor, the page follows it.
    refetchInterval: (query) =>
      query.state.data?.items.some((p) => p.state === 'scheduled' || p.state === 'processing' || p.refunds.some((r) => r.state === 'pending'))
        ? POLL_MS
        : false,
  });

export const exceptionsQuery = (page: number) =>
  queryOptions({
    queryKey: [...KEY, 'exceptions', page],
    queryFn: ({ signal }) => callApi(adminProcessorPaymentsApi.exceptions, { query: { page } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

export const accountsQuery = (state: StaffAccountState | 'all', page: number) =>
  queryOptions({
    queryKey: [...KEY, 'accounts', state, page],
    queryFn: ({ signal }) => callApi(adminProcessorPaymentsApi.bankAccounts, { query: { state, page } }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

/** After an action every view is read again, and so are the month's figures and ledgers (['admin', 'payments']). */
function useBankDebitAction<I>(send: (input: I) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: KEY });
      void client.invalidateQueries({ queryKey: ['admin', 'payments'] });
    },
  });
}

/** POST /api/admin/processor-payments/{id}/retry. */
export const useRetryDebit = () => useBankDebitAction((id: string) => callApi(adminProcessorPaymentsApi.retry, { params: { id } }));

/** POST /api/admin/processor-payments/{id}/refunds. */
export const useRefundDebit = () =>
  useBankDebitAction(({ id, body }: { id: string; body: StaffRefundInput }) => callApi(adminProcessorPaymentsApi.refund, { params: { id }, body }));

/** POST /api/admin/homes/{id}/bank-account/unlock. */
export const useUnlockAccount = () => useBankDebitAction((homeId: string) => callApi(adminProcessorPaymentsApi.unlock, { params: { id: homeId } }));
