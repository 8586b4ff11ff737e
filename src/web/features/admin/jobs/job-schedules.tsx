import { useQuery } from '@tanstack/react-query';
import { Play } from 'lucide-react';
import { useEffect, useState } from 'react';
import { periodText, type JobSchedule } from '../../../../domain/admin/jobs';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { LoadError } from '../../../components/load-error';
import { inViewerZone, localDateTime } from '../../../lib/dates';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { ConfirmDialog } from '../components/confirm-dialog';
import { jobSchedulesQuery, useRunScheduleNow } from './jobs-api';

/** Texts of the schedules on /admin/jobs (docs/product/back-office.md#jobs). */
export const SCHEDULES_LOAD_FAILED = 'Failed to load the schedules';
export const RUN_NOW_FAILED = 'Failed to start the job';
export const RUN_NOW_QUEUED = 'Job started';

const nameOf = (s: JobSchedule) => s.name ?? s.kind;

function LastRun({ schedule }: { schedule: JobSchedule }) {
  if (!schedule.lastRun) return <span className="text-muted-foreground">Not in the last 14 days</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <time dateTime={schedule.lastRun.finishedAt}>{localDateTime(schedule.lastRun.finishedAt)}</time>
      {schedule.lastRun.state === 'failed' && <Badge variant="destructive">Failed</Badge>}
    </span>
  );
}

function NextDue({ schedule }: { schedule: JobSchedule }) {
  if (schedule.manualRunPending) return <span>Running now</span>;
  if (Date.parse(schedule.nextDueAt) <= Date.now()) return <span>Due now</span>;
  return <time dateTime={schedule.nextDueAt}>{localDateTime(schedule.nextDueAt)}</time>;
}

function JobName({ schedule }: { schedule: JobSchedule }) {
  return (
    <span className="flex min-w-0 flex-col">
      <span className="font-medium">{nameOf(schedule)}</span>
      {schedule.name && <span className="font-mono text-xs break-all text-muted-foreground">{schedule.kind}</span>}
    </span>
  );
}

function RunNowButton({ schedule, onRun }: { schedule: JobSchedule; onRun: (s: JobSchedule) => void }) {
  return (
    <Button variant="outline" size="sm" disabled={schedule.manualRunPending} aria-label={`Run ${nameOf(schedule)} now`} onClick={() => onRun(schedule)}>
      <Play aria-hidden="true" />
      Run now
    </Button>
  );
}

/**
 * The recurring jobs (docs/product/back-office.md#jobs): each kind's period, last run and next due time, and a
 * 'Run now' behind a confirmation naming the job. The run is queued outside its period's slot; the jobs are
 * idempotent, so an early run never does the same work twice.
 */
export function JobSchedules() {
  const query = useQuery(jobSchedulesQuery());
  const run = useRunScheduleNow();
  const [asked, setAsked] = useState<JobSchedule | null>(null);

  useEffect(() => {
    if (query.isError) notify.error('Error', failureText(query.error, SCHEDULES_LOAD_FAILED));
    // Once per failed load: errorUpdatedAt changes with each failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.errorUpdatedAt]);

  const confirm = () => {
    if (!asked) return;
    const schedule = asked;
    run.mutate(schedule.kind, {
      onSuccess: () => notify.success(RUN_NOW_QUEUED, `${nameOf(schedule)} runs within a few seconds.`),
      onError: (error) => notify.error('Error', failureText(error, RUN_NOW_FAILED)),
      onSettled: () => {
        setAsked(null);
        void query.refetch();
      },
    });
  };

  const items = query.data?.items;
  let body;
  if (query.isError)
    body = <LoadError layout="list" className="p-6" message={SCHEDULES_LOAD_FAILED} onRetry={() => void query.refetch()} retrying={query.isRefetching} />;
  else if (!items) body = <p className="p-6 text-center text-muted-foreground">Loading...</p>;
  else if (items.length === 0) body = <p className="p-6 text-center text-muted-foreground">No recurring jobs are scheduled.</p>;
  else
    body = (
      <>
        {/* Wide screens: a table. */}
        <table className="hidden w-full border-collapse text-sm md:table">
          <caption className="sr-only">Recurring jobs</caption>
          <thead className="bg-muted/80">
            <tr className="border-b border-border text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              <th scope="col" className="px-3 py-2.5">
                Job
              </th>
              <th scope="col" className="px-3 py-2.5">
                Runs
              </th>
              <th scope="col" className="px-3 py-2.5">
                {inViewerZone('Last run')}
              </th>
              <th scope="col" className="px-3 py-2.5">
                {inViewerZone('Next due')}
              </th>
              <th scope="col" className="px-3 py-2.5">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((schedule) => (
              <tr key={schedule.kind} className="border-b border-border/70 align-top last:border-0">
                <td className="px-3 py-2.5">
                  <JobName schedule={schedule} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap">{periodText(schedule.everyMs)}</td>
                <td className="px-3 py-2.5 tabular">
                  <LastRun schedule={schedule} />
                </td>
                <td className="px-3 py-2.5 whitespace-nowrap tabular">
                  <NextDue schedule={schedule} />
                </td>
                <td className="px-3 py-2.5 text-right">
                  <RunNowButton schedule={schedule} onRun={setAsked} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {/* Phones: one card per schedule, nothing wider than the screen. */}
        <ul className="divide-y divide-border md:hidden" aria-label="Recurring jobs">
          {items.map((schedule) => (
            <li key={schedule.kind} className="flex flex-col gap-2 p-4">
              <JobName schedule={schedule} />
              <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Runs</dt>
                <dd>{periodText(schedule.everyMs)}</dd>
                <dt className="text-muted-foreground">{inViewerZone('Last run')}</dt>
                <dd className="min-w-0 tabular">
                  <LastRun schedule={schedule} />
                </dd>
                <dt className="text-muted-foreground">{inViewerZone('Next due')}</dt>
                <dd className="tabular">
                  <NextDue schedule={schedule} />
                </dd>
              </dl>
              <div>
                <RunNowButton schedule={schedule} onRun={setAsked} />
              </div>
            </li>
          ))}
        </ul>
      </>
    );

  return (
    <section aria-labelledby="job-schedules-heading" aria-busy={query.isFetching} className="flex flex-col gap-3">
      <div>
        <h2 id="job-schedules-heading" className="text-lg font-semibold">
          Schedules
        </h2>
        <p className="text-sm text-muted-foreground">
          Recurring work and when it runs. Run now starts one run at once; its scheduled runs still happen, and an early run never does the same work twice.
        </p>
      </div>
      <div className="overflow-hidden rounded-[var(--radius-card)] border border-border bg-card shadow-[var(--shadow-card)]">{body}</div>
      <ConfirmDialog
        open={asked !== null}
        onOpenChange={(open) => !open && setAsked(null)}
        title={asked ? `Run ${nameOf(asked)} now?` : ''}
        confirmLabel="Run now"
        pending={run.isPending}
        onConfirm={confirm}
      >
        {asked?.does && <p>{asked.does}</p>}
        <p>
          It starts within a few seconds, outside its schedule ({asked ? periodText(asked.everyMs).toLowerCase() : ''}); its next scheduled run still happens.
        </p>
      </ConfirmDialog>
    </section>
  );
}
