import { and, eq, inArray, sql } from 'drizzle-orm';
import { formatCents } from '../../../domain/format';
import { maskAccountNumber } from '../../../domain/payments/aba';
import { STAFF_ACCOUNT_STATE_LABELS, type StaffPayment } from '../../../domain/payments/staff';
import { bankAccounts, homes, processorPayments } from '../../platform/db/schema';
import type { Db } from '../../platform/db/client';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { getSettings } from '../../platform/settings/settings-store';
import { AppError } from '../../platform/lib/errors';
import { figuresOfHome, myHomeOf } from '../homes';
import { currentBankAccount, isUniqueViolation, type PaymentsDeps } from './bank-accounts';
import { sendDebit } from './processor-payments';
import { paymentNotFound } from './staff-refunds';
import { staffPaymentById } from './staff-views';

/**
 * Staff's retry of a failed debit and unlock of a locked verification (docs/decisions/038-staff-processor-payments.md),
 * each audited in the transaction that makes it.
 */

/** Retry and refund reach the processor: refused while the `paymentsWebhooks` switch is off. */
export async function assertStaffPaymentsOn(db: Db): Promise<void> {
  if (!(await getSettings(db)).featureFlags.paymentsWebhooks) {
    throw new AppError(409, 'payments_off', "Bank debits are switched off: turn on 'Payments webhooks' in Settings to retry or refund through the processor.");
  }
}

const alreadyRetried = () => new AppError(409, 'already_retried', 'This debit has been retried already: see the retry in Processing.');

/**
 * POST /api/admin/processor-payments/{id}/retry: a new debit of the same amount from the home's verified account,
 * with its own key (`retry-<the failed debit>`), so a double click — or two staff at once — is one retry.
 * Refused when the debit did not fail, was retried, the account is not verified, or the amount is no longer owed
 * (what the home owes less the debits on their way).
 */
export async function retryPayment(deps: PaymentsDeps, actor: AuditActor & { id: string }, paymentId: string): Promise<StaffPayment> {
  const { db } = deps;
  const [failed] = await db.select().from(processorPayments).where(eq(processorPayments.id, paymentId));
  if (!failed) throw paymentNotFound();
  if (failed.state !== 'failed') throw new AppError(409, 'not_failed', `Only a failed debit can be retried: this one is ${failed.state}.`);
  const [retried] = await db.select({ id: processorPayments.id }).from(processorPayments).where(eq(processorPayments.retryOf, failed.id));
  if (retried) throw alreadyRetried();
  const [home] = await db.select().from(homes).where(eq(homes.id, failed.homeId));
  if (!home || home.state !== 'active') throw new AppError(409, 'home_closed', 'This home is closed: there is nothing more to collect.');
  const account = await currentBankAccount(db, home.id);
  if (!account || account.state !== 'verified') {
    const state = STAFF_ACCOUNT_STATE_LABELS[account?.state ?? 'none'].toLowerCase();
    throw new AppError(409, 'bank_account_state', `The home's bank account is not verified (${state}): a debit cannot be sent.`);
  }
  const owedCents = Math.max(0, myHomeOf(await figuresOfHome(db, home), null).balanceCents);
  const [inFlight] = await db
    .select({ cents: sql<string>`coalesce(sum(${processorPayments.amountCents}), 0)` })
    .from(processorPayments)
    .where(and(eq(processorPayments.homeId, home.id), inArray(processorPayments.state, ['scheduled', 'processing'])));
  const dueCents = owedCents - Number(inFlight?.cents ?? 0);
  if (failed.amountCents > dueCents) {
    throw new AppError(
      409,
      'not_owed',
      dueCents > 0
        ? `This home now owes ${formatCents(dueCents)}, less debits on their way: a retry of ${formatCents(failed.amountCents)} would take more than that.`
        : 'This home owes nothing now, less debits on their way: the failed amount is no longer owed.',
    );
  }
  let retry: typeof processorPayments.$inferSelect;
  try {
    retry = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(processorPayments)
        .values({
          homeId: home.id,
          bankAccountId: account.id,
          amountCents: failed.amountCents,
          idempotencyKey: `retry-${failed.id}`,
          retryOf: failed.id,
          sandbox: deps.payments.sandbox,
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'retry',
        entityType: 'payments',
        entityId: home.id,
        changes: {
          payment: inserted!.id,
          retryOf: failed.id,
          amountCents: failed.amountCents,
          account: maskAccountNumber(account.accountLast4),
          state: 'scheduled',
        },
      });
      return inserted!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyRetried();
    throw error;
  }
  await sendDebit(deps, retry, account);
  return (await staffPaymentById(db, retry.id))!;
}

/**
 * POST /api/admin/homes/{id}/bank-account/unlock: a verification locked after three wrong answers gets three
 * new tries (back to pending micro-deposits). Refused (409) when the account is not locked.
 */
export async function unlockBankAccount(deps: PaymentsDeps, actor: AuditActor, homeId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const account = await currentBankAccount(tx, homeId);
    if (!account) throw new AppError(404, 'no_bank_account', 'This home has no bank account on file.');
    const [locked] = await tx
      .update(bankAccounts)
      .set({ state: 'unverified', verifyAttempts: 0 })
      .where(and(eq(bankAccounts.id, account.id), eq(bankAccounts.state, 'locked')))
      .returning({ id: bankAccounts.id });
    if (!locked) {
      throw new AppError(409, 'not_locked', `This bank account is not locked: it is ${STAFF_ACCOUNT_STATE_LABELS[account.state].toLowerCase()}.`);
    }
    await recordAudit(tx, actor, {
      action: 'unlock',
      entityType: 'payments',
      entityId: homeId,
      changes: { bankAccount: account.id, account: maskAccountNumber(account.accountLast4), state: { from: 'locked', to: 'unverified' }, verifyAttempts: 0 },
    });
  });
}
