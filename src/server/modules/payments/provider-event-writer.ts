import { sql } from 'drizzle-orm';
import { queryRows, type Executor } from '../../platform/db/client';
import { processorEvents } from '../../platform/db/schema';
import { BatchQueue } from '../../platform/db/batch-queue';
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

/**
 * The webhook's events, stored in batches that form by themselves, as the waitlist's sign-ups are
 * (src/server/platform/db/batch-queue.ts; docs/decisions/044-payments-throughput.md). Each request is answered only
 * once the statement holding its event has committed: an acknowledged event is never lost.
 */
export class ProviderEventWriter {
  private readonly batches: BatchQueue<ProviderEvent, StoredOutcome>;

  constructor(options: { db: Executor; logger: Logger; concurrency?: number; maxBatch?: number }) {
    const { db, logger, concurrency, maxBatch } = options;
    this.batches = new BatchQueue({ logger, label: 'payments: provider events', concurrency, maxBatch, write: (events) => storeProviderEvents(db, events) });
  }

  /** Stores one event; resolves with its outcome once it is committed. */
  record(event: ProviderEvent): Promise<StoredOutcome> {
    return this.batches.push(event);
  }

  /** Resolves when every event handed in so far has been written (or has failed). */
  drain(): Promise<void> {
    return this.batches.drain();
  }
}
