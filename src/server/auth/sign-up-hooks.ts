import { APIError, BASE_ERROR_CODES } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { fullName, signUpRequestSchema } from '../../domain/auth';
import { fieldErrors } from '../lib/errors';
import type { SendMail } from '../mail/send-mail';
import { existingAccountMail, welcomeMail, type MailContext } from '../mail/templates';
import { bodyOf, type AuthHook } from './hook-types';

const isSignUp = (ctx: { path?: string }) => ctx.path === '/sign-up/email';

/**
 * The sign-up body is the shared form's (src/domain/auth.ts): first name, last
 * name, e-mail, password. better-auth's `name` is derived from the two names.
 */
export const signUpShapeHook: AuthHook = {
  matcher: isSignUp,
  handler: createAuthMiddleware(async (ctx) => {
    const parsed = signUpRequestSchema.safeParse(bodyOf(ctx));
    if (!parsed.success) {
      throw new APIError('BAD_REQUEST', { code: 'VALIDATION_FAILED', message: 'Some fields need your attention.', fields: fieldErrors(parsed.error) });
    }
    const { firstName, lastName, email } = parsed.data;
    return { context: { body: { ...bodyOf(ctx), firstName, lastName, email, name: fullName(firstName, lastName) } } };
  }),
};

/**
 * Sign-up with an address that already has an account fails (the browser says
 * 'Failed to create account') and the owner of that address is told by e-mail.
 * better-auth's own `onExistingUserSignUp` only runs when sign-up does not sign
 * the user in, which ours does, hence this hook.
 */
export function existingAccountHook(sendMail: SendMail, mailContext: MailContext): AuthHook {
  return {
    matcher: isSignUp,
    handler: createAuthMiddleware(async (ctx) => {
      const email = String(bodyOf(ctx).email ?? '').trim().toLowerCase();
      const existing = await ctx.context.internalAdapter.findUserByEmail(email);
      if (!existing) return;
      const owner = existing.user as { email: string; firstName?: string };
      await ctx.context.runInBackgroundOrAwait(sendMail({ to: owner.email, ...existingAccountMail(mailContext, { firstName: owner.firstName }) }));
      throw APIError.from('UNPROCESSABLE_ENTITY', BASE_ERROR_CODES.USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL);
    }),
  };
}

/** After a successful sign-up: the welcome message (the verification message is better-auth's sendOnSignUp). */
export function welcomeHook(sendMail: SendMail, mailContext: MailContext): AuthHook {
  return {
    matcher: isSignUp,
    handler: createAuthMiddleware(async (ctx) => {
      const created = ctx.context.newSession?.user as { email: string; firstName?: string } | undefined;
      if (!created) return;
      await ctx.context.runInBackgroundOrAwait(sendMail({ to: created.email, ...welcomeMail(mailContext, { firstName: created.firstName }) }));
    }),
  };
}
