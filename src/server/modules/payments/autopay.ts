import { and, asc, eq, gt, inArray, isNull, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ledgerToday } from '../../../domain/homes/dates';
import { maskAccountNumber } from '../../../domain/payments/aba';
import { autopayMonthsDue, type AutopayView } from '../../../domain/payments/autopay';
import { MIN_PAYMENT_CENTS } from '../../../domain/payments/bank-account';
import { recordAudit, recordAudits, SYSTEM_ACTOR, type AuditActor } from '../../platform/audit/audit';
import { queryRows, type Executor } from '../../platform/db/client';
import { bankAccounts, homes, processorPayments } from '../../platform/db/schema';
import { jobKind } from '../../platform/jobs/queue';
import { AppError } from '../../platform/lib/errors';
import { allocationsOfHomes, figuresOfHome, type LoadedHome } from '../homes';
import { autopayOf } from './autopay-view';
import { currentBankAccount, type BankAccountRow, type PaymentsDeps } from './bank-accounts';
import { sendDebits } from './processor-payments';

/**
 * Autopay (docs/decisions/037-autopay-and-ach-files.md). The homeowner turns it on (a verified account only: the ACH
 * authorisation recorded with the account covers it) or off, any time. The `payments:autopay` job (hourly on the
 * job runner, each hour's run once across instances) debits each month's charge on its banking day through the same
 * path as 'Pay now' (sendDebit, the same timeline, mails and ledger posting on success):
 *
 * - Once per home and month: the debit's row is inserted with `ON CONFLICT DO NOTHING` on the unique (home, month)
 *   of autopay debits, with its audit entry, before the collector is asked; a second run or a second instance finds
 *   it and sends nothing new.
 * - Resumable: a debit whose row committed but whose sending did not (kill -9 between the two) is still `scheduled`
 *   without the processor's id; every run sends those again, and the processor answers a repeat of our
 *   Idempotency-Key (`payment-<id>`) with the first debit.
 * - Off: the job reads only homes whose account has autopay on, so nothing new is debited; what was recorded stays.
 */

export const autopayJob = jobKind('payments:autopay', z.object({}), { maxAttempts: 3 });

/** A scheduled processor debit not sent after this long is sent again by the next run (its sender died). */
export const RESEND_AFTER_MS = 2 * 60_000;

const dayOf = (at: Date) => ledgerToday(at);

/** The charge of agreement month `month`, less what is already paid of it (the home's unused credit, before it is billed). */
function openOfMonth(loaded: Pick<LoadedHome, 'terms' | 'allocation'>, month: number): number {
  const billed = loaded.allocation.charges.find((charge) => charge.month === month);
  if (billed) return billed.amountCents - billed.paidCents;
  const term = [...loaded.terms].filter((t) => t.fromMonth <= month).sort((a, b) => b.fromMonth - a.fromMonth)[0];
  if (!term) return 0;
  return Math.max(0, term.monthlyPaymentCents - Math.max(0, loaded.allocation.creditCents));
}

/** POST /api/me/home/autopay: on (a verified account only) or off, audited; the same answer twice changes nothing. */
export async function setAutopay(deps: PaymentsDeps, actor: AuditActor, homeId: string, on: boolean): Promise<AutopayView> {
  const { db } = deps;
  const account = await db.transaction(async (tx) => {
    const current = await currentBankAccount(tx, homeId);
    if (!current) throw new AppError(404, 'no_bank_account', 'Add a bank account first.');
    const [locked] = await tx.select().from(bankAccounts).where(eq(bankAccounts.id, current.id)).for('update');
    const account = locked!;
    if (on && account.state !== 'verified') {
      throw new AppError(409, 'bank_account_state', 'Verify your bank account with the two micro-deposits before you turn on autopay.');
    }
    if (account.autopay === on) return account;
    const [home] = await tx.select({ state: homes.state }).from(homes).where(eq(homes.id, homeId));
    if (on && home?.state !== 'active') throw new AppError(409, 'home_closed', 'This home is closed: there is nothing more to pay.');
    const [updated] = await tx
      .update(bankAccounts)
      .set({ autopay: on, autopaySince: on ? new Date() : null })
      .where(eq(bankAccounts.id, account.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'payments',
      entityId: homeId,
      changes: { bankAccount: account.id, account: maskAccountNumber(account.accountLast4), autopay: { from: account.autopay, to: on } },
    });
    return updated!;
  });
  const [home] = await db.select().from(homes).where(eq(homes.id, homeId));
  return autopayOf(account, await figuresOfHome(db, home!));
}

