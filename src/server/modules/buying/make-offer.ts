import { and, eq, inArray } from 'drizzle-orm';
import { stateName } from '../../../domain/admin/states';
import type { LetterInput } from '../../../domain/admin/letters';
import { homeAddress, notServedMessage } from '../../../domain/buying/homes';
import { LIVE_OFFER_STATUSES, offerProblems, type Offer, type OfferInput } from '../../../domain/buying/offers';
import { offers, users } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import type { Executor } from '../../platform/db/client';
import { insertBuyerLetter, sendLetterForSignature } from '../letters';
import { getSettings } from '../../platform/settings/settings-store';
import { mortgageRateOf, preApprovalExpired, requireBuyer, type BuyerContext } from './approval';
import { findOwnHome, homeNotFound, type ConsideredHomeRow } from './considered-homes';
import { offerLetterPdf, storeOfferLetter } from './offer-letter-pdf';
import { recordOfferEvent } from './offer-notification';
import { offerWithEvents } from './offers-repo';

/**
 * 'Make an offer' (docs/decisions/036-find-and-offer.md): the buyer's offer on one of their homes
 * becomes a letter of intent (source buyer, pending, its PDF generated and stored) and an offer
 * waiting on it. Refused, with nothing written: not approved or an expired pre-approval (409), a
 * home not theirs (404), a state we don't buy in or figures outside the approval (400 under the
 * field), a live offer already (409).
 */

export const liveOfferExists = () =>
  new AppError(409, 'offer_live', 'You already have an offer in progress. Withdraw it, or wait for its answer, before making another.');

async function liveOffer(db: Executor, userId: string) {
  const [row] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.userId, userId), inArray(offers.status, [...LIVE_OFFER_STATUSES])));
  return row;
}

/** Every rule the offer keeps against the buyer, the home and their approval; throws the first refusal. */
async function check(db: Executor, context: BuyerContext, home: ConsideredHomeRow | undefined, input: OfferInput, userId: string) {
  if (context.preApproval.expired) throw preApprovalExpired(context.preApproval.expiresOn);
  if (!home) throw homeNotFound();
  const fields: Record<string, string> = { ...offerProblems(input, { maxPriceCents: context.preApproval.maxPriceCents, mortgageRate: context.mortgageRate }) };
  if (!context.servedStates.includes(home.state)) fields.state = notServedMessage(home.state);
  if (Object.keys(fields).length > 0) throw new AppError(400, 'validation_failed', 'Some fields need your attention.', fields);
  if (await liveOffer(db, userId)) throw liveOfferExists();
}

const isUniqueViolation = (error: unknown) => {
  const e = error as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** POST /api/me/considered-homes/{id}/offer. */
export async function makeOffer(deps: Deps, actor: AuditActor, userId: string, homeId: string, input: OfferInput): Promise<Offer> {
  const { db } = deps;
  const rate = await mortgageRateOf(db);
  // Checked before the PDF is made, so a refusal stores nothing; checked again under the lock below.
  const context = await requireBuyer(db, userId, rate);
  const home = await findOwnHome(db, userId, homeId);
  await check(db, context, home, input, userId);
  const [buyer] = await db
    .select({ firstName: users.firstName, lastName: users.lastName, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  const firstName = buyer!.firstName || buyer!.name || 'Buyer';
  const lastName = buyer!.lastName || '';
  const address = homeAddress(home!);
  const pdf = await offerLetterPdf({ brandName: deps.brand.name, buyerName: `${firstName} ${lastName}`.trim(), address, input, today: new Date() });
  const file = await storeOfferLetter(deps, pdf);
  try {
    const row = await db.transaction(async (tx) => {
      const locked = await requireBuyer(tx, userId, rate, { forUpdate: true });
      const lockedHome = await findOwnHome(tx, userId, homeId, { forUpdate: true });
      await check(tx, locked, lockedHome, input, userId);
      const letter: LetterInput = {
        firstName,
        lastName: lastName || firstName,
        email: buyer!.email,
        phone: null,
        propertyAddress: address,
        propertyValue: input.offerPrice / 100,
        downPaymentAmount: input.downPayment / 100,
        desiredMonthlyPayment: input.monthlyPayment / 100,
        moveInDate: input.moveInDate,
        notes: input.notes,
        status: 'pending',
        intendedState: stateName(lockedHome!.state) as LetterInput['intendedState'],
      };
      const saved = await insertBuyerLetter(tx, actor, letter, file, userId);
      const [offer] = await tx
        .insert(offers)
        .values({
          userId,
          homeId,
          letterId: saved.id,
          preApprovalId: locked.preApproval.id,
          address,
          state: lockedHome!.state,
          offerPriceCents: input.offerPrice,
          downPaymentCents: input.downPayment,
          monthlyPaymentCents: input.monthlyPayment,
          moveInDate: input.moveInDate,
          notes: input.notes,
        })
        .returning();
      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'offers',
        entityId: offer!.id,
        changes: {
          homeId,
          letterId: saved.id,
          offerPriceCents: input.offerPrice,
          downPaymentCents: input.downPayment,
          monthlyPaymentCents: input.monthlyPayment,
          moveInDate: input.moveInDate,
        },
      });
      await recordOfferEvent(tx, offer!.id, 'letter_sent');
      return offer!;
    });
    deps.jobs.kick();
    await sendForSignatureWhenOn(deps, actor, row.letterId);
    return offerWithEvents(db, row);
  } catch (error) {
    await deps.storage.delete(file.key).catch((err) => deps.logger.error({ err, key: file.key }, 'could not remove an offer letter PDF; delete it by hand'));
    if (isUniqueViolation(error)) throw liveOfferExists();
    throw error;
  }
}

/**
 * With e-signatures on (docs/decisions/033-signatures.md), the buyer signs their letter of intent in their portal: it is
 * sent to them for signature as staff would from the letters page (docs/decisions/039-addenda-and-envelopes.md). The
 * offer stands either way: a failure here is logged, and staff can send the letter from the letters page.
 */
async function sendForSignatureWhenOn(deps: Deps, actor: AuditActor, letterId: string | null): Promise<void> {
  if (!letterId) return;
  try {
    if (!(await getSettings(deps.db)).featureFlags.eSign) return;
    await sendLetterForSignature(deps, actor, letterId);
  } catch (err) {
    deps.logger.error({ err, letterId }, 'could not send the letter of intent for signature; staff can send it from the letters page');
  }
}
