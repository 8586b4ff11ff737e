import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { applicantName } from '../../domain/admin/applications';
import { monthlyPaymentProblem } from '../../domain/homes/admin-homes';
import {
  earliestNoticeDate,
  isOpenNotice,
  OPEN_NOTICE_STATES,
  type HomeChanges,
  type Notice,
  type NoticeRequest,
  type PaymentChange,
  type PendingHomeChanges,
} from '../../domain/homes/changes';
import { ledgerToday } from '../../domain/homes/dates';
import { NOTICE_KIND_LABELS } from '../../domain/homes/states';
import { recordAudit, type AuditActor } from '../admin/audit';
import type { Executor } from '../applications/repository';
import { readAll, type Db } from '../db/client';
import { homeNotices, homePaymentChanges, homes, homeTerms, users } from '../db/schema';
import { AppError } from '../lib/errors';
import { isoTime, isoTimeOrNull } from '../lib/iso-time';
import { paymentCentsFor } from './charges';
import { agreementOf, loadHomeFigures } from './home-figures';
import { appendLedgerEntries, lastChargedMonths, lockHome } from './ledger';
import { notifyNoticeStep, notifyPaymentChangeDecided } from './change-notifications';

/**
 * 'Adjust Monthly Payment' and 'Transfer' (docs/product/dashboard.md#adjust-monthly-payment,
 * docs/product/dashboard.md#transfer; decisions.md 'Homes, agreements and
 * the ledger'; docs/decisions/022-homes-and-ledger.md). Every change is written with its
 * audit entry, and its e-mail queued, in one transaction. A term starts at the next
 * unbilled month — the one after the highest month charged, as the charge run counts
 * (src/server/homes/charges.ts) — read with the home's row locked, so a charge run and an
 * approval queue rather than race: nothing already billed changes.
 */

type PaymentChangeRow = typeof homePaymentChanges.$inferSelect;
type NoticeRow = typeof homeNotices.$inferSelect;

const noHome = () => new AppError(404, 'no_home', 'You do not have a home with us yet.');
const changeNotFound = () => new AppError(404, 'not_found', 'There is no such payment change.');
const noticeNotFound = () => new AppError(404, 'not_found', 'There is no such notice.');
const homeClosed = () => new AppError(409, 'home_closed', 'This home is closed: its agreement has ended.');
const fieldError = (field: string, message: string) => new AppError(400, 'validation_failed', 'Some fields need your attention.', { [field]: message });

/** PostgreSQL's unique_violation (the one-pending / one-open indexes when two requests race). */
const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

const onePending = () =>
  new AppError(409, 'change_pending', 'You already asked for a new payment. Withdraw that request, or wait for our answer, before asking for another.');
const oneOpenNotice = () =>
  new AppError(
    409,
    'notice_open',
    'You already have a notice in progress. We will contact you about it; you can send a new one once it is completed or cancelled.',
  );

export function paymentChangeView(row: PaymentChangeRow): PaymentChange {
  return {
    id: row.id,
    homeId: row.homeId,
    monthlyPaymentCents: row.monthlyPaymentCents,
    state: row.state,
    fromMonth: row.fromMonth,
    reason: row.reason,
    requestedAt: isoTime(row.requestedAt),
    decidedAt: isoTimeOrNull(row.decidedAt),
  };
}

export function noticeView(row: NoticeRow): Notice {
  return {
    id: row.id,
    homeId: row.homeId,
    kind: row.kind,
    requestedDate: row.requestedDate,
    estimatedPayoutCents: row.estimatedPayoutCents,
    note: row.note,
    state: row.state,
    scheduledDate: row.scheduledDate,
    payoutCents: row.payoutCents,
    cancelReason: row.cancelReason,
    createdAt: isoTime(row.createdAt),
    acknowledgedAt: isoTimeOrNull(row.acknowledgedAt),
    scheduledAt: isoTimeOrNull(row.scheduledAt),
    completedAt: isoTimeOrNull(row.completedAt),
    cancelledAt: isoTimeOrNull(row.cancelledAt),
  };
}

/** The next month the charge run will bill for `homeId`: the one after the highest charged (1 before any). */
export async function nextUnbilledMonth(db: Executor, homeId: string): Promise<number> {
  return ((await lastChargedMonths(db, [homeId])).get(homeId) ?? 0) + 1;
}

