import { z } from 'zod';

/**
 * The one rule for text from outside: no NUL character and no half of
 * a UTF-16 surrogate pair. PostgreSQL stores neither — a text column refuses
 * NUL and any value that is not valid UTF-8 — so such a value passed every
 * other check and then failed in the database with a 500. Every string schema
 * of the domain and the server is built here (eslint.config.js forbids a bare
 * `z.string()`, `z.email()`, `z.iso…` elsewhere); the server refuses the same
 * characters in paths, query strings and better-auth's requests
 * (src/server/platform/http/safe-request.ts, src/server/platform/auth/safe-text-hook.ts).
 */
export const UNSUPPORTED_TEXT = 'Remove the unsupported characters.';

/** True when `text` has no NUL and every surrogate is half of a pair. */
export function isSafeText(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit === 0) return false;
    if (unit < 0xd800 || unit > 0xdfff) continue;
    const next = text.charCodeAt(i + 1);
    // A high surrogate followed by a low one is a pair; anything else is a lone half.
    if (unit > 0xdbff || !(next >= 0xdc00 && next <= 0xdfff)) return false;
    i += 1;
  }
  return true;
}

/** `text` without NUL characters and lone surrogate halves (for names the server keeps as sent, e.g. a file's). */
export function withoutUnsafeText(text: string): string {
  if (isSafeText(text)) return text;
  let kept = '';
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if (unit === 0) continue;
    if (unit < 0xd800 || unit > 0xdfff) {
      kept += text[i];
      continue;
    }
    const next = text.charCodeAt(i + 1);
    if (unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      kept += text.slice(i, i + 2);
      i += 1;
    }
  }
  return kept;
}

/**
 * True when `text` is one line of printable text: no C0 (NUL is the safe rule's) or C1 control character (line
 * breaks and tabs included), no DEL, no Unicode line or paragraph separator. Names
 * reach the plain-text body of mails and staff notices, where a line break would let
 * a name write lines of its own.
 */
export function isSingleLine(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    if ((unit >= 0x01 && unit <= 0x1f) || (unit >= 0x7f && unit <= 0x9f) || unit === 0x2028 || unit === 0x2029) return false;
  }
  return true;
}

export const singleLineMessage = (label: string) => `${label} can only have letters, spaces and punctuation on one line.`;

type StringParams = Parameters<typeof z.string>[0];

/** `z.string()` with the rule; chain `.trim()`, `.min()`, `.max()` and the rest as usual. */
export const safeString = (params?: StringParams) => z.string(params).refine(isSafeText, { error: UNSUPPORTED_TEXT });

/** A person's first or last name as typed (trimmed, 1–`max` characters, one line). */
export const personName = (label: string, max = 100) =>
  safeString({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    .refine(isSingleLine, { error: singleLineMessage(label) });

/** An e-mail address's format, for a `safeString()…pipe(emailFormat(…))`. */
export const emailFormat = (message?: string) => z.email(message);

/** An ISO 8601 date-time with an offset (`2025-03-14T15:09:26.535Z`), with the rule. */
export const safeIsoDateTime = (message: string) => safeString({ error: message }).pipe(z.iso.datetime({ offset: true, error: message }));
