import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/dashboard` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminDashboardRoutes() {
  return new Hono<AuthedEnv>();
}
