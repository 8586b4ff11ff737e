import { createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { PASSWORD_TOO_COMMON, passwordSchema } from '../../../domain/auth';
import { isCommonPassword } from './common-passwords';
import { bodyOf, fieldError, type AuthHook } from './hook-types';
import { passwordWeakness, type PersonalInputs } from './password-strength';

/** Where each endpoint carries the new password. */
const NEW_PASSWORD_FIELD: Record<string, string> = {
  '/sign-up/email': 'password',
  '/reset-password': 'newPassword',
  '/change-password': 'newPassword',
};

/** The shared length rule and the common-password list: the checks that need nothing but the password. */
function assertPasswordShape(password: unknown, field: string): string {
  const parsed = passwordSchema.safeParse(password);
  if (!parsed.success) throw fieldError(field, parsed.error.issues[0].message);
  if (isCommonPassword(parsed.data)) throw fieldError(field, PASSWORD_TOO_COMMON, 'PASSWORD_TOO_COMMON');
  return parsed.data;
}

function assertStrongEnough(password: string, field: string, personal: PersonalInputs): void {
  const weakness = passwordWeakness(password, personal);
  if (weakness) throw fieldError(field, weakness, 'PASSWORD_TOO_WEAK');
}

/**
 * Throws the field error a new password deserves, if any: the shared length
 * rule, the common-password list, then the strength check (password-strength.ts),
 * which also refuses a password made of the account's e-mail address or name.
 */
export function assertAcceptablePassword(password: unknown, field = 'password', personal: PersonalInputs = {}): void {
  assertStrongEnough(assertPasswordShape(password, field), field, personal);
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** Whose password it is: the sign-up's fields, the user a reset token belongs to, or the signed-in user. */
async function personalInputsOf(ctx: HookContext): Promise<PersonalInputs> {
  const body = bodyOf(ctx);
  if (ctx.path === '/sign-up/email') {
    return { email: String(body.email ?? ''), firstName: String(body.firstName ?? ''), lastName: String(body.lastName ?? '') };
  }
  let user: PersonalInputs | null | undefined;
  if (ctx.path === '/reset-password' && typeof body.token === 'string') {
    // The same lookup better-auth makes next; an unknown token is its to refuse.
    const verification = await ctx.context.internalAdapter.findVerificationValue(`reset-password:${body.token}`);
    user = verification && (await ctx.context.internalAdapter.findUserById(verification.value));
  } else if (ctx.path === '/change-password') {
    user = (await getSessionFromCtx(ctx))?.user;
  }
  return { email: user?.email, firstName: user?.firstName, lastName: user?.lastName };
}

/** Sign-up, reset and change refuse short, overlong, common and guessable passwords. */
export const passwordPolicyHook: AuthHook = {
  matcher: (ctx) => ctx.path !== undefined && ctx.path in NEW_PASSWORD_FIELD,
  handler: createAuthMiddleware(async (ctx) => {
    const field = NEW_PASSWORD_FIELD[ctx.path];
    // Length and the common list first: they need no lookup.
    const password = assertPasswordShape(bodyOf(ctx)[field], field);
    assertStrongEnough(password, field, await personalInputsOf(ctx));
  }),
};

/** The account page's 'change password' always signs out the user's other sessions (docs/product/accounts.md#password-reset). */
export const changePasswordRevokesHook: AuthHook = {
  matcher: (ctx) => ctx.path === '/change-password',
  handler: createAuthMiddleware(async (ctx) => ({ context: { body: { ...bodyOf(ctx), revokeOtherSessions: true } } })),
};
