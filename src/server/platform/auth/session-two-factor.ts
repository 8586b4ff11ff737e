import { and, eq, ne } from 'drizzle-orm';
import type { BetterAuthOptions } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import type { Db } from '../db/client';
import { sessions } from '../db/schema';
import { recordAudit } from '../audit/audit';
import { clientIpFrom } from './client-ip-header';
import type { AuthHook } from './hook-types';

/**
 * Where a new session has itself passed the second factor: the sign-in's TOTP
 * or backup-code step, or the end of enrolment (a code from the new app, right
 * after /two-factor/enable re-checked the password). A session from any other
 * path — a password-only sign-in, a password change, turning two-factor off —
 * has not (two-factor belongs to the session, not only to the account).
 */
const SECOND_FACTOR_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/verify-backup-code']);

interface EndpointContext {
  path?: string;
  context?: { session?: { session?: { twoFactorVerified?: unknown } } | null };
}

/** Whether a session created now, by the endpoint `ctx`, counts as having passed the second factor. */
export function passedSecondFactor(ctx: EndpointContext | null | undefined): boolean {
  if (!ctx?.path) return false;
  if (SECOND_FACTOR_PATHS.has(ctx.path)) return true;
  // Changing the password replaces the session (other sessions are revoked); the new one keeps what the old one had proved.
  if (ctx.path === '/change-password') return ctx.context?.session?.session?.twoFactorVerified === true;
  return false;
}

/** Sets `twoFactorVerified` on every session as it is created, from the path that creates it. */
export const sessionTwoFactorDatabaseHooks: NonNullable<BetterAuthOptions['databaseHooks']> = {
  session: {
    create: {
      before: async (session, ctx) => ({ data: { ...session, twoFactorVerified: passedSecondFactor(ctx as EndpointContext | null) } }),
    },
  },
};

/** Paths after which the account's other sessions go: completing enrolment (a verify-totp from a signed-in session) and turning two-factor off. */
const REVOKING_PATHS = new Set(['/two-factor/verify-totp', '/two-factor/disable']);

/**
 * Enrolling or disabling two-factor signs out every other session of the
 * account, so a session that signed in with the password alone cannot outlive
 * the change (a session a thief holds, or one opened before enrolment). Only the
 * session the endpoint just created stays. A sign-in's second step also creates
 * a session, but from no signed-in session: it revokes nothing.
 */
export function revokeOtherSessionsHook(db: Db): AuthHook {
  return {
    matcher: (ctx) => ctx.path !== undefined && REVOKING_PATHS.has(ctx.path),
    handler: createAuthMiddleware(async (ctx) => {
      const created = ctx.context.newSession;
      const previous = ctx.context.session;
      if (!created || !previous?.session || previous.user.id !== created.user.id) return;
      // Enrolment (a verify-totp from a session of an account without two-factor) and turning it off are audited, with the
      // sessions they ended, in the transaction that ends them.
      const enabled = ctx.path === '/two-factor/verify-totp';
      const audited = !(enabled && previous.user.twoFactorEnabled);
      const actor = { id: created.user.id, email: created.user.email, ip: clientIpFrom(ctx.headers) ?? created.session.ipAddress ?? null };
      await db.transaction(async (tx) => {
        const revoked = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, created.user.id), ne(sessions.token, created.session.token)))
          .returning({ id: sessions.id });
        if (!audited) return;
        await recordAudit(tx, actor, {
          action: 'update',
          entityType: 'users',
          entityId: created.user.id,
          changes: { twoFactorEnabled: { from: !enabled, to: enabled }, otherSessionsEnded: revoked.length },
        });
      });
    }),
  };
}
