import { asc, eq, gt, inArray } from 'drizzle-orm';
import { allocateLedger, CHAIN_BREAK_TEXT, countingSeqs, GENESIS_HASH, verifyChain, type LedgerEntry } from '../../../domain/ledger';
import { homeLedgerTotals, homes, homeStatements, ledgerChargeStates, ledgerCheckpointHeads, ledgerDayTotals, ledgerEntries } from '../../platform/db/schema';
import type { LedgerKey } from '../../platform/lib/ledger-key';
import { chainEntryOf, nodeSha256Hex, type StoredLedgerEntry } from './ledger';
import { verifyCheckpoints } from './ledger-checkpoints';
import { emptyDay, type DayDelta } from './ledger-projection';
import { type Executor, readAll } from '../../platform/db/client';

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
  /**
   * verifyChain's reason, or 'statement' / 'checkpoint': the chain holds together but is not the one a statement
   * printed, or a signed daily checkpoint recorded.
   */
  reason: string;
  /** 'Entry 7 does not match its recorded hash; …' */
  message: string;
}

export interface VerifyReport {
  homes: number;
  entries: number;
  broken: BrokenChain[];
  /** With `projections`: where the ledger's projections differ from what the ledger says (docs/decisions/024-ledger-projections.md). */
  projectionProblems: string[];
  /** With `checkpoints`: what is wrong with the signed daily checkpoints themselves (ledger-checkpoints.ts). */
  checkpointProblems: string[];
  /** With `checkpoints`: how many there are. */
  checkpoints: number;
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
  /** Also compare the projections with allocateLedger over each chain (and, over every home, the day totals). */
  projections?: boolean;
  /** Called after each batch with each home's verdict, and awaited (the daily check records them: ledger-checks.ts). */
  onChecked?: (homes: HomeVerdict[]) => Promise<void>;
  /**
   * Also check the signed checkpoints (their digests, their chain, their signatures) with this key; undefined: the
   * key is not known here, which is reported when there are checkpoints.
   */
  checkpoints?: { key: LedgerKey | undefined };
}

/** One home's verdict: its head (the last entry and its hash; seq 0 and the genesis hash when empty) and what fails. */
export interface HomeVerdict {
  homeId: string;
  head: { seq: number; hash: string };
  broken?: BrokenChain;
  /** With `projections`: where its projections differ from its ledger. */
  projectionProblem?: string;
}

