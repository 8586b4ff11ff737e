import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Db } from '../db/client';
import { jobs } from '../db/schema';
import type { Logger } from '../lib/logger';
import { pruneRateLimits } from '../limits/rate-limit';
import { jobKind } from './queue';
import type { JobRunner } from './runner';

/**
 * The server's own recurring work, on the job runner (docs/decisions/020-job-runner.md):
 * each period runs once across every instance sharing the database. A module's own recurring
 * work registers from the module (modules/accounts/retention-job.ts, the retention periods).
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Done jobs are kept this long (the back office lists only jobs not done), then deleted. */
export const DONE_JOB_RETENTION_DAYS = 14;

/** Rate-limit windows that ended more than a minute ago (src/server/platform/limits/rate-limit.ts), every minute. */
export const rateLimitPruneJob = jobKind('rate-limits:prune', z.object({}), { maxAttempts: 2 });
/** Done jobs past DONE_JOB_RETENTION_DAYS, hourly. */
export const jobsPruneJob = jobKind('jobs:prune', z.object({}), { maxAttempts: 3 });

/**
 * Deletes done jobs that finished more than `days` ago, at most `batchSize` per
 * statement (claimed with SKIP LOCKED, like retention's chunks); answers how many.
 */
export async function pruneDoneJobs(db: Db, { days = DONE_JOB_RETENTION_DAYS, batchSize = 1000 } = {}): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await queryRows<{ n: number }>(
      db,
      sql`WITH claimed(id) AS (
          SELECT ${jobs.id} FROM ${jobs} WHERE ${jobs.state} = 'done' AND ${jobs.finishedAt} < now() - make_interval(days => ${days})
          LIMIT ${batchSize} FOR UPDATE SKIP LOCKED),
        gone AS (DELETE FROM ${jobs} WHERE ${jobs.id} IN (SELECT id FROM claimed) RETURNING 1)
        SELECT count(*)::int AS n FROM gone`,
    );
    const n = Number(row?.n ?? 0);
    total += n;
    if (n < batchSize) return total;
  }
}

/** Registers and schedules the server's recurring jobs on `runner`. */
export function registerSystemJobs(runner: JobRunner, { db, logger }: { db: Db; logger: Logger }): void {
  runner
    .register(rateLimitPruneJob, () => pruneRateLimits(db))
    .every(rateLimitPruneJob, MINUTE)
    .register(jobsPruneJob, async () => {
      const pruned = await pruneDoneJobs(db);
      if (pruned > 0) logger.info({ pruned }, 'jobs: deleted done jobs past their keeping period');
    })
    .every(jobsPruneJob, HOUR, { firstAfterMs: MINUTE });
}
