import { and, eq, inArray } from 'drizzle-orm';
import { isOpenNotice, OPEN_NOTICE_STATES, type Notice, type NoticeRequest } from '../../../domain/homes/changes';
import { ledgerToday } from '../../../domain/homes/dates';
import { NOTICE_KIND_LABELS } from '../../../domain/homes/states';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { type Db, type Executor } from '../../platform/db/client';
import { homeNotices, homePaymentChanges, homes } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { notifyNoticeStep } from './change-notifications';
import { homeClosed, isUniqueViolation, lockedHomeOf, toCents } from './change-rules';
import { loadHomeFigures } from './home-figures';
import { appendLedgerEntries, lockHome } from './ledger';

/**
 * 'Transfer': the 60-day notice (docs/product/dashboard.md#transfer, #what-comes-with-a-home;
 * docs/decisions/022-homes-and-ledger.md) — sent by the homeowner, then acknowledged,
 * scheduled, completed (payout, home closed) or cancelled by staff. Every step is written with its
 * audit entry, and its e-mail queued, in one transaction.
 */

type NoticeRow = typeof homeNotices.$inferSelect;

const noticeNotFound = () => new AppError(404, 'not_found', 'There is no such notice.');
const oneOpenNotice = () =>
  new AppError(
    409,
    'notice_open',
    'You already have a notice in progress. We will contact you about it; you can send a new one once it is completed or cancelled.',
  );

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
