import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/users` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminUsersRoutes() {
  return new Hono<AuthedEnv>();
}
