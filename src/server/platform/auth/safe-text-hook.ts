import { APIError } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { isSafeText, UNSUPPORTED_TEXT } from '../../../domain/safe-text';
import type { AuthHook } from './hook-types';

/** How deep a body is searched; better-auth's bodies are flat, a deeper one is refused whole. */
const MAX_DEPTH = 8;

/**
 * The dotted path of the first string (or key) in `value` that breaks the shared
 * text rule (src/domain/safe-text.ts), '' for the value itself; undefined when all are safe.
 */
export function firstUnsafeText(value: unknown, path = '', depth = 0): string | undefined {
  if (typeof value === 'string') return isSafeText(value) ? undefined : path || '_';
  if (value === null || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return path || '_';
  for (const [key, inner] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (!isSafeText(key)) return path || '_';
    const found = firstUnsafeText(inner, at, depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * better-auth's endpoints validate their bodies with their own schemas, which
 * let NUL and lone surrogates through to the database (a 500): refused here,
 * first of the before hooks, with a 400 naming the field — for the body, the
 * query (verify-email's token) and the path (reset-password/:token).
 */
export const safeTextHook: AuthHook = {
  matcher: () => true,
  handler: createAuthMiddleware(async (ctx) => {
    const field = firstUnsafeText(ctx.body) ?? firstUnsafeText(ctx.query) ?? firstUnsafeText(ctx.params);
    if (field === undefined) return;
    throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: 'Some fields need your attention.', fields: { [field]: UNSUPPORTED_TEXT } });
  }),
};
