import { stateCode } from '../../../domain/admin/states';
import { interestLabel, type WaitlistApplicantDetail } from '../../../domain/admin/waitlist';
import { adminWaitlistApi } from '../../../domain/api/admin-waitlist';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import { createApplicant, deleteApplicant, exportApplicantsRows, getApplicant, listApplicants } from '../../modules/waitlist';
import { apiRouter, route } from '../../platform/http/route';

const CSV_COLUMNS: readonly CsvColumn<WaitlistApplicantDetail>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Date', value: (e) => e.createdAt },
  { header: 'Source', value: (e) => e.source },
  { header: 'First Name', value: (e) => e.firstName },
  { header: 'Last Name', value: (e) => e.lastName },
  { header: 'Email', value: (e) => e.email },
  { header: 'Phone', value: (e) => e.phone },
  { header: 'Interested In', value: (e) => interestLabel(e.interestedIn) },
  { header: 'Intended State', value: (e) => stateCode(e.intendedState) },
  { header: 'Location', value: (e) => e.location },
  { header: 'Timeline', value: (e) => e.timeline },
  { header: 'Down Payment Range', value: (e) => e.downPaymentRange },
  { header: 'Monthly Payment Range', value: (e) => e.monthlyPaymentRange },
  { header: 'Home Type', value: (e) => e.labels.homeType },
  { header: 'Price Range', value: (e) => e.labels.priceRange },
  { header: 'Priority', value: (e) => e.labels.priority },
  { header: 'Housing Status', value: (e) => e.labels.housingStatus },
  { header: 'Interests', value: (e) => e.interests },
  { header: 'Contact Consent', value: (e) => e.contactConsent },
  { header: 'Submissions', value: (e) => e.submissionCount },
  { header: 'Last Received', value: (e) => e.receivedAt },
  { header: 'Added By', value: (e) => e.createdBy },
];

/** `/api/admin/waitlist` (src/domain/api/admin-waitlist.ts), behind the admin guard of src/server/routes/admin.ts. */
export function adminWaitlistRoutes() {
  const router = apiRouter<AuthedEnv>();
  /** A page of public submissions and admin-added applicants together (docs/product/back-office.md#waitlist). */
  route(router, adminWaitlistApi.list, (c, { query }) => listApplicants(c.var.deps.db, query));
  /** The CSV of the current filter with every stored field, streamed; the export is audited. */
  route(router, adminWaitlistApi.export, (c, { query }) => {
    const { page: _page, pageSize: _pageSize, ...filter } = query;
    return auditedCsvExport(c.var.deps.db, actorOf(c), {
      list: 'waitlist',
      entityType: 'waitlist',
      filter,
      columns: CSV_COLUMNS,
      rows: exportApplicantsRows(query),
    });
  });
  /** Every stored field of one entry, with labels (the detail view). */
  route(router, adminWaitlistApi.detail, (c, { params }) => getApplicant(c.var.deps.db, params.id));
  /** Add Applicant (docs/product/back-office.md#waitlist), source 'admin'; 409 fields.email when the address is listed. */
  route(router, adminWaitlistApi.add, (c, { body }) => createApplicant(c.var.deps.db, actorOf(c), body));
  route(router, adminWaitlistApi.delete, async (c, { params }) => {
    await deleteApplicant(c.var.deps.db, actorOf(c), params.id);
    return { ok: true as const };
  });
  return router;
}
