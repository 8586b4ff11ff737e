import { sql, type SQL } from 'drizzle-orm';
import { announcementRecipients, announcements, notificationPreferences, users } from '../../platform/db/schema';
import { columnName } from '../../platform/db/select-fields';

/**
 * What is kept by address rather than by record (docs/decisions/021-requests-and-messages.md
 * 'Consequences'; docs/product/privacy.md#retention): when a waitlist entry goes — its
 * retention period ran out, or staff deleted it — its address goes from the announcements'
 * recipients, and its e-mail choices go too unless an account still has the address (the
 * account's switches stay with the account; account deletion erases those).
 *
 * `keys` is a query answering the lower-cased addresses (`email_key`) being erased. Answers
 * CTEs (each preceded by a comma) to add to a statement that has already deleted the entries:
 * they run in that statement, so the entry and what hung on its address go together.
 * A recipient still queued when it goes is counted as skipped, so the announcement's
 * progress still adds up.
 */
export function eraseWaitlistAddresses(keys: SQL): SQL {
  return sql`,
    erased_recipients AS (
      DELETE FROM ${announcementRecipients} WHERE ${announcementRecipients.emailKey} IN (${keys})
      RETURNING ${announcementRecipients.announcementId} AS announcement_id, ${announcementRecipients.state} AS state),
    recounted AS (
      UPDATE ${announcements} SET ${columnName(announcements.skipped)} = ${announcements.skipped} + g.n
      FROM (SELECT announcement_id, count(*)::int AS n FROM erased_recipients WHERE state = 'queued' GROUP BY announcement_id) g
      WHERE ${announcements.id} = g.announcement_id RETURNING 1),
    erased_choices AS (
      DELETE FROM ${notificationPreferences} p WHERE p.email_key IN (${keys})
        AND NOT EXISTS (SELECT 1 FROM ${users} u WHERE u.email = p.email_key) RETURNING 1)`;
}
