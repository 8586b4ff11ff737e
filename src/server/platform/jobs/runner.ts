import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db } from '../db/client';
import { jobs } from '../db/schema';
import { columnName, selectList, selectRows, type RowOf } from '../db/select-fields';
import type { Logger } from '../lib/logger';
import { retryDelayMs } from '../mail/outbox';
import { enqueue, jobErrorText, type JobKind } from './queue';

/**
 * The one durable job runner (docs/decisions/020-job-runner.md). Everything the
 * server does later or on a schedule — retention, the rate-limit prune, reminders —
 * is a row of `jobs`, run here:
 *
 * - Claimed in batches with FOR UPDATE SKIP LOCKED and leased to this instance
 *   (`locked_until`, kept fresh by a heartbeat while a job runs). Any number of
 *   instances can share one database: each due job is run by one of them. An
 *   instance that dies stops renewing its leases, and its jobs are claimed again
 *   once they run out.
 * - A job that throws is retried with exponential back-off until it has run
 *   `max_attempts` times; then it is kept as failed with its error (safe facts only),
 *   listed on /admin/jobs (docs/product/back-office.md#jobs) with a retry button.
 * - Recurring work: each period is one job whose unique key names the period's slot
 *   ('retention@2025-03-14T10:00:00.000Z'); every instance enqueues it, only one row
 *   exists, so the period runs once.
 * - stop() (SIGTERM, src/server/server.ts) claims nothing more and lets the running
 *   jobs finish; those still running after the drain time are handed back to the
 *   queue for another instance, or this one restarted.
 */

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
  maxAttempts: number;
  /** When it was due: for a recurring job, the start of its period. */
  runAt: Date;
  uniqueKey: string | null;
  /** Aborted when the runner stops and the drain time is over: a long job should give up at the next step. */
  signal: AbortSignal;
}

export type JobHandler<S extends z.ZodType = z.ZodType> = (payload: z.output<S>, context: JobContext) => Promise<void>;

export interface Schedule {
  kind: string;
  /** The period: one run per slot of this length (slots start at multiples of it since 1970, UTC). */
  everyMs: number;
  /** Not before this long after the runner starts (keeps heavy work out of the way of start-up). */
  firstAfterMs: number;
  payload: unknown;
}

export interface JobRunnerOptions {
  db: Db;
  logger: Logger;
  /** How often to look for due jobs when nothing woke the runner (default 1 s). */
  pollMs?: number;
  /** Back-off of a failed job: base, 2·base, 4·base … capped at max (default 10 s … 1 h). */
  retryBaseMs?: number;
  retryMaxMs?: number;
  /** How long a claimed job stays reserved without a heartbeat (default 60 s); renewed every third of it. */
  leaseMs?: number;
  /** Jobs run side by side at most (default 10). */
  batchSize?: number;
  /** How long stop() waits for running jobs before handing them back (default 8 s: under main.ts's 10 s forced exit). */
  drainMs?: number;
}

/** What a claim answers of each job it leased: what running it and writing its outcome need. */
const CLAIMED = {
  id: jobs.id,
  kind: jobs.kind,
  payload: jobs.payload,
  /** Including this claim: 1 on the first run. */
  attempts: jobs.attempts,
  maxAttempts: jobs.maxAttempts,
  runAt: jobs.runAt,
  uniqueKey: jobs.uniqueKey,
};

type Claimed = RowOf<typeof CLAIMED>;

export class JobRunner {
  /** This runner's name in `locked_by`: random, so two runners of one process are told apart too. */
  readonly instanceId = randomBytes(6).toString('hex');
  private readonly handlers = new Map<string, { kind: JobKind; run: JobHandler }>();
  private readonly schedules: Schedule[] = [];
  /** The last slot each schedule was enqueued for by this runner. */
  private readonly enqueuedSlot = new Map<string, number>();
  private readonly running = new Map<string, Claimed>();
  private readonly abort = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  private loop: Promise<void> | undefined;
  private again = false;
  /** Set while runDue waits on running jobs: a kick looks at the queue again at once. */
  private nudge: (() => void) | undefined;
  private stopped = true;
  /** Set by stop(): nothing more is claimed; the running jobs finish. */
  private stopping = false;
  private startedAt = 0;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;
  private readonly batchSize: number;
  private readonly drainMs: number;

