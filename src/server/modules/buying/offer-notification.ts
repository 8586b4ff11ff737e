import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { MilestoneKind } from '../../../domain/buying/closing';
import { offerEventText, type OfferEventKind } from '../../../domain/buying/offers';
import { safeString } from '../../../domain/safe-text';
import { offerEvents, offers, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { isoTimeOrNull } from '../../platform/lib/iso-time';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/** The page where the buyer follows their homes and offer. */
export const FIND_PATH = '/dashboard/find';

const SUBJECTS: Readonly<Record<OfferEventKind, string>> = {
  letter_sent: 'We received your offer',
  letter_approved: 'Your letter of intent is approved',
  letter_declined: 'Your letter of intent was declined',
  submitted: 'Your offer went to the seller',
  countered: 'The seller countered your offer',
  accepted: 'Your offer was accepted',
  rejected: 'Your offer was rejected',
  counter_accepted: 'You accepted the counter-offer',
  counter_declined: 'You declined the counter-offer',
  withdrawn: 'You withdrew your offer',
  milestone_done: 'A step of your closing is done',
};

/**
 * The buyer's e-mail for each change of their offer (docs/decisions/036-find-and-offer.md): what
 * happened, for which address, and a link to their timeline. Built from the event when it runs.
 */
export const offerChangedNotification = defineNotification(
  'offer-changed',
  z.object({ eventId: z.number().int(), offerId: safeString().uuid() }),
  async (deps, { eventId }) => {
    const [row] = await deps.db
      .select({ event: offerEvents, address: offers.address, email: users.email, firstName: users.firstName })
      .from(offerEvents)
      .innerJoin(offers, eq(offers.id, offerEvents.offerId))
      .innerJoin(users, eq(users.id, offers.userId))
      .where(eq(offerEvents.id, eventId));
    if (!row) return [];
    const { event } = row;
    const ctx = mailContextOf(deps);
    const text = offerEventText({
      kind: event.kind,
      counterPriceCents: event.counterPriceCents,
      answerBy: isoTimeOrNull(event.answerBy),
      reason: event.reason,
      milestone: event.milestone,
    });
    return [
      {
        to: row.email,
        kind: 'application_updates',
        parts: {
          subject: `${SUBJECTS[event.kind]}: ${row.address}`,
          greeting: hello(row.firstName),
          paragraphs: [text, `The home: ${row.address}.`, 'Every step of your offer is on your timeline.'],
          action: { label: 'See your offer', url: appLink(ctx, FIND_PATH) },
        },
      },
    ];
  },
);

/** Writes one timeline event and queues its mail, in the change's transaction. */
export async function recordOfferEvent(
  tx: JobExecutor,
  offerId: string,
  kind: OfferEventKind,
  detail: { counterPriceCents?: number | null; answerBy?: Date | null; reason?: string | null; milestone?: MilestoneKind } = {},
): Promise<void> {
  const [event] = await tx
    .insert(offerEvents)
    .values({
      offerId,
      kind,
      counterPriceCents: detail.counterPriceCents ?? null,
      answerBy: detail.answerBy ?? null,
      reason: detail.reason ?? null,
      milestone: detail.milestone ?? null,
    })
    .returning({ id: offerEvents.id });
  await notify(tx, offerChangedNotification, { eventId: event!.id, offerId });
}
