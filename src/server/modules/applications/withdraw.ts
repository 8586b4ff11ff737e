import { eq } from 'drizzle-orm';
import { isWithdrawable } from '../../../domain/application';
import type { Deps } from '../../platform/http/context';
import { applications } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { syncWaitingSince } from './application-status';
import { findActiveApplication, latestApplication, type ApplicationRow } from './repository';
import type { StatusLock } from './review-application';
import { notifyWithdrawal } from './withdrawal-notification';

/**
 * The buyer withdraws their application (docs/decisions/041-withdrawal-and-change-requests.md):
 * submitted, under review, waiting for them or approved; never a draft (409 not_submitted), a
 * closed one (409 application_closed: withdrawing twice) or one a home was bought with (409
 * home_recorded, by the homes module's lock the route passes). In one transaction: status
 * `withdrawn` with its time and reason, 'Waiting for us' cleared, the audit entry (action
 * 'withdraw', the buyer as actor), the staff notice and the buyer's confirmation mail as jobs.
 * Withdrawn is closed like declined: the user may start a new application.
 */

const noApplication = () => new AppError(404, 'not_found', 'You have no application to withdraw.');
const HOME_BOUGHT = 'You bought your home with this application, so it can no longer be withdrawn. Write to us in the chat if something has changed.';

export async function withdrawApplication(
  deps: Pick<Deps, 'db' | 'jobs'>,
  actor: AuditActor & { id: string },
  reason: string,
  locks: readonly StatusLock[] = [],
): Promise<ApplicationRow> {
  const updated = await deps.db.transaction(async (tx) => {
    const row = await findActiveApplication(tx, actor.id, { forUpdate: true });
    if (!row) {
      const last = await latestApplication(tx, actor.id);
      if (!last) throw noApplication();
      throw new AppError(
        409,
        'application_closed',
        last.status === 'withdrawn' ? 'You have withdrawn this application already.' : 'This application is closed, so there is nothing to withdraw.',
      );
    }
    if (row.status === 'draft')
      throw new AppError(409, 'not_submitted', 'Your application is not submitted yet, so there is nothing to withdraw. You can simply leave the draft.');
    for (const lock of locks) if (await lock(tx, row.id)) throw new AppError(409, 'home_recorded', HOME_BOUGHT);
    if (!isWithdrawable(row.status)) throw new AppError(409, 'application_closed', 'This application is closed, so there is nothing to withdraw.');
    const now = new Date();
    const [next] = await tx
      .update(applications)
      .set({ status: 'withdrawn', withdrawnAt: now, withdrawReason: reason, updatedAt: now })
      .where(eq(applications.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'withdraw',
      entityType: 'applications',
      entityId: row.id,
      // The reason is the buyer's own words about their application: kept on the row, not copied into the log.
      changes: { status: { from: row.status, to: 'withdrawn' } },
    });
    const waiting = await syncWaitingSince(tx, next, now);
    await notifyWithdrawal(tx, row.id);
    return { ...next, waitingSince: waiting };
  });
  deps.jobs.kick();
  return updated;
}
