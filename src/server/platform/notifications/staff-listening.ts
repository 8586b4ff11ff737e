import { and, eq, inArray } from 'drizzle-orm';
import { isSubscribed, type NotificationKind } from '../../../domain/notifications';
import type { Executor } from '../db/client';
import { notificationPreferences, users } from '../db/schema';
import { emailKeyOf } from './preferences';

export interface ListeningAdmin {
  id: string;
  email: string;
  firstName: string;
}

/**
 * The admins who have the staff kind `kind` on (docs/product/back-office.md#staff-e-mails): staff kinds are off until
 * an admin turns them on on their account page, so a notice wakes only those who asked for it.
 */
export async function adminsListening(db: Executor, kind: NotificationKind): Promise<ListeningAdmin[]> {
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
  return admins.filter((admin) => isSubscribed(kind, choice.get(emailKeyOf(admin.email))));
}
