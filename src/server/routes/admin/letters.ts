import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/letters` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminLettersRoutes() {
  return new Hono<AuthedEnv>();
}
