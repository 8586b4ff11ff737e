import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';
import { dashboardSummary } from '../../admin/applications-repo';

/** `/api/admin/dashboard` — mounted behind the admin guard by src/server/routes/admin.ts (spec §2 'Admin dashboard'). */
export function adminDashboardRoutes() {
  return new Hono<AuthedEnv>().get('/', async (c) => {
    const { db, logger } = c.var.deps;
    c.header('cache-control', 'no-store');
    return c.json(await dashboardSummary(db, logger));
  });
}
