import { adminCreate } from '../../src/server/cli/admin-create';
import { OPS_ADMIN, TEST_ADMIN } from './ports';

/**
 * Run before the e2e server opens its database (playwright.config.ts): the admin
 * of e2e/admin.spec.ts (no two-factor yet) and the operations admin that promotes
 * each back-office spec's own admin (e2e/support/admins.ts). ADMIN_EMAIL at first
 * start is covered by src/server/cli/admin-create.test.ts; here both are made the
 * way `npm run admin:create` makes them.
 */
for (const admin of [TEST_ADMIN, OPS_ADMIN]) {
  await adminCreate(['--email', admin.email, '--password', admin.password]);
}
