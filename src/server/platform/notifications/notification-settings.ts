import { eq } from 'drizzle-orm';
import { kindsForAccount, NOTIFICATION_KIND_INFO, type NotificationKind, type NotificationSettings } from '../../../domain/notifications';
import { recordAudit, type AuditActor } from '../audit/audit';
import type { Db, Executor } from '../db/client';
import { users } from '../db/schema';
import { emailKeyOf, preferencesOf, setPreference } from './preferences';
import type { UnsubscribeTarget } from './unsubscribe-token';

/**
 * The switches of notification and reminder e-mail (docs/product/accounts.md#e-mail-notifications): what the account
 * page lists, a change of one (from the page or an e-mail's link) with its audit entry, and the account an address
 * belongs to.
 */

export const settingOf = (kind: NotificationKind, subscribed: boolean) => ({
  kind,
  label: NOTIFICATION_KIND_INFO[kind].label,
  audience: NOTIFICATION_KIND_INFO[kind].audience,
  subscribed,
});

/** The kinds this account has (staff kinds for staff), each with its state. */
export async function settingsOf(db: Executor, email: string, isStaff: boolean): Promise<NotificationSettings> {
  const kinds = kindsForAccount(isStaff);
  const state = await preferencesOf(db, emailKeyOf(email), kinds);
  return { kinds: kinds.map((kind) => settingOf(kind, state[kind])) };
}

/** Stores a choice and, when it changed anything, its audit entry — one transaction. */
export async function changePreference(
  db: Db,
  actor: AuditActor,
  entityId: string | null,
  target: UnsubscribeTarget,
  subscribed: boolean,
  via: 'link' | 'account',
): Promise<void> {
  await db.transaction(async (tx) => {
    const changed = await setPreference(tx, { emailKey: target.emailKey, kind: target.kind, subscribed, via });
    if (changed) {
      await recordAudit(tx, actor, {
        action: 'update',
        entityType: 'notifications',
        entityId,
        changes: { kind: target.kind, subscribed: { from: !subscribed, to: subscribed }, via },
      });
    }
  });
}

/** The account of an address (by its key), if any: an unsubscribe's audit entry names it. */
export async function accountOfAddress(db: Executor, emailKey: string): Promise<{ id: string; email: string } | undefined> {
  const [account] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, emailKey));
  return account;
}
