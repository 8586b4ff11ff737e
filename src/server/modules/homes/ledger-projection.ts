import { inArray, sql } from 'drizzle-orm';
import { allocateLedger, countingSeqs, type ChargeAllocation, type LedgerEntryContent } from '../../../domain/ledger';
import type { Executor } from '../../platform/db/client';
import { homeLedgerTotals, ledgerChargeStates, ledgerDayTotals } from '../../platform/db/schema';

/**
 * The ledger's projections (docs/decisions/024-ledger-projections.md): each counting charge's paid part
 * (ledger_charge_states), each home's sums (home_ledger_totals) and each day's sums across homes
 * (ledger_day_totals). Written here only, in the transaction that appends the entries they follow from
 * (src/server/modules/homes/ledger.ts and the charge run), with the home's row locked; so /admin/payments reads a
 * month instead of allocating every ledger of it. The ledger stays the record: `rebuildLedgerProjections`
 * recomputes all three from it, and `npm run ledger:verify` compares them with allocateLedger.
 */

/** allocateLedger's paid parts do not depend on the day; its states do, and are not stored. */
const ANY_DAY = '2000-01-01';

/** A day's sums (ledger_day_totals without its day), or their changes. */
export interface DayDelta {
  charges: number;
  chargedCents: number;
  paidCharges: number;
  paidCents: number;
  payments: number;
  receivedCents: number;
}

export const emptyDay = (): DayDelta => ({ charges: 0, chargedCents: 0, paidCharges: 0, paidCents: 0, payments: 0, receivedCents: 0 });

/**
 * The day totals' changes of a transaction, written by `flush` in one statement, days in ascending order.
 * A transaction that appends to several homes (a bank import) flushes once, after its last home: it never
 * waits for a home's lock while holding a day's row, so it cannot deadlock with the charge run.
 */
export class DayTotalsDelta {
  private readonly days = new Map<string, DayDelta>();

  private day(day: string): DayDelta {
    let delta = this.days.get(day);
    if (!delta) this.days.set(day, (delta = emptyDay()));
    return delta;
  }

  /** A charge starts (+1) or stops (−1) counting, with its paid part. */
  charge(charge: Pick<ChargeAllocation, 'dueOn' | 'amountCents' | 'paidCents'>, sign: 1 | -1): void {
    const delta = this.day(charge.dueOn);
    delta.charges += sign;
    delta.chargedCents += sign * charge.amountCents;
    delta.paidCents += sign * charge.paidCents;
    if (charge.paidCents === charge.amountCents) delta.paidCharges += sign;
  }

  /** A counting charge's paid part moves from `before` to `after`. */
  repaid(before: ChargeAllocation, after: ChargeAllocation): void {
    const delta = this.day(after.dueOn);
    delta.paidCents += after.paidCents - before.paidCents;
    delta.paidCharges += Number(after.paidCents === after.amountCents) - Number(before.paidCents === before.amountCents);
  }

  /** A payment starts (+1) or stops (−1) counting. */
  payment(day: string, amountCents: number, sign: 1 | -1): void {
    const delta = this.day(day);
    delta.payments += sign;
    delta.receivedCents += sign * amountCents;
  }

  get size(): number {
    return this.days.size;
  }

  async flush(tx: Executor): Promise<void> {
    const rows = [...this.days]
      .filter(([, d]) => d.charges || d.chargedCents || d.paidCharges || d.paidCents || d.payments || d.receivedCents)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([day, d]) => ({ day, ...d }));
    this.days.clear();
    if (rows.length === 0) return;
    const add = (column: string) => sql.raw(`"ledger_day_totals"."${column}" + excluded."${column}"`);
    await tx
      .insert(ledgerDayTotals)
      .values(rows)
      .onConflictDoUpdate({
        target: ledgerDayTotals.day,
        set: {
          charges: add('charges'),
          chargedCents: add('charged_cents'),
          paidCharges: add('paid_charges'),
          paidCents: add('paid_cents'),
          payments: add('payments'),
          receivedCents: add('received_cents'),
        },
      });
  }
}

type ChargeStateRow = typeof ledgerChargeStates.$inferInsert;

const stateRow = (homeId: string, charge: ChargeAllocation): ChargeStateRow => ({
  homeId,
  seq: charge.seq,
  month: charge.month,
  dueOn: charge.dueOn,
  amountCents: charge.amountCents,
  paidCents: charge.paidCents,
});

async function upsertStates(tx: Executor, rows: ChargeStateRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(ledgerChargeStates)
    .values(rows)
    .onConflictDoUpdate({ target: [ledgerChargeStates.homeId, ledgerChargeStates.seq], set: { paidCents: sql.raw('excluded."paid_cents"') } });
}

