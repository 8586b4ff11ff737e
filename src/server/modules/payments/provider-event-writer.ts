import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db/client';
import { processorEvents } from '../../platform/db/schema';
import type { Logger } from '../../platform/lib/logger';
import type { ProviderEvent } from './provider';

export type StoredOutcome = 'pending' | 'duplicate';

/**
 * Stores `events` as `pending` in one statement (one array per column, unnested by the database) and answers each
 * one's outcome in order: `duplicate` for an id stored before, or earlier in the same list.
 */
export async function storeProviderEvents(db: Executor, events: readonly ProviderEvent[]): Promise<StoredOutcome[]> {
  const first = new Map<string, number>();
  events.forEach((event, index) => {
    if (!first.has(event.id)) first.set(event.id, index);
  });
  const unique = [...first.values()].map((index) => events[index]!);
  const column = <T>(read: (event: ProviderEvent) => T) => sql.param(unique.map(read));
  const stored = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO ${processorEvents} (id, type, provider_payment_id, provider_refund_id, amount_cents, outcome, failure_code, return_code, occurred_at, payload)
        SELECT e.id, e.type, e.provider_payment_id, e.provider_refund_id, e.amount_cents, 'pending', e.failure_code, e.return_code, e.occurred_at, e.payload
        FROM unnest(
          ${column((e) => e.id)}::text[],
          ${column((e) => e.type)}::text[],
          ${column((e) => e.providerPaymentId)}::text[],
          ${column((e) => e.refund?.providerRefundId ?? null)}::text[],
          ${column((e) => e.amountCents)}::bigint[],
          ${column((e) => e.failureCode)}::text[],
          ${column((e) => e.returnCode)}::text[],
          ${column((e) => e.createdAt.toISOString())}::timestamptz[],
          ${column((e) => JSON.stringify({ ...e, createdAt: e.createdAt.toISOString() }))}::jsonb[]
        ) AS e(id, type, provider_payment_id, provider_refund_id, amount_cents, failure_code, return_code, occurred_at, payload)
        ON CONFLICT (id) DO NOTHING
        RETURNING id`,
  );
  const inserted = new Set(stored.map((row) => row.id));
  return events.map((event, index) => (first.get(event.id) === index && inserted.has(event.id) ? 'pending' : 'duplicate'));
}

interface Waiting {
  event: ProviderEvent;
  resolve(outcome: StoredOutcome): void;
  reject(error: unknown): void;
}

/**
 * The webhook's events, stored in batches that form by themselves, as the waitlist's sign-ups are
 * (docs/decisions/011-waitlist-batches.md, docs/decisions/044-payments-throughput.md): the events that arrive in one
 * turn of the event loop, or while every writing slot is busy, go together in the next statement. No timer, so a lone
 * event waits for nothing but that turn; under a burst one statement and one commit carry many. Each request is
 * answered only once the statement holding its event has committed: an acknowledged event is never lost. A failed
 * batch of several is written again one by one, so one bad event cannot fail its neighbours.
 */
export class ProviderEventWriter {
  private readonly queue: Waiting[] = [];
  private readonly writing = new Set<Promise<void>>();
  private scheduled = false;

  constructor(private readonly options: { db: Executor; logger: Logger; concurrency?: number; maxBatch?: number }) {}

  /** Stores one event; resolves with its outcome once it is committed. */
  record(event: ProviderEvent): Promise<StoredOutcome> {
    return new Promise<StoredOutcome>((resolve, reject) => {
      this.queue.push({ event, resolve, reject });
      this.pump();
    });
  }

  /** Resolves when every event handed in so far has been written (or has failed). */
  async drain(): Promise<void> {
    while (this.writing.size > 0 || this.queue.length > 0) {
      if (this.writing.size > 0) await Promise.allSettled(this.writing);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private pump() {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.writing.size < (this.options.concurrency ?? 2) && this.queue.length > 0) {
        const batch = this.queue.splice(0, this.options.maxBatch ?? 200);
        const done: Promise<void> = this.write(batch).finally(() => {
          this.writing.delete(done);
          this.pump();
        });
        this.writing.add(done);
      }
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    const { db, logger } = this.options;
    try {
      const outcomes = await storeProviderEvents(
        db,
        batch.map((item) => item.event),
      );
      batch.forEach((item, index) => item.resolve(outcomes[index]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      logger.warn({ err: error, size: batch.length }, 'payments: a batch of provider events failed; storing them one by one');
      for (const item of batch) {
        try {
          item.resolve((await storeProviderEvents(db, [item.event]))[0]!);
        } catch (single) {
          item.reject(single);
        }
      }
    }
  }
}
