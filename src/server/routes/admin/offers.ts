import { adminOffersApi } from '../../../domain/api/admin-offers';
import { hitRateLimit } from '../../platform/limits/rate-limit';
import {
  closingOf,
  closingUploadLimit,
  downloadClosingDocument,
  listOffers,
  storeClosingDocument,
  moveOffer,
  pipelineBuyers,
  pipelineCounts,
  updateMilestone,
} from '../../modules/buying';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { apiRouter, route } from '../../platform/http/route';

/** `/api/admin/offers` (src/domain/api/admin-offers.ts), behind the admin guard. */
export function adminOffersRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminOffersApi.list, (c, { query }) => listOffers(c.var.deps.db, query));
  route(router, adminOffersApi.pipeline, (c) => pipelineCounts(c.var.deps.db));
  route(router, adminOffersApi.pipelineBuyers, (c, { query }) => pipelineBuyers(c.var.deps.db, query));
  route(router, adminOffersApi.move, (c, { params, body }) => moveOffer(c.var.deps, actorOf(c), params.id, body));
  route(router, adminOffersApi.closing, (c, { params }) => closingOf(c.var.deps.db, params.id));
  route(router, adminOffersApi.uploadClosingDocument, async (c, { query }) => {
    const deps = c.var.deps;
    await hitRateLimit(deps.db, closingUploadLimit(deps.config), c.var.user.id);
    return storeClosingDocument(deps, { ...actorOf(c), id: c.var.user.id }, 'staff', { offerId: query.offer, kind: query.milestone }, c.req.raw);
  });
  route(router, adminOffersApi.closingDocument, (c, { params }) => downloadClosingDocument(c.var.deps, actorOf(c), params.id));
  route(router, adminOffersApi.updateMilestone, (c, { params, body }) => updateMilestone(c.var.deps, actorOf(c), params.id, params.kind, body));
  return router;
}
