import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminPaymentsApi } from '../../../../domain/api/admin-payments';
import { homeFeesApi } from '../../../../domain/api/home-fees';
import type { RouteInput } from '../../../../domain/api/route';
import type { AdminLedger } from '../../../../domain/homes/admin-payments';
import { callApi } from '../../../lib/call-api';
import { adminListKey, useAdminList } from '../lib/use-admin-list';

/** Every cached page of /admin/payments and every home's ledger: `['admin', 'payments', …]`. */
const PAYMENTS_KEY = adminListKey(adminPaymentsApi.list);
const ledgerKey = (homeId: string) => [...PAYMENTS_KEY, 'ledger', homeId] as const;

/** GET /api/admin/payments (and its export link), the month, state, search and page in the URL. */
export const usePaymentsList = () => useAdminList({ list: adminPaymentsApi.list, export: adminPaymentsApi.export, loadFailed: 'Failed to load payments' });

/** GET /api/admin/homes/{id}/ledger, read afresh each time it opens. */
export const ledgerQuery = (homeId: string | null) =>
  queryOptions({
    queryKey: ledgerKey(homeId ?? ''),
    queryFn: ({ signal }) => callApi(adminPaymentsApi.ledger, { params: { id: homeId! } }, { signal }),
    enabled: Boolean(homeId),
    staleTime: 0,
  });

/** After an entry is added: the reply (the ledger) replaces the cached one; the month's figures are read again. */
function useLedgerChange<B>(homeId: string, send: (body: B) => Promise<AdminLedger>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (ledger: AdminLedger) => {
      client.setQueryData(ledgerKey(homeId), ledger);
      void client.invalidateQueries({ queryKey: PAYMENTS_KEY, predicate: (query) => query.queryKey[2] !== 'ledger' });
    },
  });
}

export const useRecordPayment = (homeId: string) =>
  useLedgerChange(homeId, (body: RouteInput<typeof adminPaymentsApi.recordPayment>['body']) =>
    callApi(adminPaymentsApi.recordPayment, { params: { id: homeId }, body }),
  );

export const useRecordRefund = (homeId: string) =>
  useLedgerChange(homeId, (body: RouteInput<typeof adminPaymentsApi.recordRefund>['body']) =>
    callApi(adminPaymentsApi.recordRefund, { params: { id: homeId }, body }),
  );

export const useReverseEntry = (homeId: string) =>
  useLedgerChange(homeId, (body: RouteInput<typeof adminPaymentsApi.reverse>['body']) => callApi(adminPaymentsApi.reverse, { params: { id: homeId }, body }));

/** POST /api/admin/homes/{id}/ledger/fee-waivers: a late fee waived with a reason (a reversal naming it). */
export const useWaiveFee = (homeId: string) =>
  useLedgerChange(homeId, (body: RouteInput<typeof homeFeesApi.waive>['body']) => callApi(homeFeesApi.waive, { params: { id: homeId }, body }));

/** GET /api/admin/fee-waivers: the homeowners' waiver requests waiting for staff. */
export const feeWaiversQuery = queryOptions({
  queryKey: ['admin', 'fee-waivers'] as const,
  queryFn: ({ signal }) => callApi(homeFeesApi.pending, {}, { signal }),
});

/** POST /api/admin/fee-waivers/{id}/grant or /refuse, with staff's reason; the ledgers follow a grant. */
export function useDecideFeeWaiver() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, grant, reason }: { id: string; grant: boolean; reason: string }) =>
      callApi(grant ? homeFeesApi.grant : homeFeesApi.refuse, { params: { id }, body: { reason } }),
    onSuccess: (data) => client.setQueryData(feeWaiversQuery.queryKey, data),
    onSettled: () => void client.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}

/** POST /api/admin/homes/{id}/ledger/verify. */
export const useVerifyHome = (homeId: string) => useMutation({ mutationFn: () => callApi(adminPaymentsApi.verifyHome, { params: { id: homeId } }) });

/** POST /api/admin/payments/verify: every home's chain. */
export const useVerifyAll = () => useMutation({ mutationFn: () => callApi(adminPaymentsApi.verifyAll, {}) });

/** POST /api/admin/payments/import/preview: nothing is written. */
export const usePreviewImport = () => useMutation({ mutationFn: (csv: string) => callApi(adminPaymentsApi.previewImport, { body: { csv } }) });

/** POST /api/admin/payments/import: the month's figures and every open ledger follow. */
export function useImportBankCsv() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => callApi(adminPaymentsApi.import, { body: { csv } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}

/** POST /api/admin/payments/nacha-returns/preview: nothing is written. */
export const usePreviewNachaReturns = () => useMutation({ mutationFn: (file: string) => callApi(homeFeesApi.previewNachaReturns, { body: { file } }) });

/** POST /api/admin/payments/nacha-returns: the month's figures and every open ledger follow. */
export function useApplyNachaReturns() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: string) => callApi(homeFeesApi.applyNachaReturns, { body: { file } }),
    onSuccess: () => void client.invalidateQueries({ queryKey: PAYMENTS_KEY }),
  });
}
