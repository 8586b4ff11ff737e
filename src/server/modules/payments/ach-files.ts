import { createHash, randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerToday } from '../../../domain/homes/dates';
import { writeNachaDebitFile, type NachaDebit, type NachaOriginator } from '../../../domain/homes/nacha';
import { ACH_CUTOFF_HOUR, SETTLE_AFTER_BANKING_DAYS, type AchFileView } from '../../../domain/payments/ach-files';
import { isBankingDay, nextBankingDay } from '../../../domain/payments/bank-days';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit/audit';
import type { Config } from '../../platform/config';
import { achFiles, bankAccounts, processorPayments } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import { isUniqueViolation, type PaymentsDeps } from './bank-accounts';
import { applyLocked, applyToPayment } from './processor-payments';

/**
 * The bank adapter's daily file (docs/decisions/037-autopay-and-ach-files.md). The `payments:ach-file` job (hourly
 * on the job runner) does three things, each safe to repeat:
 *
 * 1. Settles: a bank debit in a file whose effective date is SETTLE_AFTER_BANKING_DAYS banking days past, and not
 *    returned, has succeeded — the same change a processor's event makes (the ledger payment, source `bank`, with
 *    its trace number as the reference the bank's return file names; the e-mail).
 * 2. On a banking day from ACH_CUTOFF_HOUR (the company's calendar), writes that day's file once: every bank debit
 *    not yet in a file, one WEB entry each (the authorisation was given online in the app; `R` for autopay, `S` for
 *    pay now), balanced by the offsetting credit to NACHA_OFFSET_ACCOUNT. The file, each debit's trace number and
 *    its move to `processing` commit together; a second run or instance finds the day's file (its unique day) and
 *    the debits already taken (locked, then re-read).
 * 3. Drops every file not yet dropped in NACHA_OUTBOX_DIR (written beside, then renamed): a crash between the
 *    commit and the copy is mended by the next run.
 */

export const achFileJob = jobKind('payments:ach-file', z.object({}), { maxAttempts: 3 });

export type AchDeps = PaymentsDeps & {
  config: Pick<
    Config,
    'PAYMENTS_COLLECTOR' | 'DATA_DIR' | 'NACHA_OUTBOX_DIR' | 'NACHA_BANK_ROUTING' | 'NACHA_BANK_NAME' | 'NACHA_COMPANY_ID' | 'NACHA_OFFSET_ACCOUNT'
  >;
};

type AchFileRow = typeof achFiles.$inferSelect;

export const outboxDirOf = (config: AchDeps['config']) => config.NACHA_OUTBOX_DIR ?? path.join(config.DATA_DIR, 'nacha-outbox');

export function originatorOf(config: AchDeps['config'], companyName: string): NachaOriginator {
  return {
    destinationRouting: config.NACHA_BANK_ROUTING,
    destinationName: config.NACHA_BANK_NAME,
    originRouting: config.NACHA_BANK_ROUTING,
    originName: config.NACHA_BANK_NAME,
    companyId: config.NACHA_COMPANY_ID,
    companyName,
    ...(config.NACHA_OFFSET_ACCOUNT === 'none' ? {} : { offsetAccount: { accountNumber: config.NACHA_OFFSET_ACCOUNT, accountType: 'checking' as const } }),
  };
}

export const achFileView = (row: AchFileRow): AchFileView => ({
  id: row.id,
  businessDay: row.businessDay,
  effectiveDate: row.effectiveDate,
  fileName: row.fileName,
  debitCount: row.debitCount,
  entryCount: row.entryCount,
  totalDebitCents: row.totalDebitCents,
  totalCreditCents: row.totalCreditCents,
  sha256: row.sha256,
  createdAt: row.createdAt.toISOString(),
  droppedAt: row.droppedAt?.toISOString() ?? null,
});

let hourFormat: Intl.DateTimeFormat | undefined;
/** The hour (0–23) of `at` in the company's calendar. */
function companyHour(at: Date): number {
  hourFormat ??= new Intl.DateTimeFormat('en-US', { timeZone: 'America/Los_Angeles', hour: 'numeric', hourCycle: 'h23' });
  return Number(hourFormat.format(at));
}

/** `date` plus `n` banking days. */
function bankingDaysAfter(date: string, n: number): string {
  let day = date;
  for (let i = 0; i < n; i += 1) day = nextBankingDay(day);
  return day;
}

export interface AchRunReport {
  settled: number;
  file: AchFileView | null;
  dropped: number;
}

/** The job's run at `now` (tests pass `force` to write the day's file before the cut-off). */
export async function runAchFiles(deps: AchDeps, { now = new Date(), force = false }: { now?: Date; force?: boolean } = {}): Promise<AchRunReport> {
  const today = ledgerToday(now);
  const settled = await settleBankDebits(deps, today);
  const due = isBankingDay(today) && (force || companyHour(now) >= ACH_CUTOFF_HOUR);
  const file = due ? await writeDayFile(deps, today, now) : null;
  const dropped = await dropFiles(deps);
  return { settled, file, dropped };
}

/** Bank debits whose file's effective date is SETTLE_AFTER_BANKING_DAYS banking days before `today` or more: succeeded. */
async function settleBankDebits(deps: AchDeps, today: string): Promise<number> {
  const open = await deps.db
    .select({ id: processorPayments.id, effectiveDate: achFiles.effectiveDate })
    .from(processorPayments)
    .innerJoin(achFiles, eq(achFiles.id, processorPayments.achFileId))
    .where(and(eq(processorPayments.collector, 'bank'), eq(processorPayments.state, 'processing')));
  let settled = 0;
  for (const debit of open) {
    if (bankingDaysAfter(debit.effectiveDate, SETTLE_AFTER_BANKING_DAYS) > today) continue;
    if (await applyToPayment(deps, debit.id, { kind: 'succeeded', failureCode: null, returnCode: null })) settled += 1;
  }
  return settled;
}

