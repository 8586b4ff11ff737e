import type { Brand } from '../../../domain/brand';

/** One message in both forms: plain text for every client, simple inline-styled HTML for the rest. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
  actionUrl?: string;
}

export interface MailParts {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Smaller text under the button, e.g. when the link stops working. */
  after?: string[];
  /**
   * Notification and reminder mail (src/server/platform/notifications and each module's notifications): why this address gets it and the page that
   * turns its kind off (RFC 8058's link; the one-click POST is in the List-Unsubscribe header).
   */
  unsubscribe?: { reason: string; url: string };
}

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] as string);
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** Lays out a message in the brand's plain voice; every value is escaped. */
export function renderMail(brand: Pick<Brand, 'name' | 'contactEmail'>, parts: MailParts): MailContent {
  const signOff = `— The ${brand.name} team`;
  const footer = `Questions? Just reply, or write to ${brand.contactEmail}.`;
  const text = [
    parts.greeting,
    '',
    ...parts.paragraphs.flatMap((p) => [p, '']),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`, ''] : []),
    ...(parts.after ?? []).flatMap((p) => [p, '']),
    signOff,
    '',
    footer,
    ...(parts.unsubscribe ? ['', parts.unsubscribe.reason, `Unsubscribe: ${parts.unsubscribe.url}`] : []),
  ].join('\n');

  const p = (content: string, style = 'margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937') => `<p style="${style}">${content}</p>`;
  const small = 'margin:0 0 12px;font-size:13px;line-height:20px;color:#6b7280';
  const button = parts.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(parts.action.url)}" style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px">${escapeHtml(parts.action.label)}</a></p>` +
      p(
        `If the button does not work, copy this address into your browser:<br><a href="${escapeHtml(parts.action.url)}" style="color:#0f766e;word-break:break-all">${escapeHtml(parts.action.url)}</a>`,
        small,
      )
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(parts.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;${FONT}">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${p(`<strong style="font-size:18px;color:#0f766e">${escapeHtml(brand.name)}</strong>`)}
${p(escapeHtml(parts.greeting))}
${parts.paragraphs.map((para) => p(escapeHtml(para))).join('\n')}
${button}
${(parts.after ?? []).map((para) => p(escapeHtml(para), small)).join('\n')}
${p(escapeHtml(signOff))}
${p(escapeHtml(footer), small)}
${
  parts.unsubscribe
    ? p(`${escapeHtml(parts.unsubscribe.reason)} <a href="${escapeHtml(parts.unsubscribe.url)}" style="color:#6b7280">Unsubscribe</a>`, small)
    : ''
}
</div>
</body></html>`;
  return { subject: parts.subject, text, html, actionUrl: parts.action?.url };
}
