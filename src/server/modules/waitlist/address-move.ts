import { sql } from 'drizzle-orm';
import type { Executor } from '../../platform/db/client';
import { announcementRecipients, waitlistEntries } from '../../platform/db/schema';

/**
 * An account's address changed (docs/product/privacy.md#your-data): what is kept by address follows it — the
 * waitlist entry and the announcements it was sent (the e-mail choices move in platform/notifications). Where the
 * new address already has its own (an entry of its own, the same announcement), that one stays and the old one is
 * left under the old address, which the account's erasure still finds (src/server/modules/accounts/delete-account.ts).
 */
export async function moveWaitlistAddress(db: Executor, fromKey: string, to: { email: string; emailKey: string }): Promise<void> {
  if (fromKey === to.emailKey) return;
  await db.execute(sql`UPDATE ${waitlistEntries} SET email = ${to.email}, email_key = ${to.emailKey}
    WHERE email_key = ${fromKey} AND NOT EXISTS (SELECT 1 FROM ${waitlistEntries} WHERE email_key = ${to.emailKey})`);
  await db.execute(sql`UPDATE ${announcementRecipients} SET email_key = ${to.emailKey}
    WHERE email_key = ${fromKey}
      AND announcement_id NOT IN (SELECT announcement_id FROM ${announcementRecipients} WHERE email_key = ${to.emailKey})`);
}
