import { queryOptions } from '@tanstack/react-query';
import { buyingApi } from '../../domain/api/buying';
import { callApi } from './call-api';

/**
 * The buyer's offers, newest first (src/domain/api/buying.ts): read by 'Find your home' and by the
 * dashboard's pre-approval card, which shows the live one's state (docs/product/dashboard.md#pre-approval).
 */
export const myOffersQuery = queryOptions({
  queryKey: ['me', 'offers'] as const,
  queryFn: ({ signal }) => callApi(buyingApi.offers, {}, { signal }),
  staleTime: 0,
});
