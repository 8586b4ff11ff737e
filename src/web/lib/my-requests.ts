import { queryOptions } from '@tanstack/react-query';
import { myRequestsApi } from '../../domain/api/requests';
import { callApi } from './call-api';

export const MY_REQUESTS_KEY = ['application', 'requests'] as const;

/**
 * GET /api/application/requests: the buyer's open and answered requests, asked again whenever a page showing them
 * opens. Read by the To do page (docs/product/application.md#after-submission-the-to-do-page) and by the closing
 * checklist, where the open ones wait on the buyer (docs/product/dashboard.md#closing).
 */
export const myRequestsQuery = queryOptions({
  queryKey: MY_REQUESTS_KEY,
  queryFn: ({ signal }) => callApi(myRequestsApi.list, {}, { signal }),
  refetchOnMount: 'always',
});
