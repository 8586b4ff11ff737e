import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { AdminJob, JobListParams, JobState } from '../../../domain/admin/jobs';
import type { Page } from '../../../domain/admin/lists';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from '../audit/audit';
import { cappedCount, toPage } from '../lists/list-query';

/**
 * The back office's view of the job runner (docs/product/back-office.md#jobs;
 * docs/decisions/020-job-runner.md): the jobs not done, and a retry.
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
