import { useMutation } from '@tanstack/react-query';
import type { AdminJob, JobListParams, JobScheduleList } from '../../../../domain/admin/jobs';
import { adminJobsApi } from '../../../../domain/api/admin-jobs';
import { callApi } from '../../../lib/call-api';
import { adminListQuery, refreshAdminList } from '../lib/use-admin-list';

const UNDERWAY_REFRESH_MS = 2_000;
const isUnderway = (job: AdminJob) => job.state === 'running' || (job.state === 'queued' && Date.parse(job.runAt) <= Date.now());

/**
 * GET /api/admin/jobs: one page of the jobs not done, like every back-office list (only values that differ from the
 * defaults are sent; the previous page stays on screen while the next one loads). While a listed job is running or
 * due, the page is asked for again every 2 s, so a retried job leaves the list once it ran.
 */
export const jobsListQuery = (params: JobListParams) => ({
  ...adminListQuery(adminJobsApi.list, params),
  refetchInterval: (query: { state: { data?: { items: AdminJob[] } } }) => (query.state.data?.items.some(isUnderway) ? UNDERWAY_REFRESH_MS : false),
});

/** POST /api/admin/jobs/{id}/retry; settles after the list is fresh, so the row shows its new state. The page shows the outcome. */
export function useRetryJob() {
  return useMutation({
    mutationFn: (id: string) => callApi(adminJobsApi.retry, { params: { id } }),
    onSuccess: () => refreshAdminList(adminJobsApi.list),
  });
}

/**
 * GET /api/admin/jobs/schedules: the recurring kinds, their last run and next due time. While a 'Run now' is
 * waiting or running, asked for again every 2 s, so its 'Last run' shows once it finished.
 */
export const jobSchedulesQuery = () => ({
  queryKey: ['admin', 'jobs', 'schedules'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => callApi(adminJobsApi.schedules, {}, { signal }),
  refetchInterval: (query: { state: { data?: JobScheduleList } }) => (query.state.data?.items.some((s) => s.manualRunPending) ? UNDERWAY_REFRESH_MS : false),
});

/** POST /api/admin/jobs/schedules/{kind}/run; settles after the schedules and the list are fresh. The page shows the outcome. */
export function useRunScheduleNow() {
  return useMutation({
    mutationFn: (kind: string) => callApi(adminJobsApi.runNow, { params: { kind } }),
    onSuccess: () => refreshAdminList(adminJobsApi.list),
  });
}
