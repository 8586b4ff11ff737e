import { buyingApi } from '../../domain/api/buying';
import {
  addHome,
  answerCounter,
  closingUploadLimit,
  downloadClosingDocument,
  makeOffer,
  myHomes,
  offersOf,
  removeHome,
  storeClosingDocument,
  updateHome,
  withdrawOffer,
} from '../modules/buying';
import { hitRateLimit } from '../platform/limits/rate-limit';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { apiRouter, route } from '../platform/http/route';

/** The signed-in buyer's homes and offers (src/domain/api/buying.ts): resolved from the session; another buyer's are 404. */
export function buyingRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, buyingApi.homes, (c) => myHomes(c.var.deps.db, c.var.user.id));
  route(router, buyingApi.addHome, (c, { body }) => addHome(c.var.deps.db, actorOf(c), c.var.user.id, body));
  route(router, buyingApi.updateHome, (c, { params, body }) => updateHome(c.var.deps.db, actorOf(c), c.var.user.id, params.id, body));
  route(router, buyingApi.removeHome, async (c, { params }) => {
    await removeHome(c.var.deps.db, actorOf(c), c.var.user.id, params.id);
    return { ok: true as const };
  });
  route(router, buyingApi.makeOffer, (c, { params, body }) => makeOffer(c.var.deps, actorOf(c), c.var.user.id, params.id, body));
  route(router, buyingApi.offers, async (c) => ({ offers: await offersOf(c.var.deps.db, c.var.user.id) }));
  route(router, buyingApi.withdraw, (c, { params }) => withdrawOffer(c.var.deps, actorOf(c), c.var.user.id, params.id));
  // Streamed to storage as it arrives, as application documents are; counted per user like their uploads.
  route(router, buyingApi.uploadClosingDocument, async (c, { query }) => {
    const deps = c.var.deps;
    await hitRateLimit(deps.db, closingUploadLimit(deps.config), c.var.user.id);
    return storeClosingDocument(deps, { ...actorOf(c), id: c.var.user.id }, 'buyer', { offerId: query.offer, kind: query.milestone }, c.req.raw);
  });
  route(router, buyingApi.closingDocument, (c, { params }) => downloadClosingDocument(c.var.deps, actorOf(c), params.id, c.var.user.id));
  route(router, buyingApi.answerCounter, (c, { params, body }) => answerCounter(c.var.deps, actorOf(c), c.var.user.id, params.id, body.answer));
  return router;
}
