import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AdminLedger, RecordPaymentInput, RecordRefundInput, ReverseEntryInput } from '../../../domain/homes/admin-payments';
import { parseBankCsv, type BankCsvProblem, type BankImportResult, type BankImportRow } from '../../../domain/homes/bank-csv';
import { ledgerToday } from '../../../domain/homes/dates';
import { allocateLedger } from '../../../domain/ledger';
import { type Db, type Executor } from '../../platform/db/client';
import { getSettings } from '../../platform/settings/settings-store';
import { homes, ledgerEntries, users } from '../../platform/db/schema';
import { appendLedgerEntries, chainEntryOf, ledgerOf, lockHome, type NewLedgerEntry } from './ledger';
import { DayTotalsDelta } from './ledger-projection';
import { ledgerWarningOf } from './ledger-checks';
import { AppError } from '../../platform/lib/errors';
import { homeNotFound } from './purchase';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { notifyLedgerEntry } from './ledger-entry-notifications';

/**
 * Staff's money operations (docs/product/back-office.md#payments;
 * docs/decisions/022-homes-and-ledger.md): a payment, a refund, a reversal, a bank CSV
 * import (the chain checks, audited, are verify-audited.ts). Every entry goes through appendLedgerEntries (the home's
 * row locked, the chain extended) in the transaction that writes its audit entry.
 */

const invalid = (fields: Record<string, string>) => new AppError(400, 'validation_failed', 'Some fields need your attention.', fields);

/** PostgreSQL's unique_violation, through drizzle's wrapping. */
function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}

