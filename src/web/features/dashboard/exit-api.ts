import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { exitQuotesApi } from '../../../domain/api/exit-quotes';
import type { NoticeKind } from '../../../domain/homes/states';
import { callApi, hrefOf } from '../../lib/call-api';
import { isNoHome } from './home-api';

/** Exit quotes (src/domain/api/exit-quotes.ts): the homeowner's ways out and quotes. */

const EXIT_KEY = ['me', 'home', 'exit'] as const;

export const exitOptionsQuery = queryOptions({
  queryKey: EXIT_KEY,
  queryFn: ({ signal }) => callApi(exitQuotesApi.options, {}, { signal }),
  staleTime: 0,
  retry: (count, error) => !isNoHome(error) && count < 2,
});

export const quoteQuery = (id: string) =>
  queryOptions({
    queryKey: [...EXIT_KEY, 'quote', id],
    queryFn: ({ signal }) => callApi(exitQuotesApi.mine, { params: { id } }, { signal }),
    staleTime: 0,
    retry: false,
  });

export const quotePdfHref = (id: string) => hrefOf(exitQuotesApi.pdf, { params: { id } });

/** Every change refreshes the ways out, the quotes and the dashboard's home. */
function useRefresh() {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: ['me', 'home'] });
}

export function useRequestQuote() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (kind: NoticeKind) => callApi(exitQuotesApi.request, { body: { kind } }), onSettled: refresh });
}

export function useAcceptQuote(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (moveDate: string) => callApi(exitQuotesApi.accept, { params: { id }, body: { moveDate, confirm: true } }),
    onSettled: refresh,
  });
}

export function useWithdrawQuote(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (reason: string) => callApi(exitQuotesApi.withdraw, { params: { id }, body: { reason } }), onSettled: refresh });
}

export const finalStatementHref = (id: string) => hrefOf(exitQuotesApi.finalStatement, { params: { id } });
export const disputeDocumentHref = (id: string) => hrefOf(exitQuotesApi.myDisputeDocument, { params: { id } });

/** Sends a dispute, then each chosen document with it (comparable sales, an appraisal), one upload at a time. */
export function useDisputeWithDocuments(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ reason, files }: { reason: string; files: File[] }) => {
      const quote = await callApi(exitQuotesApi.dispute, { params: { id }, body: { reason } });
      for (const file of files) await callApi(exitQuotesApi.uploadDisputeDocument, { query: { quote: id }, form: {}, file });
      return quote;
    },
    onSettled: refresh,
  });
}

/** One more document to a dispute waiting for staff. */
export function useAddDisputeDocument(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (file: File) => callApi(exitQuotesApi.uploadDisputeDocument, { query: { quote: id }, form: {}, file }),
    onSettled: refresh,
  });
}
