import { and, eq } from 'drizzle-orm';
import { beforeOfferMessage, openingMilestones, type Closing, type MilestoneKind, type MilestoneUpdate } from '../../../domain/buying/closing';
import { ledgerToday } from '../../../domain/homes/dates';
import type { Executor } from '../../platform/db/client';
import { closingMilestones, offers } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import { recordOfferEvent } from './offer-notification';
import { findOffer, milestonesOf, offerNotFound, presentClosing, type OfferRow } from './offers-repo';

/**
 * Under contract to closing (docs/decisions/042-closing.md): the acceptance opens the checklist, staff
 * update each milestone (state, owner, due date, the inspection's findings, the appraisal's value),
 * each change audited under the offer in one transaction; a milestone done is on the buyer's timeline
 * and mailed. A due date before the offer is refused under `dueOn`.
 */

const notUnderContract = () => new AppError(409, 'offer_state', 'The closing checklist opens once the offer is accepted.');

/** Opens the checklist of an offer just accepted, in the acceptance's transaction. */
export async function openClosing(tx: Executor, offer: OfferRow, now: Date): Promise<void> {
  const rows = openingMilestones(ledgerToday(now)).map((m) => ({ ...m, offerId: offer.id }));
  await tx.insert(closingMilestones).values(rows).onConflictDoNothing();
}

/** GET /api/admin/offers/{id}/closing. */
export async function closingOf(db: Executor, id: string): Promise<Closing> {
  const offer = await findOffer(db, id);
  if (!offer) throw offerNotFound();
  const closing = presentClosing(offer, await milestonesOf(db, id));
  if (!closing) throw notUnderContract();
  return closing;
}

/** PUT /api/admin/offers/{id}/closing/{kind}: one milestone, audited; findings and value only where they belong. */
export async function updateMilestone(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: AuditActor,
  id: string,
  kind: MilestoneKind,
  input: MilestoneUpdate,
  now = new Date(),
): Promise<Closing> {
  const closing = await deps.db.transaction(async (tx) => {
    const offer = await findOffer(tx, id, { forUpdate: true });
    if (!offer) throw offerNotFound();
    const [before] = await tx
      .select()
      .from(closingMilestones)
      .where(and(eq(closingMilestones.offerId, id), eq(closingMilestones.kind, kind)))
      .for('update');
    if (offer.status !== 'accepted' || !before) throw notUnderContract();
    const offerDate = ledgerToday(offer.createdAt);
    if (input.dueOn < offerDate) {
      throw new AppError(400, 'validation_failed', 'Some fields need your attention.', { dueOn: beforeOfferMessage(offerDate) });
    }
    const after = {
      status: input.status,
      owner: input.owner,
      dueOn: input.dueOn,
      findings: kind === 'inspection' ? input.findings : null,
      appraisedValueCents: kind === 'appraisal' ? input.appraisedValue : null,
      completedOn: input.status === 'done' ? (before.completedOn ?? ledgerToday(now)) : null,
    };
    const changes: Record<string, unknown> = {};
    for (const key of Object.keys(after) as (keyof typeof after)[]) {
      if (after[key] !== before[key]) changes[key] = { from: before[key], to: after[key] };
    }
    if (Object.keys(changes).length > 0) {
      await tx
        .update(closingMilestones)
        .set({ ...after, startedAt: after.status === 'to_do' ? null : (before.startedAt ?? now), updatedAt: now })
        .where(and(eq(closingMilestones.offerId, id), eq(closingMilestones.kind, kind)));
      await tx.update(offers).set({ updatedAt: now }).where(eq(offers.id, id));
      await recordAudit(tx, actor, { action: 'update', entityType: 'offers', entityId: id, changes: { milestone: kind, ...changes } });
      if (after.status === 'done' && before.status !== 'done') await recordOfferEvent(tx, id, 'milestone_done', { milestone: kind });
    }
    return presentClosing(offer, await milestonesOf(tx, id))!;
  });
  deps.jobs.kick();
  return closing;
}

/** What 'Record the purchase' takes from an accepted offer (docs/decisions/042-closing.md). */
export interface PurchasableOffer {
  id: string;
  address: string;
  priceCents: number;
  downPaymentCents: number;
  monthlyPaymentCents: number;
}

/**
 * The buyer's accepted offer (`offerId` when given; locked with `forUpdate`), or undefined: the purchase
 * is recorded from it, with its address and agreed figures to start.
 */
export async function acceptedOffer(
  db: Executor,
  userId: string,
  { offerId, forUpdate = false }: { offerId?: string; forUpdate?: boolean } = {},
): Promise<PurchasableOffer | undefined> {
  const where = and(eq(offers.userId, userId), eq(offers.status, 'accepted'), offerId ? eq(offers.id, offerId) : undefined);
  const query = db.select().from(offers).where(where).limit(1);
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) return undefined;
  return {
    id: row.id,
    address: row.address,
    priceCents: row.agreedPriceCents ?? row.offerPriceCents,
    downPaymentCents: row.downPaymentCents,
    monthlyPaymentCents: row.monthlyPaymentCents,
  };
}