/** accessibleEquity (dollars, full precision) as whole cents. */
const toCents = (dollars: number) => Math.max(0, Math.round(dollars * 100));

/** A home's changes with what the slider and the notice form need (GET /api/me/home/changes, /api/admin/homes/{id}/changes). */
export async function homeChanges(db: Executor, homeId: string): Promise<HomeChanges | undefined> {
  const today = ledgerToday();
  const loaded = await loadHomeFigures(db, homeId, today);
  if (!loaded) return undefined;
  const [nextMonth, changes, notices] = await readAll(db, [
    () => nextUnbilledMonth(db, homeId),
    () => db.select().from(homePaymentChanges).where(eq(homePaymentChanges.homeId, homeId)).orderBy(desc(homePaymentChanges.requestedAt)).limit(50),
    () => db.select().from(homeNotices).where(eq(homeNotices.homeId, homeId)).orderBy(desc(homeNotices.createdAt)).limit(50),
  ]);
  const { home, valuation } = loaded;
  return {
    homeId,
    address: home.address,
    state: home.state,
    closedOn: home.closedOn,
    agreement: {
      priceCents: home.priceCents,
      downPaymentCents: home.downPaymentCents,
      mortgageRate: home.mortgageRate,
      appreciationRate: home.appreciationRate,
    },
    currentPaymentCents: paymentCentsFor(loaded.terms, nextMonth),
    nextMonth,
    accessibleEquityCents: toCents(loaded.figures.accessibleEquity),
    valuation: valuation ? { valueCents: valuation.valueCents, valuedOn: valuation.valuedOn } : null,
    today,
    earliestNoticeDate: earliestNoticeDate(today),
    paymentChanges: changes.map(paymentChangeView),
    notices: notices.map(noticeView),
  };
}

/** The home the signed-in homeowner acts on, locked for the transaction: their active one (404 without one, 409 when it is closed). */
async function lockedHomeOf(tx: Executor, userId: string): Promise<typeof homes.$inferSelect> {
  const rows = await tx.select().from(homes).where(eq(homes.userId, userId)).orderBy(desc(homes.createdAt)).for('update');
  const home = rows.find((row) => row.state === 'active');
  if (!home) throw rows.length > 0 ? homeClosed() : noHome();
  return home;
}

/** POST /api/me/home/payment-changes: a new pending request for the session's home. */
export async function requestPaymentChange(db: Db, actor: AuditActor & { id: string }, monthlyPaymentCents: number): Promise<PaymentChange> {
  try {
    return await db.transaction(async (tx) => {
      const home = await lockedHomeOf(tx, actor.id);
      const problem = monthlyPaymentProblem(agreementOf(home), monthlyPaymentCents);
      if (problem) throw fieldError('monthlyPaymentCents', problem);
      const terms = await tx.select().from(homeTerms).where(eq(homeTerms.homeId, home.id));
      const current = paymentCentsFor(terms, await nextUnbilledMonth(tx, home.id));
      if (current === monthlyPaymentCents) throw fieldError('monthlyPaymentCents', 'That is your current monthly payment: choose a different one.');
      const [pending] = await tx
        .select({ id: homePaymentChanges.id })
        .from(homePaymentChanges)
        .where(and(eq(homePaymentChanges.homeId, home.id), eq(homePaymentChanges.state, 'pending')));
      if (pending) throw onePending();
      const [row] = await tx.insert(homePaymentChanges).values({ homeId: home.id, monthlyPaymentCents, requestedBy: actor.id }).returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'homes',
        entityId: home.id,
        changes: { paymentChange: { id: row!.id, monthlyPaymentCents: { from: current, to: monthlyPaymentCents } } },
      });
      return paymentChangeView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw onePending();
    throw error;
  }
}

