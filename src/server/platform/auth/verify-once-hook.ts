import { APIError } from 'better-auth';
import { createAuthMiddleware } from 'better-auth/api';
import { verifyJWT } from 'better-auth/crypto';
import type { AuthHook } from './hook-types';

/**
 * Verification links work once (docs/product/accounts.md#email-verification). better-auth's token is
 * a stateless JWT that would answer success again for an address already
 * verified; here a genuine, unexpired link for a verified address is refused.
 * Forged and expired tokens are left to better-auth's own answers, so this check
 * tells an outsider nothing about any address.
 */
export const verifyOnceHook: AuthHook = {
  matcher: (ctx) => ctx.path === '/verify-email',
  handler: createAuthMiddleware(async (ctx) => {
    const token = (ctx.query as { token?: unknown } | undefined)?.token;
    if (typeof token !== 'string') return;
    const payload = await verifyJWT<{ email?: unknown; updateTo?: unknown }>(token, ctx.context.secret);
    if (!payload || typeof payload.email !== 'string' || payload.updateTo) return;
    const found = await ctx.context.internalAdapter.findUserByEmail(payload.email.toLowerCase());
    if (found?.user.emailVerified) {
      throw new APIError('UNAUTHORIZED', { code: 'TOKEN_ALREADY_USED', message: 'This verification link has already been used.' });
    }
  }),
};
