import { Hono } from 'hono';
import type { AuthedEnv } from '../../auth/guards';

/** `/api/admin/waitlist` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminWaitlistRoutes() {
  return new Hono<AuthedEnv>();
}
