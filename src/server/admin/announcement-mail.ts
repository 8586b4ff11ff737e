import { announcementParagraphs } from '../../domain/admin/announcements';
import { NOTIFICATION_KIND_INFO } from '../../domain/notifications';
import { renderMail, type MailContent } from '../mail/layout';
import { unsubscribeLinks, type NotificationDeps, type NotificationMail } from '../notifications/send-notification';

/**
 * An announcement as each recipient gets it (docs/product/back-office.md#announcements): the subject, a greeting by
 * first name, the admin's plain text in paragraphs (split at blank lines), kind `waitlist_news` — so it is sent
 * through sendNotification with its one-click unsubscribe, and skipped for an address that turned it off.
 */
export function announcementMail(to: string, firstName: string | null, { subject, body }: { subject: string; body: string }): NotificationMail {
  return {
    to,
    kind: 'waitlist_news',
    parts: { subject, greeting: firstName ? `Hi ${firstName},` : 'Hi,', paragraphs: announcementParagraphs(body) },
  };
}

/** The preview: the same mail with the footer sendNotification adds. */
export function renderAnnouncementPreview(deps: NotificationDeps, mail: NotificationMail): MailContent {
  const links = unsubscribeLinks(deps, mail.to, mail.kind);
  const reason = `You get this e-mail because “${NOTIFICATION_KIND_INFO[mail.kind].label}” is on for this address.`;
  return renderMail(deps.brand, { ...mail.parts, unsubscribe: { reason, url: links.page } });
}
