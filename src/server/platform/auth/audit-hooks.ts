import { createAuthMiddleware } from 'better-auth/api';
import type { Db } from '../db/client';
import { recordAudit } from '../audit/audit';
import { clientIpFrom } from './client-ip-header';
import type { AuthHook } from './hook-types';

/** Where a sign-in completes: the password step, or the second factor when two-factor is on. */
const SIGN_IN_METHODS: Record<string, string> = {
  '/sign-in/email': 'password',
  '/two-factor/verify-totp': 'authenticator app',
  '/two-factor/verify-backup-code': 'backup code',
};

/**
 * Every completed sign-in goes into the audit log (docs/product/back-office.md#audit-log):
 * the user, the method and the address. A password step that only leads to the
 * second factor creates no session and is not a sign-in yet. Enrolling an
 * authenticator also verifies a TOTP code; that creates no new session either.
 */
export function signInAuditHook(db: Db): AuthHook {
  return {
    matcher: (ctx) => ctx.path !== undefined && ctx.path in SIGN_IN_METHODS,
    handler: createAuthMiddleware(async (ctx) => {
      const created = ctx.context.newSession;
      if (!created) return;
      // Enrolment verifies a code from an already signed-in session (its cookie is sent); a sign-in's second step has none.
      const sessionCookie = ctx.context.authCookies.sessionToken.name;
      if (ctx.path !== '/sign-in/email' && ctx.headers?.get('cookie')?.includes(`${sessionCookie}=`)) return;
      const ip = clientIpFrom(ctx.headers) ?? created.session.ipAddress ?? null;
      await recordAudit(
        db,
        { id: created.user.id, email: created.user.email, ip },
        {
          action: 'sign_in',
          entityType: 'sessions',
          entityId: created.user.id,
          changes: { method: SIGN_IN_METHODS[ctx.path!] },
        },
      );
    }),
  };
}

/** A verified e-mail address is recorded as `verify` on the user (better-auth's afterEmailVerification). */
export async function auditEmailVerified(db: Db, user: { id: string; email: string }, request: Request | undefined): Promise<void> {
  await recordAudit(
    db,
    { id: user.id, email: user.email, ip: clientIpFrom(request?.headers) ?? null },
    {
      action: 'verify',
      entityType: 'users',
      entityId: user.id,
      changes: { emailVerified: { from: false, to: true } },
    },
  );
}
