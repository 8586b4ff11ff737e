import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/settings` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminSettingsRoutes() {
  return new Hono<AuthedEnv>();
}
