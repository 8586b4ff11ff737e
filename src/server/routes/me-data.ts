import type { MeStatus } from '../../domain/account';
import { requestsChangeable, requestTitle } from '../../domain/application/requests';
import type { meApi } from '../../domain/api/me';
import { dashboardFlags, dashboardStatus } from '../../domain/application';
import type { Role } from '../../domain/roles';
import { deleteUserData, verifyPassword, exportUserData } from '../modules/accounts';
import { currentPreApproval, latestApplication, requestsInState } from '../modules/applications';
import { headersWithClientIp } from '../platform/auth/client-ip-header';
import type { AuthedEnv } from '../platform/http/guards';
import { isoTimeOrNull } from '../platform/lib/iso-time';
import { hitRateLimit } from '../platform/limits/rate-limit';
import type { RouteHandler } from '../platform/http/route';

/** GET /api/me/status — what the dashboard's dialogs follow (docs/product/dashboard.md#status). */
export const meStatus: RouteHandler<typeof meApi.status, AuthedEnv> = async (c): Promise<MeStatus> => {
  const user = c.var.user;
  const row = await latestApplication(c.var.deps.db, user.id);
  const status = dashboardStatus(user.role ?? 'guest', row?.status);
  // The open requests of a submitted application: the dashboard's 'We need a few things from you' (docs/product/dashboard.md#dialogs).
  const open = row && requestsChangeable(row.status) ? await requestsInState(c.var.deps.db, row.id, 'open') : [];
  return {
    dashboardStatus: status,
    ...dashboardFlags(status),
    // The database admits only the listed roles (user_role_check).
    role: user.role as Role,
    emailVerified: user.emailVerified,
    application: row
      ? {
          id: row.id,
          status: row.status,
          submittedAt: isoTimeOrNull(row.submittedAt),
          reviewedAt: isoTimeOrNull(row.reviewedAt),
          updatedAt: isoTimeOrNull(row.updatedAt),
          openRequests: open.map((request) => ({ id: request.id, title: requestTitle(request) })),
          declineReason: row.status === 'declined' ? row.declineReason : null,
          withdrawnAt: row.status === 'withdrawn' ? isoTimeOrNull(row.withdrawnAt) : null,
        }
      : null,
    preApproval: row ? await currentPreApproval(c.var.deps.db, row) : null,
  };
};

/** GET /api/me/export — everything stored about the user, as a JSON file download (docs/product/privacy.md#your-data). */
export const meExport: RouteHandler<typeof meApi.export, AuthedEnv> = async (c) => {
  const data = await exportUserData(c.var.deps, c.var.user.id);
  const day = data.exportedAt.slice(0, 10);
  c.header('Content-Disposition', `attachment; filename="${c.var.deps.brand.slug}-my-data-${day}.json"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
};

/**
 * DELETE /api/me `{ password }` — erases the account and everything of it
 * (docs/product/privacy.md#account-deletion), then clears the session cookie.
 */
export const meDelete: RouteHandler<typeof meApi.delete, AuthedEnv> = async (c, { body }) => {
  const { deps, user } = c.var;
  const { config, auth } = deps;
  // Password guesses are counted like sign-in attempts.
  await hitRateLimit(deps.db, { name: 'account:delete', max: config.AUTH_RATE_LIMIT_EMAIL_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS }, user.id);
  const headers = headersWithClientIp(c, config.TRUST_PROXY);
  await verifyPassword(auth, headers, body.password);
  await deleteUserData(deps, user.id);
  const { headers: signedOut } = await auth.api.signOut({ headers, returnHeaders: true });
  for (const cookie of signedOut?.getSetCookie() ?? []) c.header('set-cookie', cookie, { append: true });
  return { ok: true as const };
};
