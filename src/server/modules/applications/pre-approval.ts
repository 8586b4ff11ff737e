import { and, asc, desc, eq } from 'drizzle-orm';
import {
  isPreApprovalExpired,
  preApprovalExpiresOn,
  suggestPreApproval,
  type PreApproval,
  type PreApprovalTerms,
} from '../../../domain/application/pre-approval';
import { ledgerToday } from '../../../domain/homes/dates';
import type { Executor } from '../../platform/db/client';
import { applications, preApprovals, users } from '../../platform/db/schema';
import type { Deps } from '../../platform/http/context';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { AppError } from '../../platform/lib/errors';
import { isoTimeOrNull } from '../../platform/lib/iso-time';
import { applicationNotFound, findReviewable } from './application-detail';
import type { ApplicationRow } from './repository';
import { notifyPreApprovalRenewed } from './pre-approval-mail';

/**
 * The pre-approval that comes with an approval (docs/decisions/030-pre-approval.md): issued in the
 * status change's transaction (changeStatus), renewed by staff from the review dialog, read by the
 * buyer's dashboard and letter. An application's current pre-approval is its latest row; it counts
 * only while the application is Approved.
 */

export type PreApprovalRow = typeof preApprovals.$inferSelect;

export const noPreApproval = () => new AppError(404, 'no_pre_approval', 'There is no pre-approval for this application.');
const notApproved = () => new AppError(409, 'not_approved', 'Only an approved application’s pre-approval can be renewed.');

/** What variant B suggests from the applicant's own answers (income and debts as monthly figures, the stated down payment). */
export function suggestionFor(row: ApplicationRow): PreApprovalTerms | null {
  const { employment, debts } = row.draft;
  const monthlyIncome = employment?.grossMonthlyIncome ?? (row.annualIncome !== null ? row.annualIncome / 12 : null);
  const monthlyDebts = [debts?.creditCards, debts?.studentLoans, debts?.autoLoans, debts?.otherLoans].reduce<number>((sum, v) => sum + (v ?? 0), 0);
  return suggestPreApproval({ monthlyIncome, monthlyDebts, downPayment: row.downPayment ?? row.draft.assets?.downPayment ?? null });
}

/** The application's latest pre-approval, whatever its status. */
export async function latestPreApproval(db: Executor, applicationId: string): Promise<PreApprovalRow | undefined> {
  const [row] = await db
    .select()
    .from(preApprovals)
    .where(eq(preApprovals.applicationId, applicationId))
    .orderBy(desc(preApprovals.createdAt), desc(preApprovals.id))
    .limit(1);
  return row;
}

/** A row as the API shows it, `expired` by the ledger's calendar today. */
export async function presentPreApproval(db: Executor, row: PreApprovalRow, today = ledgerToday()): Promise<PreApproval> {
  const [issuer] = row.issuedBy
    ? await db.select({ firstName: users.firstName, lastName: users.lastName, name: users.name }).from(users).where(eq(users.id, row.issuedBy))
    : [];
  const issuerName = issuer ? [issuer.firstName, issuer.lastName].filter(Boolean).join(' ') || issuer.name : null;
  return {
    id: row.id,
    applicationId: row.applicationId,
    maxPriceCents: row.maxPriceCents,
    monthlyMinCents: row.monthlyMinCents,
    monthlyMaxCents: row.monthlyMaxCents,
    downPaymentCents: row.downPaymentCents,
    issuedOn: row.issuedOn,
    expiresOn: row.expiresOn,
    renewals: row.renewals,
    renewedOn: row.renewedOn,
    expired: isPreApprovalExpired(row.expiresOn, today),
    issuedBy: issuerName || null,
    expiryNoticeSentAt: isoTimeOrNull(row.expiryNoticeSentAt),
  };
}

/** The application's current pre-approval as shown, or null (none yet, or the application is not Approved). */
export async function currentPreApproval(db: Executor, application: Pick<ApplicationRow, 'id' | 'status'>): Promise<PreApproval | null> {
  if (application.status !== 'approved') return null;
  const row = await latestPreApproval(db, application.id);
  return row ? presentPreApproval(db, row) : null;
}

/**
 * Writes the pre-approval of an application being approved, in the approval's transaction, with
 * its audit entry: issued today (the ledger's calendar), valid 90 days. The terms were checked by
 * the contract's schema (the 2 % floor among them); the table checks them again.
 */
