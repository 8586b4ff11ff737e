import { createHash } from 'node:crypto';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../lib/errors';
import { hitRateLimit, type RateLimitRule } from '../limits/rate-limit';
import { clientIpFrom } from './client-ip-header';
import { bodyOf, type AuthHook } from './hook-types';

/** The endpoints counted, by the action's name in the counter key. */
const LIMITED_PATHS: Record<string, string> = {
  '/sign-in/email': 'sign-in',
  '/sign-up/email': 'sign-up',
  '/request-password-reset': 'forgot-password',
  '/send-verification-email': 'verification-resend',
  // Second factor at sign-in: per IP only, as the body has no e-mail (better-auth also locks the account after 10 misses).
  '/two-factor/verify-totp': 'two-factor',
  '/two-factor/verify-backup-code': 'two-factor',
};

type Limits = Pick<Config, 'AUTH_RATE_LIMIT_IP_MAX' | 'AUTH_RATE_LIMIT_EMAIL_MAX' | 'AUTH_RATE_LIMIT_WINDOW_SECONDS'>;

/** Counters are keyed by a hash of the address, so the table holds no e-mail addresses. */
const emailKey = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url').slice(0, 32);

async function count(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  try {
    await hitRateLimit(db, rule, subject);
  } catch (error) {
    if (error instanceof AppError && error.status === 429) {
      throw new APIError('TOO_MANY_REQUESTS', { code: 'RATE_LIMITED', message: error.message }, error.headers);
    }
    throw error;
  }
}

/**
 * Per-IP and per-e-mail limits on sign-in, sign-up, forgot-password and
 * verification resend, counted in the database (rate_limits) so every instance
 * shares them. A better-auth hook, so `auth.api.*` calls made by the server are
 * counted too; a call without the client-IP header counts against 'unknown'.
 */
export function rateLimitHook(db: Db, limits: Limits): AuthHook {
  const windowSeconds = limits.AUTH_RATE_LIMIT_WINDOW_SECONDS;
  return {
    matcher: (ctx) => ctx.path !== undefined && ctx.path in LIMITED_PATHS,
    handler: createAuthMiddleware(async (ctx) => {
      const action = LIMITED_PATHS[ctx.path];
      const ip = clientIpFrom(ctx.headers) ?? 'unknown';
      await count(db, { name: `auth:${action}:ip`, max: limits.AUTH_RATE_LIMIT_IP_MAX, windowSeconds }, ip);
      const email = bodyOf(ctx).email;
      if (typeof email === 'string' && email.trim() !== '') {
        await count(db, { name: `auth:${action}:email`, max: limits.AUTH_RATE_LIMIT_EMAIL_MAX, windowSeconds }, emailKey(email));
      }
    }),
  };
}

/**
 * Endpoints that check the current password of a signed-in user. Each guess
 * behind a session costs the same as a sign-in: without this a
 * stolen session could try passwords without end.
 */
const PASSWORD_CHECK_PATHS = new Set([
  '/verify-password',
  '/change-password',
  '/two-factor/enable',
  '/two-factor/disable',
  '/two-factor/get-totp-uri',
  '/two-factor/generate-backup-codes',
]);

/**
 * Per-user limit on password checks behind a session: the sign-in's per-address
 * budget (AUTH_RATE_LIMIT_EMAIL_MAX per AUTH_RATE_LIMIT_WINDOW_SECONDS), one
 * counter for all of these endpoints, in the database so every instance shares
 * it. Every attempt counts, right or wrong, as at sign-in: once spent, the right
 * password waits for the window too. A request without a session is left to the
 * endpoint, which answers 401.
 */
export function passwordCheckLimitHook(db: Db, limits: Limits): AuthHook {
  const rule: RateLimitRule = { name: 'auth:password-check:user', max: limits.AUTH_RATE_LIMIT_EMAIL_MAX, windowSeconds: limits.AUTH_RATE_LIMIT_WINDOW_SECONDS };
  return {
    matcher: (ctx) => ctx.path !== undefined && PASSWORD_CHECK_PATHS.has(ctx.path),
    handler: createAuthMiddleware(async (ctx) => {
      const session = await getSessionFromCtx(ctx);
      if (!session) return;
      await count(db, rule, session.user.id);
    }),
  };
}
