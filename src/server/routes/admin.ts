import { ROLE_RANK } from '../../domain/roles';
import { requireRole, type AuthedEnv } from '../platform/http/guards';
import { apiRouter } from '../platform/http/route';
import { adminAnnouncementsRoutes } from './admin/announcements';
import { adminApplicationsRoutes } from './admin/applications';
import { adminAuditRoutes } from './admin/audit';
import { adminDashboardRoutes } from './admin/dashboard';
import { adminDocumentsRoutes } from './admin/documents';
import { adminHomeStatementRoutes } from './home-statements';
import { adminHomesRoutes } from './admin/homes';
import { adminHomeChangesRoutes } from './home-changes';
import { adminJobsRoutes } from './admin/jobs';
import { adminLettersRoutes } from './admin/letters';
import { adminMessagesRoutes } from './admin/messages';
import { adminPaymentsRoutes } from './admin/payments';
import { adminRequestsRoutes } from './admin/requests';
import { adminSettingsRoutes } from './admin/settings';
import { adminUsersRoutes } from './admin/users';
import { adminWaitlistRoutes } from './admin/waitlist';

/** Every admin route lives under this prefix, behind one guard. */
export const ADMIN_PREFIX = '/api/admin';

/**
 * `/api/admin/*`, mounted at the root by src/server/app.ts. The admin guard (rank 3,
 * and a session that passed two-factor) is applied here to the whole prefix, before
 * any route, so no admin route can forget it (src/server/routes/admin.test.ts
 * enumerates every registered admin route and checks each answers 401 / 403 to
 * anyone else). Routes are declared in src/domain/api and register at their full
 * paths.
 */
export function adminRoutes() {
  const admin = apiRouter<AuthedEnv>();
  admin.use(`${ADMIN_PREFIX}/*`, requireRole(ROLE_RANK.admin));
  admin.route('/', adminSettingsRoutes());
  admin.route('/', adminDashboardRoutes());
  admin.route('/', adminApplicationsRoutes());
  admin.route('/', adminRequestsRoutes());
  admin.route('/', adminDocumentsRoutes());
  admin.route('/', adminMessagesRoutes());
  admin.route('/', adminUsersRoutes());
  admin.route('/', adminWaitlistRoutes());
  admin.route('/', adminAnnouncementsRoutes());
  admin.route('/', adminLettersRoutes());
  admin.route('/', adminAuditRoutes());
  admin.route('/', adminJobsRoutes());
  admin.route('/', adminHomeStatementRoutes());
  admin.route('/', adminHomesRoutes());
  admin.route('/', adminPaymentsRoutes());
  admin.route('/', adminHomeChangesRoutes());
  return admin;
}
