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
import { notifyStaffOfNotice } from './staff-home-notifications';
import { appendLedgerEntries, lockHome } from './ledger';
import { eSignOn, sendNoticeForSignature, type AddendumDeps } from './addenda';
import { voidEnvelopesOf } from '../signatures';

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
 * less than 60 days away. With e-signatures on it starts 'signing' and goes for the homeowner's
 * signature; it is sent to staff once signed (docs/decisions/039-addenda-and-envelopes.md).
 */
export async function sendNotice(deps: AddendumDeps, actor: AuditActor & { id: string }, input: NoticeRequest): Promise<Notice> {
  const signed = await eSignOn(deps);
  try {
    return await deps.db.transaction(async (tx) => {
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
        .values({
          homeId: home.id,
          kind: input.kind,
          requestedDate: input.requestedDate,
          note: input.note,
          estimatedPayoutCents,
          createdBy: actor.id,
          state: signed ? 'signing' : 'sent',
        })
        .returning();
      const envelopeId = signed ? await sendNoticeForSignature(deps, tx, actor, row!) : undefined;
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'homes',
        entityId: home.id,
        changes: {
          notice: { id: row!.id, kind: input.kind, requestedDate: input.requestedDate, estimatedPayoutCents, note: input.note, state: row!.state, envelopeId },
        },
      });
      if (!signed) await notifyNoticeStep(tx, row!.id, 'sent');
      await notifyStaffOfNotice(tx, row!.id);
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
    if (notice.state === 'signing')
      throw new AppError(409, 'notice_state', 'The homeowner has not signed this notice yet: it can be acknowledged once signed.');
    if (notice.state !== 'sent') throw wrongStep(notice, 'acknowledged');
    return stepNotice(tx, actor, notice, { set: { state: 'acknowledged', acknowledgedAt: new Date() }, action: 'update' });
  });
}

/** Schedules an acknowledged notice, or moves a scheduled one's date. */
export async function scheduleNotice(db: Db, actor: AuditActor, noticeId: string, scheduledDate: string): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await lockedNotice(tx, noticeId);
    if (notice.state !== 'acknowledged' && notice.state !== 'scheduled') {
      throw notice.state === 'sent' || notice.state === 'signing'
        ? new AppError(409, 'notice_state', 'Acknowledge the notice before scheduling it.')
        : wrongStep(notice, 'scheduled');
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
    const today = ledgerToday();
    const payout = payoutCents ?? toCents((await loadHomeFigures(tx, notice.homeId, today))!.figures.accessibleEquity);
    return completeNoticeIn(tx, actor, notice, payout, `60-day notice: ${NOTICE_KIND_LABELS[notice.kind]}`);
  });
}

/**
 * Completes the scheduled `notice` (locked by the caller) in `tx`: the payout entry in the ledger (when
 * above $0) — or, for an exit quote's buy-out, the buy-out payment received (`buyOutCents`, when above $0;
 * docs/decisions/040-exit-quote-completion.md) — the home closed today (the charge run bills active homes only),
 * a pending payment change declined, the notice completed, the audit entry and the e-mail. completeNotice and an
 * exit quote's completion (src/server/modules/homes/exit-quotes.ts) both end here. `extra` joins the audit entry.
 */
export async function completeNoticeIn(
  tx: Executor,
  actor: AuditActor,
  notice: NoticeRow,
  payout: number,
  payoutNote: string,
  extra: Record<string, unknown> = {},
  buyOutCents = 0,
): Promise<Notice> {
  const home = await lockHome(tx, notice.homeId);
  if (home.state !== 'active') throw homeClosed();
  const today = ledgerToday();
  const money = [
    ...(payout > 0 ? [{ kind: 'payout' as const, amountCents: payout, effectiveOn: today, note: payoutNote }] : []),
    ...(buyOutCents > 0 ? [{ kind: 'buy_out' as const, amountCents: buyOutCents, effectiveOn: today, note: payoutNote }] : []),
  ];
  const entries = money.length > 0 ? await appendLedgerEntries(tx, notice.homeId, money, actor.id) : [];
  await tx.update(homes).set({ state: 'closed', closedOn: today }).where(eq(homes.id, notice.homeId));
  const declined = await tx
    .update(homePaymentChanges)
    .set({ state: 'declined', reason: 'Your home’s agreement ended with your 60-day notice.', decidedBy: actor.id, decidedAt: new Date() })
    .where(and(eq(homePaymentChanges.homeId, notice.homeId), inArray(homePaymentChanges.state, ['pending', 'signing'])))
    .returning({ id: homePaymentChanges.id });
  // An addendum still waiting for its signatures can no longer be signed (docs/decisions/039-addenda-and-envelopes.md).
  for (const change of declined) await voidEnvelopesOf(tx, actor, 'payment_change', change.id, 'The home’s agreement ended with a 60-day notice.');
  const [row] = await tx
    .update(homeNotices)
    .set({ state: 'completed', payoutCents: payout, completedAt: new Date(), stateChangedBy: actor.id })
    .where(eq(homeNotices.id, notice.id))
    .returning();
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: 'homes',
    entityId: notice.homeId,
    changes: {
      notice: { id: notice.id, state: { from: 'scheduled', to: 'completed' }, payoutCents: payout, payoutSeq: entries[0]?.seq ?? null },
      ...(buyOutCents > 0 ? { buyOut: { cents: buyOutCents, seq: entries[0]?.seq ?? null } } : {}),
      home: { state: { from: 'active', to: 'closed' }, closedOn: today },
      ...(declined.length > 0 ? { declinedPaymentChanges: declined.map((d) => d.id) } : {}),
      ...extra,
    },
  });
  await notifyNoticeStep(tx, notice.id, 'completed');
  return noticeView(row!);
}

