import { Hono } from 'hono';
import { ROLE_RANK } from '../../domain/roles';
import { requireRole, type AuthedEnv } from '../auth/guards';

/**
 * `/api/admin/*`. The admin guard (rank 3 and two-factor enrolled) is applied
 * here, to the whole router, so no admin route can forget it; every new admin
 * route is added to this router.
 */
export function adminRoutes() {
  return new Hono<AuthedEnv>()
    .use('*', requireRole(ROLE_RANK.admin))
    .get('/ping', (c) => c.json({ ok: true }));
}
