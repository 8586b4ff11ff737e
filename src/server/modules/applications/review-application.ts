import { and, eq, ne } from 'drizzle-orm';
import { isActiveStatus, type ApplicationStatus } from '../../../domain/application';
import { OPEN_REQUEST_NEEDED_MESSAGE, statusChangeProblem } from '../../../domain/application/requests';
import type { Deps } from '../../platform/http/context';
import type { Executor } from '../../platform/db/client';
import { applications } from '../../platform/db/schema';
import { isActive, type ApplicationRow } from './repository';
import { AppError } from '../../platform/lib/errors';
import { notifyStatusChange } from './status-notification';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { applicationNotFound, findReviewable } from './application-detail';
import { moveStatus, openRequestCount } from './application-status';
import { PRE_APPROVAL_NEEDED, type PreApprovalTerms } from '../../../domain/application/pre-approval';
import { issuePreApproval } from './pre-approval';

const otherActiveApplication = () =>
  new AppError(409, 'another_active_application', 'The applicant has started another application since this one was closed, so it cannot be reopened.');

/** PostgreSQL's unique_violation: here, the one-active-application-per-user index. */
const isUniqueViolation = (error: unknown) => {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
};

/** Approving needs the pre-approval's terms (the contract asks for them; a caller without them is refused the same way). */
const preApprovalNeeded = () => new AppError(400, 'validation_failed', 'Some fields need your attention.', { preApproval: PRE_APPROVAL_NEEDED });

/** docs/product/back-office.md#application-status: Missing Info needs an open request (ADR 021). */
const openRequestNeeded = () => new AppError(422, 'open_request_needed', OPEN_REQUEST_NEEDED_MESSAGE);

/**
 * What keeps an application's status from changing, checked in the change's transaction: another
 * module's record (the homes module's purchaseLock: a recorded purchase keeps it Approved). The
 * refusal to answer, or undefined. Passed by the route, so this module knows nothing of homes.
 */
export type StatusLock = (tx: Executor, applicationId: string) => Promise<AppError | undefined>;

/**
 * Sets an application's status (docs/product/back-office.md#application-status:
 * any status from any, stamping reviewed_at) with its audit entry in the same
 * transaction; approve / decline are audited as such. Choosing the status it
 * already has changes nothing. Missing Info needs at least one open request (422
 * open_request_needed). The applicant's e-mail about the new status is queued in the
 * same transaction (src/server/modules/applications/status-notification.ts: every status, sent
 * when the statusEmails setting is on), so a refused change queues none. Declined stores the
 * reason the buyer is shown (the contract requires it), audited in the same entry. The account's role is left alone: an admin makes a
 * homeowner from the users page (docs/product/back-office.md#application-status).
 */
export async function changeStatus(
  deps: Deps,
  actor: AuditActor,
  id: string,
  status: Exclude<ApplicationStatus, 'draft' | 'withdrawn'>,
  declineReason?: string,
  locks: readonly StatusLock[] = [],
  preApproval?: PreApprovalTerms,
): Promise<ApplicationRow> {
  const { db, jobs } = deps;
  let changed = false;
  let updated: ApplicationRow;
  try {
    updated = await db.transaction(async (tx) => {
      const row = await findReviewable(tx, id, { forUpdate: true });
      if (!row) throw applicationNotFound();
      if (row.status === status) return row;
      // The buyer's own choice: staff do not reopen it; the buyer starts a new one (docs/decisions/041-withdrawal-and-change-requests.md).
      if (row.status === 'withdrawn') throw new AppError(409, 'application_closed', 'The applicant withdrew this application; only they can apply again.');
      // Another module's record that keeps the status as it is (a recorded purchase: the application stays Approved).
      for (const lock of locks) {
        const refusal = await lock(tx, row.id);
        if (refusal) throw refusal;
      }
      if (!isActiveStatus(row.status)) {
        // A declined or withdrawn application is closed; reopening it must not make the user's second active one.
        const [other] = await tx
          .select({ id: applications.id })
          .from(applications)
          .where(and(eq(applications.userId, row.userId), isActive, ne(applications.id, row.id)));
        if (other) throw otherActiveApplication();
      }
      if (statusChangeProblem(status, await openRequestCount(tx, row.id))) throw openRequestNeeded();
      if (status === 'approved' && !preApproval) throw preApprovalNeeded();
      const now = new Date();
      const next = await moveStatus(tx, actor, row, status, now, undefined, status === 'declined' ? declineReason : undefined);
      // Approval carries its pre-approval, written and audited in the same transaction (docs/decisions/030-pre-approval.md).
      if (status === 'approved' && preApproval) await issuePreApproval(tx, actor, next, preApproval, now);
      await notifyStatusChange(tx, row.id, status);
      changed = true;
      return next;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw otherActiveApplication();
    throw error;
  }

  if (changed) jobs.kick();
  return updated;
}

/** Longest value of a note kept in the audit entry; the note itself is kept whole. */
const AUDIT_NOTE_CHARS = 1000;
const forAudit = (notes: string | null) => (notes && notes.length > AUDIT_NOTE_CHARS ? `${notes.slice(0, AUDIT_NOTE_CHARS)}…` : notes);

/** Saves the admin notes (docs/product/back-office.md#applications: saved on blur); an unchanged text writes nothing, not even an audit entry. Empty is stored as none. */
export async function changeNotes(deps: Deps, actor: AuditActor, id: string, text: string): Promise<ApplicationRow> {
  const notes = text.trim() ? text : null;
  return deps.db.transaction(async (tx) => {
    const row = await findReviewable(tx, id, { forUpdate: true });
    if (!row) throw applicationNotFound();
    if ((row.notes ?? null) === notes) return row;
    const [next] = await tx.update(applications).set({ notes, updatedAt: new Date() }).where(eq(applications.id, row.id)).returning();
    await recordAudit(tx, actor, {
      action: 'update',
      entityType: 'applications',
      entityId: row.id,
      changes: { notes: { from: forAudit(row.notes), to: forAudit(notes) } },
    });
    return next;
  });
}
