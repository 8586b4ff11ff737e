import { asc, eq, gt, inArray } from 'drizzle-orm';
import { CHAIN_BREAK_TEXT, verifyChain } from '../../domain/ledger';
import type { Executor } from '../applications/repository';
import { homes, ledgerEntries } from '../db/schema';
import { chainEntryOf, nodeSha256Hex, type StoredLedgerEntry } from './ledger';

/**
 * Checks homes' hash chains with the domain's verifyChain (docs/decisions/022-homes-and-ledger.md):
 * `npm run ledger:verify` and the back office's Verify buttons run this. Streamed home by
 * home — a batch of homes in id order, then their entries — so memory holds one batch,
 * whatever the number of homes.
 */

export interface BrokenChain {
  homeId: string;
  address: string;
  /** The first entry that fails (its position in the chain, counting from 1). */
  seq: number;
  reason: string;
  /** 'Entry 7 does not match its recorded hash; …' */
  message: string;
}

export interface VerifyReport {
  homes: number;
  entries: number;
  broken: BrokenChain[];
}

export interface VerifyOptions {
  /** Only this home. */
  homeId?: string;
  /** Homes per batch. */
  batchSize?: number;
  /** Called after each batch with the running totals (the CLI's progress line). */
  onBatch?: (report: VerifyReport) => void;
  /** Called for each broken home as it is found. */
  onBroken?: (broken: BrokenChain) => void;
}

export async function verifyLedgers(db: Executor, options: VerifyOptions = {}): Promise<VerifyReport> {
  const batchSize = options.batchSize ?? 500;
  const report: VerifyReport = { homes: 0, entries: 0, broken: [] };
  let after: string | null = null;
  for (;;) {
    const condition = options.homeId ? eq(homes.id, options.homeId) : after ? gt(homes.id, after) : undefined;
    const batch: { id: string; address: string }[] = await db
      .select({ id: homes.id, address: homes.address })
      .from(homes)
      .where(condition)
      .orderBy(asc(homes.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    const rows = await db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.homeId,
          batch.map((home) => home.id),
        ),
      )
      .orderBy(asc(ledgerEntries.homeId), asc(ledgerEntries.seq));
    const byHome = new Map<string, StoredLedgerEntry[]>();
    for (const row of rows) {
      const list = byHome.get(row.homeId);
      if (list) list.push(row);
      else byHome.set(row.homeId, [row]);
    }
    for (const home of batch) {
      const entries = byHome.get(home.id) ?? [];
      report.homes += 1;
      report.entries += entries.length;
      const verdict = await verifyChain(entries.map(chainEntryOf), nodeSha256Hex);
      if (!verdict.ok) {
        const broken = {
          homeId: home.id,
          address: home.address,
          seq: verdict.firstBrokenSeq,
          reason: verdict.reason,
          message: `Entry ${verdict.firstBrokenSeq} ${CHAIN_BREAK_TEXT[verdict.reason]}.`,
        };
        report.broken.push(broken);
        options.onBroken?.(broken);
      }
    }
    options.onBatch?.(report);
    if (options.homeId || batch.length < batchSize) break;
    after = batch[batch.length - 1]!.id;
  }
  return report;
}