export async function issuePreApproval(
  tx: Executor,
  actor: AuditActor,
  application: ApplicationRow,
  terms: PreApprovalTerms,
  now: Date,
): Promise<PreApprovalRow> {
  const issuedOn = ledgerToday(now);
  const [row] = await tx
    .insert(preApprovals)
    .values({
      applicationId: application.id,
      userId: application.userId,
      ...terms,
      issuedOn,
      expiresOn: preApprovalExpiresOn(issuedOn),
      issuedBy: actor.id,
    })
    .returning();
  await recordAudit(tx, actor, {
    action: 'create',
    entityType: 'pre_approvals',
    entityId: row.id,
    changes: { applicationId: application.id, ...terms, issuedOn: row.issuedOn, expiresOn: row.expiresOn },
  });
  return row;
}

/**
 * Renews the application's current pre-approval (docs/product/back-office.md#pre-approval): valid 90 days
 * from today, the renewal counted, the expiry notice due again for the new date; audited and mailed in
 * one transaction. Only an Approved application's (409 not_approved); 404 no_pre_approval without one.
 */
export async function renewPreApproval(deps: Deps, actor: AuditActor, applicationId: string): Promise<ApplicationRow> {
  const application = await deps.db.transaction(async (tx) => {
    const row = await findReviewable(tx, applicationId, { forUpdate: true });
    if (!row) throw applicationNotFound();
    if (row.status !== 'approved') throw notApproved();
    const current = await latestPreApproval(tx, row.id);
    if (!current) throw noPreApproval();
    const renewedOn = ledgerToday();
    const expiresOn = preApprovalExpiresOn(renewedOn);
    await tx
      .update(preApprovals)
      .set({ renewedOn, expiresOn, renewals: current.renewals + 1, expiryNoticeSentAt: null })
      .where(eq(preApprovals.id, current.id));
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'pre_approvals',
      entityId: current.id,
      changes: {
        applicationId: row.id,
        expiresOn: { from: current.expiresOn, to: expiresOn },
        renewals: { from: current.renewals, to: current.renewals + 1 },
      },
    });
    await notifyPreApprovalRenewed(tx, current.id, expiresOn);
    return row;
  });
  deps.jobs.kick();
  return application;
}

/** The buyer's own pre-approval by id, with the name the letter is made out to; undefined when it is not theirs or not current. */
export async function ownPreApproval(db: Executor, userId: string, id: string) {
  const [row] = await db
    .select({ preApproval: preApprovals, status: applications.status, firstName: applications.firstName, lastName: applications.lastName })
    .from(preApprovals)
    .innerJoin(applications, eq(applications.id, preApprovals.applicationId))
    .where(and(eq(preApprovals.id, id), eq(preApprovals.userId, userId)));
  if (!row || row.status !== 'approved') return undefined;
  // Only the application's current one: an earlier approval's letter no longer holds.
  const latest = await latestPreApproval(db, row.preApproval.applicationId);
  if (latest?.id !== row.preApproval.id) return undefined;
  return { row: row.preApproval, name: buyerName(row) };
}

/** The application's current pre-approval for the back office's letter, with the buyer's name. */
export async function preApprovalForLetter(db: Executor, application: ApplicationRow) {
  if (application.status !== 'approved') throw noPreApproval();
  const row = await latestPreApproval(db, application.id);
  if (!row) throw noPreApproval();
  return { row, name: buyerName(application) };
}

/** Every pre-approval of the user, oldest first, for their data export (docs/product/privacy.md#your-data). */
export async function preApprovalsOfUser(db: Executor, userId: string) {
  const rows = await db.select().from(preApprovals).where(eq(preApprovals.userId, userId)).orderBy(asc(preApprovals.createdAt), asc(preApprovals.id));
  return rows.map(({ issuedBy: _staff, userId: _user, createdAt, expiryNoticeSentAt, ...row }) => ({
    ...row,
    createdAt: isoTimeOrNull(createdAt),
    expiryNoticeSentAt: isoTimeOrNull(expiryNoticeSentAt),
  }));
}

const buyerName = (p: { firstName: string | null; lastName: string | null }) => [p.firstName, p.lastName].filter(Boolean).join(' ') || 'the buyer';