/** POST /api/me/home/payment-changes/{id}/withdraw: only the homeowner's own pending request. */
export async function withdrawPaymentChange(db: Db, actor: AuditActor & { id: string }, changeId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ change: homePaymentChanges, userId: homes.userId })
      .from(homePaymentChanges)
      .innerJoin(homes, eq(homes.id, homePaymentChanges.homeId))
      .where(eq(homePaymentChanges.id, changeId))
      .for('update', { of: homePaymentChanges });
    if (!row || row.userId !== actor.id) throw changeNotFound();
    if (row.change.state !== 'pending') throw new AppError(409, 'change_decided', 'This request is no longer waiting: it cannot be withdrawn.');
    await tx.update(homePaymentChanges).set({ state: 'withdrawn', decidedBy: actor.id, decidedAt: new Date() }).where(eq(homePaymentChanges.id, changeId));
    await recordAudit(tx, actor, {
      action: 'withdraw',
      entityType: 'homes',
      entityId: row.change.homeId,
      changes: { paymentChange: { id: changeId, state: { from: 'pending', to: 'withdrawn' } } },
    });
  });
}

/** A pending change, locked; 404 / 409 otherwise. */
async function lockedPendingChange(tx: Executor, changeId: string): Promise<PaymentChangeRow> {
  const [row] = await tx.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, changeId)).for('update');
  if (!row) throw changeNotFound();
  if (row.state !== 'pending') throw new AppError(409, 'change_decided', `This request is already ${row.state}.`);
  return row;
}

/**
 * Approves a pending change (POST /api/admin/payment-changes/{id}/approve): its payment is
 * the term from the next unbilled month. An earlier approved change not billed yet starts
 * at that same month; this one takes its place (nothing billed changes).
 */
export async function approvePaymentChange(db: Db, actor: AuditActor, changeId: string): Promise<PaymentChange> {
  return db.transaction(async (tx) => {
    const change = await lockedPendingChange(tx, changeId);
    const home = await lockHome(tx, change.homeId);
    if (home.state !== 'active') throw homeClosed();
    const fromMonth = await nextUnbilledMonth(tx, change.homeId);
    const terms = await tx.select().from(homeTerms).where(eq(homeTerms.homeId, change.homeId));
    const previous = paymentCentsFor(terms, fromMonth);
    const replaced = terms.find((term) => term.fromMonth === fromMonth);
    if (replaced) {
      await tx
        .update(homeTerms)
        .set({ monthlyPaymentCents: change.monthlyPaymentCents, paymentChangeId: change.id, createdBy: actor.id, createdAt: new Date() })
        .where(and(eq(homeTerms.homeId, change.homeId), eq(homeTerms.fromMonth, fromMonth)));
    } else {
      await tx
        .insert(homeTerms)
        .values({ homeId: change.homeId, fromMonth, monthlyPaymentCents: change.monthlyPaymentCents, paymentChangeId: change.id, createdBy: actor.id });
    }
    const [row] = await tx
      .update(homePaymentChanges)
      .set({ state: 'approved', fromMonth, decidedBy: actor.id, decidedAt: new Date() })
      .where(eq(homePaymentChanges.id, changeId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'approve',
      entityType: 'homes',
      entityId: change.homeId,
      changes: {
        paymentChange: { id: change.id, state: { from: 'pending', to: 'approved' } },
        term: {
          fromMonth,
          monthlyPaymentCents: { from: previous, to: change.monthlyPaymentCents },
          ...(replaced ? { replacedChangeId: replaced.paymentChangeId } : {}),
        },
      },
    });
    await notifyPaymentChangeDecided(tx, change.id);
    return paymentChangeView(row!);
  });
}

/** Declines a pending change with the reason the homeowner reads (POST /api/admin/payment-changes/{id}/decline). */
export async function declinePaymentChange(db: Db, actor: AuditActor, changeId: string, reason: string): Promise<PaymentChange> {
  return db.transaction(async (tx) => {
    const change = await lockedPendingChange(tx, changeId);
    const [row] = await tx
      .update(homePaymentChanges)
      .set({ state: 'declined', reason, decidedBy: actor.id, decidedAt: new Date() })
      .where(eq(homePaymentChanges.id, changeId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'decline',
      entityType: 'homes',
      entityId: change.homeId,
      changes: { paymentChange: { id: change.id, state: { from: 'pending', to: 'declined' }, reason } },
    });
    await notifyPaymentChangeDecided(tx, change.id);
    return paymentChangeView(row!);
  });
}

/**
 * POST /api/me/home/notices: the 60-day notice, with the estimated payout — accessibleEquity at
 * the latest valuation, as the form showed it — kept with it. The schema refused a date
 * less than 60 days away.
 */
