import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { queryRows, type Db } from '../../platform/db/client';
import { jobs } from '../../platform/db/schema';
import { JobRunner } from '../../platform/jobs/runner';
import { createLogger } from '../../platform/lib/logger';
import { createTestDatabase, sleep, startTestServer, testDbKind, waitFor, type TestServer } from '../../test/harness';
import { insertDueReminders, outboxMailer, reminderDeps, type DueReminder } from '../../test/reminder-fixtures';
import { registerReminders } from './reminders';
import { draftReminderJob, requestReminderJob, verifyReminderJob } from './reminders-schedule';

/**
 * Reminders survive what the job runner survives (docs/decisions/020-job-runner.md):
 * two server instances on one PostgreSQL database send each due reminder exactly once, and a
 * runner killed in the middle of a batch loses none and sends none twice but the ones it held.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const REMINDER_KINDS = [draftReminderJob.kind, verifyReminderJob.kind, requestReminderJob.kind];
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => undefined);
});

/** The mails and 'remind' audit entries of each reminder. */
async function effectsOf(db: Db, due: DueReminder[]): Promise<{ mails: Map<string, number>; audits: Map<string, number> }> {
  const mails = await queryRows<{ to: string; n: number }>(
    db,
    sql`SELECT "to", count(*)::int AS n FROM mail_outbox WHERE "to" IN (${sql.join(
      due.map((d) => sql`${d.email}`),
      sql`, `,
    )}) GROUP BY "to"`,
  );
  const audits = await queryRows<{ entity_id: string; n: number }>(
    db,
    sql`SELECT entity_id, count(*)::int AS n FROM audit_log WHERE action = 'remind' AND entity_id IN (${sql.join(
      due.map((d) => sql`${d.entityId}`),
      sql`, `,
    )}) GROUP BY entity_id`,
  );
  return {
    mails: new Map(mails.map((r) => [r.to, Number(r.n)])),
    audits: new Map(audits.map((r) => [r.entity_id, Number(r.n)])),
  };
}

/** The reminder jobs about `due` (the ones due now, not the follow-ups they queue for later). */
const dueJobsDone = async (db: Db, ids: string[]) => db.$count(jobs, and(inArray(jobs.id, ids), eq(jobs.state, 'done')));

async function dueJobIds(db: Db): Promise<string[]> {
  const rows = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(inArray(jobs.kind, REMINDER_KINDS), sql`${jobs.runAt} <= now()`));
  return rows.map((r) => r.id);
}

