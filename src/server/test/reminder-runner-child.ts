import { openDatabase } from '../platform/db/client';
import { JobRunner } from '../platform/jobs/runner';
import { createLogger } from '../platform/lib/logger';
import { registerReminders } from '../modules/applications/reminders';
import { outboxMailer, reminderDeps } from './reminder-fixtures';

/**
 * A job runner sending reminders in a process of its own, for
 * src/server/modules/applications/reminders-robustness.test.ts to kill with SIGKILL in the
 * middle of a batch. Each mail waits a little before and after it is kept in the
 * outbox (so a kill often falls between a mail and its job's outcome) and is
 * announced on stdout, one line each, so the test knows how far it got without
 * opening the database (a PGlite folder admits one process).
 */
const database = await openDatabase({
  databaseUrl: process.env.CHILD_DATABASE_URL || undefined,
  pgliteDir: process.env.CHILD_PGLITE_DIR || undefined,
  poolSize: 4,
  pgliteFsync: false,
});
const logger = createLogger('silent');
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const mailer = outboxMailer(database.db, {
  before: () => pause(10 + Math.floor(Math.random() * 20)),
  after: async () => {
    process.stdout.write('mail\n');
    await pause(10 + Math.floor(Math.random() * 30));
  },
});
const runner = new JobRunner({ db: database.db, logger, pollMs: 20, leaseMs: Number(process.env.CHILD_LEASE_MS ?? 1000), batchSize: 5 });
registerReminders(runner, reminderDeps(database.db, mailer, logger));
runner.start();
// The runner's timers do not hold a process open (a server's listener does): this one lives until it is killed.
setInterval(() => undefined, 60_000);
process.stdout.write('ready\n');
