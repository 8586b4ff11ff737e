import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, asc, desc, eq, gt, inArray, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerToday } from '../../../domain/homes/dates';
import { periodBounds, periodLabel, statementPeriodFor, type StatementItem, type StatementPeriod } from '../../../domain/homes/statements';
import { safeString } from '../../../domain/safe-text';
import { type Db, type Executor } from '../../platform/db/client';
import { homes, homeStatements, homeTerms, homeValuations, ledgerEntries, users } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import { isoTime } from '../../platform/lib/iso-time';
import type { Logger } from '../../platform/lib/logger';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf, type NotificationDeps } from '../../platform/notifications/send-notification';
import type { FileStorage } from '../../platform/storage/file-storage';
import { ledgerWarningOf } from './ledger-checks';
import { chainEntryOf, chainHeads } from './ledger';
import { statementPdf, type StatementInputs } from './statement-pdf';

/**
 * Monthly statements (docs/decisions/022-homes-and-ledger.md 'Charges and statements on
 * the job runner'): a daily job makes last month's statement, from the 2nd of the month
 * in the ledger's time zone, for every home that was active during that month or has
 * an entry dated in it and has none for it yet: a PDF in storage, its home_statements
 * row and the homeowner's e-mail. The PDFs are drawn before the short transaction that
 * records the row and the e-mail (docs/decisions/047-statements-outside-the-transaction.md).
 * Safe to run twice or on two instances at once: that transaction locks its homes in id
 * order (a second run waits, then finds the statements made, and removes its files), and
 * (home, period) is unique.
 */

export const statementRunJob = jobKind('homes:statements', z.object({}), { maxAttempts: 3 });

const DAY = 24 * 60 * 60_000;
const NIL_UUID = '00000000-0000-0000-0000-000000000000';

export interface StatementDeps {
  db: Db;
  storage: FileStorage;
  logger: Logger;
  brand: { name: string };
}

export interface StatementRunReport {
  period: StatementPeriod | null;
  statements: number;
  /** The earlier months made in this run (a back-dated purchase, a missed run), oldest first. */
  caughtUp?: StatementPeriod[];
}

/** `period`'s next month. */
function nextPeriod(period: StatementPeriod): StatementPeriod {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
}

/**
 * The oldest month some home still misses before `latest`: for each home without `latest`'s statement, the month
 * after its newest statement, or its purchase month when it has none. Undefined when every home has `latest`'s.
 */
async function oldestMissedPeriod(db: Executor, latest: StatementPeriod): Promise<StatementPeriod | undefined> {
  const [row] = await db
    .select({
      oldest: sql<string | null>`min(coalesce(
        (select to_char(to_date(max(${homeStatements.period}), 'YYYY-MM') + interval '1 month', 'YYYY-MM') from ${homeStatements} where ${homeStatements.homeId} = ${homes.id}),
        to_char(${homes.purchaseDate}::date, 'YYYY-MM')))`,
    })
    .from(homes)
    .where(sql`NOT EXISTS (SELECT 1 FROM ${homeStatements} WHERE ${homeStatements.homeId} = ${homes.id} AND ${homeStatements.period} = ${latest})`);
  return row?.oldest && row.oldest < latest ? row.oldest : undefined;
}

/** Where a homeowner finds their statements. */
export const STATEMENTS_PAGE = '/dashboard/home';

/** The e-mail that a statement is ready; nothing when it is gone. */
export const statementReadyNotification = defineNotification(
  'home-statement',
  z.object({ statementId: safeString().uuid() }),
  async (deps, { statementId }) => {
    const [row] = await deps.db
      .select({ email: users.email, firstName: users.firstName, period: homeStatements.period })
      .from(homeStatements)
      .innerJoin(homes, eq(homes.id, homeStatements.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homeStatements.id, statementId));
    if (!row) return [];
    const ctx = mailContextOf(deps);
    const month = periodLabel(row.period);
    return [
      {
        to: row.email,
        kind: 'home_updates',
        parts: {
          subject: `Your ${month} statement is ready`,
          greeting: hello(row.firstName),
          paragraphs: [
            `Your ${ctx.brand.name} statement for ${month} is ready: the month's charges and payments, your balance, the equity credited to you and your home's latest valuation.`,
            "It also prints your ledger's latest hash. Keep it: it lets you check later that no past entry was changed.",
          ],
          action: { label: 'See my statements', url: appLink(ctx, STATEMENTS_PAGE) },
        },
      },
    ];
  },
);

