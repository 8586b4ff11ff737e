import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../platform/db/client';
import { processorEvents, processorPayments } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import type { Logger } from '../../platform/lib/logger';
import type { PaymentsDeps } from './bank-accounts';
import { applyLocked } from './processor-payments';
import { ProviderEventWriter, type StoredOutcome } from './provider-event-writer';
import type { ProviderEvent } from './provider';
import { applyRefundEvent } from './staff-refunds';

/**
 * The provider's events (docs/decisions/032-processor-payments.md, docs/decisions/044-payments-throughput.md).
 * POST /api/payments/webhook, once the signature held, stores the event in one statement — keyed by its id, so a
 * resent event is `duplicate` and changes nothing — as `pending`, and answers: the provider stops resending only
 * once it is durably ours. The applier then applies pending events, each in its own transaction with the event's row
 * locked (SKIP LOCKED: several instances share the queue, none applies an event twice): to its payment — an
 * out-of-date event is `stale` and changes nothing — or its refund, or kept as `unknown_payment` for staff. The
 * route wakes the applier in its process; the `payments:events` job drains what a crash left (after a restart, on
 * any instance).
 */

export const providerEventsJob = jobKind('payments:events', z.object({}), { maxAttempts: 3 });

/** Transactions at once by one applier, events per transaction, events read per round. */
const APPLY_CONCURRENCY = 2;
const APPLY_TOGETHER = 25;
const APPLY_BATCH = 200;

/** Applies stored event `id` if it is still pending and no one else holds it; answers its outcome (undefined: not ours to apply). */
export async function applyProviderEvent(deps: Pick<PaymentsDeps, 'db'>, id: string): Promise<string | undefined> {
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ payload: processorEvents.payload })
      .from(processorEvents)
      .where(and(eq(processorEvents.id, id), eq(processorEvents.outcome, 'pending')))
      .for('update', { skipLocked: true });
    if (!row) return undefined;
    const stored = row.payload as Omit<ProviderEvent, 'createdAt'> & { createdAt: string };
    const event: ProviderEvent = { ...stored, createdAt: new Date(stored.createdAt) };
    const outcome = await applyEvent(tx, event);
    return outcome;
  });
}

async function applyEvent(tx: Executor, event: ProviderEvent): Promise<string> {
  const settle = async (outcome: 'applied' | 'stale' | 'unknown_payment' | 'ignored', paymentId: string | null = null) => {
    await tx.update(processorEvents).set({ outcome, paymentId }).where(eq(processorEvents.id, event.id));
    return outcome;
  };
  // applyRefundEvent sets the event's own outcome.
  if (event.refund) return applyRefundEvent(tx, event.id, event.refund);
  if (!event.kind) return settle('ignored');
  const payment = await paymentOfEvent(tx, event);
  if (!payment) return settle('unknown_payment');
  if (!payment.providerPaymentId && event.providerPaymentId) {
    await tx.update(processorPayments).set({ providerPaymentId: event.providerPaymentId }).where(eq(processorPayments.id, payment.id));
  }
  const applied = await applyLocked(tx, payment.id, { kind: event.kind, failureCode: event.failureCode, returnCode: event.returnCode });
  return settle(applied ? 'applied' : 'stale', payment.id);
}

async function paymentOfEvent(tx: Executor, event: ProviderEvent): Promise<{ id: string; providerPaymentId: string | null } | undefined> {
  const fields = { id: processorPayments.id, providerPaymentId: processorPayments.providerPaymentId };
  if (event.providerPaymentId) {
    const [byProvider] = await tx.select(fields).from(processorPayments).where(eq(processorPayments.providerPaymentId, event.providerPaymentId));
    if (byProvider) return byProvider;
  }
  if (event.ourPaymentId && /^[0-9a-f-]{36}$/i.test(event.ourPaymentId)) {
    const [byOurs] = await tx.select(fields).from(processorPayments).where(eq(processorPayments.id, event.ourPaymentId));
    // Ours only while the provider's id is not yet stored or is this one: metadata alone cannot claim another debit.
    if (byOurs && (byOurs.providerPaymentId === null || byOurs.providerPaymentId === event.providerPaymentId)) return byOurs;
  }
  return undefined;
}

/**
 * Applies pending events `ids` together in one transaction (one commit for the lot), each event's row locked with
 * SKIP LOCKED as applyProviderEvent does, in the order of the payments they name (two appliers lock rows in the same
 * order). Should the lot fail — two appliers meeting on the same home, say — each is applied on its own instead.
 * Answers how many this call applied.
 */
async function applyTogether(deps: Pick<PaymentsDeps, 'db'>, ids: string[]): Promise<number> {
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ payload: processorEvents.payload })
        .from(processorEvents)
        .where(and(inArray(processorEvents.id, ids), eq(processorEvents.outcome, 'pending')))
        .orderBy(asc(processorEvents.providerPaymentId), asc(processorEvents.id))
        .for('update', { skipLocked: true });
      for (const row of rows) {
        const stored = row.payload as Omit<ProviderEvent, 'createdAt'> & { createdAt: string };
        await applyEvent(tx, { ...stored, createdAt: new Date(stored.createdAt) });
      }
      return rows.length;
    });
  } catch {
    let applied = 0;
    for (const id of ids) {
      // One that fails on its own stays pending for the next drain; it does not hold back the others.
      if ((await applyProviderEvent(deps, id).catch(() => undefined)) !== undefined) applied += 1;
    }
    return applied;
  }
}

