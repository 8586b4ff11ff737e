import { createAuthMiddleware } from 'better-auth/api';
import { PASSWORD_TOO_COMMON, passwordSchema } from '../../domain/auth';
import { isCommonPassword } from './common-passwords';
import { bodyOf, fieldError, type AuthHook } from './hook-types';

/** Where each endpoint carries the new password. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** Throws the field error a new password deserves, if any: the shared length rule, then the common-password list. */
export function assertAcceptablePassword(password: unknown, field = 'password'): void {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw fieldError(field, parsed.error.issues[0].message);
  if (isCommonPassword(parsed.data)) throw fieldError(field, PASSWORD_TOO_COMMON, 'PASSWORD_TOO_COMMON');
}

/** Sign-up, reset and change refuse short, overlong and common passwords. */
export const passwordPolicyHook: AuthHook = {
  matcher: (ctx) => ctx.path !== undefined && ctx.path in NEW_PASSWORD_FIELD,
  handler: createAuthMiddleware(async (ctx) => {
    const field = NEW_PASSWORD_FIELD[ctx.path];
    assertAcceptablePassword(bodyOf(ctx)[field], field);
  }),
};

/** The account page's 'change password' always signs out the user's other sessions (issue 4). */
export const changePasswordRevokesHook: AuthHook = {
  matcher: (ctx) => ctx.path === '/change-password',
  handler: createAuthMiddleware(async (ctx) => ({ context: { body: { ...bodyOf(ctx), revokeOtherSessions: true } } })),
};
