import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows, type Database, type Db } from '../db/client';
import { jobs, rateLimits } from '../db/schema';
import { createLogger } from '../lib/logger';
import { createTestDatabase, sleep, startTestServer, testDbKind, waitFor, type TestDatabase } from '../../test/harness';
import { effectJob, JOB_EFFECTS_TABLE } from '../../test/job-kinds';
import { SERVING_ROLE } from '../db/serving-role';
import { enqueue, jobKind } from './queue';
import { JobRunner, type JobRunnerOptions } from './runner';
import { DONE_JOB_RETENTION_DAYS, pruneDoneJobs, rateLimitPruneJob } from './system-jobs';

/**
 * The durable job runner (docs/decisions/020-job-runner.md) on the test database —
 * PGlite, and PostgreSQL when TEST_DATABASE_URL is set. On PostgreSQL the runners that
 * share a database have a connection pool each, like two server instances.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const silent = createLogger('silent');

let testDb: TestDatabase;
let main: Database;
const extra: Database[] = [];
const runners: JobRunner[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  main = await testDb.open();
});
afterEach(async () => {
  await Promise.all(runners.splice(0).map((r) => r.stop()));
});
afterAll(async () => {
  for (const d of extra) await d.close();
  await main?.close();
  await testDb?.dispose();
});

/** A connection of another instance: a pool of its own on PostgreSQL; PGlite's one connection otherwise. */
async function anotherInstance(): Promise<Db> {
  if (testDb.kind === 'pglite') return main.db;
  const database = await testDb.open();
  extra.push(database);
  return database.db;
}

function runner(options: Partial<JobRunnerOptions> = {}, db: Db = main.db): JobRunner {
  const r = new JobRunner({ db, logger: silent, pollMs: 20, retryBaseMs: 100, retryMaxMs: 1000, leaseMs: 1000, ...options });
  runners.push(r);
  return r;
}

const jobRow = async (id: string) => (await main.db.select().from(jobs).where(eq(jobs.id, id)))[0];
const doneCount = (db: Db, kind: string) => db.$count(jobs, and(eq(jobs.kind, kind), eq(jobs.state, 'done')));
let kindSeq = 0;
/** A kind of its own per test: a runner claims only the kinds it registered, so tests never run each other's jobs. */
const freshKind = <S extends z.ZodType>(payload: S, options?: { maxAttempts?: number }) => jobKind(`test:${++kindSeq}:${Date.now()}`, payload, options);

