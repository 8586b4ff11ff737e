import { and, eq, ne, sql } from 'drizzle-orm';
import { formatCents } from '../../../domain/format';
import { ledgerToday } from '../../../domain/homes/dates';
import type { StaffPayment, StaffRefundInput } from '../../../domain/payments/staff';
import type { Executor } from '../../platform/db/client';
import { processorEvents, processorPayments, processorRefunds } from '../../platform/db/schema';
import { recordAudit, SYSTEM_ACTOR, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import { appendLedgerEntries } from '../homes';
import { isUniqueViolation, type PaymentsDeps } from './bank-accounts';
import { ProviderError, type RefundEvent } from './provider';
import { notifyRefund } from './refund-notifications';
import { staffPaymentById } from './staff-views';

/**
 * Refunds through the provider (docs/decisions/038-staff-processor-payments.md): staff refund all or part of a
 * debit that succeeded, with a reason, never more than the debit less its other refunds (pending or done). The
 * refund is asked for `pending`; the ledger gains its `refund` entry (the provider's refund id as reference)
 * only when the provider's event says it succeeded, in the transaction that records the event, with its audit
 * entry and the homeowner's e-mail. A failed refund posts nothing.
 */

type RefundRow = typeof processorRefunds.$inferSelect;

export const paymentNotFound = () => new AppError(404, 'not_found', 'No such bank debit.');

/** POST /api/admin/processor-payments/{id}/refunds: one refund per key from the page (a double click is one refund). */
export async function refundPayment(deps: PaymentsDeps, actor: AuditActor & { id: string }, paymentId: string, input: StaffRefundInput): Promise<StaffPayment> {
  const { db } = deps;
  let refund: RefundRow;
  try {
    const made = await db.transaction(async (tx) => {
      // The debit's row locked: two refunds at once cannot together pass what was paid.
      const [payment] = await tx.select().from(processorPayments).where(eq(processorPayments.id, paymentId)).for('update');
      if (!payment) throw paymentNotFound();
      const [again] = await tx
        .select()
        .from(processorRefunds)
        .where(and(eq(processorRefunds.paymentId, paymentId), eq(processorRefunds.idempotencyKey, input.idempotencyKey)));
      if (again) return { refund: again, fresh: false };
      if (payment.state !== 'succeeded' || !payment.providerPaymentId) {
        throw new AppError(409, 'not_refundable', `Only a debit that succeeded can be refunded: this one is ${payment.state}.`);
      }
      const [taken] = await tx
        .select({ cents: sql<string>`coalesce(sum(${processorRefunds.amountCents}), 0)` })
        .from(processorRefunds)
        .where(and(eq(processorRefunds.paymentId, paymentId), ne(processorRefunds.state, 'failed')));
      const left = payment.amountCents - Number(taken?.cents ?? 0);
      if (input.amountCents > left) {
        throw new AppError(400, 'validation_failed', 'Some fields need your attention.', {
          amountCents:
            left > 0
              ? `You can refund at most ${formatCents(left)}: the debit of ${formatCents(payment.amountCents)}, less its other refunds.`
              : 'This debit has been refunded in full already.',
        });
      }
      const [inserted] = await tx
        .insert(processorRefunds)
        .values({
          paymentId,
          homeId: payment.homeId,
          amountCents: input.amountCents,
          reason: input.reason,
          idempotencyKey: input.idempotencyKey,
          sandbox: payment.sandbox,
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'refund',
        entityType: 'payments',
        entityId: payment.homeId,
        changes: { payment: paymentId, refund: inserted!.id, amountCents: input.amountCents, reason: input.reason, state: 'pending' },
      });
      return { refund: inserted!, fresh: true };
    });
    refund = made.refund;
    if (!made.fresh) return (await staffPaymentById(db, paymentId))!;
  } catch (error) {
    // The same click twice at once: the second meets the (debit, key) index and answers the first.
    if (isUniqueViolation(error)) return (await staffPaymentById(db, paymentId))!;
    throw error;
  }
  const [payment] = await db.select().from(processorPayments).where(eq(processorPayments.id, paymentId));
  try {
    const asked = await deps.payments.refund({
      providerPaymentId: payment!.providerPaymentId!,
      amountCents: refund.amountCents,
      idempotencyKey: `refund-${refund.id}`,
      refundId: refund.id,
    });
    await db.transaction(async (tx) => {
      await tx
        .update(processorRefunds)
        .set({ providerRefundId: asked.providerRefundId })
        .where(and(eq(processorRefunds.id, refund.id), sql`${processorRefunds.providerRefundId} is null`));
      // A provider that settles at once (or an event that came first) says so here as well.
      if (asked.status !== 'pending') await applyRefundStatus(tx, refund.id, asked.status, null);
    });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await db.transaction((tx) => applyRefundStatus(tx, refund.id, 'failed', error.code ?? 'processor_error'));
    throw new AppError(422, 'processor_refused', `The payment processor refused this refund: ${error.message}`);
  }
  return (await staffPaymentById(db, paymentId))!;
}

/**
 * What a refund's status changes, with its row locked: `succeeded` posts the ledger's `refund` and e-mails the
 * homeowner; `failed` or `canceled` records why. Only a pending refund changes; answers whether it did.
 */
async function applyRefundStatus(tx: Executor, refundId: string, status: string, failureReason: string | null): Promise<boolean> {
  const [refund] = await tx.select().from(processorRefunds).where(eq(processorRefunds.id, refundId)).for('update');
  if (!refund || refund.state !== 'pending') return false;
  const now = new Date();
  if (status === 'succeeded') {
    const [payment] = await tx.select().from(processorPayments).where(eq(processorPayments.id, refund.paymentId));
    const sandbox = refund.sandbox ? ' (Sandbox)' : '';
    const note = `Refund of the bank debit of entry #${payment?.paymentSeq ?? '?'}${sandbox}: ${refund.reason}`.slice(0, 500);
    const [entry] = await appendLedgerEntries(
      tx,
      refund.homeId,
      [{ kind: 'refund', amountCents: refund.amountCents, effectiveOn: ledgerToday(), reference: refund.providerRefundId, note }],
      refund.createdBy,
    );
    await tx.update(processorRefunds).set({ state: 'succeeded', succeededAt: now, ledgerSeq: entry!.seq }).where(eq(processorRefunds.id, refund.id));
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'update',
      entityType: 'payments',
      entityId: refund.homeId,
      changes: { refund: refund.id, payment: refund.paymentId, state: { from: 'pending', to: 'succeeded' }, ledgerSeq: entry!.seq },
    });
    await notifyRefund(tx, refund.id);
    return true;
  }
  if (status === 'failed' || status === 'canceled') {
    const reason = failureReason ?? status;
    await tx.update(processorRefunds).set({ state: 'failed', failedAt: now, failureReason: reason }).where(eq(processorRefunds.id, refund.id));
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'update',
      entityType: 'payments',
      entityId: refund.homeId,
      changes: { refund: refund.id, payment: refund.paymentId, state: { from: 'pending', to: 'failed' }, failureReason: reason },
    });
    return true;
  }
  return false;
}

