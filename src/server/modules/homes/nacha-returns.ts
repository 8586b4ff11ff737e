import { and, eq, inArray } from 'drizzle-orm';
import { ledgerToday } from '../../../domain/homes/dates';
import { readNachaReturnFile, type NachaReturnResult, type NachaReturnRow } from '../../../domain/homes/nacha-returns';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Db, Executor } from '../../platform/db/client';
import { homes, ledgerEntries } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { appendLedgerEntries } from './ledger';
import { DayTotalsDelta } from './ledger-projection';

/**
 * The bank's NACHA return file (docs/decisions/031-late-fees-and-nacha.md), previewed then applied like the bank
 * CSV import: each return names the trace number of the debit we sent, which is the reference of the payment the
 * debit posted; applying reverses that payment with the return code in words, so the charges it paid are open
 * again. A return for a trace no payment carries is shown and audited, never applied; a bad record applies nothing.
 */

async function matchReturns(db: Executor, file: string): Promise<{ rows: NachaReturnRow[]; problems: { line: number; message: string }[] }> {
  const { returns, errors } = readNachaReturnFile(file);
  const problems = [...errors];
  const traces = [...new Set(returns.map((r) => r.originalTrace))];
  const payments = traces.length
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
        .where(and(eq(ledgerEntries.kind, 'payment'), inArray(ledgerEntries.reference, traces)))
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
    const payment = byTrace.get(item.originalTrace);
    if (payment && payment.amountCents !== item.amountCents) {
      problems.push({
        line: item.line,
        message: `Line ${item.line}: the return is for ${item.amountCents} cents, but the payment with trace ${item.originalTrace} was ${payment.amountCents}.`,
      });
      continue;
    }
    rows.push({
      line: item.line,
      returnCode: item.returnCode,
      reason: item.reason,
      originalTrace: item.originalTrace,
      amountCents: item.amountCents,
      accountLast4: item.accountLast4,
      homeId: payment?.homeId ?? null,
      address: payment?.address ?? null,
      paymentSeq: payment?.seq ?? null,
      status: !payment ? 'unknown' : done.has(`${payment.homeId}:${payment.seq}`) ? 'done' : 'new',
    });
  }
  problems.sort((a, b) => a.line - b.line);
  return { rows, problems };
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

/** POST /api/admin/payments/nacha-returns: every new return reversed in one transaction, audited; a bad record applies nothing (422). */
export async function applyNachaReturns(db: Db, actor: AuditActor, file: string): Promise<NachaReturnResult> {
  return db.transaction(async (tx) => {
    const { rows, problems } = await matchReturns(tx, file);
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
    const fresh = rows.filter((row) => row.status === 'new').sort((a, b) => (a.homeId! < b.homeId! ? -1 : a.homeId! > b.homeId! ? 1 : 0));
    const days = new DayTotalsDelta();
    const written: { homeId: string; seq: number; reversesSeq: number; returnCode: string }[] = [];
    for (const row of fresh) {
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
        { days },
      );
      written.push({ homeId: row.homeId!, seq: entry!.seq, reversesSeq: row.paymentSeq!, returnCode: row.returnCode });
    }
    await days.flush(tx);
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
