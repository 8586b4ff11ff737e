import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api';

/**
 * The one QueryClient of the signed-in and account areas. TanStack Query (not a
 * hand-written store) because the account page and the coming dashboard and back
 * office hold several server resources that need loading/error states, caching,
 * refetch on focus (the verification banner clears when the user comes back
 * from the mail tab) and invalidation after a change. It never reaches the entry
 * chunk (ADR 005): only lazy chunks import this module, and its provider sits in
 * a lazy layout route (session-provider-layout.tsx).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Offline, TanStack's default ('online') pauses a query without end, so a list would sit on
      // 'Loading...' or on the rows of an earlier search. Ask anyway: the request fails, the retries
      // run out and the page says it failed, with Try again (docs/product/back-office.md#lists).
      networkMode: 'always',
      // A 4xx answer will not change by asking again; a network or 5xx failure may.
      retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 2,
    },
  },
});
