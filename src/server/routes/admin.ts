import { ROLE_RANK } from '../../domain/roles';
import { requireRole, type AuthedEnv } from '../platform/http/guards';
import { apiRouter } from '../platform/http/route';
import { adminAgentsRoutes } from './admin/agents';
import { adminOffersRoutes } from './admin/offers';
import { adminAnnouncementsRoutes } from './admin/announcements';
import { adminApplicationsRoutes } from './admin/applications';
import { adminAuditRoutes } from './admin/audit';
import { adminDashboardRoutes } from './admin/dashboard';
import { adminDocumentsRoutes } from './admin/documents';
import { adminHomeStatementRoutes } from './home-statements';
import { adminHomesRoutes } from './admin/homes';
import { adminHomeChangesRoutes } from './home-changes';
import { adminHomeFeeRoutes } from './home-fees';
import { adminExitQuoteRoutes } from './exit-quotes';
import { adminJobsRoutes } from './admin/jobs';
import { adminLettersRoutes } from './admin/letters';
import { adminMessagesRoutes } from './admin/messages';
import { adminPaymentsRoutes } from './admin/payments';
import { adminProcessorPaymentsRoutes } from './admin/processor-payments';
import { adminAutopayRoutes } from './autopay';
import { adminRequestsRoutes } from './admin/requests';
import { adminSettingsRoutes } from './admin/settings';
import { adminUsersRoutes } from './admin/users';
import { adminWaitlistRoutes } from './admin/waitlist';
import { adminSignatureRoutes } from './signatures';

/** Every admin route lives under this prefix. */
const ADMIN_PREFIX = '/api/admin';

/**
 * `/api/admin/*`, mounted at the root by src/server/api.ts. Each route is declared in
 * src/domain/api with access `admin`, and route() puts the admin guard (rank admin, and a
 * session that passed two-factor) before it reads anything; src/server/routes/access.test.ts
 * calls every declared route as every caller below its access.
 */
export function adminRoutes() {
  const admin = apiRouter<AuthedEnv>();
  admin.route('/', adminSettingsRoutes());
  admin.route('/', adminDashboardRoutes());
  admin.route('/', adminApplicationsRoutes());
  admin.route('/', adminRequestsRoutes());
  admin.route('/', adminDocumentsRoutes());
  admin.route('/', adminMessagesRoutes());
  admin.route('/', adminUsersRoutes());
  admin.route('/', adminWaitlistRoutes());
  admin.route('/', adminSignatureRoutes());
  admin.route('/', adminAnnouncementsRoutes());
  admin.route('/', adminLettersRoutes());
  admin.route('/', adminAgentsRoutes());
  admin.route('/', adminOffersRoutes());
  admin.route('/', adminAuditRoutes());
  admin.route('/', adminJobsRoutes());
  admin.route('/', adminHomeStatementRoutes());
  admin.route('/', adminHomesRoutes());
  admin.route('/', adminPaymentsRoutes());
  admin.route('/', adminProcessorPaymentsRoutes());
  admin.route('/', adminAutopayRoutes());
  admin.route('/', adminHomeChangesRoutes());
  admin.route('/', adminHomeFeeRoutes());
  admin.route('/', adminExitQuoteRoutes());
  // A path no admin route has answers like the admin routes to anyone below admin (401/403), so the
  // admin area's paths cannot be probed; a two-factor admin gets the API's 404. Matched last only.
  admin.all(`${ADMIN_PREFIX}/*`, requireRole(ROLE_RANK.admin), (c) =>
    c.json({ error: { code: 'not_found', message: `No API route ${c.req.method} ${c.req.path}.` } }, 404),
  );
  return admin;
}
