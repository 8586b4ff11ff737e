import { adminDashboardApi } from '../../../domain/api/admin-dashboard';
import { dashboardSummary } from '../../modules/applications';
import { homesOverview } from '../../modules/homes';
import type { AuthedEnv } from '../../platform/http/guards';
import { apiRouter, route } from '../../platform/http/route';

/** `/api/admin/dashboard` and `/api/admin/ping` (src/domain/api/admin-dashboard.ts), behind the admin guard of src/server/routes/admin.ts (docs/product/back-office.md#overview). */
export function adminDashboardRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** The guard's probe: reaching it means the caller passed the admin guard. */
  route(router, adminDashboardApi.ping, () => ({ ok: true as const }));
  route(router, adminDashboardApi.get, async (c) => {
    const { db, logger } = c.var.deps;
    c.header('cache-control', 'no-store');
    const [summary, homes] = await Promise.all([dashboardSummary(db, logger), homesOverview(db)]);
    return { ...summary, homes };
  });
  return router;
}
