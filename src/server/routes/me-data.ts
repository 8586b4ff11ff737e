import type { Context } from 'hono';
import { z } from 'zod';
import { dashboardFlags, dashboardStatus } from '../../domain/application';
import { deleteUserData, verifyPassword } from '../account/delete-account';
import { exportUserData } from '../account/export-data';
import { latestApplication } from '../applications/repository';
import { headersWithClientIp } from '../auth/client-ip-header';
import type { AuthedEnv } from '../auth/guards';
import { hitRateLimit } from '../lib/rate-limit';
import { readJson } from '../lib/validate';
import { isoTimeOrNull } from '../lib/iso-time';
import { safeString } from '../../domain/safe-text';

/** GET /api/me/status — what the dashboard's dialogs follow (spec §4 'User status'). */
export async function meStatus(c: Context<AuthedEnv>) {
  const user = c.var.user;
  const row = await latestApplication(c.var.deps.db, user.id);
  const status = dashboardStatus(user.role ?? 'guest', row?.status);
  return c.json({
    dashboardStatus: status,
    ...dashboardFlags(status),
    role: user.role,
    emailVerified: user.emailVerified,
    application: row
      ? {
          id: row.id,
          status: row.status,
          submittedAt: isoTimeOrNull(row.submittedAt),
          reviewedAt: isoTimeOrNull(row.reviewedAt),
          updatedAt: isoTimeOrNull(row.updatedAt),
        }
      : null,
  });
}

/** GET /api/me/export — everything stored about the user, as a JSON file download. */
export async function meExport(c: Context<AuthedEnv>) {
  const data = await exportUserData(c.var.deps, c.var.user.id);
  const day = data.exportedAt.slice(0, 10);
  c.header('Content-Disposition', `attachment; filename="${c.var.deps.brand.slug}-my-data-${day}.json"`);
  c.header('Cache-Control', 'private, no-store');
  return c.body(JSON.stringify(data, null, 2), 200, { 'Content-Type': 'application/json; charset=utf-8' });
}

const deleteBodySchema = z.object({ password: safeString({ error: 'Password is required' }).min(1, 'Password is required').max(1024) });

/**
 * DELETE /api/me `{ password }` — erases the account and everything of it
 * (decisions.md 'Privacy'), then clears the session cookie.
 */
export async function meDelete(c: Context<AuthedEnv>) {
  const { deps, user } = c.var;
  const { config, auth } = deps;
  // Password guesses are counted like sign-in attempts.
  await hitRateLimit(deps.db, { name: 'account:delete', max: config.AUTH_RATE_LIMIT_EMAIL_MAX, windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS }, user.id);
  const { password } = await readJson(c, deleteBodySchema);
  const headers = headersWithClientIp(c, config.TRUST_PROXY);
  await verifyPassword(auth, headers, password);
  await deleteUserData(deps, user.id);
  const { headers: signedOut } = await auth.api.signOut({ headers, returnHeaders: true });
  for (const cookie of signedOut?.getSetCookie() ?? []) c.header('set-cookie', cookie, { append: true });
  return c.json({ deleted: true });
}