export interface AutopayRunReport {
  /** Debits created by this run. */
  created: number;
  /** Debits sent to the processor again (their first sender died before it had the processor's answer). */
  resent: number;
}

/**
 * Creates and sends the autopay debits due on `today` (the company's calendar), `batchSize` homes at a time in home
 * order, then sends again the scheduled processor debits whose sender died (docs/decisions/044-payments-throughput.md):
 * each batch's debits are inserted in one statement (ON CONFLICT DO NOTHING on the unique (home, month)) with their
 * audit entries in one transaction, then sent by sendDebits.
 */
export async function runAutopay(
  deps: PaymentsDeps,
  { now = new Date(), batchSize = 500 }: { now?: Date; batchSize?: number } = {},
): Promise<AutopayRunReport> {
  const { db } = deps;
  const today = dayOf(now);
  const report: AutopayRunReport = { created: 0, resent: 0 };
  let cursor = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows = await db
      .select({ account: AUTOPAY_ACCOUNT, homeId: homes.id, purchaseDate: homes.purchaseDate })
      .from(bankAccounts)
      .innerJoin(homes, eq(homes.id, bankAccounts.homeId))
      .where(
        and(
          eq(bankAccounts.autopay, true),
          eq(bankAccounts.state, 'verified'),
          eq(homes.state, 'active'),
          eq(homes.agreementState, 'in_force'),
          gt(homes.id, cursor),
        ),
      )
      .orderBy(asc(homes.id))
      .limit(batchSize);
    if (rows.length === 0) break;
    cursor = rows.at(-1)!.homeId;
    const taken = await autopayMonthsTaken(
      db,
      rows.map((r) => r.homeId),
    );
    const due = rows
      .map((row) => ({
        ...row,
        months: autopayMonthsDue(row.purchaseDate, today, dayOf(row.account.autopaySince ?? now)).filter((m) => !taken.has(`${row.homeId}:${m.month}`)),
      }))
      .filter((row) => row.months.length > 0);
    if (due.length === 0) continue;
    const balances = await allocationsOfHomes(
      db,
      due.map((row) => row.homeId),
      today,
    );
    const wanted: NewDebit[] = [];
    for (const row of due) {
      for (const { month } of row.months) {
        const amountCents = openOfMonth(balances.get(row.homeId)!, month);
        if (amountCents >= MIN_PAYMENT_CENTS) wanted.push({ account: row.account, homeId: row.homeId, month, amountCents });
      }
    }
    const created = await createAutopayDebits(deps, wanted);
    report.created += created.length;
    await sendDebits(deps, created);
  }
  report.resent = await resendStranded(deps, now);
  return report;
}

/** `homeId:month` of every autopay debit already made for these homes. */
async function autopayMonthsTaken(db: Executor, homeIds: string[]): Promise<Set<string>> {
  const taken = await db
    .select({ homeId: processorPayments.homeId, month: processorPayments.month })
    .from(processorPayments)
    .where(and(eq(processorPayments.origin, 'autopay'), inArray(processorPayments.homeId, homeIds)));
  return new Set(taken.map((t) => `${t.homeId}:${t.month}`));
}

/** What the run needs of an account (not its sealed number nor the authorisation's text: 100,000 of those add up). */
const AUTOPAY_ACCOUNT = {
  id: bankAccounts.id,
  accountLast4: bankAccounts.accountLast4,
  autopaySince: bankAccounts.autopaySince,
  providerCustomerId: bankAccounts.providerCustomerId,
  providerSetupId: bankAccounts.providerSetupId,
  providerPaymentMethodId: bankAccounts.providerPaymentMethodId,
};
type AutopayAccount = Pick<BankAccountRow, keyof typeof AUTOPAY_ACCOUNT>;