async function upsertTotals(tx: Executor, rows: (typeof homeLedgerTotals.$inferInsert)[]): Promise<void> {
  if (rows.length === 0) return;
  await tx
    .insert(homeLedgerTotals)
    .values(rows)
    .onConflictDoUpdate({
      target: homeLedgerTotals.homeId,
      set: { chargedCents: sql.raw('excluded."charged_cents"'), creditedCents: sql.raw('excluded."credited_cents"') },
    });
}

/** The payments that count among `entries`, by seq. */
function countingPayments(entries: readonly LedgerEntryContent[]): Map<number, LedgerEntryContent> {
  const counting = countingSeqs(entries);
  return new Map(entries.filter((entry) => entry.kind === 'payment' && counting.has(entry.seq)).map((entry) => [entry.seq, entry]));
}

/**
 * Follows `added` (just appended after `before`, the home's whole ledger until now) into the projections:
 * the charges whose paid part changed, those that start or stop counting, the home's sums; the days' sums
 * into `days` (flushed by the caller).
 */
export async function projectAppend(
  tx: Executor,
  homeId: string,
  before: readonly LedgerEntryContent[],
  added: readonly LedgerEntryContent[],
  days: DayTotalsDelta,
): Promise<void> {
  const after = [...before, ...added];
  const was = allocateLedger(before, ANY_DAY);
  const now = allocateLedger(after, ANY_DAY);

  const wasCharges = new Map(was.charges.map((charge) => [charge.seq, charge]));
  const nowSeqs = new Set(now.charges.map((charge) => charge.seq));
  const changed: ChargeStateRow[] = [];
  for (const charge of now.charges) {
    const previous = wasCharges.get(charge.seq);
    if (!previous) days.charge(charge, 1);
    else if (previous.paidCents !== charge.paidCents) days.repaid(previous, charge);
    else continue;
    changed.push(stateRow(homeId, charge));
  }
  const dropped = was.charges.filter((charge) => !nowSeqs.has(charge.seq));
  for (const charge of dropped) days.charge(charge, -1);

  const wasPayments = countingPayments(before);
  const nowPayments = countingPayments(after);
  for (const [seq, payment] of nowPayments) if (!wasPayments.has(seq)) days.payment(payment.effectiveOn, payment.amountCents, 1);
  for (const [seq, payment] of wasPayments) if (!nowPayments.has(seq)) days.payment(payment.effectiveOn, payment.amountCents, -1);

  if (dropped.length > 0) {
    await tx.delete(ledgerChargeStates).where(
      sql`${ledgerChargeStates.homeId} = ${homeId} and ${inArray(
        ledgerChargeStates.seq,
        dropped.map((charge) => charge.seq),
      )}`,
    );
  }
  await upsertStates(tx, changed);
  // The home's charged sum includes its late fees: what a new charge's paid part follows from (the credit left after both).
  await upsertTotals(tx, [{ homeId, chargedCents: now.chargedCents + now.feeCents, creditedCents: now.creditedCents }]);
}

/**
 * The charge run's new charges (each home's in month order, every one after the home's last charge), for
 * homes the caller has locked: a new charge is the last in allocation order, so it takes what the home's
 * credit leaves after every earlier charge and late fee, and no earlier charge changes. (A late fee is dated the
 * day after its deadline, on or before today, and the fee job bills due charges before it makes fees: a charge
 * billed later is due after every fee already made — src/server/modules/homes/fees.ts.)
 */
export async function projectNewCharges(
  tx: Executor,
  charges: readonly Pick<LedgerEntryContent, 'homeId' | 'seq' | 'month' | 'effectiveOn' | 'amountCents'>[],
  days: DayTotalsDelta,
): Promise<void> {
  if (charges.length === 0) return;
  const homeIds = [...new Set(charges.map((charge) => charge.homeId))];
  const totals = new Map((await tx.select().from(homeLedgerTotals).where(inArray(homeLedgerTotals.homeId, homeIds))).map((row) => [row.homeId, { ...row }]));
  const states: ChargeStateRow[] = [];
  for (const charge of charges) {
    let home = totals.get(charge.homeId);
    if (!home) totals.set(charge.homeId, (home = { homeId: charge.homeId, chargedCents: 0, creditedCents: 0 }));
    const paidCents = Math.min(charge.amountCents, Math.max(0, Math.max(0, home.creditedCents) - home.chargedCents));
    home.chargedCents += charge.amountCents;
    const allocation: ChargeAllocation = {
      seq: charge.seq,
      month: charge.month!,
      dueOn: charge.effectiveOn,
      amountCents: charge.amountCents,
      paidCents,
      state: 'due',
    };
    days.charge(allocation, 1);
    states.push(stateRow(charge.homeId, allocation));
  }
  for (let start = 0; start < states.length; start += STATE_CHUNK) await tx.insert(ledgerChargeStates).values(states.slice(start, start + STATE_CHUNK));
  const touched = homeIds.map((id) => totals.get(id)!);
  for (let start = 0; start < touched.length; start += STATE_CHUNK) await upsertTotals(tx, touched.slice(start, start + STATE_CHUNK));
}

