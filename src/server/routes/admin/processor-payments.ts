import { adminProcessorPaymentsApi } from '../../../domain/api/admin-processor-payments';
import {
  assertStaffPaymentsOn,
  refundPayment,
  retryPayment,
  staffBankAccounts,
  staffExceptions,
  staffPayments,
  unlockBankAccount,
} from '../../modules/payments';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { apiRouter, route } from '../../platform/http/route';

/** Staff's side of bank debits (src/domain/api/admin-processor-payments.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminProcessorPaymentsRoutes() {
  const router = apiRouter<AuthedEnv>();
  const staff = (c: Parameters<typeof actorOf>[0] & { var: AuthedEnv['Variables'] }) => ({ ...actorOf(c), id: c.var.user.id });
  route(router, adminProcessorPaymentsApi.list, (c, { query }) => staffPayments(c.var.deps.db, query));
  route(router, adminProcessorPaymentsApi.exceptions, (c, { query }) => staffExceptions(c.var.deps.db, query));
  route(router, adminProcessorPaymentsApi.bankAccounts, (c, { query }) => staffBankAccounts(c.var.deps.db, query));
  route(router, adminProcessorPaymentsApi.retry, async (c, { params }) => {
    await assertStaffPaymentsOn(c.var.deps.db);
    const payment = await retryPayment(c.var.deps, staff(c), params.id);
    c.var.deps.jobs.kick();
    return payment;
  });
  route(router, adminProcessorPaymentsApi.refund, async (c, { params, body }) => {
    await assertStaffPaymentsOn(c.var.deps.db);
    const payment = await refundPayment(c.var.deps, staff(c), params.id, body);
    c.var.deps.jobs.kick();
    return payment;
  });
  route(router, adminProcessorPaymentsApi.unlock, async (c, { params }) => {
    await unlockBankAccount(c.var.deps, actorOf(c), params.id);
    return { ok: true as const };
  });
  return router;
}
