import { and, eq, inArray, isNotNull, like, lte, sql } from 'drizzle-orm';
import { jobs } from '../platform/db/schema';
import { waitFor, type TestServer } from './harness';

/**
 * Notification mail is sent by jobs (src/server/platform/notifications and each module's notifications): tests wait for them
 * instead of for a background task. A window's mail or a message check waits a minute
 * or more; runMailJobsNow makes what is queued due at once, as if that time had passed.
 */

const MAIL_JOBS = like(jobs.kind, 'mail:%');

/** Waits until no notification job that is due is queued or running, and fails on one that failed. */
export async function settleMailJobs(app: TestServer): Promise<void> {
  app.server.jobs.kick();
  await waitFor(
    async () => {
      const [row] = await app.db
        .select({ pending: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(MAIL_JOBS, inArray(jobs.state, ['queued', 'running']), lte(jobs.runAt, sql`now()`)));
      return row.pending === 0;
    },
    { message: 'the notification jobs' },
  );
  const failing = await app.db
    .select({ kind: jobs.kind, error: jobs.lastError })
    .from(jobs)
    .where(and(MAIL_JOBS, isNotNull(jobs.lastError)));
  if (failing.length > 0) throw new Error(`notification jobs failed: ${JSON.stringify(failing)}`);
}

/** Makes every queued notification job due now, runs them and waits. */
export async function runMailJobsNow(app: TestServer): Promise<void> {
  await app.db
    .update(jobs)
    .set({ runAt: new Date(Date.now() - 1000) })
    .where(and(MAIL_JOBS, eq(jobs.state, 'queued')));
  await settleMailJobs(app);
}

/** The notification jobs queued for later, e.g. to see that a refused change queued none. */
export async function queuedMailJobs(app: TestServer) {
  return app.db
    .select({ kind: jobs.kind, payload: jobs.payload, runAt: jobs.runAt, uniqueKey: jobs.uniqueKey })
    .from(jobs)
    .where(and(MAIL_JOBS, eq(jobs.state, 'queued')));
}
