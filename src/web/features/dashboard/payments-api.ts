import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { paymentsApi } from '../../../domain/api/payments';
import type { z } from 'zod';
import type { addBankAccountSchema, PaymentsOverview, startBankLinkSchema } from '../../../domain/payments/bank-account';
import { callApi } from '../../lib/call-api';
import { isNoHome } from './home-api';

/**
 * Paying by bank debit (src/domain/api/payments.ts): the homeowner's account on file and their
 * debits. While a debit is on its way the overview is read again every few seconds, so its
 * timeline moves on the page as the processor settles it.
 */

const PAYMENTS_KEY = ['me', 'home', 'payments'] as const;
const MY_HOME_KEY = ['me', 'home'] as const;

const inFlight = (data: PaymentsOverview | undefined) => Boolean(data?.payments.some((p) => p.state === 'scheduled' || p.state === 'processing'));

export const myPaymentsQuery = queryOptions({
  queryKey: PAYMENTS_KEY,
  queryFn: ({ signal }) => callApi(paymentsApi.overview, {}, { signal }),
  retry: (count, error) => !isNoHome(error) && count < 2,
  refetchInterval: (query) => (inFlight(query.state.data) ? 2_000 : false),
});

function useRefresh() {
  const client = useQueryClient();
  // The ledger, the charges and the balance follow a payment: the whole home is read again.
  return () => void client.invalidateQueries({ queryKey: MY_HOME_KEY });
}

export function useAddBankAccount() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: z.input<typeof addBankAccountSchema>) => callApi(paymentsApi.addBankAccount, { body }), onSettled: refresh });
}

/** 'Connect your bank instantly' (docs/decisions/046-instant-bank-verification.md): answers the processor's page to go to. */
export function useStartBankLink() {
  return useMutation({ mutationFn: (body: z.input<typeof startBankLinkSchema>) => callApi(paymentsApi.startBankLink, { body }) });
}

/** Back from the processor's page with its session id: the account is stored, verified. */
export function useCompleteBankLink() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { sessionId: string }) => callApi(paymentsApi.completeBankLink, { body }), onSettled: refresh });
}

export function useCancelBankLink() {
  return useMutation({ mutationFn: (body: { linkId: string }) => callApi(paymentsApi.cancelBankLink, { body }) });
}

export function useVerifyBankAccount() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: { firstCents: number; secondCents: number }) => callApi(paymentsApi.verifyBankAccount, { body }),
    onSettled: refresh,
  });
}

export function useRemoveBankAccount() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => callApi(paymentsApi.removeBankAccount, {}), onSettled: refresh });
}

export function usePayNow() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: { amountCents: number; idempotencyKey: string }) => callApi(paymentsApi.payNow, { body }), onSettled: refresh });
}

/** When a debit settles (its state changes while the page polls), the home's ledger and balance are read again. */
export function useLedgerFollowsPayments(data: PaymentsOverview | undefined) {
  const client = useQueryClient();
  const states = data?.payments.map((payment) => `${payment.id}:${payment.state}`).join(',');
  const seen = useRef(states);
  useEffect(() => {
    if (states === undefined || states === seen.current) return;
    if (seen.current !== undefined) void client.invalidateQueries({ queryKey: MY_HOME_KEY, exact: true });
    seen.current = states;
  }, [client, states]);
}
