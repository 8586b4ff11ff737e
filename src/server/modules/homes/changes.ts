import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { applicantName } from '../../../domain/admin/applications';
import { monthlyPaymentProblem } from '../../../domain/homes/admin-homes';
import { earliestNoticeDate, OPEN_NOTICE_STATES, type HomeChanges, type PaymentChange, type PendingHomeChanges } from '../../../domain/homes/changes';
import { ledgerToday } from '../../../domain/homes/dates';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { type Db, type Executor, readAll } from '../../platform/db/client';
import { homeNotices, homePaymentChanges, homes, homeTerms, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { paymentCentsFor } from './charges';
import { agreementOf, loadHomeFigures } from './home-figures';
import { lastChargedMonths, lockHome } from './ledger';
import { notifyPaymentChangeDecided } from './change-notifications';
import { fieldError, homeClosed, isUniqueViolation, lockedHomeOf, toCents } from './change-rules';
import { noticeView } from './notices';
import { notifyStaffOfPaymentChange } from './staff-home-notifications';
import { eSignOn, sendPaymentChangeAddendum, type AddendumDeps } from './addenda';

/**
 * 'Adjust Monthly Payment' (docs/product/dashboard.md#adjust-monthly-payment, #what-comes-with-a-home;
 * docs/decisions/022-homes-and-ledger.md), and what a home's page lists of
 * its changes and notices (the 60-day notices themselves: src/server/modules/homes/notices.ts). Every change is
 * written with its audit entry, and its e-mail queued, in one transaction. A term starts at the next
 * unbilled month — the one after the highest month charged, as the charge run counts
 * (src/server/modules/homes/charges.ts) — read with the home's row locked, so a charge run and an
 * approval queue rather than race: nothing already billed changes.
 */

type PaymentChangeRow = typeof homePaymentChanges.$inferSelect;

const changeNotFound = () => new AppError(404, 'not_found', 'There is no such payment change.');

const onePending = () =>
  new AppError(409, 'change_pending', 'You already asked for a new payment. Withdraw that request, or wait for our answer, before asking for another.');

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

/** The next month the charge run will bill for `homeId`: the one after the highest charged (1 before any). */
export async function nextUnbilledMonth(db: Executor, homeId: string): Promise<number> {
  return ((await lastChargedMonths(db, [homeId])).get(homeId) ?? 0) + 1;
}

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
        .where(and(eq(homePaymentChanges.homeId, home.id), inArray(homePaymentChanges.state, ['pending', 'signing'])));
      if (pending) throw onePending();
      const [row] = await tx.insert(homePaymentChanges).values({ homeId: home.id, monthlyPaymentCents, requestedBy: actor.id }).returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'homes',
        entityId: home.id,
        changes: { paymentChange: { id: row!.id, monthlyPaymentCents: { from: current, to: monthlyPaymentCents } } },
      });
      await notifyStaffOfPaymentChange(tx, row!.id);
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
 * Approves a pending change (POST /api/admin/payment-changes/{id}/approve). With e-signatures off its payment is the
 * term from the next unbilled month at once; with them on the change is 'signing' and its addendum goes to the
 * homeowner, then staff: the term is written only when both signed (docs/decisions/039-addenda-and-envelopes.md).
 */
export async function approvePaymentChange(deps: AddendumDeps, actor: AuditActor, changeId: string): Promise<PaymentChange> {
  const signed = await eSignOn(deps);
  return deps.db.transaction(async (tx) => {
    const change = await lockedPendingChange(tx, changeId);
    const home = await lockHome(tx, change.homeId);
    if (home.state !== 'active') throw homeClosed();
    if (!signed) return applyPaymentChange(tx, actor, change, 'pending');
    const terms = await tx.select().from(homeTerms).where(eq(homeTerms.homeId, change.homeId));
    const current = paymentCentsFor(terms, await nextUnbilledMonth(tx, change.homeId));
    const [row] = await tx
      .update(homePaymentChanges)
      .set({ state: 'signing', decidedBy: actor.id, decidedAt: new Date() })
      .where(eq(homePaymentChanges.id, changeId))
      .returning();
    const envelopeId = await sendPaymentChangeAddendum(deps, tx, actor, change, current);
    await recordAudit(tx, actor, {
      action: 'approve',
      entityType: 'homes',
      entityId: change.homeId,
      changes: { paymentChange: { id: change.id, state: { from: 'pending', to: 'signing' }, envelopeId } },
    });
    return paymentChangeView(row!);
  });
}

/**
 * Writes an approved change's payment as the term from the next unbilled month, in `tx` (home locked by the caller).
 * An earlier approved change not billed yet starts at that same month; this one takes its place (nothing billed
 * changes). Called at approval with e-signatures off, or when the addendum's last signer signs.
 */
export async function applyPaymentChange(tx: Executor, actor: AuditActor, change: PaymentChangeRow, from: 'pending' | 'signing'): Promise<PaymentChange> {
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
    .set({ state: 'approved', fromMonth, ...(from === 'pending' ? { decidedBy: actor.id, decidedAt: new Date() } : {}) })
    .where(eq(homePaymentChanges.id, change.id))
    .returning();
  await recordAudit(tx, actor, {
    action: 'approve',
    entityType: 'homes',
    entityId: change.homeId,
    changes: {
      paymentChange: { id: change.id, state: { from, to: 'approved' } },
      term: {
        fromMonth,
        monthlyPaymentCents: { from: previous, to: change.monthlyPaymentCents },
        ...(replaced ? { replacedChangeId: replaced.paymentChangeId } : {}),
      },
    },
  });
  await notifyPaymentChangeDecided(tx, change.id);
  return paymentChangeView(row!);
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
