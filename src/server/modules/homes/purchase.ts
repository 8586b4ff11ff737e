import { and, eq } from 'drizzle-orm';
import { applicantName } from '../../../domain/admin/applications';
import {
  agreementOf,
  DEFAULT_APPRECIATION_RATE,
  snapMonthlyPaymentCents,
  todayIso,
  type HomeDetail,
  type PurchaseInput,
  type PurchaseStart,
  type ValuationInput,
} from '../../../domain/homes/admin-homes';
import { APPLICATION_STATUS_LABELS } from '../../../domain/application/status';
import type { Deps } from '../../platform/http/context';
import type { Db } from '../../platform/db/client';
import { homes, homeTerms, homeValuations, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { notifyHomeWelcome } from './home-welcome-notification';
import { chargeRunJob } from './charges';
import { enqueue } from '../../platform/jobs/queue';
import { applicationNotFound, findReviewable, type StatusLock } from '../applications';
import { acceptedOffer } from '../buying';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { homeDetail } from './homes-repo';
import { getSettings } from '../../platform/settings/settings-store';
import { issueQuotesAfterValuation } from './exit-quotes';

/**
 * 'Record purchase' and valuations (docs/decisions/022-homes-and-ledger.md;
 * docs/product/back-office.md#homes). Every change is written with its
 * audit entry in one transaction.
 */

export const homeNotFound = () => new AppError(404, 'not_found', 'There is no such home.');

const homeExists = () => new AppError(409, 'home_exists', 'A purchase is already recorded for this application.');

const offerNotPurchasable = () => new AppError(409, 'offer_state', 'The purchase is recorded from an accepted offer of this buyer.');

/** PostgreSQL's unique_violation: here, one home per application. */
const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

const toCents = (dollars: number | null) => (dollars === null || !(dollars > 0) ? null : Math.round(dollars * 100));

/** GET /api/admin/applications/{id}/home: the home recorded from the application, or what a new one starts from. */
export async function purchaseStart(db: Db, applicationId: string): Promise<PurchaseStart> {
  const row = await findReviewable(db, applicationId);
  if (!row) throw applicationNotFound();
  const [homeId, settings, offer] = await Promise.all([homeOfApplication(db, applicationId), getSettings(db), acceptedOffer(db, row.userId)]);
  return {
    homeId,
    canRecord: !homeId && row.status === 'approved',
    // The buyer's accepted offer, when there is one, starts the form (docs/decisions/042-closing.md).
    defaults: {
      address: offer?.address ?? row.propertyAddress ?? '',
      priceCents: offer?.priceCents ?? toCents(row.propertyValue),
      downPaymentCents: offer?.downPaymentCents ?? toCents(row.downPayment),
      mortgageRate: settings.mortgageRateDefault,
      appreciationRate: DEFAULT_APPRECIATION_RATE,
      purchaseDate: todayIso(),
      offerId: offer?.id ?? null,
      monthlyPaymentCents: offer?.monthlyPaymentCents ?? null,
    },
  };
}

/**
 * Records the purchase of an approved application (POST /api/admin/applications/{id}/home):
 * the home and its agreement, the first term from month 1, the purchase's valuation (the
 * price on the purchase date), the buyer's role homeowner (an admin stays admin; ADR 022
 * 'Roles'), the audit entries and the welcome e-mail, together or not at all. 409 when
 * the application is not approved or already has a home.
 */
/**
 * With `awaitSignatures` (e-signatures on, docs/decisions/033-signatures.md), the home is recorded 'awaiting
 * signatures' and the callback sends the agreement in the same transaction; the welcome e-mail waits for the
 * signatures (the signature request is the homeowner's mail).
 */
export interface PurchaseOptions {
  awaitSignatures?: (tx: Db, homeId: string) => Promise<void>;
}

export async function recordPurchase(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: AuditActor,
  applicationId: string,
  input: PurchaseInput,
  options: PurchaseOptions = {},
): Promise<HomeDetail> {
  const { db, jobs } = deps;
  // The schema checked S against the slider; stored exactly at its step.
  const monthlyPaymentCents = snapMonthlyPaymentCents(agreementOf(input), input.monthlyPaymentCents);
  let homeId: string;
  try {
    homeId = await db.transaction(async (tx) => {
      const application = await findReviewable(tx, applicationId, { forUpdate: true });
      if (!application) throw applicationNotFound();
      if (application.status !== 'approved') {
        throw new AppError(
          409,
          'not_approved',
          `Only an approved application can become a home: this one is ${APPLICATION_STATUS_LABELS[application.status]}.`,
        );
      }
      if (await homeOfApplication(tx, applicationId)) throw homeExists();
      if (input.offerId && !(await acceptedOffer(tx, application.userId, { offerId: input.offerId, forUpdate: true }))) throw offerNotPurchasable();
      const [owner] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, application.userId)).for('update');
      if (!owner) throw applicationNotFound();

      const [home] = await tx
        .insert(homes)
        .values({
          userId: owner.id,
          applicationId,
          offerId: input.offerId ?? null,
          address: input.address,
          purchaseDate: input.purchaseDate,
          priceCents: input.priceCents,
          downPaymentCents: input.downPaymentCents,
          mortgageRate: input.mortgageRate,
          appreciationRate: input.appreciationRate,
          agreementState: options.awaitSignatures ? 'awaiting_signatures' : 'in_force',
          createdBy: actor.id,
        })
        .returning({ id: homes.id });
      await tx.insert(homeTerms).values({ homeId: home!.id, fromMonth: 1, monthlyPaymentCents, createdBy: actor.id });
      await tx
        .insert(homeValuations)
        .values({ homeId: home!.id, valueCents: input.priceCents, valuedOn: input.purchaseDate, source: 'purchase', createdBy: actor.id });

      await recordAudit(tx, actor, {
        action: 'create',
        entityType: 'homes',
        entityId: home!.id,
        changes: {
          applicationId,
          ...(input.offerId ? { offerId: input.offerId } : {}),
          userId: owner.id,
          buyer: applicantName(application),
          address: input.address,
          purchaseDate: input.purchaseDate,
          priceCents: input.priceCents,
          downPaymentCents: input.downPaymentCents,
          mortgageRate: input.mortgageRate,
          appreciationRate: input.appreciationRate,
          monthlyPaymentCents,
        },
      });
      // The role follows the purchase (ADR 022 'Roles'); an admin stays an admin.
      if (owner.role !== 'admin' && owner.role !== 'homeowner') {
        await tx.update(users).set({ role: 'homeowner', updatedAt: new Date() }).where(eq(users.id, owner.id));
        await recordAudit(tx, actor, {
          action: 'update',
          entityType: 'users',
          entityId: owner.id,
          changes: { role: { from: owner.role, to: 'homeowner' }, because: 'purchase recorded', homeId: home!.id },
        });
      }
      if (options.awaitSignatures) await options.awaitSignatures(tx as unknown as Db, home!.id);
      else await notifyHomeWelcome(tx, home!.id);
      return home!.id;
    });
  } catch (error) {
    // Two admins saving at once: the second meets the one-home-per-application key.
    if (isUniqueViolation(error)) throw homeExists();
    throw error;
  }
  jobs.kick();
  return (await homeDetail(db, homeId))!;
}

