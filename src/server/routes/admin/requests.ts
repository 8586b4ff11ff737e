import { adminRequestsApi } from '../../../domain/api/admin-requests';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { changeRequest, createRequest, decideChange, reviewDetail } from '../../modules/applications';
import { adminChangeRequestsApi } from '../../../domain/api/application-changes';
import { apiRouter, route } from '../../platform/http/route';

/**
 * The reviewer's side of requests (src/domain/api/admin-requests.ts), behind the
 * admin guard of src/server/routes/admin.ts: add, withdraw, accept, reopen
 * (docs/product/back-office.md#requests). Each answers the review dialog's record.
 */
export function adminRequestsRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminRequestsApi.create, async (c, { params, body }) => reviewDetail(c.var.deps, await createRequest(c.var.deps, actorOf(c), params.id, body)));
  route(router, adminRequestsApi.withdraw, async (c, { params }) =>
    reviewDetail(c.var.deps, await changeRequest(c.var.deps, actorOf(c), params.id, { action: 'withdraw' })),
  );
  route(router, adminRequestsApi.accept, async (c, { params }) =>
    reviewDetail(c.var.deps, await changeRequest(c.var.deps, actorOf(c), params.id, { action: 'accept' })),
  );
  route(router, adminRequestsApi.reopen, async (c, { params, body }) =>
    reviewDetail(c.var.deps, await changeRequest(c.var.deps, actorOf(c), params.id, { action: 'reopen', note: body.note })),
  );
  // The buyer's requests to change an answer (docs/decisions/041-withdrawal-and-change-requests.md).
  route(router, adminChangeRequestsApi.decide, async (c, { params, body }) =>
    reviewDetail(c.var.deps, await decideChange(c.var.deps, actorOf(c), params.id, body)),
  );
  return router;
}
