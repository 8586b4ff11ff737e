import { and, eq, inArray } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../domain/application';
import { requestsChangeable } from '../../../domain/application/requests';
import { LIVE_OFFER_STATUSES } from '../../../domain/buying/offers';
import type { Executor } from '../../platform/db/client';
import { offers } from '../../platform/db/schema';

/**
 * Whether an application's requests may be added, answered and reviewed (docs/decisions/021-requests-and-messages.md):
 * under review, or approved while its buyer has an offer under way, from the letter of intent to the accepted offer
 * and its closing (docs/decisions/042-closing.md). Reads the buying module's `offers` by the buyer (its one-live-offer
 * index) in the caller's transaction: the buying module builds on this one, so it cannot be asked.
 */
export async function requestsOpenOn(db: Executor, application: { status: ApplicationStatus; userId: string }): Promise<boolean> {
  if (application.status !== 'approved') return requestsChangeable(application.status);
  const [live] = await db
    .select({ id: offers.id })
    .from(offers)
    .where(and(eq(offers.userId, application.userId), inArray(offers.status, LIVE_OFFER_STATUSES)))
    .limit(1);
  return requestsChangeable(application.status, live !== undefined);
}