/**
 * The 60-day notice an accepted exit quote starts, in the caller's transaction (home locked): scheduled at
 * once for the quote's move date (the homeowner chose it, at least 60 days away), with the quote's payout
 * as its estimate. One notice in progress at a time, as for a notice sent from 'Transfer'.
 */
/** Refuses when `homeId` has a notice in progress (one notice at a time): an exit quote's acceptance checks before it is sent for signature. */
export async function assertNoOpenNotice(tx: Executor, homeId: string): Promise<void> {
  const [open] = await tx
    .select({ id: homeNotices.id })
    .from(homeNotices)
    .where(and(eq(homeNotices.homeId, homeId), inArray(homeNotices.state, [...OPEN_NOTICE_STATES])));
  if (open) throw oneOpenNotice();
}

export async function startQuoteNotice(
  tx: Executor,
  actor: AuditActor & { id: string },
  input: { homeId: string; kind: NoticeRow['kind']; moveDate: string; estimatedPayoutCents: number },
): Promise<NoticeRow> {
  const [open] = await tx
    .select({ id: homeNotices.id })
    .from(homeNotices)
    .where(and(eq(homeNotices.homeId, input.homeId), inArray(homeNotices.state, [...OPEN_NOTICE_STATES])));
  if (open) throw oneOpenNotice();
  const now = new Date();
  const [row] = await tx
    .insert(homeNotices)
    .values({
      homeId: input.homeId,
      kind: input.kind,
      requestedDate: input.moveDate,
      estimatedPayoutCents: Math.max(0, input.estimatedPayoutCents),
      note: 'Accepted exit quote',
      state: 'scheduled',
      scheduledDate: input.moveDate,
      acknowledgedAt: now,
      scheduledAt: now,
      createdBy: actor.id,
      stateChangedBy: actor.id,
    })
    .returning();
  await notifyNoticeStep(tx, row!.id, 'scheduled');
  return row!;
}

/** Cancels `noticeId` in `tx` when it is still in progress (an accepted quote withdrawn); audited by the caller. */
export async function cancelNoticeIn(tx: Executor, actor: AuditActor, noticeId: string, reason: string): Promise<void> {
  const notice = await lockedNotice(tx, noticeId);
  if (!isOpenNotice(notice.state)) return;
  await tx
    .update(homeNotices)
    .set({ state: 'cancelled', cancelReason: reason, cancelledAt: new Date(), stateChangedBy: actor.id })
    .where(eq(homeNotices.id, noticeId));
  await notifyNoticeStep(tx, noticeId, 'cancelled');
}

/** The notice row `noticeId`, locked for the transaction (404 when there is none). */
export { lockedNotice };

/** Cancels a notice in progress with the reason the homeowner reads (one still waiting for its signature: its envelope is voided). */
export async function cancelNotice(db: Db, actor: AuditActor, noticeId: string, reason: string): Promise<Notice> {
  return db.transaction(async (tx) => {
    const notice = await lockedNotice(tx, noticeId);
    if (!isOpenNotice(notice.state)) throw wrongStep(notice, 'cancelled');
    if (notice.state === 'signing') await voidEnvelopesOf(tx, actor, 'notice', notice.id, `Notice cancelled: ${reason}`.slice(0, 1000));
    return stepNotice(tx, actor, notice, { set: { state: 'cancelled', cancelReason: reason, cancelledAt: new Date() }, action: 'cancel', changes: { reason } });
  });
}
