import { and, eq, inArray, sql } from 'drizzle-orm';
import { isSubscribed, type NotificationKind, type PreferenceSource } from '../../../domain/notifications';
import type { Executor } from '../db/client';
import { notificationPreferences } from '../db/schema';

/**
 * The choices made about notification and reminder e-mail, per address and kind
 * (docs/product/accounts.md#e-mail-notifications; docs/decisions/021-requests-and-messages.md):
 * only a choice someone made is stored, otherwise the kind's default applies.
 */

/** The key an address is stored under: lower-cased, like waitlist_entries.email_key and user.email. */
export const emailKeyOf = (email: string) => email.trim().toLowerCase();

/** Whether mail of `kind` goes to the address. */
export async function subscribedTo(db: Executor, emailKey: string, kind: NotificationKind): Promise<boolean> {
  const [row] = await db
    .select({ subscribed: notificationPreferences.subscribed })
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.emailKey, emailKey), eq(notificationPreferences.kind, kind)));
  return isSubscribed(kind, row?.subscribed);
}

/** The address's choice for each of `kinds` (the default where none was made). */
export async function preferencesOf(db: Executor, emailKey: string, kinds: readonly NotificationKind[]): Promise<Record<NotificationKind, boolean>> {
  const rows =
    kinds.length === 0
      ? []
      : await db
          .select({ kind: notificationPreferences.kind, subscribed: notificationPreferences.subscribed })
          .from(notificationPreferences)
          .where(and(eq(notificationPreferences.emailKey, emailKey), inArray(notificationPreferences.kind, [...kinds])));
  const stored = new Map(rows.map((r) => [r.kind, r.subscribed]));
  return Object.fromEntries(kinds.map((kind) => [kind, isSubscribed(kind, stored.get(kind))])) as Record<NotificationKind, boolean>;
}

/** Stores a choice; answers whether it changed what was in effect before. */
export async function setPreference(
  db: Executor,
  { emailKey, kind, subscribed, via }: { emailKey: string; kind: NotificationKind; subscribed: boolean; via: PreferenceSource },
): Promise<boolean> {
  const before = await subscribedTo(db, emailKey, kind);
  await db
    .insert(notificationPreferences)
    .values({ emailKey, kind, subscribed, changedVia: via })
    .onConflictDoUpdate({
      target: [notificationPreferences.emailKey, notificationPreferences.kind],
      set: { subscribed, changedVia: via, changedAt: sql`now()` },
    });
  return before !== subscribed;
}

/** An account's address changed: its choices follow it (in the change's transaction). Choices the new address already had win. */
export async function movePreferences(db: Executor, fromKey: string, toKey: string): Promise<void> {
  if (fromKey === toKey) return;
  await db.execute(sql`UPDATE ${notificationPreferences} SET email_key = ${toKey}
    WHERE email_key = ${fromKey} AND kind NOT IN (SELECT kind FROM ${notificationPreferences} WHERE email_key = ${toKey})`);
  await db.delete(notificationPreferences).where(eq(notificationPreferences.emailKey, fromKey));
}

/** Erasure: every choice stored for the address. */
export async function deletePreferences(db: Executor, emailKey: string): Promise<void> {
  await db.delete(notificationPreferences).where(eq(notificationPreferences.emailKey, emailKey));
}