interface NewDebit {
  account: AutopayAccount;
  homeId: string;
  month: number;
  amountCents: number;
}

/** What the run keeps of a debit it made: enough to send it and to say so. */
type CreatedDebit = { id: string; homeId: string; month: number; amountCents: number; collector: 'processor' | 'bank' };

/**
 * The months' debits with their audit entries, in one transaction, once: a debit another run made first is skipped.
 * One array per column, unnested by the database (as recordAudits does): drizzle's multi-row insert of 500 debits
 * spent longer building its parameters than PostgreSQL spent inserting them (docs/decisions/044-payments-throughput.md).
 */
async function createAutopayDebits(deps: PaymentsDeps, wanted: NewDebit[]): Promise<{ payment: CreatedDebit; account: AutopayAccount }[]> {
  if (wanted.length === 0) return [];
  const collector = deps.config.PAYMENTS_COLLECTOR;
  const sandbox = collector === 'processor' && Boolean(deps.payments.sandbox);
  const accountOf = new Map(wanted.map((w) => [w.homeId, w.account]));
  const column = <T>(read: (debit: NewDebit) => T) => sql.param(wanted.map(read));
  // The key `autopay-<month>` is shorter than any key a page may send (16 to 64 characters): never one of theirs.
  const inserted = await deps.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string; home_id: string; month: number; amount_cents: string | number }>(
      tx,
      sql`INSERT INTO ${processorPayments} (home_id, bank_account_id, amount_cents, idempotency_key, origin, month, collector, sandbox)
          SELECT d.home_id, d.bank_account_id, d.amount_cents, 'autopay-' || d.month, 'autopay', d.month, ${collector}::text, ${sandbox}::boolean
          FROM unnest(
            ${column((d) => d.homeId)}::uuid[],
            ${column((d) => d.account.id)}::uuid[],
            ${column((d) => d.amountCents)}::bigint[],
            ${column((d) => d.month)}::integer[]
          ) WITH ORDINALITY AS d(home_id, bank_account_id, amount_cents, month, n)
          ORDER BY d.n
          ON CONFLICT DO NOTHING
          RETURNING id, home_id, month, amount_cents`,
    );
    const created = rows.map((row) => ({ id: row.id, homeId: row.home_id, month: row.month, amountCents: Number(row.amount_cents), collector }));
    await recordAudits(
      tx,
      SYSTEM_ACTOR,
      created.map((row) => ({
        action: 'create' as const,
        entityType: 'payments' as const,
        entityId: row.homeId,
        changes: {
          payment: row.id,
          autopay: true,
          month: row.month,
          amountCents: row.amountCents,
          account: maskAccountNumber(accountOf.get(row.homeId)!.accountLast4),
          state: 'scheduled',
        },
      })),
    );
    return created;
  });
  return inserted.map((payment) => ({ payment, account: accountOf.get(payment.homeId)! }));
}

/** Scheduled processor debits never answered (their sender died): sent again under the same Idempotency-Key. */
async function resendStranded(deps: PaymentsDeps, now: Date): Promise<number> {
  const stranded = await deps.db
    .select({ payment: processorPayments, account: AUTOPAY_ACCOUNT })
    .from(processorPayments)
    .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
    .where(
      and(
        eq(processorPayments.state, 'scheduled'),
        eq(processorPayments.collector, 'processor'),
        isNull(processorPayments.providerPaymentId),
        lt(processorPayments.scheduledAt, sql`${new Date(now.getTime() - RESEND_AFTER_MS).toISOString()}::timestamptz`),
      ),
    )
    .orderBy(asc(processorPayments.scheduledAt))
    .limit(500);
  await sendDebits(deps, stranded);
  return stranded.length;
}
