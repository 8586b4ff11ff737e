import type { MiddlewareHandler } from 'hono';
import { isSafeText, UNSUPPORTED_TEXT } from '../../../domain/safe-text';
import { AppError } from '../lib/errors';

const refuse = (field: string) => new AppError(400, 'validation_failed', 'Some fields need your attention.', { [field]: UNSUPPORTED_TEXT });

const decoded = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    // Not valid UTF-8 once decoded: the router keeps it as sent, which the database stores fine.
    return text;
  }
};

/**
 * The shared text rule (src/domain/safe-text.ts) for what no schema sees: path
 * parameters (`/api/documents/<id>`) and every query value and name, for our
 * routes and better-auth's alike. A NUL or a lone surrogate can only arrive
 * percent-encoded, so a URL without '%' is passed at once.
 */
export const refuseUnsafeUrlText: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  if (!url.includes('%')) return next();
  const start = url.indexOf('/', url.indexOf('//') + 2);
  const queryAt = url.indexOf('?', start);
  const path = url.slice(start, queryAt === -1 ? undefined : queryAt);
  for (const segment of path.split('/')) if (!isSafeText(decoded(segment))) throw refuse('path');
  for (const [name, values] of Object.entries(c.req.queries())) {
    if (!isSafeText(name)) throw refuse('query');
    for (const value of values) if (!isSafeText(value)) throw refuse(name);
  }
  return next();
};