/**
 * The agreement of `homeId` signed by all (docs/decisions/033-signatures.md): billing and the homeowner's figures
 * start, and the welcome e-mail goes out; in the caller's transaction. False when it already was in force.
 */
export async function putAgreementInForce(tx: Db, actor: AuditActor, homeId: string): Promise<boolean> {
  const changed = await tx
    .update(homes)
    .set({ agreementState: 'in_force' })
    .where(and(eq(homes.id, homeId), eq(homes.agreementState, 'awaiting_signatures')))
    .returning({ id: homes.id });
  if (changed.length === 0) return false;
  await recordAudit(tx, actor, {
    action: 'update',
    entityType: 'homes',
    entityId: homeId,
    changes: { agreementState: { from: 'awaiting_signatures', to: 'in_force' } },
  });
  await notifyHomeWelcome(tx, homeId);
  // Billing starts now: the months fallen due are billed at once rather than at the next hourly run.
  await enqueue(tx, chargeRunJob, {});
  return true;
}

/** The home recorded from an application, if any. */
export async function homeOfApplication(db: Pick<Db, 'select'>, applicationId: string): Promise<string | null> {
  const [row] = await db.select({ id: homes.id }).from(homes).where(eq(homes.applicationId, applicationId));
  return row?.id ?? null;
}

/** 409 for a status change of an application whose purchase is recorded. */
export const homeRecorded = () =>
  new AppError(409, 'home_recorded', 'The purchase is recorded for this application, so it stays Approved. The home is on the Homes page.');

/** The application's status lock (applications' changeStatus): once its purchase is recorded, it stays Approved (docs/decisions/022-homes-and-ledger.md). */
export const purchaseLock: StatusLock = async (tx, applicationId) => ((await homeOfApplication(tx, applicationId)) ? homeRecorded() : undefined);

/** Whether `userId` has a home: the homeowner role follows one (src/server/modules/accounts/users-repo.ts changeRole). */
export async function hasHome(db: Pick<Db, 'select'>, userId: string): Promise<boolean> {
  const [row] = await db.select({ id: homes.id }).from(homes).where(eq(homes.userId, userId)).limit(1);
  return Boolean(row);
}

/**
 * Records a valuation (POST /api/admin/homes/{id}/valuations; docs/product/back-office.md#a-home:
 * the latest counts) with its audit entry. The date is not before the purchase.
 */
export async function recordValuation(db: Db, actor: AuditActor, homeId: string, input: ValuationInput): Promise<HomeDetail> {
  const settings = await getSettings(db);
  await db.transaction(async (tx) => {
    const [home] = await tx.select({ id: homes.id, purchaseDate: homes.purchaseDate }).from(homes).where(eq(homes.id, homeId)).for('update');
    if (!home) throw homeNotFound();
    if (input.valuedOn < home.purchaseDate) {
      throw new AppError(400, 'validation_failed', 'Some fields need your attention.', { valuedOn: 'Date cannot be before the purchase date.' });
    }
    const [valuation] = await tx
      .insert(homeValuations)
      .values({ homeId, valueCents: input.valueCents, valuedOn: input.valuedOn, source: input.source, note: input.note, createdBy: actor.id })
      .returning({ id: homeValuations.id });
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'homes',
      entityId: homeId,
      changes: { valuation: { id: valuation!.id, valueCents: input.valueCents, valuedOn: input.valuedOn, source: input.source, note: input.note } },
    });
    // Quotes waiting for a valuation are issued from it; disputed ones are superseded by a new quote.
    await issueQuotesAfterValuation(tx, actor, homeId, settings.transferFeeConfig);
  });
  return (await homeDetail(db, homeId))!;
}
