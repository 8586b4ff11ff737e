import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { ledgerToday } from '../../../domain/homes/dates';
import { formatCents } from '../../../domain/format';
import { maskAccountNumber } from '../../../domain/payments/aba';
import {
  AUTHORISATION_VERSION,
  authorisationText,
  MIN_PAYMENT_CENTS,
  type PaymentsOverview,
  type PayNowInput,
  type ProcessorPaymentView,
} from '../../../domain/payments/bank-account';
import { applyEvent, failureWords, returnCodeWords, type ProcessorPaymentState } from '../../../domain/payments/states';
import { queryRows, type Executor } from '../../platform/db/client';
import { bankAccounts, processorPayments } from '../../platform/db/schema';
import { recordAudit, recordAudits, SYSTEM_ACTOR, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import { getSettings } from '../../platform/settings/settings-store';
import { appendLedgerEntries, figuresOfHome, homeOfUser, myHomeOf } from '../homes';
import { bankAccountView, currentBankAccount, isUniqueViolation, noHome, type BankAccountRow, type PaymentsDeps } from './bank-accounts';
import { instantOffered, noNumberForBank } from './bank-links';
import { autopayOf } from './autopay-view';
import { notifyPayment } from './payment-notifications';
import { ProviderError, type ProviderEvent } from './provider';

/** How many debits are with the processor at once in a batch (docs/decisions/044-payments-throughput.md). */
export const SEND_CONCURRENCY = 16;

/**
 * 'Pay now' and the provider's events (docs/decisions/032-processor-payments.md).
 * A debit is `scheduled` when asked (one per idempotency key from the page), `processing` once the
 * provider has it, then `succeeded` — only then a ledger `payment` (source `processor`, the
 * provider's id as its reference) — or `failed`; a `returned` debit gets a `reversal` naming the
 * return code. Each provider event is recorded once by its id; an out-of-date one changes nothing;
 * one about a payment we do not know is kept for staff.
 */

type PaymentRow = typeof processorPayments.$inferSelect;

function paymentView(row: PaymentRow, last4: string): ProcessorPaymentView {
  const steps = (
    [
      ['scheduled', row.scheduledAt],
      ['processing', row.processingAt],
      ['succeeded', row.succeededAt],
      ['failed', row.failedAt],
      ['returned', row.returnedAt],
    ] as const
  )
    .filter((step): step is readonly [ProcessorPaymentState, Date] => step[1] !== null)
    .map(([state, at]) => ({ state, at: at.toISOString() }));
  const failed = row.state === 'failed' ? failureWords(row.failureCode) : null;
  const returnCode = row.state === 'returned' ? (row.returnCode ?? 'R10') : null;
  return {
    id: row.id,
    amountCents: row.amountCents,
    state: row.state,
    accountMasked: maskAccountNumber(last4),
    steps,
    reason: failed ? failed.reason : returnCode ? `Your bank returned it: ${returnCode}, ${returnCodeWords(returnCode)}.` : null,
    whatToDo: failed ? failed.whatToDo : returnCode ? 'The charges it paid are open again: pay them by bank transfer or from another account.' : null,
    returnCode,
    sandbox: row.sandbox,
  };
}

async function paymentsOfHome(db: Executor, homeId: string): Promise<ProcessorPaymentView[]> {
  const rows = await db
    .select({ payment: processorPayments, last4: bankAccounts.accountLast4 })
    .from(processorPayments)
    .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
    .where(eq(processorPayments.homeId, homeId))
    .orderBy(desc(processorPayments.scheduledAt))
    .limit(24);
  return rows.map((row) => paymentView(row.payment, row.last4));
}

/** What may be paid now: from $1 to what is owed plus next month's charge, less debits still in flight. */
async function payNowBounds(db: Executor, homeId: string, loaded: Awaited<ReturnType<typeof figuresOfHome>>) {
  const mine = myHomeOf(loaded, null);
  const owedCents = Math.max(0, mine.balanceCents);
  const nextChargeCents = mine.nextCharge?.amountCents ?? 0;
  const [inFlight] = await db
    .select({ cents: sql<string>`coalesce(sum(${processorPayments.amountCents}), 0)` })
    .from(processorPayments)
    .where(and(eq(processorPayments.homeId, homeId), inArray(processorPayments.state, ['scheduled', 'processing'])));
  const maxCents = Math.max(0, owedCents + nextChargeCents - Number(inFlight?.cents ?? 0));
  return { minCents: MIN_PAYMENT_CENTS, maxCents, owedCents, nextChargeCents };
}

/** GET /api/me/home/payments. */
export async function paymentsOverview(deps: PaymentsDeps, userId: string): Promise<PaymentsOverview> {
  const home = await homeOfUser(deps.db, userId);
  if (!home) throw noHome();
  const [settings, account, payments, loaded] = await Promise.all([
    getSettings(deps.db),
    currentBankAccount(deps.db, home.id),
    paymentsOfHome(deps.db, home.id),
    figuresOfHome(deps.db, home),
  ]);
  return {
    enabled: settings.featureFlags.paymentsWebhooks,
    sandbox: deps.payments.sandbox,
    bankAccount: account ? bankAccountView(account) : null,
    payments,
    payNow: await payNowBounds(deps.db, home.id, loaded),
    authorisation: { version: AUTHORISATION_VERSION, text: authorisationText(deps.brand.name) },
    autopay: autopayOf(account, loaded),
    collector: deps.config.PAYMENTS_COLLECTOR,
    instantVerification: settings.featureFlags.paymentsWebhooks && instantOffered(deps),
  };
}

/** POST /api/me/home/payments: one debit per idempotency key; a repeat answers the first. */
export async function payNow(deps: PaymentsDeps, actor: AuditActor & { id: string }, userId: string, input: PayNowInput): Promise<ProcessorPaymentView> {
  const { db } = deps;
  const home = await homeOfUser(db, userId);
  if (!home) throw noHome();
  const existing = await paymentByKey(db, home.id, input.idempotencyKey);
  if (existing) return existing;
  if (home.state !== 'active') throw new AppError(409, 'home_closed', 'This home is closed: there is nothing more to pay.');
  const account = await currentBankAccount(db, home.id);
  if (!account) throw new AppError(404, 'no_bank_account', 'Add a bank account first.');
  if (account.state !== 'verified') {
    throw new AppError(409, 'bank_account_state', 'Verify your bank account with the two micro-deposits first.');
  }
  if (deps.config.PAYMENTS_COLLECTOR === 'bank' && account.accountNumberSealed === null) throw noNumberForBank();
  const bounds = await payNowBounds(db, home.id, await figuresOfHome(db, home));
  if (input.amountCents > bounds.maxCents) {
    throw new AppError(400, 'validation_failed', 'Some fields need your attention.', {
      amountCents:
        bounds.maxCents >= MIN_PAYMENT_CENTS
          ? `You can pay at most ${formatCents(bounds.maxCents)} now: what you owe plus next month's charge, less payments on their way.`
          : "There is nothing to pay now: what you owe and next month's charge are covered by payments on their way.",
    });
  }
  let row: PaymentRow | undefined;
  try {
    row = await db.transaction(async (tx) => {
      const [inserted] = await tx
        .insert(processorPayments)
        .values({
          homeId: home.id,
          bankAccountId: account.id,
          amountCents: input.amountCents,
          idempotencyKey: input.idempotencyKey,
          collector: deps.config.PAYMENTS_COLLECTOR,
          sandbox: deps.config.PAYMENTS_COLLECTOR === 'processor' && deps.payments.sandbox,
          createdBy: actor.id,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'payments',
        entityId: home.id,
        changes: { payment: inserted!.id, amountCents: input.amountCents, account: maskAccountNumber(account.accountLast4), state: 'scheduled' },
      });
      return inserted;
    });
  } catch (error) {
    // The same click twice at once: the second meets the (home, key) index and answers the first.
    if (isUniqueViolation(error)) {
      const first = await paymentByKey(db, home.id, input.idempotencyKey);
      if (first) return first;
    }
    throw error;
  }
  await sendDebit(deps, row!, account);
  return (await paymentByKey(db, home.id, input.idempotencyKey))!;
}

/**
 * Sends a scheduled debit to its collector (docs/decisions/037-autopay-and-ach-files.md): the processor, under our
 * Idempotency-Key `payment-<id>` — so sending it again (a retry, a restart after a crash) is the same debit — or,
 * for the bank, nothing now: it waits for the day's NACHA file. 'Pay now', autopay and staff's retry (staff-actions.ts) all come through here.
 */
export async function sendDebit(
  deps: PaymentsDeps,
  payment: Pick<PaymentRow, 'id' | 'amountCents' | 'collector'>,
  account: Pick<BankAccountRow, 'providerCustomerId' | 'providerPaymentMethodId' | 'providerSetupId'>,
): Promise<void> {
  if (payment.collector === 'bank') return;
  try {
    const debit = await deps.payments.debit({
      customerId: account.providerCustomerId,
      paymentMethodId: account.providerPaymentMethodId,
      setupId: account.providerSetupId,
      amountCents: payment.amountCents,
      idempotencyKey: `payment-${payment.id}`,
      paymentId: payment.id,
    });
    await deps.db
      .update(processorPayments)
      .set({ providerPaymentId: debit.providerPaymentId })
      .where(and(eq(processorPayments.id, payment.id), sql`${processorPayments.providerPaymentId} is null`));
    // The answer says processing; an event may already have moved it further.
    await applyToPayment(deps, payment.id, { kind: 'processing', failureCode: null, returnCode: null });
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    await applyToPayment(deps, payment.id, { kind: 'failed', failureCode: error.code ?? 'processor_error', returnCode: null });
  }
}

/**
 * Sends many scheduled debits (the autopay run's batch, docs/decisions/044-payments-throughput.md): to the processor
 * SEND_CONCURRENCY at a time under the same Idempotency-Key as sendDebit, then every answer recorded in one
 * transaction — the processor's id, and `processing` with its audit entry for each debit still `scheduled` (an event
 * may have moved it further already: then only the id). A refusal fails its debit as sendDebit does. Any other error
 * (the processor unreachable) leaves the rest `scheduled` for the next run's resend, and is thrown once the answers
 * received are recorded.
 */
export async function sendDebits(
  deps: PaymentsDeps,
  debits: readonly {
    payment: Pick<PaymentRow, 'id' | 'amountCents' | 'collector'>;
    account: Pick<BankAccountRow, 'providerCustomerId' | 'providerPaymentMethodId' | 'providerSetupId'>;
  }[],
): Promise<void> {
  const toProcessor = debits.filter(({ payment }) => payment.collector === 'processor');
  const answered: { id: string; providerPaymentId: string }[] = [];
  const refused: { id: string; code: string }[] = [];
  let broken: unknown;
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(SEND_CONCURRENCY, toProcessor.length) }, async () => {
      while (next < toProcessor.length && broken === undefined) {
        const { payment, account } = toProcessor[next++]!;
        try {
          const debit = await deps.payments.debit({
            customerId: account.providerCustomerId,
            paymentMethodId: account.providerPaymentMethodId,
            setupId: account.providerSetupId,
            amountCents: payment.amountCents,
            idempotencyKey: `payment-${payment.id}`,
            paymentId: payment.id,
          });
          answered.push({ id: payment.id, providerPaymentId: debit.providerPaymentId });
        } catch (error) {
          if (error instanceof ProviderError) refused.push({ id: payment.id, code: error.code ?? 'processor_error' });
          else broken ??= error;
        }
      }
    }),
  );
  if (answered.length > 0) {
    // One statement for the processor's ids and the step to 'processing' (each debit's row is rewritten once, with its
    // indexes): a debit an event has already moved on keeps its state. Arrays, not one parameter per value
    // (docs/decisions/044-payments-throughput.md).
    const ids = sql.param(answered.map((a) => a.id));
    const providerIds = sql.param(answered.map((a) => a.providerPaymentId));
    const at = new Date().toISOString();
    await deps.db.transaction(async (tx) => {
      const moved = await queryRows<{ id: string; home_id: string; moved: boolean }>(
        tx,
        sql`WITH v AS (SELECT * FROM unnest(${ids}::uuid[], ${providerIds}::text[]) AS v(id, pid)),
                 before AS (SELECT p.id, p.state FROM ${processorPayments} p JOIN v ON v.id = p.id ORDER BY p.id FOR UPDATE OF p)
            UPDATE ${processorPayments} p
               SET provider_payment_id = coalesce(p.provider_payment_id, v.pid),
                   state = CASE WHEN b.state = 'scheduled' THEN 'processing' ELSE p.state END,
                   processing_at = CASE WHEN b.state = 'scheduled' THEN ${at}::timestamptz ELSE p.processing_at END
              FROM v, before b
             WHERE p.id = v.id AND b.id = p.id AND (p.provider_payment_id IS NULL OR b.state = 'scheduled')
         RETURNING p.id, p.home_id, b.state = 'scheduled' AS moved`,
      );
      await recordAudits(
        tx,
        SYSTEM_ACTOR,
        moved
          .filter((row) => row.moved)
          .map((row) => ({
            action: 'update' as const,
            entityType: 'payments' as const,
            entityId: row.home_id,
            changes: { payment: row.id, state: { from: 'scheduled', to: 'processing' } },
          })),
      );
    });
  }
  for (const { id, code } of refused) await applyToPayment(deps, id, { kind: 'failed', failureCode: code, returnCode: null });
  if (broken !== undefined) throw broken;
}