const dollars = (cents: number) => `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** GET /api/admin/homes/{id}/ledger: every entry with its reversal links and, for a charge, what the credit paid of it (allocateLedger). */
export async function adminLedger(db: Executor, homeId: string, today = ledgerToday()): Promise<AdminLedger> {
  const [home] = await db
    .select({ id: homes.id, address: homes.address, firstName: users.firstName, lastName: users.lastName })
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(eq(homes.id, homeId));
  if (!home) throw homeNotFound();
  const rows = await ledgerOf(db, homeId);
  const ledgerWarning = await ledgerWarningOf(db, homeId, rows);
  const { graceDays } = await getSettings(db);
  const allocation = allocateLedger(rows.map(chainEntryOf), today, graceDays);
  const charges = new Map(allocation.charges.map((charge) => [charge.seq, charge]));
  const reversedBy = new Map(rows.filter((row) => row.kind === 'reversal').map((row) => [row.reversesSeq!, row.seq]));
  return {
    homeId,
    ledgerWarning,
    address: home.address,
    homeownerName: [home.firstName, home.lastName].filter(Boolean).join(' '),
    today,
    entries: rows.map((row) => {
      const charge = charges.get(row.seq);
      return {
        seq: row.seq,
        kind: row.kind,
        amountCents: row.amountCents,
        month: row.month,
        effectiveOn: row.effectiveOn,
        reference: row.reference,
        reversesSeq: row.reversesSeq,
        reversedBySeq: reversedBy.get(row.seq) ?? null,
        note: row.note,
        source: row.source,
        recordedAt: row.recordedAt.toISOString(),
        prevHash: row.prevHash,
        hash: row.hash,
        paidCents: charge ? charge.paidCents : null,
        state: charge ? charge.state : null,
      };
    }),
    chargedCents: allocation.chargedCents,
    creditedCents: allocation.creditedCents,
    balanceCents: allocation.balanceCents,
    creditCents: allocation.creditCents,
    overdueCents: allocation.charges.filter((c) => c.state === 'overdue').reduce((sum, c) => sum + c.amountCents - c.paidCents, 0),
  };
}

/** A payment's bank reference already in a ledger: where. */
async function paymentWithReference(db: Executor, reference: string) {
  const [row] = await db
    .select({ homeId: ledgerEntries.homeId, seq: ledgerEntries.seq })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.kind, 'payment'), eq(ledgerEntries.reference, reference)));
  return row;
}

const referenceExists = (reference: string) =>
  new AppError(409, 'reference_exists', 'This bank reference is already recorded.', {
    reference: `A payment with the reference ${reference} is already recorded.`,
  });

/** Appends `entry` to `homeId`'s ledger after `check` (run with the home locked), with its audit entry; answers the ledger. */
async function appendAudited(
  db: Db,
  actor: AuditActor,
  homeId: string,
  action: 'create' | 'refund' | 'reverse',
  build: (tx: Executor, home: { purchaseDate: string }) => Promise<NewLedgerEntry>,
  details: Record<string, unknown> = {},
): Promise<AdminLedger> {
  try {
    await db.transaction(async (tx) => {
      const home = await lockHome(tx, homeId).catch((error: unknown) => {
        throw error instanceof AppError && error.status === 404 ? homeNotFound() : error;
      });
      const entry = await build(tx, home);
      const [row] = await appendLedgerEntries(tx, homeId, [entry], actor.id);
      // Money sent back or taken back: the homeowner is told (a payment recorded is on their next statement).
      if (action === 'refund' || action === 'reverse') await notifyLedgerEntry(tx, homeId, row!.seq);
      await recordAudit(tx, actor, {
        action,
        entityType: 'payments',
        entityId: homeId,
        changes: {
          seq: row!.seq,
          kind: row!.kind,
          amountCents: row!.amountCents,
          effectiveOn: row!.effectiveOn,
          reference: row!.reference,
          reversesSeq: row!.reversesSeq,
          note: row!.note,
          ...details,
        },
      });
    });
  } catch (error) {
    // Two payments with one reference at once: the second meets the unique index.
    if (isUniqueViolation(error) && action === 'create') throw referenceExists(details.reference as string);
    throw error;
  }
  return adminLedger(db, homeId);
}

/** POST /api/admin/homes/{id}/ledger/payments: staff record money received (source 'staff'). */
export function recordPayment(db: Db, actor: AuditActor, homeId: string, input: RecordPaymentInput): Promise<AdminLedger> {
  return appendAudited(
    db,
    actor,
    homeId,
    'create',
    async (tx, home) => {
      if (input.receivedOn < home.purchaseDate) throw invalid({ receivedOn: `Date received cannot be before the purchase (${home.purchaseDate}).` });
      if (input.receivedOn > ledgerToday()) throw invalid({ receivedOn: 'Date received cannot be in the future.' });
      if (input.reference && (await paymentWithReference(tx, input.reference))) throw referenceExists(input.reference);
      return { kind: 'payment', amountCents: input.amountCents, effectiveOn: input.receivedOn, reference: input.reference, note: input.memo, source: 'staff' };
    },
    { reference: input.reference },
  );
}

/** POST /api/admin/homes/{id}/ledger/refunds: money returned, at most what the home has paid less what was refunded. */
export function recordRefund(db: Db, actor: AuditActor, homeId: string, input: RecordRefundInput): Promise<AdminLedger> {
  return appendAudited(db, actor, homeId, 'refund', async (tx, home) => {
    if (input.refundedOn < home.purchaseDate) throw invalid({ refundedOn: `Date refunded cannot be before the purchase (${home.purchaseDate}).` });
    if (input.refundedOn > ledgerToday()) throw invalid({ refundedOn: 'Date refunded cannot be in the future.' });
    const { creditedCents } = allocateLedger((await ledgerOf(tx, homeId)).map(chainEntryOf), ledgerToday());
    if (input.amountCents > creditedCents) {
      throw invalid({
        amountCents:
          creditedCents > 0
            ? `You can refund at most ${dollars(creditedCents)}: what this home has paid, less refunds.`
            : 'This home has nothing to refund: it has paid nothing, less refunds.',
      });
    }
    return { kind: 'refund', amountCents: input.amountCents, effectiveOn: input.refundedOn, reference: input.reference, note: input.memo };
  });
}

/**
 * POST /api/admin/homes/{id}/ledger/reversals: undoes entry `seq` with a reason, dated today.
 * No such entry: 400 on `seq`. A reversal is not reversed (record the entry again instead),
 * and an entry is reversed once: 409.
 */
export function reverseEntry(db: Db, actor: AuditActor, homeId: string, input: ReverseEntryInput): Promise<AdminLedger> {
  return appendAudited(db, actor, homeId, 'reverse', async (tx) => {
    const entries = await ledgerOf(tx, homeId);
    const target = entries.find((entry) => entry.seq === input.seq);
    if (!target) throw invalid({ seq: `There is no entry ${input.seq} in this ledger.` });
    if (target.kind === 'reversal') {
      throw new AppError(409, 'reversal_not_reversible', `Entry ${input.seq} is itself a reversal and cannot be reversed: record the entry again instead.`, {
        seq: `Entry ${input.seq} is a reversal.`,
      });
    }
    const reversal = entries.find((entry) => entry.kind === 'reversal' && entry.reversesSeq === input.seq);
    if (reversal) {
      throw new AppError(409, 'already_reversed', `Entry ${input.seq} is already reversed by entry ${reversal.seq}.`, {
        seq: `Entry ${input.seq} is already reversed by entry ${reversal.seq}.`,
      });
    }
    return { kind: 'reversal', amountCents: target.amountCents, effectiveOn: ledgerToday(), reversesSeq: target.seq, note: input.reason };
  });
}

// ——— Bank CSV ———

interface MatchedHome {
  id: string;
  address: string;
  purchaseDate: string;
  name: string;
}

/** The homes the rows name: by ID, or by the homeowner's e-mail (their active home, else their latest). */
async function homesOfRows(db: Executor, keys: string[]): Promise<Map<string, MatchedHome>> {
  const found = new Map<string, MatchedHome>();
  if (keys.length === 0) return found;
  const ids = keys.filter((key) => !key.includes('@'));
  const emails = keys.filter((key) => key.includes('@'));
  const fields = {
    id: homes.id,
    address: homes.address,
    purchaseDate: homes.purchaseDate,
    state: homes.state,
    createdAt: homes.createdAt,
    email: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
  };
  const rows = await db
    .select(fields)
    .from(homes)
    .innerJoin(users, eq(users.id, homes.userId))
    .where(
      sql`${ids.length ? inArray(homes.id, ids) : sql`false`} or ${
        emails.length
          ? sql`lower(${users.email}) in (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )})`
          : sql`false`
      }`,
    )
    .orderBy(asc(homes.createdAt));
  const byEmail = new Map<string, (typeof rows)[number]>();
  for (const row of rows) {
    const home = { id: row.id, address: row.address, purchaseDate: row.purchaseDate, name: [row.firstName, row.lastName].filter(Boolean).join(' ') };
    if (ids.includes(row.id)) found.set(row.id, home);
    const email = row.email.toLowerCase();
    const current = byEmail.get(email);
    // The active home wins; among equals, the latest (rows come oldest first).
    if (!current || row.state === 'active' || current.state !== 'active') byEmail.set(email, row);
  }
  for (const [email, row] of byEmail) {
    if (emails.includes(email)) {
      found.set(email, { id: row.id, address: row.address, purchaseDate: row.purchaseDate, name: [row.firstName, row.lastName].filter(Boolean).join(' ') });
    }
  }
  return found;
}

/** Reads the file and matches it: rows with their homes, the references already imported, the problems by line. */
async function matchBankCsv(db: Executor, csv: string): Promise<{ rows: BankImportRow[]; problems: BankCsvProblem[] }> {
  const today = ledgerToday();
  const parsed = parseBankCsv(csv, today);
  const problems = [...parsed.problems];
  const matched = await homesOfRows(db, [...new Set(parsed.rows.map((row) => row.home))]);
  const references = parsed.rows.map((row) => row.reference);
  const imported = new Set(
    references.length
      ? (
          await db
            .select({ reference: ledgerEntries.reference })
            .from(ledgerEntries)
            .where(and(eq(ledgerEntries.kind, 'payment'), inArray(ledgerEntries.reference, references)))
        ).map((row) => row.reference!)
      : [],
  );
  const rows: BankImportRow[] = [];
  for (const row of parsed.rows) {
    const home = matched.get(row.home);
    if (!home) {
      problems.push({
        line: row.line,
        message: row.home.includes('@') ? `No homeowner with the e-mail ${row.home} has a home.` : `There is no home with the ID ${row.home}.`,
      });
      continue;
    }
    if (row.receivedOn < home.purchaseDate) {
      problems.push({ line: row.line, message: `The date ${row.receivedOn} is before the home's purchase (${home.purchaseDate}).` });
      continue;
    }
    rows.push({
      line: row.line,
      receivedOn: row.receivedOn,
      amountCents: row.amountCents,
      reference: row.reference,
      homeId: home.id,
      address: home.address,
      homeownerName: home.name,
      status: imported.has(row.reference) ? 'duplicate' : 'new',
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems };
}

