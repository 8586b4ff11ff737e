import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENESIS_HASH, verifyChain } from '../../../domain/ledger';
import { queryRows, type Database } from '../../platform/db/client';
import { homes, homeTerms, ledgerEntries } from '../../platform/db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';
import { runCharges } from './charges';
import { appendLedgerEntries, chainEntryOf, ledgerOf, type StoredLedgerEntry } from './ledger';

/**
 * The ledger's guarantees in the database itself (docs/decisions/022-homes-and-ledger.md):
 * entries chain by hash, are never changed or removed, never fork under concurrent
 * writers, and the monthly charge run bills each home and month exactly once.
 */

let database: TestDatabase;
let opened: Database;
const db = () => opened.db;

beforeAll(async () => {
  database = await createTestDatabase();
  opened = await database.open();
});
afterAll(async () => {
  await opened?.close();
  await database?.dispose();
});

/** What the homeowner's own check (Web Crypto, src/domain/ledger) says of a stored chain: the first broken seq, or null. */
async function firstBroken(entries: StoredLedgerEntry[]): Promise<number | null> {
  const verdict = await verifyChain(entries.map(chainEntryOf));
  return verdict.ok ? null : verdict.firstBrokenSeq;
}

describe('the ledger', () => {
  it('numbers a home’s entries 1, 2, 3… and chains each to the hash of the one before', async () => {
    const { homeId } = await insertTestHome(db());
    await db().transaction((tx) =>
      appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 100_00, effectiveOn: '2026-02-03', source: 'staff' }], 'staff-1'),
    );
    await db().transaction((tx) =>
      appendLedgerEntries(
        tx,
        homeId,
        [
          { kind: 'refund', amountCents: 40_00, effectiveOn: '2026-02-04', note: 'Paid twice' },
          { kind: 'reversal', amountCents: 100_00, effectiveOn: '2026-02-05', reversesSeq: 1, note: 'Entered on the wrong home' },
        ],
        'staff-1',
      ),
    );
    const entries = await ledgerOf(db(), homeId);
    expect(entries.map((e) => [e.seq, e.kind])).toEqual([
      [1, 'payment'],
      [2, 'refund'],
      [3, 'reversal'],
    ]);
    expect(entries[0]!.prevHash).toBe(GENESIS_HASH);
    expect(entries[1]!.prevHash).toBe(entries[0]!.hash);
    expect(await firstBroken(entries)).toBeNull();
  });

  it('refuses to update, delete or truncate an entry, and the entry stays as it was', async () => {
    const { homeId } = await insertTestHome(db());
    await db().transaction((tx) =>
      appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 2_354_00, effectiveOn: '2026-02-02', source: 'staff' }], null),
    );
    const attempts = [
      sql`UPDATE ledger_entries SET amount_cents = 1 WHERE home_id = ${homeId}`,
      sql`DELETE FROM ledger_entries WHERE home_id = ${homeId}`,
      sql`TRUNCATE ledger_entries CASCADE`,
    ];
    for (const attempt of attempts) await expect(db().execute(attempt)).rejects.toThrow();
    const [entry] = await ledgerOf(db(), homeId);
    expect(entry!.amountCents).toBe(2_354_00);
  });

  it('never forks a chain when many writers append to one home at once', async () => {
    const { homeId } = await insertTestHome(db());
    await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        db().transaction((tx) =>
          appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 1_00 + n, effectiveOn: '2026-03-01', source: 'staff' }], null),
        ),
      ),
    );
    const entries = await ledgerOf(db(), homeId);
    expect(entries.map((e) => e.seq)).toEqual(Array.from({ length: 12 }, (_, n) => n + 1));
    expect(await firstBroken(entries)).toBeNull();
  });

  it('refuses a second charge for the same home and month, and a bank reference imported twice', async () => {
    const { homeId } = await insertTestHome(db());
    await db().transaction((tx) => appendLedgerEntries(tx, homeId, [{ kind: 'charge', amountCents: 2_354_00, month: 1, effectiveOn: '2026-02-01' }], null));
    await expect(
      db().transaction((tx) => appendLedgerEntries(tx, homeId, [{ kind: 'charge', amountCents: 2_354_00, month: 1, effectiveOn: '2026-02-01' }], null)),
    ).rejects.toThrow();
    const reference = `BANK-${homeId}`;
    await db().transaction((tx) =>
      appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 10_00, effectiveOn: '2026-02-02', reference, source: 'bank_csv' }], null),
    );
    await expect(
      db().transaction((tx) =>
        appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 10_00, effectiveOn: '2026-02-02', reference, source: 'bank_csv' }], null),
      ),
    ).rejects.toThrow();
    expect((await ledgerOf(db(), homeId)).map((e) => e.kind)).toEqual(['charge', 'payment']);
  });
});

