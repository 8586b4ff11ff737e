import { autopayApi } from '../../domain/api/autopay';
import { achFileById, assertPaymentsOn, autopayHomes, listAchFiles, setAutopay } from '../modules/payments';
import { homeIdOfUser } from '../modules/homes';
import { recordAudit } from '../platform/audit/audit';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';

/**
 * Autopay (src/domain/api/autopay.ts; docs/decisions/037-autopay-and-ach-files.md): the homeowner's switch acts on
 * the session's own home, behind the `paymentsWebhooks` switch.
 */
export function autopayRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, autopayApi.set, async (c, { body }) => {
    const { db } = c.var.deps;
    await assertPaymentsOn(db);
    const homeId = await homeIdOfUser(db, c.var.user.id);
    if (!homeId) throw new AppError(404, 'no_home', 'You do not have a home with us yet.');
    return setAutopay(c.var.deps, actorOf(c), homeId, body.on);
  });
  return router;
}

/** Staff's view of autopay and the bank's day files, behind the admin guard of src/server/routes/admin.ts. */
export function adminAutopayRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, autopayApi.adminHomes, (c, { query }) => autopayHomes(c.var.deps.db, query));
  route(router, autopayApi.achFiles, (c) => listAchFiles(c.var.deps));
  route(router, autopayApi.achFileDownload, async (c, { params }) => {
    const { db } = c.var.deps;
    const file = await achFileById(c.var.deps, params.id);
    if (!file) throw new AppError(404, 'not_found', 'There is no such file.');
    // No entry, no file (docs/product/back-office.md#audit-log).
    await recordAudit(db, actorOf(c), {
      action: 'download',
      entityType: 'payments',
      entityId: file.id,
      changes: { achFile: file.fileName, businessDay: file.businessDay, sha256: file.sha256 },
    });
    return new Response(file.content, {
      status: 200,
      headers: {
        'Content-Type': 'application/octet-stream',
        'Content-Disposition': `attachment; filename="${file.fileName}"`,
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': 'private, no-store',
      },
    });
  });
  return router;
}