/**
 * Applies every pending event, oldest first, APPLY_TOGETHER at a time in APPLY_CONCURRENCY transactions; answers how
 * many this call applied. `giveWay` is awaited before each lot (the in-process applier's: acknowledgement first).
 */
export async function applyPendingEvents(deps: Pick<PaymentsDeps, 'db'>, { giveWay }: { giveWay?: () => Promise<void> } = {}): Promise<number> {
  let applied = 0;
  for (;;) {
    const pending = await deps.db
      .select({ id: processorEvents.id })
      .from(processorEvents)
      .where(eq(processorEvents.outcome, 'pending'))
      .orderBy(asc(processorEvents.receivedAt))
      .limit(APPLY_BATCH);
    if (pending.length === 0) return applied;
    const lots: string[][] = [];
    for (let i = 0; i < pending.length; i += APPLY_TOGETHER) lots.push(pending.slice(i, i + APPLY_TOGETHER).map((p) => p.id));
    let next = 0;
    let mine = 0;
    await Promise.all(
      Array.from({ length: Math.min(APPLY_CONCURRENCY, lots.length) }, async () => {
        while (next < lots.length) {
          await giveWay?.();
          if (next < lots.length) mine += await applyTogether(deps, lots[next++]!);
        }
      }),
    );
    applied += mine;
    // Every one held by another applier: it drains them; do not spin on them.
    if (mine === 0) return applied;
  }
}

/** Whether any event waits (the applier's and the tests' check). */
export async function pendingEventCount(db: Executor): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(processorEvents)
    .where(eq(processorEvents.outcome, 'pending'));
  return row?.n ?? 0;
}

/** While events arrive at least this often, the webhook is in a burst. */
export const BURST_GAP_MS = 20;
/** The longest a lot waits for a burst to end: a flood that never stops still has its events applied. */
export const MAX_GIVE_WAY_MS = 1_000;

/**
 * Acknowledgement first (docs/decisions/044-payments-throughput.md): while the webhook is storing events (the last
 * one less than BURST_GAP_MS ago), the next lot waits, at most MAX_GIVE_WAY_MS. Applying an event costs many times
 * what storing it does; the processor waits on the acknowledgement, the ledger can follow a moment later.
 */
export async function giveWayToBurst(lastStoredAt: () => number, clock: { now: () => number; sleep: (ms: number) => Promise<void> }): Promise<void> {
  const started = clock.now();
  while (clock.now() - lastStoredAt() < BURST_GAP_MS && clock.now() - started < MAX_GIVE_WAY_MS) await clock.sleep(BURST_GAP_MS);
}

const realClock = { now: () => Date.now(), sleep: (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)) };

/**
 * The in-process applier the route wakes: one drain at a time per database; a wake during a drain runs one more
 * drain after it, so an event stored during a drain is never left waiting for the job. Each lot gives way to a burst
 * of stored events (giveWayToBurst); the `payments:events` job drains through it too.
 */
export function eventApplier(deps: Pick<PaymentsDeps, 'db'> & { logger: Logger; kick?: () => void }) {
  const writer = new ProviderEventWriter({ db: deps.db, logger: deps.logger });
  let running: Promise<void> | null = null;
  let again = false;
  let lastStoredAt = 0;
  const giveWay = () => giveWayToBurst(() => lastStoredAt, realClock);
  const drain = async () => {
    do {
      again = false;
      try {
        // The mail an applied event queued goes out now, not at the runner's next poll.
        if ((await applyPendingEvents(deps, { giveWay })) > 0) deps.kick?.();
      } catch (error) {
        // Left pending: the next wake or the job applies it.
        deps.logger.error({ err: error }, 'payments: applying provider events failed');
      }
    } while (again);
    running = null;
  };
  const wake = ({ stored = false }: { stored?: boolean } = {}) => {
    if (stored) lastStoredAt = Date.now();
    if (running) {
      again = true;
      return;
    }
    running = drain();
  };
  return {
    /**
     * The webhook's event, stored once (batched with the others arriving, ProviderEventWriter) and acknowledged once
     * committed: `pending` wakes the applier, `duplicate` is an id stored before and changes nothing.
     */
    async record(event: ProviderEvent): Promise<StoredOutcome> {
      const outcome = await writer.record(event);
      if (outcome === 'pending') wake({ stored: true });
      return outcome;
    },
    /** Events may wait (start-up): apply what is pending. */
    wake: () => wake(),
    /** The job's drain: what a crash or another instance left, applied with the same give-way. */
    applyPending: () => applyPendingEvents(deps, { giveWay }),
    /** Resolves once no write and no drain runs (shutdown, tests). */
    idle: async () => {
      await writer.drain();
      await (running ?? Promise.resolve());
    },
  };
}
