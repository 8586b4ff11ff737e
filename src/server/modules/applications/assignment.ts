import { and, asc, eq } from 'drizzle-orm';
import { NOT_AN_ADMIN, type AdminAssignee } from '../../../domain/admin/applications';
import type { ApplicationRow } from './repository';
import { type Db, type Executor } from '../../platform/db/client';
import { applications, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { applicationNotFound, findReviewable } from './application-detail';

/**
 * Assignment (docs/product/back-office.md#assignment; docs/decisions/021-requests-and-messages.md,
 * 'Assignment, waiting and decline'): an application belongs to one admin, or to nobody.
 * `assignee_id` is the account, `assignee` the name shown and sorted by, written together.
 */

/** Every admin account, by name: the picker's choices (on user_role_idx). */
export async function listAssignees(db: Executor): Promise<AdminAssignee[]> {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.name), asc(users.id));
}

const notAnAdmin = () => new AppError(400, 'validation_failed', NOT_AN_ADMIN, { assigneeId: NOT_AN_ADMIN });

/**
 * Assigns the application to the admin `assigneeId`, or to nobody (null). Only an admin
 * account may be the assignee (400 with the field's message otherwise). Choosing the
 * assignee it already has (same account, same name) writes nothing; a change stamps `assigned_at` (cleared with the
 * assignee) and writes its audit entry in the same transaction, with account ids, not names.
 */
export async function changeAssignee(db: Db, actor: AuditActor, id: string, assigneeId: string | null) {
  return db.transaction(async (tx): Promise<ApplicationRow> => {
    const row = await findReviewable(tx, id, { forUpdate: true });
    if (!row) throw applicationNotFound();
    let name: string | null = null;
    if (assigneeId !== null) {
      // Locked, so a role change cannot slip between this check and the commit.
      const [admin] = await tx
        .select({ name: users.name })
        .from(users)
        .where(and(eq(users.id, assigneeId), eq(users.role, 'admin')))
        .for('share');
      if (!admin) throw notAnAdmin();
      name = admin.name;
    }
    if (row.assigneeId === assigneeId && row.assignee === name) return row;
    const [next] = await tx
      .update(applications)
      .set({ assigneeId, assignee: name, assignedAt: assigneeId === null ? null : new Date(), updatedAt: new Date() })
      .where(eq(applications.id, row.id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'assign',
      entityType: 'applications',
      entityId: row.id,
      changes: { assigneeId: { from: row.assigneeId, to: assigneeId } },
    });
    return next!;
  });
}