export async function verifyLedgers(db: Executor, options: VerifyOptions = {}): Promise<VerifyReport> {
  const batchSize = options.batchSize ?? 500;
  const report: VerifyReport = { homes: 0, entries: 0, broken: [], projectionProblems: [], checkpointProblems: [], checkpoints: 0 };
  const expectedDays = new Map<string, DayTotals>();
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
    const rows: StoredLedgerEntry[] = await db
      .select()
      .from(ledgerEntries)
      .where(
        inArray(
          ledgerEntries.homeId,
          batch.map((home) => home.id),
        ),
      )
      .orderBy(asc(ledgerEntries.homeId), asc(ledgerEntries.seq));
    const byHome = groupByHome(rows);
    const anchors = await statementAnchors(
      db,
      batch.map((home) => home.id),
    );
    const stored = options.projections
      ? await storedProjections(
          db,
          batch.map((home) => home.id),
        )
      : undefined;
    const verdicts: HomeVerdict[] = [];
    for (const home of batch) {
      const entries = byHome.get(home.id) ?? [];
      const projectionProblems = stored ? compareHome(home.id, entries.map(chainEntryOf), stored, expectedDays) : [];
      report.projectionProblems.push(...projectionProblems);
      report.homes += 1;
      report.entries += entries.length;
      const verdict = await verifyChain(entries.map(chainEntryOf), nodeSha256Hex);
      const unanchored = verdict.ok ? firstUnanchored(entries, anchors.get(home.id) ?? []) : undefined;
      const fault = !verdict.ok
        ? { seq: verdict.firstBrokenSeq, reason: verdict.reason as string, message: `Entry ${verdict.firstBrokenSeq} ${CHAIN_BREAK_TEXT[verdict.reason]}.` }
        : unanchored && {
            seq: unanchored.headSeq,
            reason: 'statement',
            message: unanchored.period.startsWith('checkpoint')
              ? `Entry ${unanchored.headSeq} is not the one the signed ${unanchored.period} recorded (head hash ${unanchored.headHash.slice(0, 16)}…): the chain was rewritten after that checkpoint.`
              : `Entry ${unanchored.headSeq} is not the one the ${unanchored.period} statement printed (head hash ${unanchored.headHash.slice(0, 16)}…): the chain was rewritten after that statement.`,
          };
      const last = entries.at(-1);
      const result: HomeVerdict = { homeId: home.id, head: last ? { seq: last.seq, hash: last.hash } : { seq: 0, hash: GENESIS_HASH } };
      if (projectionProblems.length > 0) result.projectionProblem = projectionProblems.join(' ');
      if (fault) {
        const broken: BrokenChain = { homeId: home.id, address: home.address, ...fault };
        result.broken = broken;
        report.broken.push(broken);
        options.onBroken?.(broken);
      }
      verdicts.push(result);
    }
    await options.onChecked?.(verdicts);
    options.onBatch?.(report);
    if (options.homeId || batch.length < batchSize) break;
    after = batch[batch.length - 1]!.id;
  }
  if (options.projections && !options.homeId) await compareDays(db, expectedDays, report.projectionProblems);
  if (options.checkpoints) {
    const checked = await verifyCheckpoints(db, options.checkpoints.key, options.homeId);
    report.checkpoints = checked.checkpoints;
    report.checkpointProblems = checked.problems;
  }
  return report;
}

// ——— The statements' anchors ———

interface Anchor {
  homeId: string;
  /** The statement's month ('2025-03'), or 'checkpoint of 2025-03-14'. */
  period: string;
  headSeq: number;
  headHash: string;
}

/**
 * Every statement printed the chain's head at its date (seq and hash): the homeowner keeps it. A chain
 * rewritten after a statement — every hash recomputed, so verifyChain finds nothing — no longer has that
 * entry at that seq (docs/decisions/026-sealed-values-and-tokens.md).
 */
async function statementAnchors(db: Executor, homeIds: string[]): Promise<Map<string, Anchor[]>> {
  const [statements, checkpoints] = await readAll(db, [
    () =>
      db
        .select({ homeId: homeStatements.homeId, period: homeStatements.period, headSeq: homeStatements.headSeq, headHash: homeStatements.headHash })
        .from(homeStatements)
        .where(inArray(homeStatements.homeId, homeIds))
        .orderBy(asc(homeStatements.homeId), asc(homeStatements.period)),
    // The signed daily checkpoints' heads (ledger-checkpoints.ts): the same test, one anchor a day a head changed.
    () =>
      db
        .select({
          homeId: ledgerCheckpointHeads.homeId,
          day: ledgerCheckpointHeads.day,
          headSeq: ledgerCheckpointHeads.seq,
          headHash: ledgerCheckpointHeads.hash,
        })
        .from(ledgerCheckpointHeads)
        .where(inArray(ledgerCheckpointHeads.homeId, homeIds))
        .orderBy(asc(ledgerCheckpointHeads.homeId), asc(ledgerCheckpointHeads.day)),
  ]);
  return groupByHome([...statements, ...checkpoints.map(({ day, ...head }) => ({ ...head, period: `checkpoint of ${day}` }))]);
}

/** Rows by their home, in the order given. */
function groupByHome<T extends { homeId: string }>(rows: T[]): Map<string, T[]> {
  const byHome = new Map<string, T[]>();
  for (const row of rows) {
    const list = byHome.get(row.homeId);
    if (list) list.push(row);
    else byHome.set(row.homeId, [row]);
  }
  return byHome;
}

