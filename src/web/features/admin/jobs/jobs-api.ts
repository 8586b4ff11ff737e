import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminJob, JobListParams } from '../../../../domain/admin/jobs';
import { queryStringOf } from '../../../../domain/api/route';
import { adminJobsApi } from '../../../../domain/api/admin-jobs';
import { callApi } from '../../../lib/call-api';

/** Every cached page of the jobs list: a retry asks for them again. */
export const JOBS_QUERY_KEY = ['admin', 'jobs'] as const;

/** The page's query: only what differs from the list's defaults is sent (the server fills in the same). */
function queryOf(params: JobListParams): Partial<JobListParams> {
  return {
    ...(params.page !== 1 ? { page: params.page } : {}),
    ...(params.state !== 'open' ? { state: params.state } : {}),
  };
}

/**
 * GET /api/admin/jobs: one page of the jobs not done. The previous page stays on screen while the next one loads;
 * while a listed job is running or due, the page is asked for again every 2 s.
 */
export const jobsListQuery = (params: JobListParams) => {
  const query = queryOf(params);
  return queryOptions({
    queryKey: [...JOBS_QUERY_KEY, queryStringOf(query)],
    queryFn: ({ signal }) => callApi(adminJobsApi.list, { query }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    // While a listed job is running or due, the list follows it (a retried job leaves it once it ran).
    refetchInterval: (current) => (current.state.data?.items.some(isUnderway) ? UNDERWAY_REFRESH_MS : false),
  });
};

const UNDERWAY_REFRESH_MS = 2_000;
const isUnderway = (job: AdminJob) => job.state === 'running' || (job.state === 'queued' && Date.parse(job.runAt) <= Date.now());

/** POST /api/admin/jobs/{id}/retry; settles after the list is fresh, so the row shows its new state. The page shows the outcome. */
export function useRetryJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => callApi(adminJobsApi.retry, { params: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: JOBS_QUERY_KEY }),
  });
}
