import { HOME_STATE_LABELS, type HomeListItem } from '../../../domain/homes/admin-homes';
import { adminHomesApi } from '../../../domain/api/admin-homes';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import { sendAgreement } from '../../modules/signatures';
import { getSettings } from '../../platform/settings/settings-store';
import { homeNotFound, purchaseStart, recordPurchase, recordValuation, homeDetail, homeRows, listHomes } from '../../modules/homes';
import { apiRouter, route } from '../../platform/http/route';

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The export's columns: amounts in dollars with cents, as the ledger keeps them. */
const CSV_COLUMNS: readonly CsvColumn<HomeListItem>[] = [
  { header: 'ID', value: (h) => h.id },
  { header: 'Recorded At', value: (h) => h.createdAt },
  { header: 'Address', value: (h) => h.address },
  { header: 'Purchase Date', value: (h) => h.purchaseDate },
  { header: 'First Name', value: (h) => h.firstName },
  { header: 'Last Name', value: (h) => h.lastName },
  { header: 'Email', value: (h) => h.email },
  { header: 'Price', value: (h) => dollars(h.priceCents) },
  { header: 'Down Payment', value: (h) => dollars(h.downPaymentCents) },
  { header: 'Monthly Payment', value: (h) => dollars(h.monthlyPaymentCents) },
  { header: 'Latest Value', value: (h) => dollars(h.valueCents) },
  { header: 'Valued On', value: (h) => h.valuedOn },
  { header: 'State', value: (h) => HOME_STATE_LABELS[h.state] },
  { header: 'Application ID', value: (h) => h.applicationId },
];

/** `/api/admin/homes` and 'Record purchase' (src/domain/api/admin-homes.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminHomesRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminHomesApi.purchaseStart, (c, { params }) => purchaseStart(c.var.deps.db, params.id));
  route(router, adminHomesApi.recordPurchase, async (c, { params, body }) => {
    // With e-signatures on, the purchase waits for the agreement's signatures (docs/decisions/033-signatures.md).
    const eSign = (await getSettings(c.var.deps.db)).featureFlags.eSign;
    const actor = actorOf(c);
    return recordPurchase(
      c.var.deps,
      actor,
      params.id,
      body,
      eSign ? { awaitSignatures: (tx, homeId) => sendAgreement(c.var.deps, tx, actor, homeId).then(() => undefined) } : {},
    );
  });
  route(router, adminHomesApi.list, (c, { query }) => listHomes(c.var.deps.db, query));
  /** The CSV of the current filter, streamed; the export itself is audited. Registered before `{id}`. */
  route(router, adminHomesApi.export, (c, { query }) => {
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: 'homes',
      entityType: 'homes',
      filter,
      columns: CSV_COLUMNS,
      rows: homeRows({ ...filter, page: 1, pageSize: 1 }),
    });
  });
  route(router, adminHomesApi.detail, async (c, { params }) => {
    const home = await homeDetail(c.var.deps.db, params.id);
    if (!home) throw homeNotFound();
    return home;
  });
  route(router, adminHomesApi.recordValuation, async (c, { params, body }) => {
    const detail = await recordValuation(c.var.deps.db, actorOf(c), params.id, body);
    // Quotes waiting for this valuation were issued in its transaction: their e-mails go now.
    c.var.deps.jobs.kick();
    return detail;
  });
  return router;
}