/** The condition of a home due a statement for `period`: active during the month or with an entry dated in it, and none made yet. */
function dueFor(period: StatementPeriod) {
  const { start, end } = periodBounds(period);
  return and(
    sql`((${homes.purchaseDate} <= ${end} AND (${homes.closedOn} IS NULL OR ${homes.closedOn} >= ${start}))
      OR EXISTS (SELECT 1 FROM ${ledgerEntries} WHERE ${ledgerEntries.homeId} = ${homes.id} AND ${ledgerEntries.effectiveOn} BETWEEN ${start} AND ${end}))`,
    sql`NOT EXISTS (SELECT 1 FROM ${homeStatements} WHERE ${homeStatements.homeId} = ${homes.id} AND ${homeStatements.period} = ${period})`,
  );
}

/** Up to `limit` homes due a statement for `period`, after `cursor` in id order. */
async function dueHomes(db: Executor, period: StatementPeriod, cursor: string, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: homes.id })
    .from(homes)
    .where(and(gt(homes.id, cursor), dueFor(period)))
    .orderBy(asc(homes.id))
    .limit(limit);
  return rows.map((row) => row.id);
}

/** Those of `homeIds` still due a statement for `period`, locked for the rest of the transaction, in id order. */
async function lockStillDue(tx: Executor, period: StatementPeriod, homeIds: readonly string[]): Promise<string[]> {
  const rows = await tx
    .select({ id: homes.id })
    .from(homes)
    .where(and(inArray(homes.id, [...homeIds]), dueFor(period)))
    .orderBy(asc(homes.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** What each of `homeIds`' statements for `period` is drawn from, as the database holds it now. */
async function statementInputs(
  db: Executor,
  deps: Pick<StatementDeps, 'brand'>,
  homeIds: readonly string[],
  period: StatementPeriod,
  madeOn: string,
): Promise<Map<string, StatementInputs>> {
  const { end } = periodBounds(period);
  const ids = [...homeIds];
  // One after the other: a transaction is one connection (node-postgres queues, and deprecates, queries sent at once).
  const owners = await db
    .select({ home: homes, name: users.name, email: users.email })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(inArray(homes.id, ids))
    .orderBy(asc(homes.id));
  const terms = await db.select().from(homeTerms).where(inArray(homeTerms.homeId, ids)).orderBy(asc(homeTerms.homeId), asc(homeTerms.fromMonth));
  const valuations = await db
    .select()
    .from(homeValuations)
    .where(and(inArray(homeValuations.homeId, ids), lte(homeValuations.valuedOn, end)))
    .orderBy(homeValuations.homeId, desc(homeValuations.valuedOn), desc(homeValuations.createdAt));
  const entries = await db
    .select()
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.homeId, ids), lte(ledgerEntries.effectiveOn, end)))
    .orderBy(asc(ledgerEntries.homeId), asc(ledgerEntries.seq));
  const heads = await chainHeads(db, ids);
  const inputs = new Map<string, StatementInputs>();
  for (const { home, name, email } of owners) {
    // The chain from the last entry the daily check found intact: a statement does not print altered rows as fact.
    const warning = await ledgerWarningOf(db, home.id);
    inputs.set(home.id, {
      ledgerWarning: warning?.message,
      period,
      madeOn,
      brandName: deps.brand.name,
      homeowner: { name, email },
      home,
      terms: terms.filter((term) => term.homeId === home.id),
      entries: entries.filter((entry) => entry.homeId === home.id).map(chainEntryOf),
      // Ordered newest first: the first of the home's is its latest.
      valuation: valuations.find((valuation) => valuation.homeId === home.id),
      head: heads.get(home.id) ?? { seq: 0, hash: '0'.repeat(64) },
    });
  }
  return inputs;
}

