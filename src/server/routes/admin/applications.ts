import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/applications` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminApplicationsRoutes() {
  return new Hono<AuthedEnv>();
}
