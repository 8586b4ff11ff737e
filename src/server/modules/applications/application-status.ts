import { and, eq, min, sql } from 'drizzle-orm';
import type { ApplicationStatus } from '../../../domain/application';
import { waitingSince } from '../../../domain/application/requests';
import type { ApplicationRow } from './repository';
import type { Executor } from '../../platform/db/client';
import { applicationRequests, applications } from '../../platform/db/schema';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';

/**
 * An application's status and what follows it in the same transaction
 * (docs/product/back-office.md#application-status; docs/decisions/021-requests-and-messages.md):
 * 'Waiting for us' and the open requests. Callers hold the application's row lock
 * (findReviewable … forUpdate), so the requests read here cannot change underneath.
 */

/** How many requests of the application are open. */
export async function openRequestCount(tx: Executor, applicationId: string): Promise<number> {
  const [row] = await tx
    .select({ open: sql<number>`count(*)::int` })
    .from(applicationRequests)
    .where(and(eq(applicationRequests.applicationId, applicationId), eq(applicationRequests.state, 'open')));
  return row?.open ?? 0;
}

/**
 * Brings `applications.waiting_since` in line with the status and the answered
 * requests, by the one rule of src/domain/application/requests.ts (waitingSince).
 * Writes only when it changes.
 */
export async function syncWaitingSince(tx: Executor, row: Pick<ApplicationRow, 'id' | 'status' | 'waitingSince'>, now: Date): Promise<Date | null> {
  const [oldest] = await tx
    .select({ at: min(applicationRequests.stateChangedAt) })
    .from(applicationRequests)
    .where(and(eq(applicationRequests.applicationId, row.id), eq(applicationRequests.state, 'answered')));
  const next = waitingSince({ status: row.status, current: row.waitingSince, oldestAnsweredAt: oldest?.at ?? null, now });
  if ((next?.getTime() ?? null) !== (row.waitingSince?.getTime() ?? null)) {
    await tx.update(applications).set({ waitingSince: next }).where(eq(applications.id, row.id));
  }
  return next;
}

/**
 * Moves a submitted application to `status` with its audit entry (approve and
 * decline recorded as such; `because` says why when the move was not chosen in the
 * status selector), stamping reviewed_at, storing the decline reason with Declined
 * (`declineReason`) and clearing it when it leaves Declined, and keeping waiting_since. Answers the updated row.
 */
export async function moveStatus(
  tx: Executor,
  actor: AuditActor,
  row: ApplicationRow,
  status: Exclude<ApplicationStatus, 'draft'>,
  now: Date,
  because?: string,
  declineReason?: string,
): Promise<ApplicationRow> {
  // Declined keeps the reason the buyer is shown; any other status clears it (docs/product/back-office.md#application-status).
  const reason = status === 'declined' ? (declineReason ?? row.declineReason) : null;
  const [next] = await tx
    .update(applications)
    .set({ status, reviewedAt: now, updatedAt: now, ...(reason !== row.declineReason ? { declineReason: reason } : {}) })
    .where(eq(applications.id, row.id))
    .returning();
  await recordAudit(tx, actor, {
    action: status === 'approved' ? 'approve' : status === 'declined' ? 'decline' : 'update',
    entityType: 'applications',
    entityId: row.id,
    changes: {
      status: { from: row.status, to: status },
      ...(reason !== row.declineReason ? { declineReason: { from: row.declineReason, to: reason } } : {}),
      ...(because ? { because } : {}),
    },
  });
  const waiting = await syncWaitingSince(tx, next, now);
  return { ...next, waitingSince: waiting };
}
