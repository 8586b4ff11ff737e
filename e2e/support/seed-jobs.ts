import path from 'node:path';
import { loadConfig } from '../../src/server/platform/config';
import { openDatabase } from '../../src/server/platform/db/client';
import { jobs } from '../../src/server/platform/db/schema';
import { FAILED_JOBS } from './jobs';

/**
 * Run before the e2e server opens its database (playwright.config.ts), after
 * create-admins.ts migrated it: the failed jobs e2e/admin-jobs.spec.ts finds on
 * /admin/jobs. Each is of a kind the server runs (so a retry really runs it) and
 * failed for good, as the job runner leaves a job whose attempts are spent.
 */
const config = loadConfig();
const database = await openDatabase({
  databaseUrl: config.DATABASE_URL,
  ownerUrl: config.DATABASE_OWNER_URL,
  pgliteDir: path.join(config.DATA_DIR, 'db'),
  poolSize: 2,
});
try {
  await database.migrate();
  const finishedAt = new Date(Date.now() - 10 * 60_000);
  await database.db
    .insert(jobs)
    .values(
      Object.values(FAILED_JOBS).map((job) => ({
        kind: job.kind,
        state: 'failed' as const,
        attempts: 2,
        maxAttempts: 2,
        runAt: finishedAt,
        finishedAt,
        lastError: job.lastError,
        uniqueKey: job.uniqueKey,
      })),
    )
    .onConflictDoNothing();
} finally {
  await database.close();
}