describe('the job runner', () => {
  it('runs a job once, and marks it done', async () => {
    const kind = freshKind(z.object({ to: z.string() }));
    const seen: unknown[] = [];
    const r = runner().register(kind, async (payload, ctx) => {
      seen.push({ payload, attempt: ctx.attempt });
    });
    const id = (await enqueue(main.db, kind, { to: 'a' }))!;
    expect(await r.runDue()).toBe(1);
    expect(await r.runDue()).toBe(0);
    expect(seen).toEqual([{ payload: { to: 'a' }, attempt: 1 }]);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 1, lastError: null, lockedBy: null, lockedUntil: null });
    expect((await jobRow(id)).finishedAt).toBeInstanceOf(Date);
  });

  it('waits for run_at', async () => {
    const kind = freshKind(z.object({}));
    let runs = 0;
    const r = runner().register(kind, async () => {
      runs += 1;
    });
    const id = (await enqueue(main.db, kind, {}, { runAt: new Date(Date.now() + 60_000) }))!;
    expect(await r.runDue()).toBe(0);
    expect(runs).toBe(0);
    expect((await jobRow(id)).state).toBe('queued');
  });

  it('retries a failing job with exponential back-off, then keeps it as failed with its error, without personal data', async () => {
    const kind = freshKind(z.object({}), { maxAttempts: 3 });
    const calls: number[] = [];
    runner()
      .register(kind, async () => {
        calls.push(Date.now());
        throw new Error('550 mailbox unavailable: jane.doe@example.com (phone 214 555 0187)');
      })
      .start();
    const id = (await enqueue(main.db, kind, {}))!;
    const failed = await waitFor(async () => {
      const row = await jobRow(id);
      return row.state === 'failed' && row;
    });
    expect(calls).toHaveLength(3);
    // Back-off 100 ms, then 200 ms (retryBaseMs 100, doubling).
    expect(calls[1] - calls[0]).toBeGreaterThanOrEqual(90);
    expect(calls[2] - calls[1]).toBeGreaterThanOrEqual(190);
    expect(failed).toMatchObject({ attempts: 3, maxAttempts: 3, lockedBy: null });
    expect(failed.lastError).toMatch(/^Error: 550 mailbox unavailable/);
    expect(failed.lastError).not.toContain('jane');
    expect(failed.lastError).not.toContain('555');
    await sleep(300);
    expect(calls).toHaveLength(3);
  });

  it('keeps a job whose stored payload its schema refuses as failed, without running it', async () => {
    const kind = freshKind(z.object({ id: z.string().uuid() }));
    let runs = 0;
    const r = runner().register(kind, async () => {
      runs += 1;
    });
    await expect(enqueue(main.db, kind, { id: 'not-a-uuid' })).rejects.toThrow();
    const [row] = await main.db
      .insert(jobs)
      .values({ kind: kind.kind, payload: { id: 42 } })
      .returning({ id: jobs.id });
    await r.runDue();
    expect(runs).toBe(0);
    expect(await jobRow(row.id)).toMatchObject({ state: 'failed', lastError: 'Invalid payload (id: invalid_type)' });
  });

  it('enqueues a logical job once: the same unique key again is a no-op', async () => {
    const kind = freshKind(z.object({ draftId: z.string() }));
    const key = `reminder:draft:${kind.kind}:24h`;
    const first = await enqueue(main.db, kind, { draftId: 'd1' }, { uniqueKey: key });
    const second = await enqueue(main.db, kind, { draftId: 'd1' }, { uniqueKey: key });
    expect(first).toBeTypeOf('string');
    expect(second).toBeUndefined();
    let runs = 0;
    const r = runner().register(kind, async () => {
      runs += 1;
    });
    await r.runDue();
    // Done, and still a no-op: the key holds while the row is kept.
    expect(await enqueue(main.db, kind, { draftId: 'd1' }, { uniqueKey: key })).toBeUndefined();
    await r.runDue();
    expect(runs).toBe(1);
    expect(await main.db.$count(jobs, eq(jobs.uniqueKey, key))).toBe(1);
  });

  it("commits a job with the caller's transaction, and leaves none when it rolls back", async () => {
    const kind = freshKind(z.object({}));
    const rolledBack = `${kind.kind}:rolled-back`;
    const committed = `${kind.kind}:committed`;
    await expect(
      main.db.transaction(async (tx) => {
        await enqueue(tx, kind, {}, { uniqueKey: rolledBack });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await main.db.transaction(async (tx) => {
      await enqueue(tx, kind, {}, { uniqueKey: committed });
    });
    const keys = (await main.db.select({ key: jobs.uniqueKey }).from(jobs).where(eq(jobs.kind, kind.kind))).map((r) => r.key);
    expect(keys).toEqual([committed]);
  });

  it('runs each due job exactly once with two runners on one database', async () => {
    const kind = freshKind(z.object({ n: z.number() }));
    const runs = new Map<string, number>();
    const by = { a: 0, b: 0 };
    const handler = (name: 'a' | 'b') => async (_: unknown, ctx: { jobId: string }) => {
      by[name] += 1;
      runs.set(ctx.jobId, (runs.get(ctx.jobId) ?? 0) + 1);
      await sleep(2);
    };
    const total = 120;
    await main.db.insert(jobs).values(Array.from({ length: total }, (_, n) => ({ kind: kind.kind, payload: { n } })));
    const a = runner({ batchSize: 5 }).register(kind, handler('a'));
    const b = runner({ batchSize: 5 }, await anotherInstance()).register(kind, handler('b'));
    a.start();
    b.start();
    await waitFor(async () => (await doneCount(main.db, kind.kind)) === total);
    expect(runs.size).toBe(total);
    expect([...runs.values()].every((n) => n === 1)).toBe(true);
    expect(by.a + by.b).toBe(total);
    if (testDb.kind === 'postgres') {
      expect(by.a).toBeGreaterThan(0);
      expect(by.b).toBeGreaterThan(0);
    }
  });

  it('runs a recurring job once per period with two runners on one database', async () => {
    const kind = freshKind(z.object({}));
    const periodMs = 250;
    const runsBySlot = new Map<string, number>();
    const handler = async (_: unknown, ctx: { uniqueKey: string | null; runAt: Date }) => {
      expect(ctx.uniqueKey).toBe(`${kind.kind}@${ctx.runAt.toISOString()}`);
      runsBySlot.set(ctx.uniqueKey!, (runsBySlot.get(ctx.uniqueKey!) ?? 0) + 1);
    };
    const a = runner().register(kind, handler).every(kind, periodMs);
    const b = runner({}, await anotherInstance())
      .register(kind, handler)
      .every(kind, periodMs);
    a.start();
    b.start();
    await sleep(periodMs * 8);
    await Promise.all([a.stop(), b.stop()]);
    // Whatever was enqueued ran (the last slot may have been enqueued just before the stop).
    await runner().register(kind, handler).runDue();
    const slots = await main.db.select({ uniqueKey: jobs.uniqueKey, state: jobs.state }).from(jobs).where(eq(jobs.kind, kind.kind));
    expect(slots.length).toBeGreaterThanOrEqual(6);
    expect(new Set(slots.map((s) => s.uniqueKey)).size).toBe(slots.length);
    expect(slots.every((s) => s.state === 'done')).toBe(true);
    expect(runsBySlot.size).toBe(slots.length);
    expect([...runsBySlot.values()].every((n) => n === 1)).toBe(true);
  });

  it('on stop, lets a running job finish; one that outlasts the drain time goes back to the queue', async () => {
    const kind = freshKind(z.object({ ms: z.number() }));
    const finished: number[] = [];
    const r = runner({ drainMs: 300 }).register(kind, async ({ ms }, { signal }) => {
      await sleep(ms);
      if (!signal.aborted) finished.push(ms);
    });
    const quick = (await enqueue(main.db, kind, { ms: 100 }))!;
    const slow = (await enqueue(main.db, kind, { ms: 1500 }))!;
    r.start();
    await waitFor(async () => (await jobRow(slow)).state === 'running' && (await jobRow(quick)).state === 'running');
    await r.stop();
    expect(finished).toEqual([100]);
    expect(await jobRow(quick)).toMatchObject({ state: 'done' });
    // Handed back: due now, its claim not counted, free for any runner.
    expect(await jobRow(slow)).toMatchObject({ state: 'queued', attempts: 0, lockedBy: null, lockedUntil: null });
    // Stopped runners claim nothing.
    await enqueue(main.db, kind, { ms: 1 });
    r.kick();
    await sleep(100);
    expect(finished).toEqual([100]);
  });

  it('runs the jobs queued behind a long one while it runs, and no more side by side than its slots', async () => {
    const long = freshKind(z.object({}));
    const short = freshKind(z.object({ n: z.number() }));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const ran: number[] = [];
    // A poll far longer than the test: only a freed slot or a kick makes it look at the queue again.
    const r = runner({ batchSize: 2, pollMs: 60_000 })
      .register(long, () => gate)
      .register(short, async ({ n }) => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        running -= 1;
        ran.push(n);
      });
    const longId = (await enqueue(main.db, long, {}))!;
    r.start();
    await waitFor(async () => (await jobRow(longId)).state === 'running');
    // Queued while the long job holds its slot, as a request's e-mail is.
    for (const n of [1, 2, 3]) await enqueue(main.db, short, { n });
    r.kick();
    await waitFor(async () => ran.length === 3);
    expect(ran.sort()).toEqual([1, 2, 3]);
    // One slot is the long job's: the short ones ran one at a time beside it.
    expect(most).toBe(1);
    expect((await jobRow(longId)).state).toBe('running');
    release();
    await waitFor(async () => (await jobRow(longId)).state === 'done');
  });

  it('claims a job again once the lease of a runner that vanished runs out', async () => {
    const kind = freshKind(z.object({}));
    const id = (await enqueue(main.db, kind, {}))!;
    // What a dead instance leaves: running, leased to it for one more second.
    await main.db
      .update(jobs)
      .set({ state: 'running', attempts: 1, lockedBy: 'dead', lockedUntil: sql`now() + interval '1 second'` })
      .where(eq(jobs.id, id));
    let runs = 0;
    const r = runner().register(kind, async () => {
      runs += 1;
    });
    expect(await r.runDue()).toBe(0);
    await sleep(1100);
    expect(await r.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect(await jobRow(id)).toMatchObject({ state: 'done', attempts: 2 });
  });

  it('prunes done jobs past their keeping period, and keeps failed ones', async () => {
    const kind = freshKind(z.object({}));
    const old = new Date(Date.now() - (DONE_JOB_RETENTION_DAYS + 1) * 86_400_000);
    const recent = new Date(Date.now() - (DONE_JOB_RETENTION_DAYS - 1) * 86_400_000);
    const rows = await main.db
      .insert(jobs)
      .values([
        { kind: kind.kind, state: 'done', finishedAt: old },
        { kind: kind.kind, state: 'done', finishedAt: old },
        { kind: kind.kind, state: 'done', finishedAt: recent },
        { kind: kind.kind, state: 'failed', finishedAt: old, lastError: 'Error: x' },
      ])
      .returning({ id: jobs.id, state: jobs.state });
    expect(await pruneDoneJobs(main.db, { batchSize: 1 })).toBeGreaterThanOrEqual(2);
    const left = await main.db.select({ id: jobs.id, state: jobs.state }).from(jobs).where(eq(jobs.kind, kind.kind));
    expect(left.map((r) => r.id).sort()).toEqual([rows[2].id, rows[3].id].sort());
  });

  it('survives a runner killed mid-batch: nothing is lost, nothing done twice but the jobs it held', { timeout: 90_000 }, async () => {
    // The child opens the database itself: a PGlite folder admits one process, so this file's connection closes first.
    const crashDb = await createTestDatabase();
    const total = 40;
    const batchSize = 5;
    let setup = await crashDb.open();
    // A table is the owner's to create; the runner, serving, writes to it.
    await setup.asOwner(async (owner) => {
      await owner.execute(sql.raw(JOB_EFFECTS_TABLE));
      await owner.execute(sql.raw(`GRANT SELECT, INSERT ON job_effects TO ${SERVING_ROLE}`));
    });
    await setup.db.insert(jobs).values(Array.from({ length: total }, (_, n) => ({ kind: effectJob.kind, payload: { n } })));
    if (crashDb.kind === 'pglite') await setup.close();

    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/test/job-runner-child.ts'], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '',
        CHILD_DATABASE_URL: crashDb.databaseUrl ?? '',
        CHILD_PGLITE_DIR: crashDb.pgliteDir ?? '',
        CHILD_BATCH_SIZE: String(batchSize),
        CHILD_LEASE_MS: '1000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    let errors = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (errors += chunk));
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await waitFor(() => (output.match(/^effect /gm)?.length ?? 0) >= 12 || child.exitCode !== null, {
        timeoutMs: 45_000,
        message: 'the child runner to get going',
      });
      expect(child.exitCode, errors).toBeNull();
      child.kill('SIGKILL');
      await exited;
      expect(errors).toBe('');

      if (crashDb.kind === 'pglite') setup = await crashDb.open();
      const db = setup.db;
      const states = await db.select({ id: jobs.id, state: jobs.state }).from(jobs).where(eq(jobs.kind, effectJob.kind));
      const doneAtKill = new Set(states.filter((s) => s.state === 'done').map((s) => s.id));
      const heldAtKill = new Set(states.filter((s) => s.state === 'running').map((s) => s.id));
      expect(doneAtKill.size).toBeGreaterThanOrEqual(5);
      expect(doneAtKill.size).toBeLessThan(total);
      expect(heldAtKill.size).toBeLessThanOrEqual(batchSize);

      // Another instance takes over: the dead runner's jobs are claimed again once their lease (1 s) runs out.
      const takeover = new JobRunner({ db, logger: silent, pollMs: 20, leaseMs: 1000, batchSize });
      takeover.register(effectJob, async (_, { jobId }) => {
        await db.execute(sql`INSERT INTO job_effects (job_id, runner) VALUES (${jobId}, 'takeover')`);
      });
      runners.push(takeover);
      takeover.start();
      await waitFor(async () => (await doneCount(db, effectJob.kind)) === total, { timeoutMs: 20_000, message: 'every job to be done' });
      await takeover.stop();

      const effects = await queryRows<{ job_id: string; n: number }>(db, sql`SELECT job_id, count(*)::int AS n FROM job_effects GROUP BY job_id`);
      const count = new Map(effects.map((e) => [e.job_id, Number(e.n)]));
      for (const { id } of states) {
        const n = count.get(id) ?? 0;
        // Nothing lost: every job's work was done ...
        expect(n, `effects of job ${id}`).toBeGreaterThanOrEqual(1);
        // ... and done twice only where the killed runner held the job (its work may have happened before the kill).
        expect(n, `effects of job ${id}`).toBeLessThanOrEqual(heldAtKill.has(id) ? 2 : 1);
        if (doneAtKill.has(id)) expect(n).toBe(1);
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      await setup.close().catch(() => undefined);
      await crashDb.dispose();
    }
  });
});

describe('the server', () => {
  it('schedules the rate-limit prune every minute and runs it on its runner', async () => {
    const app = await startTestServer({ JOBS_POLL_MS: '50' }, { logger: pino({ level: 'silent' }) });
    try {
      expect(app.server.jobs.scheduled).toContainEqual(expect.objectContaining({ kind: rateLimitPruneJob.kind, everyMs: 60_000 }));
      await app.db.insert(rateLimits).values([
        { key: `test:ended:${testDbKind()}`, count: 3, resetAt: new Date(Date.now() - 120_000) },
        { key: `test:open:${testDbKind()}`, count: 3, resetAt: new Date(Date.now() + 60_000) },
      ]);
      await enqueue(app.db, rateLimitPruneJob, {});
      app.server.jobs.kick();
      await waitFor(
        async () =>
          (
            await app.db
              .select()
              .from(rateLimits)
              .where(eq(rateLimits.key, `test:ended:${testDbKind()}`))
          ).length === 0,
        {
          message: 'the prune to delete the ended window',
        },
      );
      expect(
        await app.db
          .select()
          .from(rateLimits)
          .where(eq(rateLimits.key, `test:open:${testDbKind()}`)),
      ).toHaveLength(1);
    } finally {
      await app.stop();
    }
  });
});
