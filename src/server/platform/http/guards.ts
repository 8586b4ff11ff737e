import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { NO_HOME_MESSAGE } from '../../../domain/homes/my-home';
import { hasRank, ROLE_RANK } from '../../../domain/roles';
import type { AppEnv } from './context';
import type { AuditActor } from '../audit/audit';
import { clientIp } from '../lib/client-ip';
import { AppError } from '../lib/errors';
import type { AuthSession } from '../auth/create-auth';
import { headersWithClientIp } from '../auth/client-ip-header';
import { lookupSession } from './session-lookup';

/** The environment of a route behind requireUser: `c.var.user` and `c.var.session` are set. */
export interface AuthedEnv {
  Variables: AppEnv['Variables'] & { user: AuthSession['user']; session: AuthSession['session'] };
}

/**
 * Reads the session from the request's cookie: the common case in one statement
 * (session-lookup.ts), anything else through better-auth, passing on a renewed or
 * cleared cookie.
 */
async function loadSession(c: Context<AuthedEnv>): Promise<AuthSession | null> {
  const { auth, config, db } = c.var.deps;
  const found = await lookupSession(c, auth, db);
  if (found !== undefined) return found;
  const { headers, response } = await auth.api.getSession({ headers: headersWithClientIp(c, config.TRUST_PROXY), returnHeaders: true });
  for (const cookie of headers?.getSetCookie() ?? []) c.header('set-cookie', cookie, { append: true });
  return response;
}

/** 401 `unauthenticated` without a valid session; otherwise sets c.var.user and c.var.session. */
export const requireUser = createMiddleware<AuthedEnv>(async (c, next) => {
  if (!c.get('user')) {
    const found = await loadSession(c);
    if (!found) throw new AppError(401, 'unauthenticated', 'Please sign in to continue.');
    c.set('user', found.user);
    c.set('session', found.session);
  }
  await next();
});

/**
 * The answer to a signed-in user below the homeowner rank on a homeowner's route: the homeowner
 * role follows a home (docs/decisions/022-homes-and-ledger.md 'Roles'), so below it there is no
 * home to show. 403, as for any caller below a route's access; the web tells it by its code.
 */
export const noHomeRefusal = () => new AppError(403, 'no_home', NO_HOME_MESSAGE);

/** The answer to an admin whose account has two-factor but whose session did not pass it; the web app sends them to sign in again. */
export const SIGN_IN_WITH_TWO_FACTOR = 'Sign in again with the code from your authenticator app to use the admin area.';

type SignedIn = Pick<AuthedEnv['Variables'], 'user' | 'session'>;

/**
 * Why a signed-in session may not act at rank `min` (src/domain/roles.ts), or
 * undefined when it may: 403 `forbidden` below the rank (`no_home` below the homeowner rank). The admin rank also
 * needs two-factor, on the account and on the session
 * (docs/product/back-office.md#access): until the admin has enrolled an
 * authenticator app, and for any session that did not itself pass the second
 * factor (a password-only sign-in from before enrolment), 403
 * `two_factor_required`.
 */
export function roleRefusal(min: number, { user, session }: SignedIn): AppError | undefined {
  if (!hasRank(user.role, min)) {
    return min === ROLE_RANK.homeowner ? noHomeRefusal() : new AppError(403, 'forbidden', 'You do not have access to this page.');
  }
  if (min >= ROLE_RANK.admin && !user.twoFactorEnabled) {
    return new AppError(403, 'two_factor_required', 'Set up two-factor authentication on your account page before using the admin area.');
  }
  if (min >= ROLE_RANK.admin && session.twoFactorVerified !== true) return new AppError(403, 'two_factor_required', SIGN_IN_WITH_TWO_FACTOR);
  return undefined;
}

/**
 * The one admin rule: whether this session is let into the admin area. Routes that
 * admins share with owners (a document's download) ask it instead of guarding, so
 * a session without the second factor is treated like any other user there.
 */
export const isAdmin = (signedIn: SignedIn): boolean => roleRefusal(ROLE_RANK.admin, signedIn) === undefined;

/** The guard of rank `min` (roleRefusal's answer), after requireUser. */
export function requireRole(min: number) {
  return createMiddleware<AuthedEnv>(async (c, next) => {
    await requireUser(c, async () => {
      const refusal = roleRefusal(min, c.var);
      if (refusal) throw refusal;
      await next();
    });
  });
}

/** The actor of an authenticated request (behind requireUser / requireRole), as its audit entries record it. */
export function actorOf(c: Context<AuthedEnv>): AuditActor {
  const user = c.var.user;
  return { id: user.id, email: user.email, ip: clientIp(c, c.var.deps.config.TRUST_PROXY) };
}
