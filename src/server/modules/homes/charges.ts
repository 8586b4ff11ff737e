import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerToday } from '../../../domain/homes/dates';
import { chargeDueOn, GENESIS_HASH, monthsDueBy } from '../../../domain/ledger';
import type { Db } from '../../platform/db/client';
import { homes, homeTerms, ledgerEntries } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/lib/logger';
import { chainEntries, chainHeads, lastChargedMonths, type StoredLedgerEntry } from './ledger';
import { DayTotalsDelta, projectNewCharges } from './ledger-projection';

/**
 * The monthly charges (docs/decisions/022-homes-and-ledger.md 'Charges and statements
 * on the job runner'): every active home is billed each agreement month that has
 * fallen due and is not billed yet, at the monthly payment of the term in force
 * (calculators.md: `round(100 · S(k))` cents — S is kept in cents already). Safe to
 * run at any time, twice, or on several instances at once: a batch locks its homes
 * (in id order, so two runs queue rather than deadlock), reads what is billed only
 * after the lock, and the database refuses a second charge for a home and month.
 */

export const chargeRunJob = jobKind('homes:charges', z.object({}), { maxAttempts: 3 });

const HOUR = 60 * 60_000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';
/** Rows per insert statement: far below PostgreSQL's 65,535 parameters at 14 columns a row. */
const INSERT_CHUNK = 2_000;

export interface ChargeRunReport {
  homes: number;
  charges: number;
}

/** The monthly payment in cents of `month` under `terms` (the last term starting at or before it). */
export function paymentCentsFor(terms: readonly { fromMonth: number; monthlyPaymentCents: number }[], month: number): number {
  let current: number | undefined;
  for (const term of terms) if (term.fromMonth <= month && (current === undefined || term.fromMonth >= current)) current = term.fromMonth;
  const term = terms.find((t) => t.fromMonth === current);
  if (!term) throw new Error(`no term in force in month ${month}`);
  return term.monthlyPaymentCents;
}

/** Bills every active home up to `today` (YYYY-MM-DD, the ledger's calendar), `batchSize` homes a transaction. */
export async function runCharges(db: Db, { today = ledgerToday(), batchSize = 500 }: { today?: string; batchSize?: number } = {}): Promise<ChargeRunReport> {
  const report: ChargeRunReport = { homes: 0, charges: 0 };
  let cursor = NIL_UUID;
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      const locked = await tx
        .select({ id: homes.id, purchaseDate: homes.purchaseDate })
        .from(homes)
        .where(and(eq(homes.state, 'active'), eq(homes.agreementState, 'in_force'), gt(homes.id, cursor)))
        .orderBy(asc(homes.id))
        .limit(batchSize)
        .for('update');
      if (locked.length === 0) return { last: null, charges: 0, homes: 0 };
      const ids = locked.map((home) => home.id);
      // One after another: a transaction is one connection, which runs one query at a time (pg deprecates queuing them).
      const billed = await lastChargedMonths(tx, ids);
      const heads = await chainHeads(tx, ids);
      const terms = await tx.select().from(homeTerms).where(inArray(homeTerms.homeId, ids));
      const rows: StoredLedgerEntry[] = [];
      const recordedAt = new Date();
      for (const home of locked) {
        const due = monthsDueBy(home.purchaseDate, today);
        const from = (billed.get(home.id) ?? 0) + 1;
        if (from > due) continue;
        const homeTermsList = terms.filter((term) => term.homeId === home.id);
        const entries = [];
        for (let month = from; month <= due; month += 1) {
          entries.push({
            kind: 'charge' as const,
            amountCents: paymentCentsFor(homeTermsList, month),
            month,
            effectiveOn: chargeDueOn(home.purchaseDate, month),
          });
        }
        rows.push(...(await chainEntries(home.id, heads.get(home.id) ?? { seq: 0, hash: GENESIS_HASH }, entries, null, recordedAt)));
      }
      for (let start = 0; start < rows.length; start += INSERT_CHUNK) await tx.insert(ledgerEntries).values(rows.slice(start, start + INSERT_CHUNK));
      const days = new DayTotalsDelta();
      await projectNewCharges(tx, rows, days);
      await days.flush(tx);
      return { last: ids[ids.length - 1]!, charges: rows.length, homes: new Set(rows.map((row) => row.homeId)).size };
    });
    report.charges += batch.charges;
    report.homes += batch.homes;
    if (!batch.last) break;
    cursor = batch.last;
  }
  if (report.charges > 0) await refreshChargeStatistics(db);
  return report;
}

/**
 * A run writes a whole new month of charges at once, past the end of what the planner's statistics know; autovacuum
 * re-analyzes a table only after a tenth of it has changed (a year of months here). With stale figures the planner
 * expects one charge in the new month and sorts all of them for /admin/payments page 1 (1.6 s for 100,000 homes
 * instead of 2 ms, bench/homes.ts). ANALYZE samples the table (≈ 0.3 s for 12 million rows) and takes no lock that
 * blocks reads or writes.
 */
async function refreshChargeStatistics(db: Db): Promise<void> {
  // ANALYZE is the owner's right: the owner's function runs it for the serving role (migration 0020).
  await db.execute(sql`select analyze_ledger_charge_states()`);
}

/** Registers the hourly charge run: a month falls due at midnight in the ledger's time zone and is billed within the hour. */
export function registerChargeRun(runner: JobRunner, { db, logger }: { db: Db; logger: Logger }): void {
  runner
    .register(chargeRunJob, async () => {
      const report = await runCharges(db);
      if (report.charges > 0) logger.info({ charges: report }, 'homes: monthly charges billed');
    })
    .every(chargeRunJob, HOUR, { firstAfterMs: 60_000 });
}