/** Rows per statement: far below PostgreSQL's 65,535 parameters. */
const STATE_CHUNK = 5_000;

/**
 * The projections recomputed from the ledger: the same statements as migration 0015's backfill. An entry counts
 * unless a reversal that counts names it; staff cannot reverse a reversal (src/server/modules/homes/payments.ts), so two
 * levels are every chain the routes can write. A charge's paid part: the home's credit (≥ 0) less the charges
 * and late fees before it (allocationOrder: due date, a charge before a fee, month, seq), between 0 and its amount.
 */
export const REBUILD_STATEMENTS = [
  `INSERT INTO "home_ledger_totals" ("home_id", "charged_cents", "credited_cents")
SELECT e."home_id",
  coalesce(sum(e."amount_cents") FILTER (WHERE e."kind" IN ('charge', 'fee')), 0),
  coalesce(sum(CASE e."kind" WHEN 'payment' THEN e."amount_cents" WHEN 'refund' THEN -e."amount_cents" ELSE 0 END), 0)
FROM "ledger_entries" e
WHERE NOT EXISTS (
  SELECT 1 FROM "ledger_entries" r
  WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
    AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
)
GROUP BY e."home_id"`,
  `INSERT INTO "ledger_charge_states" ("home_id", "seq", "month", "due_on", "amount_cents", "paid_cents")
SELECT c."home_id", c."seq", c."month", c."effective_on", c."amount_cents",
  least(c."amount_cents", greatest(0, greatest(0, t."credited_cents") - c."before"))
FROM (
  SELECT e."home_id", e."seq", e."kind", e."month", e."effective_on", e."amount_cents",
    coalesce(sum(e."amount_cents") OVER (PARTITION BY e."home_id" ORDER BY e."effective_on", (e."kind" = 'fee'), e."month", e."seq" ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS "before"
  FROM "ledger_entries" e
  WHERE e."kind" IN ('charge', 'fee') AND NOT EXISTS (
    SELECT 1 FROM "ledger_entries" r
    WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
      AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
  )
) c
JOIN "home_ledger_totals" t ON t."home_id" = c."home_id"
WHERE c."kind" = 'charge'`,
  `INSERT INTO "ledger_day_totals" ("day", "charges", "charged_cents", "paid_charges", "paid_cents")
SELECT "due_on", count(*), sum("amount_cents"), count(*) FILTER (WHERE "paid_cents" = "amount_cents"), sum("paid_cents")
FROM "ledger_charge_states"
GROUP BY "due_on"`,
  `INSERT INTO "ledger_day_totals" ("day", "payments", "received_cents")
SELECT e."effective_on", count(*), sum(e."amount_cents")
FROM "ledger_entries" e
WHERE e."kind" = 'payment' AND NOT EXISTS (
  SELECT 1 FROM "ledger_entries" r
  WHERE r."kind" = 'reversal' AND r."home_id" = e."home_id" AND r."reverses_seq" = e."seq"
    AND NOT EXISTS (SELECT 1 FROM "ledger_entries" r2 WHERE r2."kind" = 'reversal' AND r2."home_id" = r."home_id" AND r2."reverses_seq" = r."seq")
)
GROUP BY e."effective_on"
ON CONFLICT ("day") DO UPDATE SET "payments" = excluded."payments", "received_cents" = excluded."received_cents"`,
] as const;

/**
 * Recomputes every projection from the ledger, in `tx` (a transaction: the ledger is locked against appends
 * meanwhile). The benchmark's generator, which writes ledger rows directly, and the tests use it.
 */
export async function rebuildLedgerProjections(tx: Executor): Promise<void> {
  // The serving role may not lock the table itself (migration 0020): the owner's function does.
  await tx.execute(sql`select lock_ledger_against_appends()`);
  await tx.execute(sql`delete from ${ledgerDayTotals}`);
  await tx.execute(sql`delete from ${ledgerChargeStates}`);
  await tx.execute(sql`delete from ${homeLedgerTotals}`);
  for (const statement of REBUILD_STATEMENTS) await tx.execute(sql.raw(statement));
}
