import { adminPaymentsApi } from '../../../domain/api/admin-payments';
import { PAYMENT_STATE_LABELS, type PaymentsListItem } from '../../../domain/homes/admin-payments';
import { ledgerToday } from '../../../domain/homes/dates';
import { getSettings } from '../../platform/settings/settings-store';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import {
  adminLedger,
  importBankCsv,
  previewBankCsv,
  recordPayment,
  recordRefund,
  reverseEntry,
  verifyAudited,
  listPayments,
  monthOf,
  paymentRows,
} from '../../modules/homes';
import { apiRouter, route } from '../../platform/http/route';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The export's columns: amounts in dollars with cents, as the ledger keeps them. */
const CSV_COLUMNS: readonly CsvColumn<PaymentsListItem>[] = [
  { header: 'Home ID', value: (r) => r.homeId },
  { header: 'Address', value: (r) => r.address },
  { header: 'First Name', value: (r) => r.firstName },
  { header: 'Last Name', value: (r) => r.lastName },
  { header: 'Email', value: (r) => r.email },
  { header: 'Agreement Month', value: (r) => r.month },
  { header: 'Due On', value: (r) => r.dueOn },
  { header: 'Amount Due', value: (r) => dollars(r.amountCents) },
  { header: 'Paid', value: (r) => dollars(r.paidCents) },
  { header: 'Unpaid', value: (r) => dollars(r.amountCents - r.paidCents) },
  { header: 'State', value: (r) => PAYMENT_STATE_LABELS[r.state] },
];

/** `/api/admin/payments` and a home's ledger operations (src/domain/api/admin-payments.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminPaymentsRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminPaymentsApi.list, (c, { query }) => listPayments(c.var.deps.db, query));
  route(router, adminPaymentsApi.export, async (c, { query }) => {
    const today = ledgerToday();
    const { graceDays } = await getSettings(c.var.deps.db);
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: `payments-${monthOf(query, today)}`,
      entityType: 'payments',
      filter: { ...filter, month: monthOf(query, today) },
      columns: CSV_COLUMNS,
      rows: paymentRows(query, graceDays, today),
    });
  });
  route(router, adminPaymentsApi.previewImport, (c, { body }) => previewBankCsv(c.var.deps.db, body.csv));
  route(router, adminPaymentsApi.import, (c, { body }) => importBankCsv(c.var.deps.db, actorOf(c), body.csv));
  route(router, adminPaymentsApi.verifyAll, (c) => verifyAudited(c.var.deps.db, actorOf(c), c.var.deps.ledgerKey));
  route(router, adminPaymentsApi.ledger, (c, { params }) => adminLedger(c.var.deps.db, params.id));
  route(router, adminPaymentsApi.recordPayment, (c, { params, body }) => recordPayment(c.var.deps.db, actorOf(c), params.id, body));
  route(router, adminPaymentsApi.recordRefund, (c, { params, body }) => recordRefund(c.var.deps.db, actorOf(c), params.id, body));
  route(router, adminPaymentsApi.reverse, (c, { params, body }) => reverseEntry(c.var.deps.db, actorOf(c), params.id, body));
  route(router, adminPaymentsApi.verifyHome, (c, { params }) => verifyAudited(c.var.deps.db, actorOf(c), c.var.deps.ledgerKey, params.id));
  return router;
}
