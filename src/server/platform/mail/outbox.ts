import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { webhookOutbox } from '../db/schema';
import type { Logger } from '../lib/logger';

export type Deliver = (payload: unknown) => Promise<void>;

export interface OutboxOptions {
  db: Db;
  logger: Logger;
  /** One delivery function per topic; rows of other topics are left alone. */
  handlers: Record<string, Deliver>;
  pollMs: number;
  retryBaseMs: number;
  retryMaxMs: number;
  /** How long a claimed row stays reserved for this instance. */
  leaseSeconds?: number;
  batchSize?: number;
}

/** A claimed row: what its delivery needs; `attempts` includes the claim that leased it (1 on the first try). */
type OutboxRow = Pick<typeof webhookOutbox.$inferSelect, 'id' | 'topic' | 'payload' | 'attempts'>;

/** Exponential back-off: base, 2·base, 4·base … capped at max. */
export function retryDelayMs(attempts: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * Delivers outbox rows until each one succeeds. Rows are claimed with
 * FOR UPDATE SKIP LOCKED and leased, so any number of instances can run this
 * against one PostgreSQL and no row is delivered twice; an unfinished lease
 * (a crash) expires and the row is tried again.
 */
export class OutboxWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = true;

  constructor(private readonly options: OutboxOptions) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  /** Asks for a run soon, e.g. right after a new row was committed. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain()
        .then(() => undefined)
        .finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          const rerun = this.again;
          this.again = false;
          this.schedule(rerun ? 0 : this.options.pollMs);
        });
    }, ms);
    this.timer.unref();
  }

  /** Claims and delivers batches until nothing is due. */
  async drain(): Promise<number> {
    let delivered = 0;
    for (;;) {
      let rows: OutboxRow[];
      try {
        rows = await this.claim();
      } catch (error) {
        this.options.logger.error({ err: error }, 'outbox claim failed');
        return delivered;
      }
      if (rows.length === 0) return delivered;
      for (const row of rows) {
        if (await this.deliver(row)) delivered += 1;
      }
      if (this.stopped) return delivered;
    }
  }

  /**
   * Leases a batch of due rows to this instance: the oldest first, skipping rows
   * another instance holds (FOR UPDATE SKIP LOCKED), each attempt counted.
   */
  private async claim(): Promise<OutboxRow[]> {
    const { db, handlers, leaseSeconds = 60, batchSize = 10 } = this.options;
    const topics = Object.keys(handlers);
    if (topics.length === 0) return [];
    const outbox = webhookOutbox;
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(
          isNull(outbox.deliveredAt),
          lte(outbox.nextAttemptAt, sql`now()`),
          or(isNull(outbox.lockedUntil), lt(outbox.lockedUntil, sql`now()`)),
          inArray(outbox.topic, topics),
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    return db
      .update(outbox)
      .set({ lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`, attempts: sql`${outbox.attempts} + 1` })
      .where(inArray(outbox.id, due))
      .returning({ id: outbox.id, topic: outbox.topic, payload: outbox.payload, attempts: outbox.attempts });
  }

  private async deliver(row: OutboxRow): Promise<boolean> {
    const { db, logger, handlers, retryBaseMs, retryMaxMs } = this.options;
    try {
      await handlers[row.topic](row.payload);
      await db
        .update(webhookOutbox)
        .set({ deliveredAt: sql`now()`, lockedUntil: null, lastError: null })
        .where(eq(webhookOutbox.id, row.id));
      logger.info({ outboxId: row.id, topic: row.topic, attempts: row.attempts }, 'outbox delivered');
      return true;
    } catch (error) {
      const delay = retryDelayMs(row.attempts, retryBaseMs, retryMaxMs);
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ outboxId: row.id, topic: row.topic, attempts: row.attempts, retryInMs: delay, err: error }, 'outbox delivery failed');
      await db
        .update(webhookOutbox)
        .set({ lockedUntil: null, lastError: message.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${delay / 1000})` })
        .where(eq(webhookOutbox.id, row.id))
        .catch((err) => logger.error({ err }, 'outbox reschedule failed'));
      return false;
    }
  }
}

/**
 * POSTs the JSON text to a spreadsheet-script style webhook
 * (docs/product/waitlist.md#webhook-forwarding): no custom headers; accepted only
 * on an OK status with JSON `status: 'success'`.
 */
export function jsonWebhook(url: string, timeoutMs = 10_000): Deliver {
  return async (payload) => {
    const response = await fetch(url, { method: 'POST', body: JSON.stringify(payload), signal: AbortSignal.timeout(timeoutMs) });
    const text = await response.text();
    if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`);
    let reply: { status?: unknown; message?: unknown };
    try {
      reply = JSON.parse(text);
    } catch {
      throw new Error('webhook reply is not JSON');
    }
    if (reply?.status !== 'success') {
      throw new Error(typeof reply?.message === 'string' ? `webhook refused: ${reply.message}` : 'webhook did not answer success');
    }
  };
}
