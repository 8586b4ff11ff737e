import { Hono } from 'hono';
import { ROLE_RANK } from '../../domain/roles';
import { requireRole, type AuthedEnv } from '../auth/guards';
import { adminApplicationsRoutes } from './admin/applications';
import { adminAuditRoutes } from './admin/audit';
import { adminDashboardRoutes } from './admin/dashboard';
import { adminLettersRoutes } from './admin/letters';
import { adminSettingsRoutes } from './admin/settings';
import { adminUsersRoutes } from './admin/users';
import { adminWaitlistRoutes } from './admin/waitlist';

/**
 * `/api/admin/*`. The admin guard (rank 3 and two-factor enrolled) is applied
 * here, to the whole router, so no admin route can forget it; every new admin
 * route is added to this router (src/server/routes/admin.test.ts enumerates them
 * and checks each answers 401 / 403 to anyone else).
 */
export function adminRoutes() {
  return new Hono<AuthedEnv>()
    .use('*', requireRole(ROLE_RANK.admin))
    .get('/ping', (c) => c.json({ ok: true }))
    .route('/dashboard', adminDashboardRoutes())
    .route('/applications', adminApplicationsRoutes())
    .route('/users', adminUsersRoutes())
    .route('/waitlist', adminWaitlistRoutes())
    .route('/letters', adminLettersRoutes())
    .route('/settings', adminSettingsRoutes())
    .route('/audit', adminAuditRoutes());
}
