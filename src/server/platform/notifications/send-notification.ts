import { NOTIFICATION_KIND_INFO, type NotificationKind } from '../../../domain/notifications';
import type { Config } from '../config';
import type { Brand } from '../../../domain/brand';
import type { Db } from '../db/client';
import type { FieldCipher } from '../lib/crypto';
import type { Logger } from '../lib/logger';
import type { Mailer } from '../mail/send-mail';
import { renderMail, type MailContent, type MailParts } from '../mail/layout';
import { appLink, type MailContext } from '../mail/templates';
import { emailKeyOf, subscribedTo } from './preferences';
import { sealUnsubscribe } from './unsubscribe-token';

/**
 * The one way notification and reminder mail goes out (docs/product/accounts.md#e-mail-notifications;
 * docs/decisions/021-requests-and-messages.md): skipped for an address that turned its
 * kind off; otherwise sent with RFC 8058's one-click unsubscribe (List-Unsubscribe with a
 * POST URL, List-Unsubscribe-Post) and a link to the unsubscribe page in the footer.
 * Transactional mail (password reset, verification) does not come through here.
 */

export interface NotificationDeps {
  db: Db;
  mailer: Mailer;
  cipher: FieldCipher;
  brand: Brand;
  logger: Logger;
  config: Pick<Config, 'APP_URL'>;
}

export interface NotificationMail {
  /** The address. */
  to: string;
  kind: NotificationKind;
  /** The message; the unsubscribe footer is added here. */
  parts: Omit<MailParts, 'unsubscribe'>;
}

export const mailContextOf = (deps: NotificationDeps): MailContext => ({ brand: deps.brand, appUrl: deps.config.APP_URL.replace(/\/+$/, '') });

/** The page a footer link opens and the URL a mail client POSTs to for one click (both carry the sealed token). */
export function unsubscribeLinks(deps: NotificationDeps, to: string, kind: NotificationKind): { page: string; oneClick: string } {
  const token = sealUnsubscribe(deps.cipher, { emailKey: emailKeyOf(to), kind });
  const ctx = mailContextOf(deps);
  return { page: appLink(ctx, '/unsubscribe', { token }), oneClick: appLink(ctx, '/api/unsubscribe', { token }) };
}

/** The mail as its reader gets it: the parts with the unsubscribe footer, and the one-click headers (also the announcements' preview). */
export function renderNotification(deps: NotificationDeps, mail: NotificationMail): MailContent & { headers: Record<string, string> } {
  const links = unsubscribeLinks(deps, mail.to, mail.kind);
  const reason = `You get this e-mail because “${NOTIFICATION_KIND_INFO[mail.kind].label}” is on for this address.`;
  return {
    ...renderMail(deps.brand, { ...mail.parts, unsubscribe: { reason, url: links.page } }),
    headers: { 'List-Unsubscribe': `<${links.oneClick}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}

/**
 * Sends `mail` unless its address unsubscribed from its kind; answers which happened. `subscribed` is the address's
 * state for the kind when the caller already read it with its recipients (an announcement's batch), saving a query a mail.
 */
export async function sendNotification(deps: NotificationDeps, mail: NotificationMail, subscribed?: boolean): Promise<'sent' | 'unsubscribed'> {
  if (!(subscribed ?? (await subscribedTo(deps.db, emailKeyOf(mail.to), mail.kind)))) return 'unsubscribed';
  await deps.mailer.sendMail({ to: mail.to, ...renderNotification(deps, mail) });
  return 'sent';
}
