import type { Context } from 'hono';
import { changeEmailSchema, confirmEmailChangeSchema } from '../../domain/change-email';
import { verifyPassword } from '../account/delete-account';
import { confirmEmailChange, emailState, requestEmailChange } from '../account/change-email';
import { actorOf } from '../admin/audit';
import { headersWithClientIp } from '../auth/client-ip-header';
import type { AuthedEnv } from '../auth/guards';
import { hitRateLimit } from '../lib/rate-limit';
import { readJson } from '../lib/validate';

/** GET /api/me/email — the address and the change waiting for its link (the account page's 'E-mail address'). */
export async function meEmail(c: Context<AuthedEnv>) {
  const { user, deps } = c.var;
  c.header('Cache-Control', 'private, no-store');
  return c.json(await emailState(deps.db, user));
}

/**
 * POST /api/me/email `{ newEmail, password }` — asks to change the address
 * (src/server/account/change-email.ts). 202: nothing changes until the link sent to
 * the new address is opened. Answers alike whether or not that address has an account.
 */
export async function meEmailChange(c: Context<AuthedEnv>) {
  const { deps, user } = c.var;
  const { config, auth, brand } = deps;
  // Password guesses are counted like sign-in attempts.
  await hitRateLimit(deps.db, { name: 'account:email', max: config.AUTH_RATE_LIMIT_EMAIL_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS }, user.id);
  const { newEmail, password } = await readJson(c, changeEmailSchema);
  await verifyPassword(auth, headersWithClientIp(c, config.TRUST_PROXY), password);
  const mail = { brand, appUrl: config.APP_URL.replace(/\/+$/, '') };
  const state = await requestEmailChange({ ...deps, mail }, user, newEmail);
  c.header('Cache-Control', 'private, no-store');
  return c.json(state, 202);
}

/** POST /api/me/email/confirm `{ token }` — the link from the new address, opened while signed in to the same account. */
export async function meEmailConfirm(c: Context<AuthedEnv>) {
  const { token } = await readJson(c, confirmEmailChangeSchema);
  const state = await confirmEmailChange(c.var.deps.db, { ...actorOf(c), id: c.var.user.id }, token);
  c.header('Cache-Control', 'private, no-store');
  return c.json(state);
}