  constructor(private readonly options: JobRunnerOptions) {
    this.pollMs = options.pollMs ?? 1_000;
    this.retryBaseMs = options.retryBaseMs ?? 10_000;
    this.retryMaxMs = options.retryMaxMs ?? 3_600_000;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.batchSize = options.batchSize ?? 10;
    this.drainMs = options.drainMs ?? 8_000;
  }

  /** Runs jobs of this kind here. Kinds no runner registers stay queued (e.g. during a rolling deploy). */
  register<S extends z.ZodType>(kind: JobKind<S>, run: JobHandler<S>): this {
    if (this.handlers.has(kind.kind)) throw new Error(`job kind ${kind.kind} is registered twice`);
    this.handlers.set(kind.kind, { kind, run: run as JobHandler });
    return this;
  }

  /** Runs a registered kind once per period, across every instance sharing the database. */
  every<S extends z.ZodType>(kind: JobKind<S>, everyMs: number, options: { payload?: z.input<S>; firstAfterMs?: number } = {}): this {
    if (!this.handlers.has(kind.kind)) throw new Error(`register job kind ${kind.kind} before scheduling it`);
    this.schedules.push({ kind: kind.kind, everyMs, firstAfterMs: options.firstAfterMs ?? 0, payload: options.payload ?? {} });
    return this;
  }

  /** The recurring schedules, as registered. */
  get scheduled(): readonly Schedule[] {
    return this.schedules;
  }

  /** A recurring kind's schedule and its declaration (to enqueue a run of it now), or undefined when it is not scheduled here. */
  scheduleOf(kind: string): { schedule: Schedule; kind: JobKind } | undefined {
    const schedule = this.schedules.find((s) => s.kind === kind);
    return schedule && { schedule, kind: this.handlers.get(kind)!.kind };
  }

  /**
   * When this runner next enqueues a schedule's slot: after the start-up delay, the current slot
   * once it is due and not yet enqueued here, else the next slot's start.
   */
  nextSlotAt(schedule: Schedule, now = Date.now()): Date {
    if (this.stopped) return new Date(Math.floor(now / schedule.everyMs) * schedule.everyMs + schedule.everyMs);
    const firstAt = this.startedAt + schedule.firstAfterMs;
    if (now < firstAt) return new Date(firstAt);
    const slot = Math.floor(now / schedule.everyMs) * schedule.everyMs;
    return new Date(this.enqueuedSlot.get(schedule.kind) === slot ? slot + schedule.everyMs : now);
  }

  get kinds(): string[] {
    return [...this.handlers.keys()];
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.startedAt = Date.now();
    this.heartbeat = setInterval(() => void this.renewLeases(), Math.max(50, Math.floor(this.leaseMs / 3)));
    this.heartbeat.unref();
    this.wake(0);
  }

  /** Asks for a look at the queue soon, e.g. right after a transaction that enqueued a job committed. */
  kick(): void {
    if (this.stopped) return;
    this.nudge?.();
    if (this.loop) this.again = true;
    else this.wake(0);
  }