export async function sendNotice(db: Db, actor: AuditActor & { id: string }, input: NoticeRequest): Promise<Notice> {
  try {
    return await db.transaction(async (tx) => {
      const home = await lockedHomeOf(tx, actor.id);
      const [open] = await tx
        .select({ id: homeNotices.id })
        .from(homeNotices)
        .where(and(eq(homeNotices.homeId, home.id), inArray(homeNotices.state, [...OPEN_NOTICE_STATES])));
      if (open) throw oneOpenNotice();
      const loaded = await loadHomeFigures(tx, home.id);
      const estimatedPayoutCents = toCents(loaded!.figures.accessibleEquity);
      const [row] = await tx
        .insert(homeNotices)
        .values({ homeId: home.id, kind: input.kind, requestedDate: input.requestedDate, note: input.note, estimatedPayoutCents, createdBy: actor.id })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'homes',
        entityId: home.id,
        changes: { notice: { id: row!.id, kind: input.kind, requestedDate: input.requestedDate, estimatedPayoutCents, note: input.note } },
      });
      await notifyNoticeStep(tx, row!.id, 'sent');
      return noticeView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw oneOpenNotice();
    throw error;
  }
}

async function lockedNotice(tx: Executor, noticeId: string): Promise<NoticeRow> {
  const [row] = await tx.select().from(homeNotices).where(eq(homeNotices.id, noticeId)).for('update');
  if (!row) throw noticeNotFound();
  return row;
}

const wrongStep = (row: NoticeRow, action: string) => new AppError(409, 'notice_state', `This notice is ${row.state}: it cannot be ${action}.`);

/**
 * Moves a locked notice to its next step in `tx`: the row's new state and columns, the audit
 * entry of the move (`changes`: what else the step set, beside the state) and the homeowner's
 * e-mail of that step, together.
 */
async function stepNotice(
  tx: Executor,
  actor: AuditActor,
  notice: NoticeRow,
  step: { set: Partial<NoticeRow> & { state: NoticeRow['state'] }; action: 'update' | 'cancel'; changes?: Record<string, unknown> },
): Promise<Notice> {
  const [row] = await tx
    .update(homeNotices)
    .set({ ...step.set, stateChangedBy: actor.id })
    .where(eq(homeNotices.id, notice.id))
    .returning();
  await recordAudit(tx, actor, {
    action: step.action,
    entityType: 'homes',
    entityId: notice.homeId,
    changes: { notice: { id: notice.id, state: { from: notice.state, to: step.set.state }, ...step.changes } },
  });
  await notifyNoticeStep(tx, notice.id, step.set.state);
  return noticeView(row!);
}

/** Acknowledges a sent notice. */
export async function acknowledgeNotice(db: Db, actor: AuditActor, noticeId: string): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await lockedNotice(tx, noticeId);
    if (notice.state !== 'sent') throw wrongStep(notice, 'acknowledged');
    return stepNotice(tx, actor, notice, { set: { state: 'acknowledged', acknowledgedAt: new Date() }, action: 'update' });
  });
}

/** Schedules an acknowledged notice, or moves a scheduled one's date. */
export async function scheduleNotice(db: Db, actor: AuditActor, noticeId: string, scheduledDate: string): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await lockedNotice(tx, noticeId);
    if (notice.state !== 'acknowledged' && notice.state !== 'scheduled') {
      throw notice.state === 'sent' ? new AppError(409, 'notice_state', 'Acknowledge the notice before scheduling it.') : wrongStep(notice, 'scheduled');
    }
    return stepNotice(tx, actor, notice, {
      set: { state: 'scheduled', scheduledDate, scheduledAt: new Date() },
      action: 'update',
      changes: { scheduledDate: { from: notice.scheduledDate, to: scheduledDate } },
    });
  });
}

/**
 * Completes a scheduled notice (POST /api/admin/notices/{id}/complete), all in one
 * transaction: the payout entry in the ledger (when above $0; default the accessible
 * equity today), the home closed today (the charge run bills active homes only), a
 * pending payment change declined, the notice completed, the audit entry and the e-mail.
 */
