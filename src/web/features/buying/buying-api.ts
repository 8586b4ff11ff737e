import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { buyingApi } from '../../../domain/api/buying';
import type { ConsideredHomeForm } from '../../../domain/buying/homes';
import type { OfferForm } from '../../../domain/buying/offers';
import type { MilestoneKind } from '../../../domain/buying/closing';
import { callApi, hrefOf } from '../../lib/call-api';
import { myOffersQuery } from '../../lib/my-offers';

/** The buyer's homes and offers (src/domain/api/buying.ts). */
export const myHomesQuery = queryOptions({
  queryKey: ['me', 'considered-homes'] as const,
  queryFn: ({ signal }) => callApi(buyingApi.homes, {}, { signal }),
  staleTime: 0,
});

export { myOffersQuery };

function useRefresh() {
  const client = useQueryClient();
  return () => Promise.all([client.invalidateQueries({ queryKey: myHomesQuery.queryKey }), client.invalidateQueries({ queryKey: myOffersQuery.queryKey })]);
}

/** Add (no id) or edit (with id) a home; the server validates the typed values with the same schema. */
export function useSaveHome() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, form }: { id?: string; form: ConsideredHomeForm }) =>
      id ? callApi(buyingApi.updateHome, { params: { id }, body: form }) : callApi(buyingApi.addHome, { body: form }),
    onSuccess: refresh,
  });
}

export function useRemoveHome() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => callApi(buyingApi.removeHome, { params: { id } }), onSuccess: refresh });
}

export function useMakeOffer() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ homeId, form }: { homeId: string; form: OfferForm }) => callApi(buyingApi.makeOffer, { params: { id: homeId }, body: form }),
    onSuccess: refresh,
  });
}

export function useWithdrawOffer() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: string) => callApi(buyingApi.withdraw, { params: { id } }), onSuccess: refresh });
}

export function useAnswerCounter() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, answer }: { id: string; answer: 'accept' | 'decline' }) => callApi(buyingApi.answerCounter, { params: { id }, body: { answer } }),
    onSuccess: refresh,
  });
}

/** A milestone's document: its download link, and the upload to the buyer's accepted offer (docs/decisions/042-closing.md). */
export const closingDocumentHref = (id: string) => hrefOf(buyingApi.closingDocument, { params: { id } });

export function useUploadClosingDocument(offerId: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ milestone, file }: { milestone: MilestoneKind; file: File }) =>
      callApi(buyingApi.uploadClosingDocument, { query: { offer: offerId, milestone }, form: {}, file }),
    onSuccess: refresh,
  });
}
