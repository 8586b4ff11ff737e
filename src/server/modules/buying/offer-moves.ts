import { eq } from 'drizzle-orm';
import type { AuditAction } from '../../../domain/admin/audit';
import {
  MAX_COUNTER_DAYS,
  offerTime,
  STAFF_OFFER_MOVES,
  WITHDRAWABLE,
  type Offer,
  type OfferEventKind,
  type OfferMoveInput,
  type OfferStatus,
} from '../../../domain/buying/offers';
import type { Executor } from '../../platform/db/client';
import { offers } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import type { LetterDecided } from '../letters';
import { openClosing } from './closing';
import { recordOfferEvent } from './offer-notification';
import { findOffer, findOfferOfLetter, offerNotFound, offerWithEvents, type OfferRow } from './offers-repo';

/**
 * The offer's moves (docs/decisions/036-find-and-offer.md): staff decide the buyer's letter, then
 * mark the offer submitted, countered (a price and a time to answer by), accepted or rejected; the
 * buyer answers a counter in time, or withdraws. Each move is written with its audit entry, its
 * timeline event and its mail in one transaction; a move its state does not allow is 409 offer_state.
 */

const wrongState = (status: OfferStatus) => new AppError(409, 'offer_state', `This offer is ${status.replace('_', ' ')}: that step is not open to it.`);

type Patch = Partial<Pick<OfferRow, 'status' | 'counterPriceCents' | 'counterAnswerBy' | 'declineReason' | 'agreedPriceCents'>>;

/** The price agreed on acceptance: the counter's when the offer stood countered, else the offer's (docs/decisions/042-closing.md). */
const agreedPrice = (before: OfferRow) => (before.status === 'countered' && before.counterPriceCents ? before.counterPriceCents : before.offerPriceCents);

async function move(
  tx: Executor,
  actor: AuditActor,
  before: OfferRow,
  patch: Patch,
  audit: AuditAction,
  event: OfferEventKind,
  detail: { counterPriceCents?: number | null; answerBy?: Date | null; reason?: string | null } = {},
): Promise<OfferRow> {
  const now = new Date();
  const accepted = patch.status === 'accepted';
  const [row] = await tx
    .update(offers)
    .set({ ...patch, ...(accepted ? { agreedPriceCents: agreedPrice(before) } : {}), updatedAt: now })
    .where(eq(offers.id, before.id))
    .returning();
  const changes: Record<string, unknown> = { status: { from: before.status, to: row!.status } };
  if (accepted) changes.agreedPriceCents = row!.agreedPriceCents;
  if (detail.counterPriceCents) changes.counterPriceCents = detail.counterPriceCents;
  if (detail.answerBy) changes.answerBy = detail.answerBy.toISOString();
  if (detail.reason) changes.reason = detail.reason;
  await recordAudit(tx, actor, { action: audit, entityType: 'offers', entityId: before.id, changes });
  await recordOfferEvent(tx, before.id, event, detail);
  // The acceptance puts the home under contract: its closing checklist opens.
  if (accepted) await openClosing(tx, row!, now);
  return row!;
}

/** Runs `step` on the offer locked in a transaction, kicks the mail, answers the offer with its timeline. */
async function withOffer(
  deps: Pick<Deps, 'db' | 'jobs'>,
  id: string,
  userId: string | undefined,
  step: (tx: Executor, row: OfferRow) => Promise<OfferRow>,
): Promise<Offer> {
  const row = await deps.db.transaction(async (tx) => {
    const before = await findOffer(tx, id, { userId, forUpdate: true });
    if (!before) throw offerNotFound();
    return step(tx, before);
  });
  deps.jobs.kick();
  return offerWithEvents(deps.db, row);
}

/** POST /api/me/offers/{id}/withdraw: before an answer (a letter in review, a draft, submitted or countered). */
export function withdrawOffer(deps: Pick<Deps, 'db' | 'jobs'>, actor: AuditActor, userId: string, id: string): Promise<Offer> {
  return withOffer(deps, id, userId, (tx, before) => {
    if (!WITHDRAWABLE.includes(before.status)) throw wrongState(before.status);
    return move(tx, actor, before, { status: 'withdrawn' }, 'withdraw', 'withdrawn');
  });
}

