import type { Context } from 'hono';
import { notificationsApi } from '../../domain/api/notifications';
import { kindsForAccount, UNSUBSCRIBE_TEXTS } from '../../domain/notifications';
import { ROLE_RANK, roleRank } from '../../domain/roles';
import type { AuditActor } from '../platform/audit/audit';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { clientIp } from '../platform/lib/client-ip';
import { AppError } from '../platform/lib/errors';
import { hitRateLimit } from '../platform/limits/rate-limit';
import { apiRouter, route } from '../platform/http/route';
import { accountOfAddress, changePreference, settingOf, settingsOf } from '../platform/notifications/notification-settings';
import { emailKeyOf, subscribedTo } from '../platform/notifications/preferences';
import { openUnsubscribe, type UnsubscribeTarget } from '../platform/notifications/unsubscribe-token';

/**
 * The switches of notification and reminder e-mail (docs/product/accounts.md#e-mail-notifications)
 * and the one-click unsubscribe every such e-mail carries (RFC 8058; src/domain/api/notifications.ts).
 */

const invalidLink = () => new AppError(404, 'invalid_link', UNSUBSCRIBE_TEXTS.invalid);

export function notificationRoutes() {
  const router = apiRouter<AuthedEnv>();
  const isStaff = (c: Context<AuthedEnv>) => roleRank(c.var.user.role) >= ROLE_RANK.admin;

  route(router, notificationsApi.settings, (c) => settingsOf(c.var.deps.db, c.var.user.email, isStaff(c)));

  route(router, notificationsApi.change, async (c, { params, body }) => {
    const { db } = c.var.deps;
    const user = c.var.user;
    // A staff kind is not the buyer's to switch: the same 404 as a kind that does not exist.
    if (!kindsForAccount(isStaff(c)).includes(params.kind)) throw new AppError(404, 'not_found', 'There is no such kind of e-mail for your account.');
    await changePreference(db, actorOf(c), user.id, { emailKey: emailKeyOf(user.email), kind: params.kind }, body.subscribed, 'account');
    return settingsOf(db, user.email, isStaff(c));
  });

  // ---- The link in the e-mail: no session; the sealed token names the address and the kind. ----

  /** Every use of a link is counted per IP before its token is opened (docs/decisions/026-sealed-values-and-tokens.md). */
  const openTarget = async (c: Context<AuthedEnv>, token: string) => {
    const { db, config } = c.var.deps;
    const rule = { name: 'unsubscribe:ip', max: config.UNSUBSCRIBE_RATE_LIMIT_MAX, windowSeconds: config.UNSUBSCRIBE_RATE_LIMIT_WINDOW_SECONDS };
    await hitRateLimit(db, rule, clientIp(c, config.TRUST_PROXY));
    const target = openUnsubscribe(c.var.deps.cipher, token);
    if (!target) throw invalidLink();
    return target;
  };
  /** The account of the address, if any: the audit entry names it (a waitlist-only address is not written down). */
  const linkActor = async (c: Context<AuthedEnv>, target: UnsubscribeTarget): Promise<{ actor: AuditActor; entityId: string | null }> => {
    const account = await accountOfAddress(c.var.deps.db, target.emailKey);
    const ip = clientIp(c, c.var.deps.config.TRUST_PROXY);
    return { actor: { id: account?.id ?? null, email: account?.email ?? null, ip }, entityId: account?.id ?? null };
  };

  route(router, notificationsApi.unsubscribeState, async (c, { query }) => {
    const target = await openTarget(c, query.token);
    return settingOf(target.kind, await subscribedTo(c.var.deps.db, target.emailKey, target.kind));
  });

  route(router, notificationsApi.oneClick, async (c, { query }) => {
    const target = await openTarget(c, query.token);
    const { actor, entityId } = await linkActor(c, target);
    await changePreference(c.var.deps.db, actor, entityId, target, false, 'link');
    return settingOf(target.kind, false);
  });

  route(router, notificationsApi.resubscribe, async (c, { query, body }) => {
    const target = await openTarget(c, query.token);
    const { actor, entityId } = await linkActor(c, target);
    await changePreference(c.var.deps.db, actor, entityId, target, body.subscribed, 'link');
    return settingOf(target.kind, body.subscribed);
  });

  return router;
}
