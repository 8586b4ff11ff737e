import { paymentsApi } from '../../domain/api/payments';
import {
  addBankAccount,
  assertPaymentsOn,
  cancelBankLink,
  completeBankLink,
  startBankLink,
  paymentsOverview,
  payNow,
  removeBankAccount,
  verifyBankAccount,
  WebhookSignatureError,
} from '../modules/payments';
import { homeIdOfUser } from '../modules/homes';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import type { AppEnv } from '../platform/http/context';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';

/**
 * Paying by bank debit (src/domain/api/payments.ts): the homeowner's routes act on the session's own
 * home; the webhook's authority is its signature, checked before its body is read.
 */
export function paymentRoutes() {
  const router = apiRouter<AuthedEnv>();
  const self = (c: Parameters<typeof actorOf>[0]) => ({ ...actorOf(c), id: c.var.user.id });
  const ownHomeId = async (c: Parameters<typeof actorOf>[0] & { var: AuthedEnv['Variables'] }) => {
    const { db } = c.var.deps;
    await assertPaymentsOn(db);
    const homeId = await homeIdOfUser(db, c.var.user.id);
    if (!homeId) throw new AppError(404, 'no_home', 'You do not have a home with us yet.');
    return homeId;
  };

  route(router, paymentsApi.overview, (c) => paymentsOverview(c.var.deps, c.var.user.id));
  route(router, paymentsApi.addBankAccount, async (c, { body }) =>
    addBankAccount(c.var.deps, self(c), await ownHomeId(c), body, { userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null }),
  );
  route(router, paymentsApi.startBankLink, async (c, { body }) =>
    startBankLink(c.var.deps, self(c), await ownHomeId(c), body, { userAgent: c.req.header('user-agent')?.slice(0, 500) ?? null }),
  );
  route(router, paymentsApi.completeBankLink, async (c, { body }) => completeBankLink(c.var.deps, self(c), await ownHomeId(c), body));
  route(router, paymentsApi.cancelBankLink, async (c, { body }) => {
    await cancelBankLink(c.var.deps, self(c), await ownHomeId(c), body);
    return { ok: true as const };
  });
  route(router, paymentsApi.verifyBankAccount, async (c, { body }) => verifyBankAccount(c.var.deps, self(c), await ownHomeId(c), body));
  route(router, paymentsApi.removeBankAccount, async (c) => {
    await removeBankAccount(c.var.deps, self(c), await ownHomeId(c));
    return { ok: true as const };
  });
  route(router, paymentsApi.payNow, async (c, { body }) => {
    await assertPaymentsOn(c.var.deps.db);
    const payment = await payNow(c.var.deps, self(c), c.var.user.id, body);
    c.var.deps.jobs.kick();
    return payment;
  });
  return router;
}

/** The processor's webhook: public, its signature is its authority (no cookie is read). */
export function paymentWebhookRoutes() {
  const router = apiRouter<AppEnv>();
  route(router, paymentsApi.webhook, async (c) => {
    const raw = await c.req.text();
    let event;
    try {
      event = c.var.deps.payments.verifyWebhook(raw, c.req.header('stripe-signature'));
    } catch (error) {
      if (error instanceof WebhookSignatureError) throw new AppError(400, 'bad_signature', 'The signature of this event does not hold.');
      throw error;
    }
    await assertPaymentsOn(c.var.deps.db);
    // Stored in one statement, then acknowledged; applied by the applier this wakes (docs/decisions/044-payments-throughput.md).
    const outcome = await c.var.deps.paymentEvents.record(event);
    return { received: true as const, outcome };
  });
  return router;
}
