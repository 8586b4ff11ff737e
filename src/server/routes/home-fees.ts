import { homeFeesApi } from '../../domain/api/home-fees';
import { decideFeeWaiver, pendingFeeWaivers, requestFeeWaiver, waiveFee } from '../modules/homes';
import { applyNachaReturns, previewNachaReturns } from '../modules/payments';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { apiRouter, route } from '../platform/http/route';

/** The homeowner's waiver requests (src/domain/api/home-fees.ts): the home is the session's own, never one named in the URL. */
export function homeFeeRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, homeFeesApi.requestWaiver, async (c, { body }) => {
    const waiver = await requestFeeWaiver(c.var.deps.db, { ...actorOf(c), id: c.var.user.id }, body);
    c.var.deps.jobs.kick();
    return waiver;
  });
  return router;
}

/** Staff's side, behind the admin guard of src/server/routes/admin.ts; every change audited. */
export function adminHomeFeeRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, homeFeesApi.pending, async (c) => ({ items: await pendingFeeWaivers(c.var.deps.db) }));
  route(router, homeFeesApi.grant, async (c, { params, body }) => {
    const items = await decideFeeWaiver(c.var.deps.db, actorOf(c), params.id, true, body.reason);
    c.var.deps.jobs.kick();
    return { items };
  });
  route(router, homeFeesApi.refuse, async (c, { params, body }) => {
    const items = await decideFeeWaiver(c.var.deps.db, actorOf(c), params.id, false, body.reason);
    c.var.deps.jobs.kick();
    return { items };
  });
  route(router, homeFeesApi.waive, async (c, { params, body }) => {
    const ledger = await waiveFee(c.var.deps.db, actorOf(c), params.id, body);
    c.var.deps.jobs.kick();
    return ledger;
  });
  route(router, homeFeesApi.previewNachaReturns, (c, { body }) => previewNachaReturns(c.var.deps.db, body.file));
  route(router, homeFeesApi.applyNachaReturns, async (c, { body }) => {
    const result = await applyNachaReturns(c.var.deps.db, actorOf(c), body.file);
    c.var.deps.jobs.kick();
    return result;
  });
  return router;
}
