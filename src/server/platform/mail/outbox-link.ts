import { createHmac, timingSafeEqual } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * Without SMTP a message stays in the mail_outbox table and the log names a link to it
 * (src/server/platform/mail/send-mail.ts). The log must carry no personal data, and a
 * verification link does: its token is a JWT holding the e-mail address. So the log
 * names `/api/mail-outbox/<id>?key=<HMAC of the id>` instead, where the server shows
 * the message itself (src/server/routes/mail-outbox.ts) — a capability of one message,
 * with no address or token in it.
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

/** A message kept in the outbox, as its address shows it (undefined when there is none with that id). */
export interface KeptMessage {
  to: string;
  subject: string;
  text: string;
  createdAt: Date;
}

export async function keptMessage(db: Executor, id: number): Promise<KeptMessage | undefined> {
  const [message] = await db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, createdAt: mailOutbox.createdAt })
    .from(mailOutbox)
    .where(eq(mailOutbox.id, id));
  return message;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The plain text with every http(s) address a link, everything else escaped. */
function textWithLinks(text: string): string {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(match[0])}">${escapeHtml(match[0])}</a>`;
    last = match.index + match[0].length;
  }
  return html + escapeHtml(text.slice(last));
}

/** The text's paragraphs (blank lines) and line breaks, as a mail reader shows them; no inline style (the CSP). */
const paragraphs = (text: string) =>
  text
    .trim()
    .split(/\n\s*\n/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(textWithLinks).join('<br>\n')}</p>`)
    .join('\n');

/**
 * The page the outbox address shows: the message itself (to, subject, date, its plain text with the links working),
 * and its own link first, so reading a mail without SMTP is reading the mail, not only following one link. Its links
 * carry tokens: the page sends no referrer to where they lead.
 */
export function keptMessagePage(message: KeptMessage, appUrl: string): string {
  const action = actionLinkIn(message.text, appUrl);
  const opener = action ? `<p><a href="${escapeHtml(action)}">Open the message&#39;s link</a></p>\n` : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="no-referrer">
<title>${escapeHtml(message.subject)} (outbox)</title>
</head>
<body>
<main>
<p>Kept in the outbox: <code>SMTP_URL</code> is not set, so this message was not sent. It reads as below.</p>
<h1>${escapeHtml(message.subject)}</h1>
<dl>
<dt>To</dt><dd>${escapeHtml(message.to)}</dd>
<dt>Kept</dt><dd><time datetime="${message.createdAt.toISOString()}">${message.createdAt.toUTCString()}</time></dd>
</dl>
${opener}<hr>
${paragraphs(message.text)}
</main>
</body>
</html>
`;
}