async function paymentByKey(db: Executor, homeId: string, key: string): Promise<ProcessorPaymentView | undefined> {
  const [row] = await db
    .select({ payment: processorPayments, last4: bankAccounts.accountLast4 })
    .from(processorPayments)
    .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
    .where(and(eq(processorPayments.homeId, homeId), eq(processorPayments.idempotencyKey, key)));
  return row ? paymentView(row.payment, row.last4) : undefined;
}

export type Change = Pick<ProviderEvent, 'failureCode' | 'returnCode'> & { kind: NonNullable<ProviderEvent['kind']> };

/** Applies `change` to payment `paymentId` in its own transaction; answers whether it changed anything. */
export function applyToPayment(deps: PaymentsDeps, paymentId: string, change: Change): Promise<boolean> {
  return deps.db.transaction((tx) => applyLocked(tx, paymentId, change));
}

/**
 * The change an event makes, with the payment's row locked: its state, its ledger entries (the
 * home locked by appendLedgerEntries), its audit entry and its e-mail, together.
 */
export async function applyLocked(tx: Executor, paymentId: string, change: Change): Promise<boolean> {
  const [payment] = await tx.select().from(processorPayments).where(eq(processorPayments.id, paymentId)).for('update');
  if (!payment) return false;
  const outcome = applyEvent(payment.state, change.kind);
  if (!outcome.applies) return false;
  const now = new Date();
  const [account] = await tx.select({ last4: bankAccounts.accountLast4 }).from(bankAccounts).where(eq(bankAccounts.id, payment.bankAccountId));
  const masked = maskAccountNumber(account!.last4);
  const set: Partial<PaymentRow> = { state: outcome.next };
  if (outcome.next === 'processing') set.processingAt = now;
  if (outcome.next === 'succeeded') set.succeededAt = now;
  if (outcome.next === 'failed') Object.assign(set, { failedAt: now, failureCode: change.failureCode, returnCode: change.returnCode });
  if (outcome.next === 'returned') Object.assign(set, { returnedAt: now, returnCode: change.returnCode ?? 'R10', succeededAt: payment.succeededAt ?? now });
  const today = ledgerToday();
  const sandbox = payment.sandbox ? ' (Sandbox)' : '';
  if (outcome.ledger === 'payment' || outcome.ledger === 'payment_and_reversal') {
    const [entry] = await appendLedgerEntries(
      tx,
      payment.homeId,
      [
        {
          kind: 'payment',
          amountCents: payment.amountCents,
          effectiveOn: today,
          // The bank's debit: its trace number, which the bank's return file names (docs/decisions/031-late-fees-and-nacha.md).
          reference: payment.traceNumber ?? payment.providerPaymentId ?? `payment-${payment.id}`,
          source: payment.collector === 'bank' ? 'bank' : 'processor',
          note: `Bank debit from ${masked}${sandbox}`,
        },
      ],
      null,
    );
    set.paymentSeq = entry!.seq;
  }
  if (outcome.ledger === 'reversal' || outcome.ledger === 'payment_and_reversal') {
    const code = change.returnCode ?? 'R10';
    const [entry] = await appendLedgerEntries(
      tx,
      payment.homeId,
      [
        {
          kind: 'reversal',
          amountCents: payment.amountCents,
          effectiveOn: today,
          reversesSeq: set.paymentSeq ?? payment.paymentSeq!,
          note: `Returned by the bank: ${code} ${returnCodeWords(code)}${sandbox}`,
        },
      ],
      null,
    );
    set.reversalSeq = entry!.seq;
  }
  await tx.update(processorPayments).set(set).where(eq(processorPayments.id, payment.id));
  await recordAudit(tx, SYSTEM_ACTOR, {
    action: 'update',
    entityType: 'payments',
    entityId: payment.homeId,
    changes: {
      payment: payment.id,
      state: { from: payment.state, to: outcome.next },
      ...(set.failureCode ? { failureCode: set.failureCode } : {}),
      ...(set.returnCode ? { returnCode: set.returnCode } : {}),
      ...(set.paymentSeq ? { paymentSeq: set.paymentSeq } : {}),
      ...(set.reversalSeq ? { reversalSeq: set.reversalSeq } : {}),
    },
  });
  if (outcome.next === 'succeeded' || outcome.next === 'failed' || outcome.next === 'returned') await notifyPayment(tx, payment.id, outcome.next);
  return true;
}
