import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../../platform/db/client';
import { createLogger } from '../../platform/lib/logger';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import type { ProviderEvent } from './provider';
import { ProviderEventWriter, storeProviderEvents } from './provider-event-writer';

/** The webhook's events stored in self-forming batches (docs/decisions/044-payments-throughput.md), on both drivers. */

const event = (id: string, amountCents = 123_45): ProviderEvent => ({
  id,
  type: 'payment_intent.succeeded',
  providerPaymentId: `pi_${id}`,
  ourPaymentId: null,
  kind: 'succeeded',
  failureCode: null,
  returnCode: null,
  amountCents,
  createdAt: new Date('2026-11-02T15:04:05.000Z'),
  refund: null,
});

describe('storing provider events', () => {
  let testDb: TestDatabase;
  let database: Database;
  const stored = async (prefix: string) =>
    queryRows<{ id: string; outcome: string; amount_cents: string; payload: { id: string; createdAt: string } }>(
      database.db,
      sql`SELECT id, outcome, amount_cents, payload FROM processor_events WHERE id LIKE ${`${prefix}%`} ORDER BY id`,
    );

  beforeAll(async () => {
    testDb = await createTestDatabase();
    database = await testDb.open();
  });
  afterAll(async () => {
    await database.close();
    await testDb.dispose();
  });

  it('stores each id once: a repeat in the same list or a later one is a duplicate', async () => {
    expect(await storeProviderEvents(database.db, [event('evt_a1'), event('evt_a2'), event('evt_a1')])).toEqual(['pending', 'pending', 'duplicate']);
    expect(await storeProviderEvents(database.db, [event('evt_a2'), event('evt_a3', 99)])).toEqual(['duplicate', 'pending']);
    const rows = await stored('evt_a');
    expect(rows.map((r) => [r.id, r.outcome, Number(r.amount_cents)])).toEqual([
      ['evt_a1', 'pending', 12_345],
      ['evt_a2', 'pending', 12_345],
      ['evt_a3', 'pending', 99],
    ]);
    // The event as the adapter read it, for the applier.
    expect(rows[0]!.payload).toMatchObject({ id: 'evt_a1', createdAt: '2026-11-02T15:04:05.000Z', kind: 'succeeded' });
  });

  it('answers every one of many events sent at once, each id pending once, and stores them all', async () => {
    const writer = new ProviderEventWriter({ db: database.db, logger: createLogger('silent') });
    const ids = Array.from({ length: 120 }, (_, i) => `evt_b${String(i % 100).padStart(3, '0')}`);
    const outcomes = await Promise.all(ids.map((id) => writer.record(event(id))));
    const pendingIds = ids.filter((_, i) => outcomes[i] === 'pending');
    expect(new Set(pendingIds).size).toBe(100);
    expect(pendingIds).toHaveLength(100);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(20);
    expect(await stored('evt_b')).toHaveLength(100);
  });

  it('a bad event fails alone: its neighbours in the batch are stored', async () => {
    const writer = new ProviderEventWriter({ db: database.db, logger: createLogger('silent') });
    // NUL cannot be stored in a text column: this one statement fails, and the batch is written again one by one.
    const results = await Promise.allSettled([writer.record(event('evt_c1')), writer.record(event('evt_c\u00002')), writer.record(event('evt_c3'))]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((await stored('evt_c')).map((r) => r.id)).toEqual(['evt_c1', 'evt_c3']);
  });
});
