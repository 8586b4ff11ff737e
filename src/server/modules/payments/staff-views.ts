import { and, asc, count, desc, eq, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { maskAccountNumber } from '../../../domain/payments/aba';
import { MAX_VERIFY_ATTEMPTS } from '../../../domain/payments/bank-account';
import type {
  StaffAccount,
  StaffAccountsQuery,
  StaffException,
  StaffPayment,
  StaffPaymentsPage,
  StaffPaymentsQuery,
  StaffPaymentView,
} from '../../../domain/payments/staff';
import { failureWords, returnCodeWords, type ProcessorPaymentState } from '../../../domain/payments/states';
import type { Page } from '../../../domain/admin/lists';
import type { Executor } from '../../platform/db/client';
import { bankAccounts, homes, processorEvents, processorPayments, processorRefunds, users } from '../../platform/db/schema';

/**
 * What staff see of bank debits on /admin/payments (docs/decisions/038-staff-processor-payments.md): the debits
 * by state with their home, dates, reason in words and refunds; the provider's events about money we never
 * moved; each home's bank account, masked. Read-only; paged on the server.
 */

const VIEW_STATES: Readonly<Record<StaffPaymentView, readonly ProcessorPaymentState[]>> = {
  processing: ['scheduled', 'processing'],
  succeeded: ['succeeded'],
  failed: ['failed'],
  returned: ['returned'],
};

const nameOf = (row: { firstName: string | null; lastName: string | null; name: string | null }) =>
  [row.firstName, row.lastName].filter(Boolean).join(' ') || row.name || '';

type PaymentRow = typeof processorPayments.$inferSelect;

/** The reason a debit did not go through, in words: the failure's, or the bank's return code and its words. */
function reasonOf(row: PaymentRow): string | null {
  if (row.state === 'failed') return failureWords(row.failureCode).reason;
  if (row.state === 'returned') {
    const code = row.returnCode ?? 'R10';
    return `Returned by the bank: ${code}, ${returnCodeWords(code)}.`;
  }
  return null;
}

const stateAtOf = (row: PaymentRow) => row.returnedAt ?? row.failedAt ?? row.succeededAt ?? row.processingAt ?? row.scheduledAt;

/** Debits matching `where`, newest first, as staff see them (with their refunds and retries). */
async function staffPaymentsWhere(db: Executor, where: SQL | undefined, limit: number, offset: number): Promise<StaffPayment[]> {
  const rows = await db
    .select({
      payment: processorPayments,
      last4: bankAccounts.accountLast4,
      address: homes.address,
      firstName: users.firstName,
      lastName: users.lastName,
      name: users.name,
    })
    .from(processorPayments)
    .innerJoin(bankAccounts, eq(bankAccounts.id, processorPayments.bankAccountId))
    .innerJoin(homes, eq(homes.id, processorPayments.homeId))
    .leftJoin(users, eq(users.id, homes.userId))
    .where(where)
    .orderBy(desc(processorPayments.scheduledAt), desc(processorPayments.id))
    .limit(limit)
    .offset(offset);
  const ids = rows.map((row) => row.payment.id);
  const [refunds, retries] = ids.length
    ? await Promise.all([
        db.select().from(processorRefunds).where(inArray(processorRefunds.paymentId, ids)).orderBy(asc(processorRefunds.createdAt)),
        db.select({ id: processorPayments.id, retryOf: processorPayments.retryOf }).from(processorPayments).where(inArray(processorPayments.retryOf, ids)),
      ])
    : [[], []];
  return rows.map(({ payment, last4, address, ...who }) => {
    const mine = refunds.filter((refund) => refund.paymentId === payment.id);
    const taken = mine.filter((refund) => refund.state !== 'failed').reduce((sum, refund) => sum + refund.amountCents, 0);
    return {
      id: payment.id,
      homeId: payment.homeId,
      address,
      homeownerName: nameOf(who),
      amountCents: payment.amountCents,
      state: payment.state,
      accountMasked: maskAccountNumber(last4),
      scheduledAt: payment.scheduledAt.toISOString(),
      stateAt: stateAtOf(payment).toISOString(),
      reason: reasonOf(payment),
      returnCode: payment.state === 'returned' ? (payment.returnCode ?? 'R10') : null,
      retriedBy: retries.find((retry) => retry.retryOf === payment.id)?.id ?? null,
      retryOf: payment.retryOf,
      refunds: mine.map((refund) => ({
        id: refund.id,
        amountCents: refund.amountCents,
        reason: refund.reason,
        state: refund.state,
        failureReason: refund.failureReason,
        createdAt: refund.createdAt.toISOString(),
      })),
      refundableCents: payment.state === 'succeeded' ? Math.max(0, payment.amountCents - taken) : 0,
      sandbox: payment.sandbox,
    };
  });
}

/** One debit as staff see it (the answer to a retry or a refund). */
export async function staffPaymentById(db: Executor, paymentId: string): Promise<StaffPayment | undefined> {
  const [payment] = await staffPaymentsWhere(db, eq(processorPayments.id, paymentId), 1, 0);
  return payment;
}

/** GET /api/admin/processor-payments?view=failed. */
export async function staffPayments(db: Executor, query: StaffPaymentsQuery): Promise<StaffPaymentsPage> {
  const where = inArray(processorPayments.state, [...VIEW_STATES[query.view]]);
  const [items, [total]] = await Promise.all([
    staffPaymentsWhere(db, where, query.pageSize, (query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(processorPayments).where(where),
  ]);
  return { view: query.view, items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0, totalCapped: false };
}

/**
 * How long a stored event may stay `pending` before staff see it (docs/decisions/044-payments-throughput.md): the
 * route's applier applies it at once and the `payments:events` job every minute, so one still waiting after this
 * keeps failing to apply, and would otherwise sit unseen.
 */
export const PENDING_EVENT_ALERT_MINUTES = 5;

/**
 * GET /api/admin/processor-payments/exceptions: events about a debit or a refund we never made, and events stored
 * but still not applied PENDING_EVENT_ALERT_MINUTES after they came, newest first.
 */
export async function staffExceptions(db: Executor, query: { page: number; pageSize: number }): Promise<Page<StaffException>> {
  const waitingSince = new Date(Date.now() - PENDING_EVENT_ALERT_MINUTES * 60_000);
  const where = or(
    inArray(processorEvents.outcome, ['unknown_payment', 'unknown_refund']),
    and(eq(processorEvents.outcome, 'pending'), lt(processorEvents.receivedAt, waitingSince)),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(processorEvents)
      .where(where)
      .orderBy(desc(processorEvents.receivedAt), desc(processorEvents.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(processorEvents).where(where),
  ]);
  const items = rows.map((row) => ({
    id: row.id,
    type: row.type,
    outcome: row.outcome,
    providerPaymentId: row.providerPaymentId,
    providerRefundId: row.providerRefundId,
    amountCents: row.amountCents,
    detail:
      row.outcome === 'pending'
        ? `Waiting to apply: received more than ${PENDING_EVENT_ALERT_MINUTES} minutes ago and not applied yet; it is tried again every minute. If it stays, check the server's log.`
        : row.returnCode
          ? `${row.returnCode}: ${returnCodeWords(row.returnCode)}`
          : row.failureCode
            ? failureWords(row.failureCode).reason
            : row.outcome === 'unknown_refund'
              ? 'A refund we did not ask for.'
              : 'A debit we did not send.',
    occurredAt: row.occurredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0, totalCapped: false };
}

/**
 * GET /api/admin/bank-accounts: each active home's bank account (its latest: the one on file, else the last
 * removed), or none. Masked number only.
 */
export async function staffBankAccounts(db: Executor, query: StaffAccountsQuery): Promise<Page<StaffAccount>> {
  // Each home's latest account: the one on file, else the last removed (a few rows a home, by its home_id).
  const latest = sql`(select b.id from ${bankAccounts} b where b.home_id = ${homes.id} order by (b.state = 'removed'), b.created_at desc limit 1)`;
  const joined = and(eq(bankAccounts.homeId, homes.id), eq(bankAccounts.id, latest));
  const where = and(
    eq(homes.state, 'active'),
    query.state === 'all' ? undefined : query.state === 'none' ? isNull(bankAccounts.id) : eq(bankAccounts.state, query.state),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        homeId: homes.id,
        address: homes.address,
        firstName: users.firstName,
        lastName: users.lastName,
        name: users.name,
        account: bankAccounts,
      })
      .from(homes)
      .leftJoin(users, eq(users.id, homes.userId))
      .leftJoin(bankAccounts, joined)
      .where(where)
      .orderBy(sql`(${bankAccounts.state} = 'locked') desc nulls last`, asc(homes.address), asc(homes.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ n: count() }).from(homes).leftJoin(bankAccounts, joined).where(where),
  ]);
  const items = rows.map(({ homeId, address, account, ...who }) => ({
    homeId,
    address,
    homeownerName: nameOf(who),
    state: account?.state ?? ('none' as const),
    accountMasked: account ? maskAccountNumber(account.accountLast4) : null,
    accountType: account?.accountType ?? null,
    verification: account?.verification ?? null,
    attemptsLeft: account ? Math.max(0, MAX_VERIFY_ATTEMPTS - account.verifyAttempts) : null,
    addedAt: account?.createdAt.toISOString() ?? null,
    verifiedAt: account?.verifiedAt?.toISOString() ?? null,
    sandbox: account?.sandbox ?? false,
  }));
  return { items, page: query.page, pageSize: query.pageSize, total: total?.n ?? 0, totalCapped: false };
}
