import { eq } from 'drizzle-orm';
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
import { applicationNotFound, findReviewable, type StatusLock } from '../applications';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { homeDetail } from './homes-repo';
import { getSettings } from '../../platform/settings/settings-store';

/**
 * 'Record purchase' and valuations (docs/decisions/022-homes-and-ledger.md;
 * docs/product/back-office.md#homes). Every change is written with its
 * audit entry in one transaction.
 */

export const homeNotFound = () => new AppError(404, 'not_found', 'There is no such home.');

const homeExists = () => new AppError(409, 'home_exists', 'A purchase is already recorded for this application.');

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
  const [homeId, settings] = await Promise.all([homeOfApplication(db, applicationId), getSettings(db)]);
  return {
    homeId,
    canRecord: !homeId && row.status === 'approved',
    defaults: {
      address: row.propertyAddress ?? '',
      priceCents: toCents(row.propertyValue),
      downPaymentCents: toCents(row.downPayment),
      mortgageRate: settings.mortgageRateDefault,
      appreciationRate: DEFAULT_APPRECIATION_RATE,
      purchaseDate: todayIso(),
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
export async function recordPurchase(deps: Pick<Deps, 'db' | 'jobs'>, actor: AuditActor, applicationId: string, input: PurchaseInput): Promise<HomeDetail> {
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
      const [owner] = await tx.select({ id: users.id, role: users.role }).from(users).where(eq(users.id, application.userId)).for('update');
      if (!owner) throw applicationNotFound();

      const [home] = await tx
        .insert(homes)
        .values({
          userId: owner.id,
          applicationId,
          address: input.address,
          purchaseDate: input.purchaseDate,
          priceCents: input.priceCents,
          downPaymentCents: input.downPaymentCents,
          mortgageRate: input.mortgageRate,
          appreciationRate: input.appreciationRate,
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
      await notifyHomeWelcome(tx, home!.id);
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
  });
  return (await homeDetail(db, homeId))!;
}