describe('reminders and the job runner', () => {
  it('are sent exactly once by two server instances on one PostgreSQL database', { timeout: 120_000 }, async (ctx) => {
    ctx.skip(testDbKind() !== 'postgres', 'PostgreSQL only: an embedded PGlite database is opened by one process, so there is no second instance');
    const database = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const ran = [0, 0];
    // Each instance logs 'job done' (debug) per job it ran; count them per instance.
    const countingLogger = (i: number) =>
      pino(
        { level: 'debug' },
        {
          write: (line: string) => {
            if (JSON.parse(line).msg === 'job done') ran[i] += 1;
          },
        },
      );
    const env = { JOBS_POLL_MS: '30' };
    const instances: TestServer[] = [];
    for (const i of [0, 1]) {
      const instance = await startTestServer(env, { database, logger: countingLogger(i) });
      cleanups.push(() => instance.stop());
      instances.push(instance);
    }
    const db = instances[0].db;

    const due = [
      ...(await insertDueReminders(db, 'draft', 20)),
      ...(await insertDueReminders(db, 'verify', 20)),
      ...(await insertDueReminders(db, 'requests', 20)),
    ];
    const ids = await dueJobIds(db);
    expect(ids).toHaveLength(60);
    for (const instance of instances) instance.server.jobs.kick();
    await waitFor(async () => (await dueJobsDone(db, ids)) === ids.length, { timeoutMs: 60_000, message: 'every due reminder to run' });
    await sleep(300); // several polls of both instances: nothing runs again

    const { mails, audits } = await effectsOf(db, due);
    expect(
      due.filter((d) => mails.get(d.email) !== 1),
      'reminders not sent exactly once',
    ).toEqual([]);
    expect(due.filter((d) => audits.get(d.entityId) !== 1)).toEqual([]);
    // Each job ran once, and both instances took part, so the once-only rule was contested.
    expect(await db.$count(jobs, and(inArray(jobs.id, ids), eq(jobs.attempts, 1)))).toBe(60);
    expect(ran[0]).toBeGreaterThan(0);
    expect(ran[1]).toBeGreaterThan(0);
    // The follow-ups each decided on exist once: the drafts' 7-day checks and the requests' second reminders.
    expect(await db.$count(jobs, and(eq(jobs.kind, draftReminderJob.kind), sql`${jobs.runAt} > now()`))).toBe(20);
    expect(await db.$count(jobs, and(eq(jobs.kind, requestReminderJob.kind), sql`${jobs.runAt} > now()`))).toBe(20);
  });

  it('survive a runner killed mid-batch: none is lost, none sent twice but the ones it held', { timeout: 120_000 }, async () => {
    const crashDb = await createTestDatabase();
    cleanups.push(() => crashDb.dispose());
    let setup = await crashDb.open();
    cleanups.push(() => setup.close());
    const due = [...(await insertDueReminders(setup.db, 'draft', 20)), ...(await insertDueReminders(setup.db, 'verify', 20))];
    const ids = await dueJobIds(setup.db);
    expect(ids).toHaveLength(40);
    if (crashDb.kind === 'pglite') await setup.close();

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/reminder-runner-child.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        CHILD_DATABASE_URL: crashDb.databaseUrl ?? '',
        CHILD_PGLITE_DIR: crashDb.pgliteDir ?? '',
        CHILD_LEASE_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    cleanups.push(async () => {
      if (child.exitCode === null) child.kill('SIGKILL');
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (errors += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    await waitFor(() => (output.match(/^mail$/gm)?.length ?? 0) >= 12 || child.exitCode !== null, {
      timeoutMs: 60_000,
      message: 'the child runner to send some reminders',
    });
    expect(child.exitCode, errors).toBeNull();
    child.kill('SIGKILL');
    await exited;
    expect(errors).toBe('');

    if (crashDb.kind === 'pglite') setup = await crashDb.open();
    const db = setup.db;
    const states = await db.select({ id: jobs.id, state: jobs.state, payload: jobs.payload }).from(jobs).where(inArray(jobs.id, ids));
    const held = states.filter((s) => s.state === 'running');
    const doneAtKill = states.filter((s) => s.state === 'done');
    expect(doneAtKill.length).toBeGreaterThanOrEqual(5);
    expect(doneAtKill.length).toBeLessThan(40);
    expect(held.length).toBeLessThanOrEqual(5);
    const entityOf = (payload: unknown) => {
      const p = payload as { applicationId?: string; userId?: string };
      return (p.applicationId ?? p.userId)!;
    };
    const heldEntities = new Set(held.map((s) => entityOf(s.payload)));

    // Another instance takes over: the dead runner's jobs are claimed again once their lease (1 s) runs out.
    const logger = createLogger('silent');
    const takeover = new JobRunner({ db, logger, pollMs: 20, leaseMs: 1000, batchSize: 5 });
    registerReminders(takeover, reminderDeps(db, outboxMailer(db), logger));
    cleanups.push(() => takeover.stop());
    takeover.start();
    await waitFor(async () => (await dueJobsDone(db, ids)) === ids.length, { timeoutMs: 30_000, message: 'every reminder job to be done' });
    await takeover.stop();

    const { mails, audits } = await effectsOf(db, due);
    for (const reminder of due) {
      const most = heldEntities.has(reminder.entityId) ? 2 : 1;
      // Nothing lost: every reminder went out and was recorded ...
      expect(mails.get(reminder.email) ?? 0, `mails of ${reminder.kind} ${reminder.entityId}`).toBeGreaterThanOrEqual(1);
      expect(audits.get(reminder.entityId) ?? 0, `audit of ${reminder.kind} ${reminder.entityId}`).toBeGreaterThanOrEqual(1);
      // ... and twice only where the killed runner held its job (the mail may have gone out before the kill).
      expect(mails.get(reminder.email), `mails of ${reminder.kind} ${reminder.entityId}`).toBeLessThanOrEqual(most);
      expect(audits.get(reminder.entityId), `audit of ${reminder.kind} ${reminder.entityId}`).toBeLessThanOrEqual(most);
    }
    // Each draft's 7-day check exists once, whichever runner decided on it.
    expect(await db.$count(jobs, and(eq(jobs.kind, draftReminderJob.kind), sql`${jobs.runAt} > now()`))).toBe(20);
  });
});
