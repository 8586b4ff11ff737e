import type { meApi } from '../../domain/api/me';
import { verifyPassword, confirmEmailChange, emailState, requestEmailChange } from '../modules/accounts';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { headersWithClientIp } from '../platform/auth/client-ip-header';
import { hitRateLimit } from '../platform/limits/rate-limit';
import type { RouteHandler } from '../platform/http/route';

/** GET /api/me/email — the address and the change waiting for its link (the account page's 'E-mail address'). */
export const meEmail: RouteHandler<typeof meApi.email, AuthedEnv> = async (c) => {
  const { user, deps } = c.var;
  c.header('Cache-Control', 'private, no-store');
  return emailState(deps.db, user);
};

/**
 * POST /api/me/email `{ newEmail, password }` — asks to change the address
 * (src/server/modules/accounts/change-email.ts). 202: nothing changes until the link sent to
 * the new address is opened. Answers alike whether or not that address has an account.
 */
export const meEmailChange: RouteHandler<typeof meApi.changeEmail, AuthedEnv> = async (c, { body }) => {
  const { deps, user } = c.var;
  const { config, auth, brand } = deps;
  // Password guesses are counted like sign-in attempts.
  await hitRateLimit(deps.db, { name: 'account:email', max: config.AUTH_RATE_LIMIT_EMAIL_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS }, user.id);
  await verifyPassword(auth, headersWithClientIp(c, config.TRUST_PROXY), body.password);
  const mail = { brand, appUrl: config.APP_URL.replace(/\/+$/, '') };
  const state = await requestEmailChange({ ...deps, mail }, user, body.newEmail);
  c.header('Cache-Control', 'private, no-store');
  return state;
};

/** POST /api/me/email/confirm `{ token }` — the link from the new address, opened while signed in to the same account. */
export const meEmailConfirm: RouteHandler<typeof meApi.confirmEmail, AuthedEnv> = async (c, { body }) => {
  const state = await confirmEmailChange(c.var.deps.db, { ...actorOf(c), id: c.var.user.id, sessionId: c.var.session.id }, body.token);
  c.header('Cache-Control', 'private, no-store');
  return state;
};
