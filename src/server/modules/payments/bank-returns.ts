import { and, eq, inArray } from 'drizzle-orm';
import { ledgerToday } from '../../../domain/homes/dates';
import { readNachaReturnFile, type NachaReturnResult, type NachaReturnRow } from '../../../domain/homes/nacha-returns';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Db, Executor } from '../../platform/db/client';
import { homes, ledgerEntries, processorPayments } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { appendLedgerEntries } from '../homes';
import { applyLocked } from './processor-payments';

/**
 * The bank's NACHA return file (docs/decisions/031-late-fees-and-nacha.md), previewed then applied like the bank
 * CSV import. It lives in the payments module (docs/decisions/044-payments-throughput.md), which reaches both the
 * bank debits and the ledger: a return names the trace number of a debit of our day file
 * (docs/decisions/037-autopay-and-ach-files.md), and applying it is the very change a processor's return makes
 * (`applyLocked`): the debit becomes `returned` with its code — its timeline says so, in words — the payment it
 * posted is reversed (a debit still processing posts its payment and the reversal together), and the homeowner is
 * mailed. A trace that is no debit of ours but the reference of a ledger payment (one posted before the debits
 * kept their trace) is reversed as before. A trace nobody carries is shown and audited, never applied; a bad record
 * applies nothing.
 */

interface Debit {
  id: string;
  homeId: string;
  state: string;
  amountCents: number;
  paymentSeq: number | null;
  address: string;
}

interface Matched {
  rows: NachaReturnRow[];
  problems: { line: number; message: string }[];
  /** The bank debit each trace names, when it is one of ours. */
  debits: Map<string, Debit>;
}