/** Writes `day`'s file of every bank debit waiting, once; answers the day's file (undefined: nothing to send). */
export async function writeDayFile(deps: AchDeps, day: string, now: Date): Promise<AchFileView | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const waiting = await tx
        .select({ payment: processorPayments, account: bankAccounts })
        .from(processorPayments)
        .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
        .where(and(eq(processorPayments.collector, 'bank'), isNull(processorPayments.achFileId), eq(processorPayments.state, 'scheduled')))
        .orderBy(asc(processorPayments.scheduledAt), asc(processorPayments.id))
        .for('update', { of: processorPayments });
      const [existing] = await tx.select().from(achFiles).where(eq(achFiles.businessDay, day));
      if (existing) return achFileView(existing);
      // Removing the account, or turning autopay off, takes effect for every debit not yet sent: not sent, and said so.
      // So does an account the processor verified instantly, whose whole number we never had (docs/decisions/046-instant-bank-verification.md).
      const cancelled = waiting.filter(
        ({ payment, account }) => account.state === 'removed' || (payment.origin === 'autopay' && !account.autopay) || account.accountNumberSealed === null,
      );
      for (const { payment } of cancelled) await applyLocked(tx, payment.id, { kind: 'failed', failureCode: 'cancelled', returnCode: null });
      const sending = waiting.filter((debit) => !cancelled.includes(debit));
      if (sending.length === 0) return null;
      const debits: NachaDebit[] = sending.map(({ payment, account }) => ({
        secCode: 'WEB',
        recurring: payment.origin === 'autopay',
        routingNumber: account.routingNumber,
        accountNumber: deps.cipher.decrypt(account.accountNumberSealed!, `bank_accounts.account_number:${account.id}`),
        accountType: account.accountType,
        amountCents: payment.amountCents,
        individualId: payment.id.replace(/-/g, '').slice(0, 15).toUpperCase(),
        individualName: account.holderName,
      }));
      const effectiveDate = nextBankingDay(day);
      // Trace numbers go on from the files before: the returns of any day's file name one debit each.
      const [before] = await tx.select({ entries: sql<string>`coalesce(sum(${achFiles.entryCount}), 0)` }).from(achFiles);
      const written = writeNachaDebitFile(originatorOf(deps.config, deps.brand.name), debits, {
        createdAt: now,
        effectiveDate,
        fileIdModifier: 'A',
        entryDescription: 'HOME PMT',
        tracesBefore: Number(before!.entries),
      });
      const [file] = await tx
        .insert(achFiles)
        .values({
          businessDay: day,
          effectiveDate,
          fileName: `nacha-${day}.ach`,
          content: written.text,
          entryCount: written.entryCount,
          debitCount: debits.length,
          totalDebitCents: written.totalDebitCents,
          totalCreditCents: written.totalCreditCents,
          entryHash: written.entryHash,
          sha256: createHash('sha256').update(written.text).digest('hex'),
        })
        .returning();
      for (const [index, { payment }] of sending.entries()) {
        await tx.update(processorPayments).set({ achFileId: file!.id, traceNumber: written.traces[index]! }).where(eq(processorPayments.id, payment.id));
        await applyLocked(tx, payment.id, { kind: 'processing', failureCode: null, returnCode: null });
      }
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'create',
        entityType: 'payments',
        entityId: file!.id,
        changes: { achFile: file!.fileName, businessDay: day, effectiveDate, debits: debits.length, totalDebitCents: written.totalDebitCents },
      });
      return achFileView(file!);
    });
  } catch (error) {
    // Another instance wrote the day's file between our read and our insert: theirs is the day's.
    if (!isUniqueViolation(error)) throw error;
    const [theirs] = await deps.db.select().from(achFiles).where(eq(achFiles.businessDay, day));
    return theirs ? achFileView(theirs) : null;
  }
}

/** Copies every file not yet dropped into the outbox folder: written beside, then renamed, so the bank never reads half a file. */
async function dropFiles(deps: AchDeps): Promise<number> {
  const pending = await deps.db.select().from(achFiles).where(isNull(achFiles.droppedAt)).orderBy(asc(achFiles.businessDay)).limit(50);
  if (pending.length === 0) return 0;
  const dir = outboxDirOf(deps.config);
  await mkdir(dir, { recursive: true });
  for (const file of pending) {
    const target = path.join(dir, file.fileName);
    // Each writer its own partial file: two runs at once each rename a whole file over the same name.
    const partial = `${target}.${randomBytes(6).toString('hex')}.partial`;
    await writeFile(partial, file.content, { encoding: 'ascii' });
    await rename(partial, target);
    await deps.db
      .update(achFiles)
      .set({ droppedAt: sql`now()` })
      .where(eq(achFiles.id, file.id));
  }
  return pending.length;
}

/** GET /api/admin/payments/ach-files: the latest files, newest first. */
export async function listAchFiles(deps: AchDeps): Promise<{ files: AchFileView[]; collector: 'processor' | 'bank' }> {
  const rows = await deps.db.select().from(achFiles).orderBy(desc(achFiles.businessDay)).limit(60);
  return { files: rows.map(achFileView), collector: deps.config.PAYMENTS_COLLECTOR };
}

/** One file with its content (the download). */
export async function achFileById(deps: Pick<AchDeps, 'db'>, id: string): Promise<AchFileRow | undefined> {
  const [row] = await deps.db.select().from(achFiles).where(eq(achFiles.id, id));
  return row;
}