describe('the monthly charge run', () => {
  const charges = async (homeId: string) =>
    (await db().select().from(ledgerEntries).where(eq(ledgerEntries.homeId, homeId)).orderBy(asc(ledgerEntries.seq))).filter((e) => e.kind === 'charge');

  it('bills each month that has fallen due, on the 1st, at the term in force, and nothing more when run again', async () => {
    const { homeId } = await insertTestHome(db(), { purchaseDate: '2026-01-15', monthlyPaymentCents: 2_354_00 });
    await db().insert(homeTerms).values({ homeId, fromMonth: 3, monthlyPaymentCents: 2_249_00 });
    await runCharges(db(), { today: '2026-03-31' });
    expect((await charges(homeId)).map((c) => [c.month, c.effectiveOn, c.amountCents])).toEqual([
      [1, '2026-02-01', 2_354_00],
      [2, '2026-03-01', 2_354_00],
    ]);
    await runCharges(db(), { today: '2026-03-31' });
    await runCharges(db(), { today: '2026-04-01' });
    expect((await charges(homeId)).map((c) => [c.month, c.effectiveOn, c.amountCents])).toEqual([
      [1, '2026-02-01', 2_354_00],
      [2, '2026-03-01', 2_354_00],
      [3, '2026-04-01', 2_249_00],
    ]);
    expect(await firstBroken(await ledgerOf(db(), homeId))).toBeNull();
  });

  it('bills a home once when two runs go at once, across batches', async () => {
    const made = await Promise.all(Array.from({ length: 7 }, () => insertTestHome(db(), { purchaseDate: '2025-10-20' })));
    const reports = await Promise.all([runCharges(db(), { today: '2026-01-05', batchSize: 3 }), runCharges(db(), { today: '2026-01-05', batchSize: 2 })]);
    for (const { homeId } of made) expect((await charges(homeId)).map((c) => c.month)).toEqual([1, 2, 3]);
    // Every home of this test is billed by one run or the other, never both (other tests' homes may be billed too).
    expect(reports[0]!.charges + reports[1]!.charges).toBeGreaterThanOrEqual(21);
  });

  it('refreshes the planner’s figures of the charges when it billed, so a new month is not taken for an empty one', async () => {
    const { homeId } = await insertTestHome(db(), { purchaseDate: '2026-07-10' });
    const one = async (query: SQL) => Number((await queryRows<{ n: number | string }>(db(), query))[0]!.n);
    const estimate = () => one(sql`select reltuples::bigint as n from pg_class where relname = 'ledger_charge_states'`);
    const rows = () => one(sql`select count(*) as n from ledger_charge_states`);
    const report = await runCharges(db(), { today: '2026-10-02' });
    expect(report.charges).toBeGreaterThan(0);
    expect((await charges(homeId)).map((c) => c.month)).toEqual([1, 2, 3]);
    // ANALYZE read the (small) table whole: the planner's row count is the table's.
    expect(await estimate()).toBe(await rows());
  });

  it('stops billing a closed home', async () => {
    const { homeId } = await insertTestHome(db(), { purchaseDate: '2026-01-15' });
    await db().update(homes).set({ state: 'closed', closedOn: '2026-01-31' }).where(eq(homes.id, homeId));
    await runCharges(db(), { today: '2026-06-01' });
    expect(await charges(homeId)).toEqual([]);
  });
});
