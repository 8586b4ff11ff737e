import { adminDashboardApi } from '../../../domain/api/admin-dashboard';
import { dashboardSummary } from '../../modules/applications';
import type { AuthedEnv } from '../../platform/http/guards';
import { apiRouter, route } from '../../platform/http/route';

/** `/api/admin/dashboard` and `/api/admin/ping` (src/domain/api/admin-dashboard.ts), behind the admin guard of src/server/routes/admin.ts (docs/product/back-office.md#overview). */
export function adminDashboardRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** The guard's probe: reaching it means the caller passed the admin guard. */
  route(router, adminDashboardApi.ping, () => ({ ok: true as const }));
  route(router, adminDashboardApi.get, (c) => {
    const { db, logger } = c.var.deps;
    c.header('cache-control', 'no-store');
    return dashboardSummary(db, logger);
  });
  return router;
}