function summary(rows: BankImportRow[], problems: BankCsvProblem[], imported: boolean): BankImportResult {
  const fresh = rows.filter((row) => row.status === 'new');
  return {
    rows,
    problems,
    newCount: fresh.length,
    newCents: fresh.reduce((sum, row) => sum + row.amountCents, 0),
    duplicateCount: rows.length - fresh.length,
    imported,
  };
}

/** POST /api/admin/payments/import/preview: nothing is written. */
export async function previewBankCsv(db: Db, csv: string): Promise<BankImportResult> {
  const { rows, problems } = await matchBankCsv(db, csv);
  return summary(rows, problems, false);
}

/**
 * POST /api/admin/payments/import: the whole file in one transaction, or nothing. A bad
 * line imports nothing (422 with the problems); a reference already imported is skipped.
 * The homes are locked in id order (two imports touching the same homes queue, never deadlock).
 */
export async function importBankCsv(db: Db, actor: AuditActor, csv: string): Promise<BankImportResult> {
  try {
    return await db.transaction(async (tx) => {
      const { rows, problems } = await matchBankCsv(tx, csv);
      if (problems.length > 0) {
        throw new AppError(
          422,
          'bank_csv_invalid',
          `Nothing was imported: ${problems.length === 1 ? 'one line needs' : `${problems.length} lines need`} fixing.`,
          { csv: problems.map((p) => `Line ${p.line}: ${p.message}`).join(' ') },
          undefined,
          { problems },
        );
      }
      const fresh = rows.filter((row) => row.status === 'new');
      const byHome = new Map<string, BankImportRow[]>();
      for (const row of fresh) byHome.set(row.homeId, [...(byHome.get(row.homeId) ?? []), row]);
      const written: { homeId: string; seq: number; reference: string; amountCents: number }[] = [];
      // The day totals after the last home: a day's row is never held while the next home's lock is awaited.
      const days = new DayTotalsDelta();
      for (const homeId of [...byHome.keys()].sort()) {
        const entries = byHome.get(homeId)!.map((row): NewLedgerEntry => ({
          kind: 'payment',
          amountCents: row.amountCents,
          effectiveOn: row.receivedOn,
          reference: row.reference,
          source: 'bank_csv',
        }));
        for (const entry of await appendLedgerEntries(tx, homeId, entries, actor.id, { days })) {
          written.push({ homeId, seq: entry.seq, reference: entry.reference!, amountCents: entry.amountCents });
        }
      }
      await days.flush(tx);
      const result = summary(rows, [], true);
      await recordAudit(tx, actor, {
        action: 'import',
        entityType: 'payments',
        changes: {
          lines: rows.length,
          imported: result.newCount,
          importedCents: result.newCents,
          skipped: rows.filter((row) => row.status === 'duplicate').map((row) => row.reference),
          entries: written,
        },
      });
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new AppError(409, 'reference_exists', 'Another import recorded some of these references meanwhile: preview the file again.');
    }
    throw error;
  }
}
