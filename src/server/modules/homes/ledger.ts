import { createHash } from 'node:crypto';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PaymentSource } from '../../../domain/homes/states';
import { entryHash, GENESIS_HASH, type LedgerEntry, type LedgerEntryContent, type LedgerKind, type Sha256Hex } from '../../../domain/ledger';
import { type Executor, queryRows } from '../../platform/db/client';
import { homes, ledgerEntries } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { DayTotalsDelta, projectAppend } from './ledger-projection';

/**
 * The one way an entry enters a home's ledger (docs/decisions/022-homes-and-ledger.md):
 * in the caller's transaction, with the home's row locked, numbered after the
 * home's last entry and chained to its hash. Nothing here — or anywhere — updates
 * or deletes an entry: the database refuses it (migration 0014).
 */

export interface NewLedgerEntry {
  kind: LedgerKind;
  amountCents: number;
  month?: number | null;
  effectiveOn: string;
  reference?: string | null;
  reversesSeq?: number | null;
  note?: string | null;
  source?: PaymentSource | null;
}

export type StoredLedgerEntry = typeof ledgerEntries.$inferSelect;

/** node:crypto's SHA-256: the same hashes as the browser's Web Crypto, synchronously and faster (the charge run hashes 100,000 entries). */
export const nodeSha256Hex: Sha256Hex = (text) => createHash('sha256').update(text, 'utf8').digest('hex');

/** A stored row as the chain's code reads it (src/domain/ledger): its hashed fields, the instant as ISO text. */
export function chainEntryOf(row: StoredLedgerEntry): LedgerEntry {
  return { ...row, recordedAt: row.recordedAt.toISOString() };
}

/** The chain's end: the last entry's seq and hash (0 and the genesis hash for an empty ledger). */
export interface ChainHead {
  seq: number;
  hash: string;
}

/** Locks `homeId`'s row for the rest of the transaction; answers its state, or 404. */
export async function lockHome(tx: Executor, homeId: string): Promise<{ state: string; purchaseDate: string }> {
  const [home] = await tx.select({ state: homes.state, purchaseDate: homes.purchaseDate }).from(homes).where(eq(homes.id, homeId)).for('update');
  if (!home) throw new AppError(404, 'not_found', 'We could not find that home.');
  return home;
}

/** The rows of `entries` after `head`, each hashed over the one before: what the chain's next rows will be. */
export async function chainEntries(
  homeId: string,
  head: ChainHead,
  entries: readonly NewLedgerEntry[],
  recordedBy: string | null,
  recordedAt = new Date(),
): Promise<StoredLedgerEntry[]> {
  const rows: StoredLedgerEntry[] = [];
  let previous = head;
  for (const entry of entries) {
    const content: LedgerEntryContent = {
      homeId,
      seq: previous.seq + 1,
      kind: entry.kind,
      amountCents: entry.amountCents,
      month: entry.month ?? null,
      effectiveOn: entry.effectiveOn,
      reference: entry.reference ?? null,
      reversesSeq: entry.reversesSeq ?? null,
      note: entry.note ?? null,
      source: entry.source ?? null,
      recordedBy,
      recordedAt: recordedAt.toISOString(),
      prevHash: previous.hash,
    };
    const hash = await entryHash(content, nodeSha256Hex);
    rows.push({ ...content, recordedAt, hash });
    previous = { seq: content.seq, hash };
  }
  return rows;
}

/**
 * Appends `entries` to `homeId`'s ledger, in order, inside `tx` (a transaction the
 * caller holds, so the entries and the change's audit entry commit together).
 * Locks the home first, so concurrent writers to one home queue instead of forking.
 * The projections follow in the same transaction (src/server/modules/homes/ledger-projection.ts):
 * the day totals at once, or into `options.days` when the caller appends to several homes
 * and flushes after the last (a bank import).
 */
export async function appendLedgerEntries(
  tx: Executor,
  homeId: string,
  entries: readonly NewLedgerEntry[],
  recordedBy: string | null,
  options: { days?: DayTotalsDelta } = {},
): Promise<StoredLedgerEntry[]> {
  if (entries.length === 0) return [];
  await lockHome(tx, homeId);
  const before = await ledgerOf(tx, homeId);
  const last = before.at(-1);
  const rows = await chainEntries(homeId, last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS_HASH }, entries, recordedBy);
  await tx.insert(ledgerEntries).values(rows);
  const days = options.days ?? new DayTotalsDelta();
  await projectAppend(tx, homeId, before.map(chainEntryOf), rows.map(chainEntryOf), days);
  if (!options.days) await days.flush(tx);
  return rows;
}

/** A home's whole ledger, oldest first (what the homeowner downloads and `ledger:verify` checks). */
export async function ledgerOf(db: Executor, homeId: string): Promise<StoredLedgerEntry[]> {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, homeId)).orderBy(asc(ledgerEntries.seq));
}

/** The highest month charged so far for each of `homeIds` (absent: none yet). */
export async function lastChargedMonths(db: Executor, homeIds: readonly string[]): Promise<Map<string, number>> {
  if (homeIds.length === 0) return new Map();
  // One probe per home down the unique (home, month) index of charges, not every charge of every home: the
  // charge run asks this for 500 homes of ten years' ledgers at a time (bench/homes.ts).
  const rows = await queryRows<{ home_id: string; month: number }>(
    db,
    sql`SELECT ${homes.id} AS home_id, last.month AS month FROM ${homes}
        CROSS JOIN LATERAL (
          SELECT ${ledgerEntries.month} AS month FROM ${ledgerEntries}
          WHERE ${ledgerEntries.homeId} = ${homes.id} AND ${ledgerEntries.kind} = 'charge'
          ORDER BY ${ledgerEntries.month} DESC LIMIT 1
        ) last
        WHERE ${inArray(homes.id, [...homeIds])}`,
  );
  return new Map(rows.map((row) => [row.home_id, Number(row.month)]));
}

/** The chain heads of `homeIds` at once (absent: empty ledger): one probe per home down the (home, seq) key. */
export async function chainHeads(db: Executor, homeIds: readonly string[]): Promise<Map<string, ChainHead>> {
  if (homeIds.length === 0) return new Map();
  const rows = await queryRows<{ home_id: string; seq: number; hash: string }>(
    db,
    sql`SELECT ${homes.id} AS home_id, head.seq AS seq, head.hash AS hash FROM ${homes}
        CROSS JOIN LATERAL (
          SELECT ${ledgerEntries.seq} AS seq, ${ledgerEntries.hash} AS hash FROM ${ledgerEntries}
          WHERE ${ledgerEntries.homeId} = ${homes.id}
          ORDER BY ${ledgerEntries.seq} DESC LIMIT 1
        ) head
        WHERE ${inArray(homes.id, [...homeIds])}`,
  );
  return new Map(rows.map((row) => [row.home_id, { seq: Number(row.seq), hash: row.hash }]));
}
