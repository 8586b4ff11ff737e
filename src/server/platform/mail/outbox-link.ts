import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Without SMTP a message stays in the mail_outbox table and the log names a link to it
 * (src/server/platform/mail/send-mail.ts). The log must carry no personal data, and a
 * verification link does: its token is a JWT holding the e-mail address. So the log
 * names `/api/mail-outbox/<id>?key=<HMAC of the id>` instead, which the server
 * redirects to the message's own link (src/server/routes/mail-outbox.ts) — a
 * capability of one message, with no address or token in it.
 */
export function outboxKey(secret: string, id: number): string {
  return createHmac('sha256', secret).update(`mail-outbox:${id}`).digest('base64url').slice(0, 32);
}

export function outboxOpenUrl(appUrl: string, secret: string, id: number): string {
  return `${appUrl.replace(/\/+$/, '')}/api/mail-outbox/${id}?key=${outboxKey(secret, id)}`;
}

export function isOutboxKey(secret: string, id: number, key: string): boolean {
  const expected = Buffer.from(outboxKey(secret, id));
  const given = Buffer.from(key);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The first link of a message that points into the app (the one it asks its reader to open). */
export function actionLinkIn(text: string, appUrl: string): string | undefined {
  const base = appUrl.replace(/\/+$/, '');
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    if (match[0].startsWith(`${base}/`)) return match[0];
  }
  return undefined;
}