  /**
   * Claims nothing more and waits for the running jobs; after the drain time the
   * ones still running are handed back to the queue (another instance, or this one
   * restarted, runs them) and their handlers' signal is aborted.
   */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.stopping = true;
    clearTimeout(this.timer);
    let timeout: NodeJS.Timeout | undefined;
    const finished = await Promise.race([
      (this.loop ?? Promise.resolve()).then(() => true),
      new Promise<boolean>((resolve) => {
        timeout = setTimeout(() => resolve(false), this.drainMs);
      }),
    ]);
    clearTimeout(timeout);
    if (!finished) {
      this.abort.abort();
      await this.release([...this.running.values()]);
    }
    clearInterval(this.heartbeat);
  }

  private wake(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.loop = this.tick().finally(() => {
        this.loop = undefined;
        if (this.stopped) return;
        const rerun = this.again;
        this.again = false;
        this.wake(rerun ? 0 : this.pollMs);
      });
    }, ms);
    this.timer.unref();
  }

  private async tick(): Promise<void> {
    try {
      await this.enqueueSchedules();
    } catch (err) {
      this.options.logger.warn({ err }, 'jobs: could not enqueue the scheduled jobs');
    }
    await this.runDue();
  }

  /** Enqueues the current slot of each schedule; a slot another instance enqueued already is a no-op. */
  async enqueueSchedules(now = Date.now()): Promise<void> {
    for (const schedule of this.schedules) {
      if (now - this.startedAt < schedule.firstAfterMs) continue;
      const slot = Math.floor(now / schedule.everyMs) * schedule.everyMs;
      if (this.enqueuedSlot.get(schedule.kind) === slot) continue;
      const kind = this.handlers.get(schedule.kind)!.kind;
      await enqueue(this.options.db, kind, schedule.payload, { runAt: new Date(slot), uniqueKey: `${schedule.kind}@${new Date(slot).toISOString()}` });
      this.enqueuedSlot.set(schedule.kind, slot);
    }
  }

  /**
   * Runs due jobs until none is due and none is running (or the runner stops); answers how many ran to the end. Up to
   * `batchSize` run side by side, and a free slot is filled as soon as it frees: a long job (a month's statements) never
   * holds back the e-mails queued behind it (docs/decisions/047-statements-outside-the-transaction.md). While jobs run,
   * a kick or the poll period looks at the queue again.
   */
  async runDue(): Promise<number> {
    let finished = 0;
    const inFlight = new Set<Promise<void>>();
    for (;;) {
      const free = this.batchSize - inFlight.size;
      if (free > 0 && !this.stopping) {
        let batch: Claimed[] = [];
        try {
          batch = await this.claim(free);
        } catch (err) {
          this.options.logger.error({ err }, 'jobs: claim failed');
          if (inFlight.size === 0) return finished;
        }
        for (const job of batch) {
          const run: Promise<void> = this.runOne(job).then((ended) => {
            inFlight.delete(run);
            if (ended) finished += 1;
          });
          inFlight.add(run);
        }
      }
      if (inFlight.size === 0) return finished;
      await this.nextLook(inFlight);
    }
  }

  /** Resolves when a running job ends, the runner is kicked, or the poll period has passed. */
  private async nextLook(inFlight: ReadonlySet<Promise<void>>): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const looked = new Promise<void>((resolve) => {
      this.nudge = resolve;
      timer = setTimeout(resolve, this.pollMs);
      timer.unref();
    });
    await Promise.race([...inFlight, looked]);
    clearTimeout(timer);
    this.nudge = undefined;
  }

  private async claim(limit = this.batchSize): Promise<Claimed[]> {
    const kinds = this.kinds;
    if (kinds.length === 0) return [];
    const claimed = await selectRows(
      this.options.db,
      CLAIMED,
      sql`
      WITH due(id) AS MATERIALIZED (
        SELECT ${jobs.id} FROM ${jobs}
        WHERE ${jobs.state} IN ('queued', 'running') AND ${jobs.runAt} <= now()
          AND (${jobs.state} = 'queued' OR ${jobs.lockedUntil} < now())
          AND ${inArray(jobs.kind, kinds)}
        ORDER BY ${jobs.runAt}
        LIMIT ${limit}
        FOR UPDATE SKIP LOCKED)
      UPDATE ${jobs} SET ${columnName(jobs.state)} = 'running', ${columnName(jobs.attempts)} = ${jobs.attempts} + 1,
        ${columnName(jobs.lockedBy)} = ${this.instanceId},
        ${columnName(jobs.lockedUntil)} = now() + make_interval(secs => ${this.leaseMs / 1000}), ${columnName(jobs.updatedAt)} = now()
      FROM due WHERE ${jobs.id} = due.id
      RETURNING ${selectList(CLAIMED)}`,
    );
    for (const job of claimed) this.running.set(job.id, job);
    return claimed;
  }

  /** Runs one claimed job and records how it went; answers whether it ended (done, or failed for good). */
  private async runOne(job: Claimed): Promise<boolean> {
    const { logger } = this.options;
    try {
      const handler = this.handlers.get(job.kind)!;
      if (job.attempts > job.maxAttempts) {
        // Claimed more often than it may run: each earlier claim's lease ran out (its instance died mid-job).
        await this.fail(job, `Stopped: the job was claimed ${job.attempts - 1} times and never finished (its runner stopped each time).`, true);
        return true;
      }
      const parsed = handler.kind.payload.safeParse(job.payload);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((issue) => `${issue.path.join('.') || 'payload'}: ${issue.code}`).join(', ');
        await this.fail(job, `Invalid payload (${fields})`.slice(0, 500), true);
        return true;
      }
      const context: JobContext = {
        jobId: job.id,
        attempt: job.attempts,
        maxAttempts: job.maxAttempts,
        runAt: job.runAt,
        uniqueKey: job.uniqueKey,
        signal: this.abort.signal,
      };
      try {
        await handler.run(parsed.data, context);
      } catch (error) {
        const final = job.attempts >= job.maxAttempts;
        logger[final ? 'error' : 'warn'](
          { jobId: job.id, kind: job.kind, attempt: job.attempts, err: error },
          final ? 'job failed for good' : 'job failed; will retry',
        );
        await this.fail(job, jobErrorText(error), final);
        return final;
      }
      await this.finish(job, { state: 'done', finishedAt: sql`now()`, lastError: null });
      logger.debug({ jobId: job.id, kind: job.kind, attempt: job.attempts }, 'job done');
      return true;
    } catch (err) {
      // Recording the outcome failed (the database went away): the lease runs out and the job is claimed again.
      logger.error({ jobId: job.id, kind: job.kind, err }, 'jobs: could not record the outcome');
      return false;
    } finally {
      this.running.delete(job.id);
    }
  }

  private async fail(job: Claimed, error: string, final: boolean): Promise<void> {
    if (final) {
      await this.finish(job, { state: 'failed', finishedAt: sql`now()`, lastError: error });
      return;
    }
    const delay = retryDelayMs(job.attempts, this.retryBaseMs, this.retryMaxMs);
    await this.finish(job, { state: 'queued', runAt: sql`now() + make_interval(secs => ${delay / 1000})`, lastError: error });
  }

  /**
   * Writes a claimed job's outcome, only while this runner still holds it: a job
   * whose lease ran out and was claimed again belongs to that claim now.
   */
  private async finish(job: Claimed, outcome: PgUpdateSetSource<typeof jobs>): Promise<void> {
    const rows = await this.options.db
      .update(jobs)
      .set({ ...outcome, lockedUntil: null, lockedBy: null, updatedAt: sql`now()` })
      .where(and(eq(jobs.id, job.id), eq(jobs.state, 'running'), eq(jobs.lockedBy, this.instanceId), eq(jobs.attempts, job.attempts)))
      .returning({ id: jobs.id });
    if (rows.length === 0) this.options.logger.warn({ jobId: job.id, kind: job.kind }, 'jobs: lease lost before the outcome was written');
  }

  /** The heartbeat: keeps the leases of the jobs running here from running out. */
  private async renewLeases(): Promise<void> {
    const list = [...this.running.keys()];
    if (list.length === 0) return;
    try {
      await this.options.db
        .update(jobs)
        .set({ lockedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
        .where(and(inArray(jobs.id, list), eq(jobs.state, 'running'), eq(jobs.lockedBy, this.instanceId)));
    } catch (err) {
      this.options.logger.warn({ err }, 'jobs: could not renew the leases');
    }
  }

  /** Hands running jobs back to the queue, due now, their claim not counted. */
  private async release(list: Claimed[]): Promise<void> {
    if (list.length === 0) return;
    try {
      await this.options.db
        .update(jobs)
        .set({
          state: 'queued',
          attempts: sql`${jobs.attempts} - 1`,
          runAt: sql`now()`,
          lockedUntil: null,
          lockedBy: null,
          updatedAt: sql`now()`,
        })
        .where(
          and(
            inArray(
              jobs.id,
              list.map((j) => j.id),
            ),
            eq(jobs.state, 'running'),
            eq(jobs.lockedBy, this.instanceId),
          ),
        );
      this.options.logger.warn({ jobs: list.length }, 'jobs: handed back to the queue at shutdown');
    } catch (err) {
      this.options.logger.error({ err }, 'jobs: could not hand running jobs back; their leases will run out');
    }
    for (const job of list) this.running.delete(job.id);
  }
}
