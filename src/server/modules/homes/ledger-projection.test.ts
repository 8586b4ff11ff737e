import { readFileSync } from 'node:fs';
import { asc, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../domain/ledger';
import { runLedgerVerify } from '../../cli/ledger-verify';
import type { Database } from '../../platform/db/client';
import { homeLedgerTotals, ledgerChargeStates, ledgerDayTotals } from '../../platform/db/schema';
import { createTestDatabase, type TestDatabase } from '../../test/harness';
import { insertTestHome } from '../../test/home-fixtures';
import { runCharges } from './charges';
import { runLateFees } from './fees';
import { appendLedgerEntries, ledgerOf, type NewLedgerEntry } from './ledger';
import { DayTotalsDelta, REBUILD_STATEMENTS, rebuildLedgerProjections } from './ledger-projection';
import { verifyLedgers } from './verify-ledgers';

/**
 * The ledger's projections (docs/decisions/024-ledger-projections.md) follow every way an entry is written —
 * one entry, several at once, a bank import across homes, the charge run — and always equal what
 * allocateLedger says of the chains (checked by verifyLedgers) and what a rebuild from the ledger gives.
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

async function projections() {
  const [states, totals, days] = await Promise.all([
    db().select().from(ledgerChargeStates).orderBy(asc(ledgerChargeStates.homeId), asc(ledgerChargeStates.seq)),
    db().select().from(homeLedgerTotals).orderBy(asc(homeLedgerTotals.homeId)),
    db().select().from(ledgerDayTotals).orderBy(asc(ledgerDayTotals.day)),
  ]);
  // A day whose every sum went back to zero is as good as no row (a rebuild writes none).
  return { states, totals, days: days.filter((d) => d.charges || d.chargedCents || d.paidCharges || d.paidCents || d.payments || d.receivedCents) };
}

async function problems(): Promise<string[]> {
  return (await verifyLedgers(db(), { projections: true })).projectionProblems;
}

type Step =
  | { op: 'charges'; days: number }
  | { op: 'fees'; days: number }
  | { op: 'payment'; home: number; cents: number; day: number }
  | { op: 'refund'; home: number; cents: number; day: number }
  | { op: 'payout'; home: number; cents: number }
  | { op: 'reverse'; home: number; pick: number }
  | { op: 'import'; payments: { home: number; cents: number; day: number }[] };

const cents = fc.integer({ min: 1, max: 400_000 });
const home = fc.integer({ min: 0, max: 2 });
const day = fc.integer({ min: 0, max: 400 });
const steps: fc.Arbitrary<Step[]> = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('charges' as const), days: fc.integer({ min: 1, max: 70 }) }),
    // The fee job (fees.ts): the due charges, then a late fee for each charge unpaid past its grace.
    fc.record({ op: fc.constant('fees' as const), days: fc.integer({ min: 1, max: 40 }) }),
    fc.record({ op: fc.constant('payment' as const), home, cents, day }),
    fc.record({ op: fc.constant('refund' as const), home, cents, day }),
    fc.record({ op: fc.constant('payout' as const), home, cents }),
    fc.record({ op: fc.constant('reverse' as const), home, pick: fc.nat() }),
    fc.record({ op: fc.constant('import' as const), payments: fc.array(fc.record({ home, cents, day }), { minLength: 1, maxLength: 4 }) }),
  ),
  { minLength: 1, maxLength: 14 },
);

const PURCHASE = '2025-01-15';

async function apply(homeIds: string[], step: Step, clock: { today: string }): Promise<void> {
  const on = (offset: number) => addDays(PURCHASE, offset);
  switch (step.op) {
    case 'charges':
      clock.today = addDays(clock.today, step.days);
      await runCharges(db(), { today: clock.today, batchSize: 2 });
      return;
    case 'fees':
      clock.today = addDays(clock.today, step.days);
      await runLateFees(db(), { today: clock.today, chargesToday: clock.today, catchUpDays: 1_000 });
      return;
    case 'payment':
      await db().transaction((tx) =>
        appendLedgerEntries(tx, homeIds[step.home]!, [{ kind: 'payment', amountCents: step.cents, effectiveOn: on(step.day), source: 'staff' }], null),
      );
      return;
    case 'refund':
      await db().transaction((tx) =>
        appendLedgerEntries(tx, homeIds[step.home]!, [{ kind: 'refund', amountCents: step.cents, effectiveOn: on(step.day) }], null),
      );
      return;
    case 'payout':
      await db().transaction((tx) =>
        appendLedgerEntries(tx, homeIds[step.home]!, [{ kind: 'payout', amountCents: step.cents, effectiveOn: clock.today }], null),
      );
      return;
    case 'reverse': {
      // What staff can reverse: an entry that is not a reversal and not reversed yet.
      const entries = await ledgerOf(db(), homeIds[step.home]!);
      const reversed = new Set(entries.map((e) => e.reversesSeq));
      const candidates = entries.filter((e) => e.kind !== 'reversal' && !reversed.has(e.seq));
      if (candidates.length === 0) return;
      const target = candidates[step.pick % candidates.length]!;
      await db().transaction((tx) =>
        appendLedgerEntries(
          tx,
          homeIds[step.home]!,
          [{ kind: 'reversal', amountCents: target.amountCents, effectiveOn: clock.today, reversesSeq: target.seq, note: 'Test' }],
          null,
        ),
      );
      return;
    }
    case 'import': {
      // As importBankCsv: homes in id order, the day totals once after the last.
      await db().transaction(async (tx) => {
        const days = new DayTotalsDelta();
        const byHome = new Map<string, NewLedgerEntry[]>();
        for (const p of step.payments) {
          const id = homeIds[p.home]!;
          byHome.set(id, [...(byHome.get(id) ?? []), { kind: 'payment', amountCents: p.cents, effectiveOn: on(p.day), source: 'bank_csv' }]);
        }
        for (const id of [...byHome.keys()].sort()) await appendLedgerEntries(tx, id, byHome.get(id)!, null, { days });
        await days.flush(tx);
      });
      return;
    }
  }
}

describe('the ledger’s projections', () => {
  it('equal what allocateLedger says of every chain, and what a rebuild from the ledger gives, whatever is written', async () => {
    await fc.assert(
      fc.asyncProperty(steps, async (run) => {
        const homeIds = [];
        for (let i = 0; i < 3; i += 1) homeIds.push((await insertTestHome(db(), { purchaseDate: PURCHASE, monthlyPaymentCents: 150_000 + i * 25_000 })).homeId);
        const clock = { today: '2025-02-01' };
        for (const step of run) await apply(homeIds, step, clock);
        expect(await problems()).toEqual([]);
        const kept = await projections();
        await db().transaction((tx) => rebuildLedgerProjections(tx));
        expect(await projections()).toEqual(kept);
      }),
      { numRuns: 8 },
    );
  }, 240_000);

  it('are rebuilt by the latest migration that changed them (0021, late fees) with the rebuild’s own statements, verbatim', () => {
    const migration = readFileSync(new URL('../../platform/db/migrations/0021_late_fees.sql', import.meta.url), 'utf8');
    for (const statement of REBUILD_STATEMENTS) expect(migration).toContain(`${statement};`);
  });

  it('are named by ledger:verify when they differ from the ledger, with exit code 1', async () => {
    const { homeId } = await insertTestHome(db(), { purchaseDate: PURCHASE });
    await runCharges(db(), { today: '2025-04-20' });
    await db().transaction((tx) =>
      appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 100_00, effectiveOn: '2025-02-16', source: 'staff' }], null),
    );
    const lines: string[] = [];
    expect(await runLedgerVerify(db(), (line) => lines.push(line))).toBe(0);
    expect(lines).toContain('The payments projections match the ledgers.');

    // A charge's paid part, then a day's sum, changed behind the ledger's back.
    await db().execute(sql`update ledger_charge_states set paid_cents = amount_cents where home_id = ${homeId} and seq = 1`);
    await db().execute(sql`update ledger_day_totals set received_cents = received_cents + 1 where day = '2025-02-16'`);
    lines.length = 0;
    expect(await runLedgerVerify(db(), (line) => lines.push(line))).toBe(1);
    expect(lines).toContain(`PROJECTION Home ${homeId}: its charges' paid parts differ from its ledger.`);
    expect(lines).toContain('PROJECTION Day 2025-02-16: the totals differ from the ledgers.');
    expect(lines).toContain('Every chain is intact.');

    await db().transaction((tx) => rebuildLedgerProjections(tx));
    expect(await problems()).toEqual([]);
  });

  it('let the charge run and a bank import across its homes go at once without a deadlock', async () => {
    const homeIds: string[] = [];
    for (let i = 0; i < 8; i += 1) homeIds.push((await insertTestHome(db(), { purchaseDate: '2024-06-15' })).homeId);
    const imports = Array.from({ length: 4 }, (_, round) =>
      db().transaction(async (tx) => {
        const days = new DayTotalsDelta();
        for (const id of [...homeIds]
          .sort()
          .reverse()
          .slice(round, round + 5)
          .sort()) {
          await appendLedgerEntries(tx, id, [{ kind: 'payment', amountCents: 500_00, effectiveOn: '2024-07-20', source: 'bank_csv' }], null, { days });
        }
        await days.flush(tx);
      }),
    );
    const [charges] = await Promise.all([
      runCharges(db(), { today: '2024-12-20', batchSize: 3 }),
      runCharges(db(), { today: '2024-12-20', batchSize: 2 }),
      ...imports,
    ]);
    expect(charges.charges).toBeGreaterThan(0);
    expect(await problems()).toEqual([]);
  });
});