export async function completeNotice(db: Db, actor: AuditActor, noticeId: string, payoutCents?: number): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await lockedNotice(tx, noticeId);
    if (notice.state !== 'scheduled') {
      throw isOpenNotice(notice.state) ? new AppError(409, 'notice_state', 'Schedule the notice before completing it.') : wrongStep(notice, 'completed');
    }
    const home = await lockHome(tx, notice.homeId);
    if (home.state !== 'active') throw homeClosed();
    const today = ledgerToday();
    const payout = payoutCents ?? toCents((await loadHomeFigures(tx, notice.homeId, today))!.figures.accessibleEquity);
    const entries =
      payout > 0
        ? await appendLedgerEntries(
            tx,
            notice.homeId,
            [{ kind: 'payout', amountCents: payout, effectiveOn: today, note: `60-day notice: ${NOTICE_KIND_LABELS[notice.kind]}` }],
            actor.id,
          )
        : [];
    await tx.update(homes).set({ state: 'closed', closedOn: today }).where(eq(homes.id, notice.homeId));
    const declined = await tx
      .update(homePaymentChanges)
      .set({ state: 'declined', reason: 'Your home’s agreement ended with your 60-day notice.', decidedBy: actor.id, decidedAt: new Date() })
      .where(and(eq(homePaymentChanges.homeId, notice.homeId), eq(homePaymentChanges.state, 'pending')))
      .returning({ id: homePaymentChanges.id });
    const [row] = await tx
      .update(homeNotices)
      .set({ state: 'completed', payoutCents: payout, completedAt: new Date(), stateChangedBy: actor.id })
      .where(eq(homeNotices.id, noticeId))
      .returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'homes',
      entityId: notice.homeId,
      changes: {
        notice: { id: noticeId, state: { from: 'scheduled', to: 'completed' }, payoutCents: payout, payoutSeq: entries[0]?.seq ?? null },
        home: { state: { from: 'active', to: 'closed' }, closedOn: today },
        ...(declined.length > 0 ? { declinedPaymentChanges: declined.map((d) => d.id) } : {}),
      },
    });
    await notifyNoticeStep(tx, noticeId, 'completed');
    return noticeView(row!);
  });
}

/** Cancels a notice in progress with the reason the homeowner reads. */
export async function cancelNotice(db: Db, actor: AuditActor, noticeId: string, reason: string): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await lockedNotice(tx, noticeId);
    if (!isOpenNotice(notice.state)) throw wrongStep(notice, 'cancelled');
    return stepNotice(tx, actor, notice, { set: { state: 'cancelled', cancelReason: reason, cancelledAt: new Date() }, action: 'cancel', changes: { reason } });
  });
}

/** GET /api/admin/home-changes: pending payment changes and open notices across homes, oldest first. */
export async function pendingHomeChanges(db: Db): Promise<PendingHomeChanges> {
  const owner = { address: homes.address, firstName: users.firstName, lastName: users.lastName, email: users.email };
  const [changes, notices] = await Promise.all([
    db
      .select({ change: homePaymentChanges, ...owner })
      .from(homePaymentChanges)
      .innerJoin(homes, eq(homes.id, homePaymentChanges.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homePaymentChanges.state, 'pending'))
      .orderBy(asc(homePaymentChanges.requestedAt))
      .limit(200),
    db
      .select({ notice: homeNotices, ...owner })
      .from(homeNotices)
      .innerJoin(homes, eq(homes.id, homeNotices.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(inArray(homeNotices.state, [...OPEN_NOTICE_STATES]))
      .orderBy(asc(homeNotices.createdAt))
      .limit(200),
  ]);
  const homeIds = [...new Set(changes.map((row) => row.change.homeId))];
  const [billed, terms] = await Promise.all([
    lastChargedMonths(db, homeIds),
    homeIds.length > 0 ? db.select().from(homeTerms).where(inArray(homeTerms.homeId, homeIds)) : Promise.resolve([]),
  ]);
  const nameOf = (row: { firstName: string | null; lastName: string | null; email: string }) => applicantName(row) || row.email;
  return {
    paymentChanges: changes.map((row) => ({
      ...paymentChangeView(row.change),
      address: row.address,
      ownerName: nameOf(row),
      currentPaymentCents: paymentCentsFor(
        terms.filter((term) => term.homeId === row.change.homeId),
        (billed.get(row.change.homeId) ?? 0) + 1,
      ),
    })),
    notices: notices.map((row) => ({ ...noticeView(row.notice), address: row.address, ownerName: nameOf(row) })),
  };
}
