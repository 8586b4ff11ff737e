import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { appraisalBelow, MILESTONE_KINDS, type Closing, type ClosingDocument, type Milestone } from '../../../domain/buying/closing';
import type { Offer } from '../../../domain/buying/offers';
import type { Executor } from '../../platform/db/client';
import { closingDocuments, closingMilestones, offerEvents, offers } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';

/** Reading offers and their timelines (docs/decisions/036-find-and-offer.md). */

export type OfferRow = typeof offers.$inferSelect;
type EventRow = typeof offerEvents.$inferSelect;
/** A milestone with its documents. */
type MilestoneRow = typeof closingMilestones.$inferSelect & { documents: ClosingDocument[] };
type DocumentRow = typeof closingDocuments.$inferSelect;

export const offerNotFound = () => new AppError(404, 'not_found', 'There is no such offer.');

export async function findOffer(
  db: Executor,
  id: string,
  { userId, forUpdate = false }: { userId?: string; forUpdate?: boolean } = {},
): Promise<OfferRow | undefined> {
  const query = db
    .select()
    .from(offers)
    .where(userId ? and(eq(offers.id, id), eq(offers.userId, userId)) : eq(offers.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function findOfferOfLetter(db: Executor, letterId: string): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(offers).where(eq(offers.letterId, letterId)).for('update');
  return row;
}

const presentEvent = (e: EventRow) => ({
  kind: e.kind,
  at: isoTime(e.at),
  counterPriceCents: e.counterPriceCents,
  answerBy: isoTimeOrNull(e.answerBy),
  reason: e.reason,
  milestone: e.milestone,
});

const presentMilestone = (m: MilestoneRow): Milestone => ({
  kind: m.kind,
  status: m.status,
  owner: m.owner,
  dueOn: m.dueOn,
  completedOn: m.completedOn,
  findings: m.findings,
  appraisedValueCents: m.appraisedValueCents,
  updatedAt: isoTime(m.updatedAt),
  documents: m.documents,
});

export const presentClosingDocument = (d: DocumentRow): ClosingDocument => ({
  id: d.id,
  name: d.originalName,
  contentType: d.contentType,
  sizeBytes: d.sizeBytes,
  uploadedBy: d.uploaderSide,
  createdAt: isoTime(d.createdAt),
});

/** The milestones of these offers, each with its documents (oldest first). */
async function milestonesOfOffers(db: Executor, ids: string[]): Promise<MilestoneRow[]> {
  if (ids.length === 0) return [];
  // One after the other: `db` may be a transaction.
  const rows = await db.select().from(closingMilestones).where(inArray(closingMilestones.offerId, ids));
  const documents = await db
    .select()
    .from(closingDocuments)
    .where(inArray(closingDocuments.offerId, ids))
    .orderBy(asc(closingDocuments.createdAt), asc(closingDocuments.id));
  return rows.map((m) => ({
    ...m,
    documents: documents.filter((d) => d.offerId === m.offerId && d.milestone === m.kind).map(presentClosingDocument),
  }));
}

/** The checklist of an accepted offer (docs/decisions/042-closing.md), milestones in their order; null before one opens. */
export function presentClosing(row: OfferRow, rows: MilestoneRow[]): Closing | null {
  if (row.agreedPriceCents === null || rows.length === 0) return null;
  const milestones = [...rows].sort((a, b) => MILESTONE_KINDS.indexOf(a.kind) - MILESTONE_KINDS.indexOf(b.kind)).map(presentMilestone);
  return { agreedPriceCents: row.agreedPriceCents, appraisalBelowPrice: appraisalBelow(milestones, row.agreedPriceCents), milestones };
}

export async function milestonesOf(db: Executor, offerId: string): Promise<MilestoneRow[]> {
  return milestonesOfOffers(db, [offerId]);
}

export function presentOffer(row: OfferRow, events: EventRow[], milestones: MilestoneRow[] = []): Offer {
  return {
    id: row.id,
    homeId: row.homeId,
    address: row.address,
    state: row.state,
    status: row.status,
    offerPriceCents: row.offerPriceCents,
    downPaymentCents: row.downPaymentCents,
    monthlyPaymentCents: row.monthlyPaymentCents,
    moveInDate: row.moveInDate,
    notes: row.notes,
    counterPriceCents: row.counterPriceCents,
    counterAnswerBy: isoTimeOrNull(row.counterAnswerBy),
    declineReason: row.declineReason,
    letterId: row.letterId,
    createdAt: isoTime(row.createdAt),
    updatedAt: isoTime(row.updatedAt),
    events: events.map(presentEvent),
    closing: presentClosing(row, milestones),
  };
}

/** Offers with their timelines, in the order given. */
export async function withEvents(db: Executor, rows: OfferRow[]): Promise<Offer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const events = await db.select().from(offerEvents).where(inArray(offerEvents.offerId, ids)).orderBy(asc(offerEvents.id));
  const milestones = await milestonesOfOffers(db, ids);
  return rows.map((row) =>
    presentOffer(
      row,
      events.filter((e) => e.offerId === row.id),
      milestones.filter((m) => m.offerId === row.id),
    ),
  );
}

/** The buyer's offers, newest first. */
export async function offersOf(db: Executor, userId: string): Promise<Offer[]> {
  const rows = await db.select().from(offers).where(eq(offers.userId, userId)).orderBy(desc(offers.createdAt), desc(offers.id));
  return withEvents(db, rows);
}

export async function offerWithEvents(db: Executor, row: OfferRow): Promise<Offer> {
  return (await withEvents(db, [row]))[0]!;
}