/** POST /api/me/offers/{id}/counter: accept (the offer is accepted at the counter price) or decline (withdrawn), before the answer-by time. */
export function answerCounter(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: AuditActor,
  userId: string,
  id: string,
  answer: 'accept' | 'decline',
  now = new Date(),
): Promise<Offer> {
  return withOffer(deps, id, userId, (tx, before) => {
    if (before.status !== 'countered') throw wrongState(before.status);
    if (before.counterAnswerBy && now > before.counterAnswerBy) {
      const message = `The time to answer this counter-offer ended on ${offerTime(before.counterAnswerBy.toISOString())}.`;
      throw new AppError(409, 'counter_expired', message, { answer: message });
    }
    const detail = { counterPriceCents: before.counterPriceCents };
    return answer === 'accept'
      ? move(tx, actor, before, { status: 'accepted' }, 'accept', 'counter_accepted', detail)
      : move(tx, actor, before, { status: 'withdrawn' }, 'decline', 'counter_declined', detail);
  });
}

const STAFF_AUDIT: Readonly<Record<keyof typeof STAFF_OFFER_MOVES, AuditAction>> = {
  submitted: 'submit',
  countered: 'counter',
  accepted: 'accept',
  rejected: 'reject',
};

/** POST /api/admin/offers/{id}/status: staff's moves; a counter needs an answer-by time in the next 30 days. */
export function moveOffer(deps: Pick<Deps, 'db' | 'jobs'>, actor: AuditActor, id: string, input: OfferMoveInput, now = new Date()): Promise<Offer> {
  return withOffer(deps, id, undefined, (tx, before) => {
    if (!(STAFF_OFFER_MOVES[input.status] as readonly OfferStatus[]).includes(before.status)) throw wrongState(before.status);
    if (input.status !== 'countered') return move(tx, actor, before, { status: input.status }, STAFF_AUDIT[input.status], input.status);
    const answerBy = new Date(input.answerBy!);
    if (answerBy <= now)
      throw new AppError(400, 'validation_failed', 'Some fields need your attention.', { answerBy: 'The answer-by time must be in the future.' });
    if (answerBy.getTime() - now.getTime() > MAX_COUNTER_DAYS * 86_400_000) {
      throw new AppError(400, 'validation_failed', 'Some fields need your attention.', {
        answerBy: `The answer-by time is at most ${MAX_COUNTER_DAYS} days away.`,
      });
    }
    const detail = { counterPriceCents: input.counterPriceCents, answerBy };
    return move(
      tx,
      actor,
      before,
      { status: 'countered', counterPriceCents: input.counterPriceCents, counterAnswerBy: answerBy },
      'counter',
      'countered',
      detail,
    );
  });
}

/**
 * The letters module's hook (src/server/routes/admin/letters.ts passes it): a buyer's letter is
 * decided once; approving it makes its offer a draft, declining it needs a reason the buyer is
 * mailed. A letter whose offer has moved on (withdrawn) changes alone.
 */
export const offerLetterDecided: LetterDecided = async (tx, actor, { before, after }) => {
  if (after.source !== 'buyer') return;
  if (before.status !== 'pending') throw new AppError(409, 'offer_state', 'A buyer’s letter of intent is decided once.');
  if (after.status === 'declined' && !after.decisionReason) {
    throw new AppError(400, 'validation_failed', 'Some fields need your attention.', { reason: 'Tell the buyer why their letter is declined.' });
  }
  const offer = await findOfferOfLetter(tx, after.id);
  if (!offer || offer.status !== 'letter_pending') return;
  if (after.status === 'approved') await move(tx, actor, offer, { status: 'draft' }, 'approve', 'letter_approved');
  else
    await move(tx, actor, offer, { status: 'letter_declined', declineReason: after.decisionReason }, 'decline', 'letter_declined', {
      reason: after.decisionReason,
    });
};
