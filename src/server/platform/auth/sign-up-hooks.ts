import { APIError } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { fullName, signUpRequestSchema } from '../../../domain/auth';
import { fieldErrors } from '../lib/errors';
import type { Db } from '../db/client';
import type { SendMail } from '../mail/send-mail';
import { existingAccountMail, welcomeMail, type MailContext } from '../mail/templates';
import { bodyOf, type AuthHook } from './hook-types';

const isSignUp = (ctx: { path?: string }) => ctx.path === '/sign-up/email';

interface SignUpContext {
  path?: string;
  context: { runInBackgroundOrAwait: (work: Promise<unknown>) => Promise<unknown> | unknown };
}

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
 * Sign-up answers alike whether or not the address has an account
 * (docs/decisions/014-sign-up-enumeration.md): sign-up never signs in
 * (`autoSignIn: false`), so better-auth answers an existing address with the
 * same 200 and body shape as a new one, after the same password hash. Instead of
 * an error, the owner of the address gets this message, after the reply.
 */
export function existingAccountNotice(sendMail: SendMail, mailContext: MailContext) {
  return async ({ user }: { user: { email: string } }): Promise<void> => {
    const owner = user as { email: string; firstName?: string };
    await sendMail({ to: owner.email, ...existingAccountMail(mailContext, { firstName: owner.firstName }) });
  };
}

/**
 * A new account's welcome message (the verification message is better-auth's
 * sendOnSignUp): a database hook on the user row that sign-up creates, since the
 * reply no longer tells a new account from an existing one. Users made by an
 * admin or admin:create get none.
 */
export function welcomeOnSignUp(sendMail: SendMail, mailContext: MailContext) {
  return async (user: { email: string }, ctx: SignUpContext | null | undefined): Promise<void> => {
    if (ctx?.path !== '/sign-up/email') return;
    const created = user as { email: string; firstName?: string };
    // After the reply, like the other sign-up mail: a new address must not answer slower than a known one.
    await ctx.context.runInBackgroundOrAwait(sendMail({ to: created.email, ...welcomeMail(mailContext, { firstName: created.firstName }) }));
  };
}

/**
 * A new account's reminder to verify its address, 24 hours on (docs/product/accounts.md#email-verification),
 * queued by the same database hook: better-auth writes the user row in a statement of its own and runs
 * this hook once it is stored (our drizzle adapter runs no transactions), so the job is queued right
 * after the row, not with it. After the reply, like the welcome: a new address must not answer slower
 * than a known one (docs/decisions/014-sign-up-enumeration.md); a failure is logged by the background
 * tasks, and shutdown waits for them. Accounts made by an admin or admin:create get none.
 */
/** What a module does for a new account that signed up with e-mail and is not verified yet (the applications module's verify reminder). */
export type OnUnverifiedSignUp = (db: Db, userId: string, createdAt: Date) => Promise<unknown>;

export function verifyReminderOnSignUp(db: Db, onUnverifiedSignUp: OnUnverifiedSignUp | undefined) {
  return async (user: { id: string; emailVerified?: boolean; createdAt?: Date }, ctx: SignUpContext | null | undefined): Promise<void> => {
    if (!onUnverifiedSignUp || ctx?.path !== '/sign-up/email' || user.emailVerified) return;
    await ctx.context.runInBackgroundOrAwait(onUnverifiedSignUp(db, user.id, user.createdAt ?? new Date()));
  };
}