async function matchReturns(db: Executor, file: string): Promise<Matched> {
  const { returns, errors } = readNachaReturnFile(file);
  const problems = [...errors];
  const traces = [...new Set(returns.map((r) => r.originalTrace))];
  const debitRows = traces.length
    ? await db
        .select({
          id: processorPayments.id,
          homeId: processorPayments.homeId,
          state: processorPayments.state,
          amountCents: processorPayments.amountCents,
          paymentSeq: processorPayments.paymentSeq,
          trace: processorPayments.traceNumber,
          address: homes.address,
        })
        .from(processorPayments)
        .innerJoin(homes, eq(homes.id, processorPayments.homeId))
        .where(and(eq(processorPayments.collector, 'bank'), inArray(processorPayments.traceNumber, traces)))
    : [];
  const debits = new Map(debitRows.map(({ trace, ...debit }) => [trace!, debit]));
  const ledgerTraces = traces.filter((trace) => !debits.has(trace));
  const payments = ledgerTraces.length
    ? await db
        .select({
          homeId: ledgerEntries.homeId,
          seq: ledgerEntries.seq,
          reference: ledgerEntries.reference,
          amountCents: ledgerEntries.amountCents,
          address: homes.address,
        })
        .from(ledgerEntries)
        .innerJoin(homes, eq(homes.id, ledgerEntries.homeId))
        .where(and(eq(ledgerEntries.kind, 'payment'), inArray(ledgerEntries.reference, ledgerTraces)))
    : [];
  const byTrace = new Map(payments.map((p) => [p.reference!, p]));
  const reversed = payments.length
    ? await db
        .select({ homeId: ledgerEntries.homeId, reversesSeq: ledgerEntries.reversesSeq })
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.kind, 'reversal'),
            inArray(
              ledgerEntries.homeId,
              payments.map((p) => p.homeId),
            ),
          ),
        )
    : [];
  const done = new Set(reversed.map((r) => `${r.homeId}:${r.reversesSeq}`));
  const rows: NachaReturnRow[] = [];
  for (const item of returns) {
    const debit = debits.get(item.originalTrace);
    const payment = debit ? undefined : byTrace.get(item.originalTrace);
    const expected = debit?.amountCents ?? payment?.amountCents;
    if (expected !== undefined && expected !== item.amountCents) {
      problems.push({
        line: item.line,
        message: `Line ${item.line}: the return is for ${item.amountCents} cents, but the payment with trace ${item.originalTrace} was ${expected}.`,
      });
      continue;
    }
    const common = {
      line: item.line,
      returnCode: item.returnCode,
      reason: item.reason,
      originalTrace: item.originalTrace,
      amountCents: item.amountCents,
      accountLast4: item.accountLast4,
    };
    if (debit) {
      // In a file, a debit is processing (not settled yet), succeeded (posted) or returned (applied already).
      const status = debit.state === 'returned' ? 'done' : debit.state === 'processing' || debit.state === 'succeeded' ? 'new' : 'unknown';
      rows.push({ ...common, homeId: debit.homeId, address: debit.address, paymentSeq: debit.paymentSeq, status });
      continue;
    }
    rows.push({
      ...common,
      homeId: payment?.homeId ?? null,
      address: payment?.address ?? null,
      paymentSeq: payment?.seq ?? null,
      status: !payment ? 'unknown' : done.has(`${payment.homeId}:${payment.seq}`) ? 'done' : 'new',
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems, debits };
}

const summary = (rows: NachaReturnRow[], problems: { line: number; message: string }[], applied: boolean): NachaReturnResult => ({
  rows,
  problems,
  newCount: rows.filter((row) => row.status === 'new').length,
  unknownCount: rows.filter((row) => row.status === 'unknown').length,
  applied,
});

/** POST /api/admin/payments/nacha-returns/preview: nothing is written. */
export async function previewNachaReturns(db: Db, file: string): Promise<NachaReturnResult> {
  const { rows, problems } = await matchReturns(db, file);
  return summary(rows, problems, false);
}

/** POST /api/admin/payments/nacha-returns: every new return applied in one transaction, audited; a bad record applies nothing (422). */
export async function applyNachaReturns(db: Db, actor: AuditActor, file: string): Promise<NachaReturnResult> {
  return db.transaction(async (tx) => {
    const { rows, problems, debits } = await matchReturns(tx, file);
    if (problems.length > 0) {
      throw new AppError(
        422,
        'nacha_invalid',
        `Nothing was applied: ${problems.length === 1 ? 'one record needs' : `${problems.length} records need`} fixing.`,
        { file: problems.map((p) => p.message).join(' ') },
        undefined,
        { problems },
      );
    }
    // Home by home in one order, so two imports at once lock the same rows in the same order.
    const fresh = rows.filter((row) => row.status === 'new').sort((a, b) => (a.homeId! < b.homeId! ? -1 : a.homeId! > b.homeId! ? 1 : 0));
    const written: { homeId: string; seq: number; reversesSeq: number; returnCode: string; payment?: string }[] = [];
    for (const row of fresh) {
      const debit = debits.get(row.originalTrace);
      if (debit) {
        // The debit's row locked and re-read: a second import at once finds it returned and changes nothing.
        if (!(await applyLocked(tx, debit.id, { kind: 'returned', returnCode: row.returnCode, failureCode: null }))) continue;
        const [after] = await tx
          .select({ paymentSeq: processorPayments.paymentSeq, reversalSeq: processorPayments.reversalSeq })
          .from(processorPayments)
          .where(eq(processorPayments.id, debit.id));
        written.push({ homeId: row.homeId!, seq: after!.reversalSeq!, reversesSeq: after!.paymentSeq!, returnCode: row.returnCode, payment: debit.id });
        continue;
      }
      const [entry] = await appendLedgerEntries(
        tx,
        row.homeId!,
        [
          {
            kind: 'reversal',
            amountCents: row.amountCents,
            effectiveOn: ledgerToday(),
            reversesSeq: row.paymentSeq!,
            note: `Returned by the bank, ${row.returnCode}: ${row.reason}`,
          },
        ],
        actor.id,
      );
      written.push({ homeId: row.homeId!, seq: entry!.seq, reversesSeq: row.paymentSeq!, returnCode: row.returnCode });
    }
    const result = summary(rows, [], true);
    await recordAudit(tx, actor, {
      action: 'import',
      entityType: 'payments',
      changes: {
        nachaReturns: rows.length,
        applied: written,
        unknown: rows
          .filter((row) => row.status === 'unknown')
          .map((row) => ({ originalTrace: row.originalTrace, returnCode: row.returnCode, amountCents: row.amountCents })),
      },
    });
    return result;
  });
}
