import { eq } from 'drizzle-orm';
import type { NotificationKind } from '../../../domain/notifications';
import type { Executor } from '../../platform/db/client';
import { applications } from '../../platform/db/schema';
import { adminsListening } from '../../platform/notifications/staff-listening';

/**
 * Who on the staff hears about an application (docs/product/back-office.md#staff-e-mails;
 * to the assigned admin or, with no assignee, to the admins who opt in).
 * Staff kinds are off until an admin turns them on (account page, src/domain/notifications.ts),
 * and the one rule is:
 * - the application's assignee, if they are still an admin and have the kind on;
 * - otherwise (nobody assigned, or the assignee has it off) every admin who has it on —
 *   so a notice is not lost because its assignee is not listening, and an application
 *   someone owns does not wake the whole team.
 */

export interface StaffRecipient {
  email: string;
  firstName: string;
}

/** The admins who get `kind` about the application (none when nobody opted in). */
export async function staffRecipients(db: Executor, applicationId: string, kind: NotificationKind): Promise<StaffRecipient[]> {
  const [owner] = await db.select({ assigneeId: applications.assigneeId }).from(applications).where(eq(applications.id, applicationId));
  const listening = await adminsListening(db, kind);
  const assignee = owner?.assigneeId ? listening.find((admin) => admin.id === owner.assigneeId) : undefined;
  return (assignee ? [assignee] : listening).map(({ email, firstName }) => ({ email, firstName }));
}
