import { and, eq, inArray } from 'drizzle-orm';
import { isSubscribed, type NotificationKind } from '../../../domain/notifications';
import type { Executor } from '../../platform/db/client';
import { applications, notificationPreferences, users } from '../../platform/db/schema';
import { emailKeyOf } from '../../platform/notifications/preferences';

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
  const admins = await db.select({ id: users.id, email: users.email, firstName: users.firstName }).from(users).where(eq(users.role, 'admin'));
  if (admins.length === 0) return [];
  const stored = await db
    .select({ emailKey: notificationPreferences.emailKey, subscribed: notificationPreferences.subscribed })
    .from(notificationPreferences)
    .where(
      and(
        eq(notificationPreferences.kind, kind),
        inArray(
          notificationPreferences.emailKey,
          admins.map((admin) => emailKeyOf(admin.email)),
        ),
      ),
    );
  const choice = new Map(stored.map((row) => [row.emailKey, row.subscribed]));
  const listening = admins.filter((admin) => isSubscribed(kind, choice.get(emailKeyOf(admin.email))));
  const assignee = owner?.assigneeId ? listening.find((admin) => admin.id === owner.assigneeId) : undefined;
  return (assignee ? [assignee] : listening).map(({ email, firstName }) => ({ email, firstName }));
}
