import { queryOptions } from '@tanstack/react-query';
import { meApi } from '../../../domain/api/me';
import { callApi } from '../../lib/call-api';

/** GET /api/me/status (docs/product/dashboard.md#status), always asked again when the dashboard opens: the dialog must follow the real status. */
export const meStatusQuery = queryOptions({
  queryKey: ['me', 'status'] as const,
  queryFn: ({ signal }) => callApi(meApi.status, {}, { signal }),
  refetchOnMount: 'always',
});
