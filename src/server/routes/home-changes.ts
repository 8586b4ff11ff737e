import { homeChangesApi } from '../../domain/api/home-changes';
import {
  homeNotFound,
  approvePaymentChange,
  declinePaymentChange,
  homeChanges,
  pendingHomeChanges,
  requestPaymentChange,
  withdrawPaymentChange,
  homeIdOfUser,
  acknowledgeNotice,
  cancelNotice,
  completeNotice,
  scheduleNotice,
  sendNotice,
} from '../modules/homes';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';

/**
 * The homeowner's side of payment changes and 60-day notices (src/domain/api/home-changes.ts):
 * the home is always the session's own (src/server/modules/homes/change-rules.ts resolves it), never one
 * named in the URL; a change id of another home answers 404 like an unknown one.
 */
export function homeChangesRoutes() {
  const router = apiRouter<AuthedEnv>();
  const self = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), id: c.var.user.id });

  route(router, homeChangesApi.mine, async (c) => {
    const { db } = c.var.deps;
    const homeId = await homeIdOfUser(db, c.var.user.id);
    const changes = homeId ? await homeChanges(db, homeId) : undefined;
    if (!changes) throw new AppError(404, 'no_home', 'You do not have a home with us yet.');
    return changes;
  });
  route(router, homeChangesApi.requestPaymentChange, (c, { body }) => requestPaymentChange(c.var.deps.db, self(c), body.monthlyPaymentCents));
  route(router, homeChangesApi.withdrawPaymentChange, async (c, { params }) => {
    await withdrawPaymentChange(c.var.deps.db, self(c), params.id);
    return { ok: true as const };
  });
  route(router, homeChangesApi.sendNotice, async (c, { body }) => {
    const notice = await sendNotice(c.var.deps, self(c), body);
    c.var.deps.jobs.kick();
    return notice;
  });
  return router;
}

/** Staff's side, behind the admin guard of src/server/routes/admin.ts (admin and two-factor); every change audited. */
export function adminHomeChangesRoutes() {
  const router = apiRouter<AuthedEnv>();
  const kicked = async <T>(c: { var: { deps: { jobs: { kick: () => void } } } }, work: Promise<T>) => {
    const result = await work;
    c.var.deps.jobs.kick();
    return result;
  };
  route(router, homeChangesApi.pending, (c) => pendingHomeChanges(c.var.deps.db));
  route(router, homeChangesApi.ofHome, async (c, { params }) => {
    const changes = await homeChanges(c.var.deps.db, params.id);
    if (!changes) throw homeNotFound();
    return changes;
  });
  route(router, homeChangesApi.approvePaymentChange, (c, { params }) => kicked(c, approvePaymentChange(c.var.deps, actorOf(c), params.id)));
  route(router, homeChangesApi.declinePaymentChange, (c, { params, body }) =>
    kicked(c, declinePaymentChange(c.var.deps.db, actorOf(c), params.id, body.reason)),
  );
  route(router, homeChangesApi.acknowledgeNotice, (c, { params }) => kicked(c, acknowledgeNotice(c.var.deps.db, actorOf(c), params.id)));
  route(router, homeChangesApi.scheduleNotice, (c, { params, body }) => kicked(c, scheduleNotice(c.var.deps.db, actorOf(c), params.id, body.scheduledDate)));
  route(router, homeChangesApi.completeNotice, (c, { params, body }) => kicked(c, completeNotice(c.var.deps.db, actorOf(c), params.id, body.payoutCents)));
  route(router, homeChangesApi.cancelNotice, (c, { params, body }) => kicked(c, cancelNotice(c.var.deps.db, actorOf(c), params.id, body.reason)));
  return router;
}