/** Inputs as one string, to compare by value: what a statement was drawn from is what the home still holds. */
const fingerprint = (inputs: StatementInputs) => JSON.stringify(inputs, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
const sameInputs = (a: StatementInputs, b: StatementInputs) => fingerprint(a) === fingerprint(b);

interface Drawn {
  inputs: StatementInputs;
  storageKey: string;
  sizeBytes: number;
}

/** Draws a statement's PDF and stores it; the key is recorded in `written` so a failed batch can remove it. */
async function draw(deps: StatementDeps, inputs: StatementInputs, written: string[]): Promise<Drawn> {
  const pdf = await statementPdf(inputs);
  const storageKey = `statements/${inputs.home.id}/${inputs.period}-${randomUUID()}`;
  written.push(storageKey);
  await deps.storage.put(storageKey, Readable.from(pdf), { contentType: 'application/pdf' });
  return { inputs, storageKey, sizeBytes: pdf.length };
}

/**
 * The statements of `homeIds` for `period`; answers how many were recorded and the storage keys written but not
 * recorded (a home another run made first), to remove. The PDFs are drawn and stored before the transaction, which
 * only locks the homes, checks that each one's inputs are still those drawn (a home whose ledger moved meanwhile is
 * drawn again, inside it) and records them: on the embedded database, which runs one transaction at a time, every
 * request waits while one is open (docs/decisions/047-statements-outside-the-transaction.md).
 */
async function makeStatements(
  deps: StatementDeps,
  homeIds: readonly string[],
  period: StatementPeriod,
  { madeOn, mail }: { madeOn: string; mail: boolean },
  written: string[],
): Promise<{ made: number; unused: string[] }> {
  const drawn = new Map<string, Drawn>();
  for (const inputs of (await statementInputs(deps.db, deps, homeIds, period, madeOn)).values()) drawn.set(inputs.home.id, await draw(deps, inputs, written));

  return deps.db.transaction(async (tx) => {
    const locked = await lockStillDue(tx, period, homeIds);
    // Made by a run that held these homes before this one: the lock's statement saw the homes as they were when it began.
    const done =
      locked.length === 0
        ? []
        : await tx
            .select({ homeId: homeStatements.homeId })
            .from(homeStatements)
            .where(and(inArray(homeStatements.homeId, locked), eq(homeStatements.period, period)));
    const doneIds = new Set(done.map((row) => row.homeId));
    const due = locked.filter((id) => !doneIds.has(id));
    if (due.length === 0) return { made: 0, unused: [...drawn.values()].map((d) => d.storageKey) };
    const now = await statementInputs(tx, deps, due, period, madeOn);
    const unused: string[] = [];
    const rows: (typeof homeStatements.$inferInsert)[] = [];
    for (const [homeId, inputs] of now) {
      let statement = drawn.get(homeId);
      if (!statement || !sameInputs(statement.inputs, inputs)) {
        if (statement) unused.push(statement.storageKey);
        statement = await draw(deps, inputs, written);
      }
      drawn.delete(homeId);
      rows.push({ homeId, period, storageKey: statement.storageKey, sizeBytes: statement.sizeBytes, headSeq: inputs.head.seq, headHash: inputs.head.hash });
    }
    // Drawn for a home another run made meanwhile.
    unused.push(...[...drawn.values()].map((d) => d.storageKey));
    const inserted = await tx
      .insert(homeStatements)
      .values(rows)
      .onConflictDoNothing()
      .returning({ id: homeStatements.id, storageKey: homeStatements.storageKey });
    const recorded = new Set(inserted.map((row) => row.storageKey));
    unused.push(...rows.filter((row) => !recorded.has(row.storageKey)).map((row) => row.storageKey));
    if (mail) for (const row of inserted) await notify(tx, statementReadyNotification, { statementId: row.id });
    return { made: inserted.length, unused };
  });
}

/**
 * Makes the statements of the month before `today` (none before the 2nd), and first those of any earlier month a
 * home missed (made without e-mail), `batchSize` homes a transaction. Files of a batch that fails are removed again.
 */
export async function runStatements(
  deps: StatementDeps,
  {
    today = ledgerToday(),
    batchSize = 50,
    mail = true,
    catchUp = true,
  }: {
    today?: string;
    batchSize?: number;
    /** E-mail each homeowner (the demo seed does not). */
    mail?: boolean;
    /** Make the earlier months homes missed too (the demo seed, whose homes have years of history, makes last month's only). */
    catchUp?: boolean;
  } = {},
): Promise<StatementRunReport> {
  const period = statementPeriodFor(today);
  if (!period) return { period: null, statements: 0 };
  const report: StatementRunReport = { period, statements: 0 };
  const caughtUp: StatementPeriod[] = [];
  const oldest = catchUp ? await oldestMissedPeriod(deps.db, period) : undefined;
  for (let missed = oldest; missed && missed < period; missed = nextPeriod(missed)) {
    const made = await runPeriod(deps, missed, { madeOn: today, mail: false }, batchSize);
    if (made > 0) caughtUp.push(missed);
    report.statements += made;
  }
  report.statements += await runPeriod(deps, period, { madeOn: today, mail }, batchSize);
  return caughtUp.length > 0 ? { ...report, caughtUp } : report;
}

/** Makes `period`'s missing statements, `batchSize` homes a transaction; answers how many. */
async function runPeriod(deps: StatementDeps, period: StatementPeriod, options: { madeOn: string; mail: boolean }, batchSize: number): Promise<number> {
  let made = 0;
  let cursor = NIL_UUID;
  for (;;) {
    const ids = await dueHomes(deps.db, period, cursor, batchSize);
    if (ids.length === 0) return made;
    const written: string[] = [];
    let batch: { made: number; unused: string[] };
    try {
      batch = await makeStatements(deps, ids, period, options, written);
    } catch (error) {
      await removeFiles(deps, written);
      throw error;
    }
    await removeFiles(deps, batch.unused);
    made += batch.made;
    cursor = ids[ids.length - 1]!;
  }
}

const removeFiles = (deps: StatementDeps, keys: readonly string[]) => Promise.all(keys.map((key) => deps.storage.delete(key).catch(() => undefined)));

/** A homeowner's or a home's statements, newest first. */
export async function statementsOf(db: Executor, homeId: string): Promise<StatementItem[]> {
  const rows = await db
    .select({ id: homeStatements.id, period: homeStatements.period, createdAt: homeStatements.createdAt, sizeBytes: homeStatements.sizeBytes })
    .from(homeStatements)
    .where(eq(homeStatements.homeId, homeId))
    .orderBy(desc(homeStatements.period));
  return rows.map((row) => ({ ...row, createdAt: isoTime(row.createdAt) }));
}

/** One statement of `homeId` (undefined when it is another home's or none). */
export async function findStatement(db: Executor, homeId: string, statementId: string) {
  const [row] = await db
    .select()
    .from(homeStatements)
    .where(and(eq(homeStatements.id, statementId), eq(homeStatements.homeId, homeId)));
  return row;
}

/** Registers the daily statement run: from the 2nd (New York), last month's statements are made in the first run. */
export function registerStatementRun(runner: JobRunner, deps: StatementDeps & NotificationDeps): void {
  runner
    .register(statementRunJob, async () => {
      const report = await runStatements(deps);
      if (report.statements > 0) {
        deps.logger.info({ statements: report }, 'homes: monthly statements made');
        runner.kick();
      }
    })
    .every(statementRunJob, DAY, { firstAfterMs: 2 * 60_000 });
}

/** One statement of any of `userId`'s homes (a closed one's statements stay theirs), or undefined: never another's. */
export async function statementOfUser(db: Executor, userId: string, statementId: string) {
  const owned = await db.select({ id: homes.id }).from(homes).where(eq(homes.userId, userId));
  for (const home of owned) {
    const statement = await findStatement(db, home.id, statementId);
    if (statement) return statement;
  }
  return undefined;
}

/** Whether a home with this id exists (staff's statements list answers 404 otherwise). */
export async function homeExists(db: Executor, homeId: string): Promise<boolean> {
  const [home] = await db.select({ id: homes.id }).from(homes).where(eq(homes.id, homeId));
  return home !== undefined;
}
