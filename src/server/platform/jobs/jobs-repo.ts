import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { JOB_SCHEDULE_WORDS, type AdminJob, type JobListParams, type JobRunNow, type JobScheduleList, type JobState } from '../../../domain/admin/jobs';
import type { Page } from '../../../domain/admin/lists';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import { cappedCount, toPage } from '../lists/list-query';
import { enqueue } from './queue';
import type { JobRunner } from './runner';

/**
 * The back office's view of the job runner (docs/product/back-office.md#jobs;
 * docs/decisions/020-job-runner.md): the jobs not done, a retry, and the recurring
 * schedules with a 'Run now'.
 */

const columns = {
  id: jobs.id,
  kind: jobs.kind,
  state: jobs.state,
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  lastError: jobs.lastError,
  createdAt: jobs.createdAt,
  finishedAt: jobs.finishedAt,
};

interface JobRow {
  id: string;
  kind: string;
  state: JobState;
  attempts: number;
  maxAttempts: number;
  runAt: Date;
  lastError: string | null;
  createdAt: Date;
  finishedAt: Date | null;
}

const present = (row: JobRow): AdminJob => ({
  ...row,
  runAt: row.runAt.toISOString(),
  createdAt: row.createdAt.toISOString(),
  finishedAt: row.finishedAt ? row.finishedAt.toISOString() : null,
});

/** Failed first (they need someone), then running, then waiting; each by when it was due. */
const stateOrder = sql`case ${jobs.state} when 'failed' then 0 when 'running' then 1 else 2 end`;

/** One page of the jobs not done (jobs_open_idx), filtered by state. */
export async function listJobs(db: Db, params: JobListParams): Promise<Page<AdminJob>> {
  const where = params.state === 'open' ? ne(jobs.state, 'done') : and(ne(jobs.state, 'done'), eq(jobs.state, params.state))!;
  const [rows, count] = await Promise.all([
    db
      .select(columns)
      .from(jobs)
      .where(where)
      .orderBy(stateOrder, asc(jobs.runAt), asc(jobs.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    cappedCount(db, sql`from ${jobs} where ${where}`),
  ]);
  return toPage(rows.map(present), params, count);
}

/**
 * Queues a job again, due now, audited in the same transaction: a failed job starts
 * its attempts over; a job waiting for its back-off runs now. A running or done job
 * is left alone (409).
 */
export async function retryJob(db: Db, actor: AuditActor, id: string): Promise<AdminJob> {
  return db.transaction(async (tx) => {
    const [job] = await tx.select(columns).from(jobs).where(eq(jobs.id, id)).for('update');
    if (!job) throw new AppError(404, 'not_found', 'There is no such job. It may have finished and been removed.');
    if (job.state === 'running') throw new AppError(409, 'job_running', 'This job is running now. Wait for it to finish or fail.');
    if (job.state === 'done') throw new AppError(409, 'job_done', 'This job has already finished.');
    const attempts = job.state === 'failed' ? 0 : job.attempts;
    const [updated] = await tx
      .update(jobs)
      .set({ state: 'queued', attempts, runAt: sql`now()`, finishedAt: null, lockedBy: null, lockedUntil: null, updatedAt: sql`now()` })
      .where(eq(jobs.id, id))
      .returning(columns);
    await recordAudit(tx, actor, {
      action: 'retry',
      entityType: 'jobs',
      entityId: id,
      changes: { kind: job.kind, state: { from: job.state, to: 'queued' }, attempts: { from: job.attempts, to: attempts } },
    });
    return present(updated);
  });
}

/** The key of a run queued by 'Run now': its own slot, outside the period's ('kind@<period start>'). */
const manualPrefix = (kind: string) => `${kind}@manual:`;

/**
 * Every recurring kind the runner schedules, with its last finished run (done or failed), when
 * it is next due (a run waiting already, else the runner's next slot) and whether a 'Run now' is
 * still waiting or running.
 */
export async function listSchedules(db: Db, runner: JobRunner, now = new Date()): Promise<JobScheduleList> {
  const schedules = runner.scheduled;
  const kinds = schedules.map((s) => s.kind);
  if (kinds.length === 0) return { items: [] };
  const [finished, open] = await Promise.all([
    // Done jobs are pruned after DONE_JOB_RETENTION_DAYS, so this reads at most two weeks of runs.
    db
      .selectDistinctOn([jobs.kind], { kind: jobs.kind, finishedAt: jobs.finishedAt, state: jobs.state })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), inArray(jobs.state, ['done', 'failed']), sql`${jobs.finishedAt} is not null`))
      .orderBy(jobs.kind, sql`${jobs.finishedAt} desc`),
    db
      .select({ kind: jobs.kind, runAt: jobs.runAt, uniqueKey: jobs.uniqueKey })
      .from(jobs)
      .where(and(inArray(jobs.kind, kinds), inArray(jobs.state, ['queued', 'running']))),
  ]);
  const items = schedules.map((schedule) => {
    const last = finished.find((row) => row.kind === schedule.kind);
    const waiting = open.filter((row) => row.kind === schedule.kind);
    const nextSlot = runner.nextSlotAt(schedule, now.getTime());
    const next = waiting.reduce((min, row) => (row.runAt < min ? row.runAt : min), nextSlot);
    const words = JOB_SCHEDULE_WORDS[schedule.kind];
    return {
      kind: schedule.kind,
      name: words?.name ?? null,
      does: words?.does ?? null,
      everyMs: schedule.everyMs,
      lastRun: last?.finishedAt ? { finishedAt: last.finishedAt.toISOString(), state: last.state as 'done' | 'failed' } : null,
      nextDueAt: next.toISOString(),
      manualRunPending: waiting.some((row) => row.uniqueKey?.startsWith(manualPrefix(schedule.kind)) ?? false),
    };
  });
  return { items };
}

/**
 * 'Run now': queues one run of a recurring kind, due now, under a key of its own
 * ('kind@manual:<minute>'), so the period's own run still happens; the jobs are idempotent
 * (a charge once per month per home, a statement once per period), so an early run never
 * doubles the work. Refused (409) while a run queued this way is waiting or running, and a
 * second one within the same minute: two clicks queue one run. Audited in the same transaction.
 */
export async function runScheduleNow(db: Db, runner: JobRunner, actor: AuditActor, kindName: string, now = new Date()): Promise<JobRunNow> {
  const scheduled = runner.scheduleOf(kindName);
  if (!scheduled) throw new AppError(404, 'not_found', 'There is no recurring job of this kind.');
  const { schedule, kind } = scheduled;
  const prefix = manualPrefix(kind.kind);
  const busy = 'A run of this job started from here is waiting or running. Wait for it to finish.';
  return db.transaction(async (tx) => {
    // One 'Run now' of a kind at a time: the check and the insert below are not raced by a second click.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${prefix}))`);
    const [pending] = await tx
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.kind, kind.kind), inArray(jobs.state, ['queued', 'running']), sql`starts_with(${jobs.uniqueKey}, ${prefix})`))
      .limit(1);
    if (pending) throw new AppError(409, 'job_running', busy);
    const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
    const runAt = new Date(now.getTime());
    const id = await enqueue(tx, kind, schedule.payload, { runAt, uniqueKey: `${prefix}${minute.toISOString()}` });
    if (!id) throw new AppError(409, 'job_running', 'This job was run from here less than a minute ago. Try again in a minute.');
    await recordAudit(tx, actor, { action: 'run_now', entityType: 'jobs', entityId: id, changes: { kind: kind.kind, runAt: runAt.toISOString() } });
    return { jobId: id, kind: kind.kind, runAt: runAt.toISOString() };
  });
}
