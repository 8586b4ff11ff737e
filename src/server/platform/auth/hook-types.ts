import type { BetterAuthPlugin } from 'better-auth';
import { APIError } from 'better-auth/api';

/** One `hooks.before` / `hooks.after` entry of a better-auth plugin; these run for HTTP and `auth.api.*` calls alike. */
export type AuthHook = NonNullable<NonNullable<BetterAuthPlugin['hooks']>['before']>[number];

/** A 400 naming one field, in the shape the API's error reshaping passes on as `fields`. */
export function fieldError(field: string, message: string, code = 'VALIDATION_FAILED'): APIError {
  return new APIError('BAD_REQUEST', { code, message, fields: { [field]: message } });
}

/** The body of a hook's request as a plain record (better-auth types it loosely). */
export function bodyOf(ctx: { body?: unknown }): Record<string, unknown> {
  return ctx.body && typeof ctx.body === 'object' ? (ctx.body as Record<string, unknown>) : {};
}
