import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/audit` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminAuditRoutes() {
  return new Hono<AuthedEnv>();
}