/**
 * A refund's event, already recorded once by its id (processor-payments.ts): applied to our refund (found by the
 * provider's id, or ours in its metadata while the provider's is not yet stored), or kept as `unknown_refund`
 * for staff when we asked for no such refund.
 */
export async function applyRefundEvent(tx: Executor, eventId: string, event: RefundEvent): Promise<'applied' | 'stale' | 'unknown_refund'> {
  const fields = { id: processorRefunds.id, paymentId: processorRefunds.paymentId, providerRefundId: processorRefunds.providerRefundId };
  let [refund] = await tx.select(fields).from(processorRefunds).where(eq(processorRefunds.providerRefundId, event.providerRefundId));
  if (!refund && event.ourRefundId && /^[0-9a-f-]{36}$/i.test(event.ourRefundId)) {
    const [byOurs] = await tx.select(fields).from(processorRefunds).where(eq(processorRefunds.id, event.ourRefundId));
    if (byOurs && byOurs.providerRefundId === null) {
      await tx.update(processorRefunds).set({ providerRefundId: event.providerRefundId }).where(eq(processorRefunds.id, byOurs.id));
      refund = byOurs;
    }
  }
  if (!refund) {
    await tx.update(processorEvents).set({ outcome: 'unknown_refund' }).where(eq(processorEvents.id, eventId));
    return 'unknown_refund';
  }
  const outcome = (await applyRefundStatus(tx, refund.id, event.status, event.failureReason)) ? 'applied' : 'stale';
  await tx.update(processorEvents).set({ outcome, paymentId: refund.paymentId }).where(eq(processorEvents.id, eventId));
  return outcome;
}
