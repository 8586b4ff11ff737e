import { announcementParagraphs } from '../../../domain/admin/announcements';
import type { NotificationKind } from '../../../domain/notifications';
import { hello } from '../../platform/mail/templates';
import type { NotificationMail } from '../../platform/notifications/send-notification';

/**
 * An announcement as each recipient gets it (docs/product/back-office.md#announcements): the subject, a greeting by
 * first name, the admin's plain text in paragraphs (split at blank lines), kind `waitlist_news` — so it is sent
 * through sendNotification with its one-click unsubscribe, and skipped for an address that turned it off.
 */
/** The kind of every announcement (its switch and its one-click unsubscribe). */
export const ANNOUNCEMENT_KIND = 'waitlist_news' satisfies NotificationKind;

export function announcementMail(to: string, firstName: string | null, { subject, body }: { subject: string; body: string }): NotificationMail {
  return {
    to,
    kind: ANNOUNCEMENT_KIND,
    parts: { subject, greeting: hello(firstName), paragraphs: announcementParagraphs(body) },
  };
}
