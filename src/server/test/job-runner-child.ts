import { sql } from 'drizzle-orm';
import { openDatabase } from '../platform/db/client';
import { createLogger } from '../platform/lib/logger';
import { JobRunner } from '../platform/jobs/runner';
import { effectJob } from './job-kinds';

/**
 * A job runner in a process of its own, for src/server/platform/jobs/runner.test.ts to kill
 * with SIGKILL in the middle of a batch. Runs `test:effect` jobs: each waits a
 * little, writes its effect (a row of job_effects) and says so on stdout, one line
 * per effect, so the test knows how far it got without opening the database (a
 * PGlite folder admits one process).
 */
const databaseUrl = process.env.CHILD_DATABASE_URL || undefined;
const pgliteDir = process.env.CHILD_PGLITE_DIR || undefined;
const database = await openDatabase({ databaseUrl, pgliteDir, poolSize: 4, pgliteFsync: false });
const runner = new JobRunner({
  db: database.db,
  logger: createLogger('silent'),
  pollMs: 20,
  leaseMs: Number(process.env.CHILD_LEASE_MS ?? 1000),
  batchSize: Number(process.env.CHILD_BATCH_SIZE ?? 5),
});
runner.register(effectJob, async ({ n }, { jobId }) => {
  await new Promise((resolve) => setTimeout(resolve, 20 + (n % 5) * 15));
  await database.db.execute(sql`INSERT INTO job_effects (job_id, runner) VALUES (${jobId}, 'child')`);
  process.stdout.write(`effect ${jobId}\n`);
});
runner.start();
// The runner's timers do not hold a process open (a server's listener does): this one lives until it is killed.
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
