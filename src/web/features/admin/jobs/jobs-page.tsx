import { useQuery } from '@tanstack/react-query';
import { RotateCcw } from 'lucide-react';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { JOB_FILTER_LABELS, JOB_FILTERS, JOB_STATE_LABELS, jobListSchema, type AdminJob, type JobFilter } from '../../../../domain/admin/jobs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { inViewerZone, localDateTime } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { AdminPageHeader } from '../components/admin-page-header';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar, SelectFilter } from '../components/list-toolbar';
import { parseListParams, patchListSearch, type ListPatch } from '../lib/list-params';
import { JobSchedules } from './job-schedules';
import { jobsListQuery, useRetryJob } from './jobs-api';
import { LoadError } from '../../../components/load-error';

/** Toasts and list texts of /admin/jobs (docs/product/back-office.md#jobs). */
export const JOBS_LOAD_FAILED = 'Failed to load jobs';
export const JOB_RETRY_FAILED = 'Failed to retry the job';
export const JOB_RETRIED = 'Job queued to run again';

const EMPTY: Record<JobFilter, string> = {
  open: 'Nothing is waiting and nothing has failed: every job has run.',
  failed: 'No failed jobs.',
  queued: 'No jobs are waiting.',
  running: 'No jobs are running right now.',
};

const FILTER_OPTIONS = JOB_FILTERS.map((value) => ({ value, label: JOB_FILTER_LABELS[value] }));
const BADGE = { failed: 'destructive', running: 'secondary', queued: 'outline', done: 'success' } as const;

/** The list's state in the URL (docs/product/back-office.md#lists), read with the API's own schema: a wrong value is its default. */
function useJobListParams() {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => parseListParams(jobListSchema, search), [search]);
  const update = useCallback((patch: ListPatch<typeof jobListSchema>) => setSearch((current) => patchListSearch(jobListSchema, current, patch)), [setSearch]);
  return [params, update] as const;
}

/** What a row offers: a failed job runs again from its first attempt; a waiting one runs now. */
const retryLabel = (job: AdminJob) => (job.state === 'failed' ? 'Retry' : job.state === 'queued' ? 'Run now' : null);

function RetryButton({ job, busy, onRetry }: { job: AdminJob; busy: boolean; onRetry: (job: AdminJob) => void }) {
  const label = retryLabel(job);
  if (!label) return null;
  return (
    <Button variant="outline" size="sm" disabled={busy} aria-label={`${label} ${job.kind}`} onClick={() => onRetry(job)}>
      <RotateCcw aria-hidden="true" />
      {busy ? 'Queuing…' : label}
    </Button>
  );
}

const attemptsText = (job: AdminJob) => `${job.attempts} of ${job.maxAttempts}`;

function ErrorText({ job }: { job: AdminJob }) {
  if (!job.lastError) return <span className="text-muted-foreground">—</span>;
  return <span className="font-mono text-xs break-words">{job.lastError}</span>;
}

/** /admin/jobs: the recurring schedules, then the job runner's jobs not done yet, failed ones first, each with a retry (docs/product/back-office.md#jobs). */
export default function JobsPage() {
  const [params, update] = useJobListParams();
  const query = useQuery(jobsListQuery(params));
  const retry = useRetryJob();

  useEffect(() => {
    if (query.isError) notify.error('Error', failureText(query.error, JOBS_LOAD_FAILED));
    // Once per failed load: errorUpdatedAt changes with each failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.errorUpdatedAt]);

  const onRetry = (job: AdminJob) =>
    retry.mutate(job.id, {
      onSuccess: () => notify.success(JOB_RETRIED, `${job.kind} runs again within a few seconds.`),
      onError: (error) => notify.error('Error', failureText(error, JOB_RETRY_FAILED)),
    });
  const busy = (job: AdminJob) => retry.isPending && retry.variables === job.id;

  const page = query.data;
  const jobs = page?.items;
  let body;
  // A failed load replaces the list: never the rows of an earlier filter under a new one (docs/product/back-office.md#lists).
  if (query.isError)
    body = <LoadError layout="list" className="p-6" message={JOBS_LOAD_FAILED} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  else if (query.isLoading && !jobs) body = <p className="p-6 text-center text-muted-foreground">Loading...</p>;
  else if (!jobs?.length) body = <p className="p-6 text-center text-muted-foreground">{EMPTY[params.state]}</p>;
  else
    body = (
      <>
        {/* Wide screens: a table. */}
        <table className="hidden w-full border-collapse text-sm md:table">
          <caption className="sr-only">Jobs not done</caption>
          <thead className="bg-muted/80">
            <tr className="border-b border-border text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <th scope="col" className="px-3 py-2.5">
                Kind
              </th>
              <th scope="col" className="px-3 py-2.5">
                State
              </th>
              <th scope="col" className="px-3 py-2.5">
                Attempts
              </th>
              <th scope="col" className="px-3 py-2.5">
                {inViewerZone('Due')}
              </th>
              <th scope="col" className="px-3 py-2.5">
                Last error
              </th>
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {jobs.map((job) => (
              <tr key={job.id} className="border-b border-border/70 align-top last:border-0">
                <td className="px-3 py-2.5 font-mono text-xs break-all">{job.kind}</td>
                <td className="px-3 py-2.5">
                  <Badge variant={BADGE[job.state]}>{JOB_STATE_LABELS[job.state]}</Badge>
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap tabular">{attemptsText(job)}</td>
                <td className="px-3 py-2.5 whitespace-nowrap tabular">
                  <time dateTime={job.runAt}>{localDateTime(job.runAt)}</time>
                </td>
                <td className="max-w-md px-3 py-2.5">
                  <ErrorText job={job} />
                </td>
                <td className="px-3 py-2.5 text-right">
                  <RetryButton job={job} busy={busy(job)} onRetry={onRetry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* Phones: one card per job, nothing wider than the screen. */}
        <ul className="divide-y divide-border md:hidden" aria-label="Jobs not done">
          {jobs.map((job) => (
            <li key={job.id} className="flex flex-col gap-2 p-4">
              <div className="flex items-start justify-between gap-3">
                <span className="font-mono text-xs font-semibold break-all">{job.kind}</span>
                <Badge variant={BADGE[job.state]}>{JOB_STATE_LABELS[job.state]}</Badge>
              </div>
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Attempts</dt>
                <dd className="tabular">{attemptsText(job)}</dd>
                <dt className="text-muted-foreground">{inViewerZone('Due')}</dt>
                <dd className="tabular">
                  <time dateTime={job.runAt}>{localDateTime(job.runAt)}</time>
                </dd>
                <dt className="text-muted-foreground">Last error</dt>
                <dd className="min-w-0">
                  <ErrorText job={job} />
                </dd>
              </dl>
              <div>
                <RetryButton job={job} busy={busy(job)} onRetry={onRetry} />
              </div>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Jobs"
        description="Recurring work with a Run now, and the background work not done yet: failed jobs with their error, running ones, and those waiting for their time."
      />
      <JobSchedules />
      <h2 className="text-lg font-semibold">Jobs not done</h2>
      <ListToolbar>
        <SelectFilter label="State" value={params.state} onChange={(state) => update({ state })} options={FILTER_OPTIONS} />
      </ListToolbar>
      <section aria-label="Jobs" aria-busy={query.isFetching} className="flex flex-col gap-3">
        <div className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-[var(--shadow-card)]">{body}</div>
        <ListPagination page={query.isError ? undefined : page} onPage={(n) => update({ page: n })} />
      </section>
    </div>
  );
}