/** The earliest statement whose printed head is not in the chain, if any. A statement of an empty ledger (seq 0) anchors nothing. */
function firstUnanchored(entries: StoredLedgerEntry[], anchors: Anchor[]): Anchor | undefined {
  return anchors.find((anchor) => anchor.headSeq > 0 && entries[anchor.headSeq - 1]?.hash !== anchor.headHash);
}

// ——— The projections ———

type DayTotals = DayDelta;

interface StoredProjections {
  states: Map<string, (typeof ledgerChargeStates.$inferSelect)[]>;
  totals: Map<string, typeof homeLedgerTotals.$inferSelect>;
}

async function storedProjections(db: Executor, homeIds: string[]): Promise<StoredProjections> {
  const [states, totals] = await readAll(db, [
    () => db.select().from(ledgerChargeStates).where(inArray(ledgerChargeStates.homeId, homeIds)),
    () => db.select().from(homeLedgerTotals).where(inArray(homeLedgerTotals.homeId, homeIds)),
  ]);
  const byHome = new Map<string, (typeof ledgerChargeStates.$inferSelect)[]>();
  for (const row of states) byHome.set(row.homeId, [...(byHome.get(row.homeId) ?? []), row]);
  return { states: byHome, totals: new Map(totals.map((row) => [row.homeId, row])) };
}

const stateText = (c: { seq: number; month: number; dueOn: string; amountCents: number; paidCents: number }) =>
  `${c.seq}:${c.month}:${c.dueOn}:${c.amountCents}:${c.paidCents}`;

/** Adds the home's charges and payments to `days`; answers where its own projections differ from its ledger (none when they agree). */
function compareHome(homeId: string, entries: LedgerEntry[], stored: StoredProjections, days: Map<string, DayTotals>): string[] {
  const allocation = allocateLedger(entries, '2000-01-01');
  const expected = allocation.charges.map(stateText).sort().join(' ');
  const actual = (stored.states.get(homeId) ?? []).map(stateText).sort().join(' ');
  const problems: string[] = [];
  if (expected !== actual) problems.push(`Home ${homeId}: its charges' paid parts differ from its ledger.`);
  const totals = stored.totals.get(homeId);
  if (entries.length > 0 && (totals?.chargedCents !== allocation.chargedCents + allocation.feeCents || totals.creditedCents !== allocation.creditedCents)) {
    problems.push(`Home ${homeId}: its sums differ from its ledger.`);
  }
  const day = (key: string) => {
    let totalsOfDay = days.get(key);
    if (!totalsOfDay) days.set(key, (totalsOfDay = emptyDay()));
    return totalsOfDay;
  };
  for (const charge of allocation.charges) {
    const d = day(charge.dueOn);
    d.charges += 1;
    d.chargedCents += charge.amountCents;
    d.paidCents += charge.paidCents;
    if (charge.paidCents === charge.amountCents) d.paidCharges += 1;
  }
  const counting = countingSeqs(entries);
  for (const entry of entries) {
    if (entry.kind !== 'payment' || !counting.has(entry.seq)) continue;
    const d = day(entry.effectiveOn);
    d.payments += 1;
    d.receivedCents += entry.amountCents;
  }
  return problems;
}

async function compareDays(db: Executor, expected: Map<string, DayTotals>, problems: string[]): Promise<void> {
  const stored = new Map((await db.select().from(ledgerDayTotals)).map(({ day, ...totals }) => [day, totals]));
  const keys = [...new Set([...expected.keys(), ...stored.keys()])].sort();
  const empty = emptyDay();
  for (const day of keys) {
    const want = expected.get(day) ?? empty;
    const have = stored.get(day) ?? empty;
    if ((Object.keys(empty) as (keyof DayTotals)[]).some((key) => want[key] !== have[key])) problems.push(`Day ${day}: the totals differ from the ledgers.`);
  }
}
