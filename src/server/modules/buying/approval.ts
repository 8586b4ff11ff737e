import { formatDate } from '../../../domain/format';
import type { PreApproval } from '../../../domain/application/pre-approval';
import { currentPreApproval, findActiveApplication } from '../applications';
import { servedStates } from '../agents';
import type { Db, Executor } from '../../platform/db/client';
import { AppError } from '../../platform/lib/errors';
import { getSettings } from '../../platform/settings/settings-store';

/**
 * What the 'Find' and 'Offer' steps read of a buyer (docs/decisions/036-find-and-offer.md): their
 * current pre-approval (an Approved application's latest), the states we buy in, and the mortgage
 * rate of settings the comparison's slider is computed with.
 */
export interface BuyerContext {
  applicationId: string;
  preApproval: PreApproval;
  servedStates: string[];
  mortgageRate: number;
}

export const notApproved = () => new AppError(409, 'not_approved', 'You can add homes and make offers once your home application is approved.');
export const preApprovalExpired = (expiresOn: string) =>
  new AppError(409, 'pre_approval_expired', `Your pre-approval expired on ${formatDate(expiresOn)}. Ask us to renew it before you make an offer.`);

/** The mortgage rate of settings (read before a transaction opens: settings are cached on the pool). */
export async function mortgageRateOf(db: Db): Promise<number> {
  return (await getSettings(db)).mortgageRateDefault;
}

/** The buyer's context, read with `db` (a transaction: the application row locked when `forUpdate`), or undefined when not approved. */
export async function buyerContext(db: Executor, userId: string, mortgageRate: number, { forUpdate = false } = {}): Promise<BuyerContext | undefined> {
  const application = await findActiveApplication(db, userId, { forUpdate });
  if (!application || application.status !== 'approved') return undefined;
  const preApproval = await currentPreApproval(db, application);
  if (!preApproval) return undefined;
  return { applicationId: application.id, preApproval, servedStates: await servedStates(db), mortgageRate };
}

/** The buyer's context, or the refusal: 409 not_approved. */
export async function requireBuyer(db: Executor, userId: string, mortgageRate: number, options: { forUpdate?: boolean } = {}): Promise<BuyerContext> {
  const context = await buyerContext(db, userId, mortgageRate, options);
  if (!context) throw notApproved();
  return context;
}
