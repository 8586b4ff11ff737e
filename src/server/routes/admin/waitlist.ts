import { Hono } from 'hono';
import { addApplicantSchema, interestLabel, waitlistListParamsSchema, type WaitlistApplicantDetail } from '../../../domain/admin/waitlist';
import { actorOf } from '../../admin/audit';
import { auditedCsvExport, type CsvColumn } from '../../admin/csv';
import { readListParams } from '../../admin/list-query';
import { createApplicant, deleteApplicant, exportApplicantsRows, getApplicant, listApplicants } from '../../admin/waitlist-repo';
import type { AuthedEnv } from '../../auth/guards';
import { readJson } from '../../lib/validate';

const CSV_COLUMNS: readonly CsvColumn<WaitlistApplicantDetail>[] = [
  { header: 'ID', value: (e) => e.id },
  { header: 'Date', value: (e) => e.createdAt },
  { header: 'Source', value: (e) => e.source },
  { header: 'First Name', value: (e) => e.firstName },
  { header: 'Last Name', value: (e) => e.lastName },
  { header: 'Email', value: (e) => e.email },
  { header: 'Phone', value: (e) => e.phone },
  { header: 'Interested In', value: (e) => interestLabel(e.interestedIn) },
  { header: 'Intended State', value: (e) => e.intendedState },
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

/** `/api/admin/waitlist` — mounted behind the admin guard by src/server/routes/admin.ts. */
export function adminWaitlistRoutes() {
  return (
    new Hono<AuthedEnv>()
      /** A page of public submissions and admin-added applicants together (decisions.md 'Waitlist'). */
      .get('/', async (c) => {
        const params = readListParams(c, waitlistListParamsSchema);
        return c.json(await listApplicants(c.var.deps.db, params));
      })
      /** The CSV of the current filter with every stored field, streamed; the export is audited. */
      .get('/export', async (c) => {
        const { db } = c.var.deps;
        const params = readListParams(c, waitlistListParamsSchema);
        const { page: _page, pageSize: _pageSize, ...filter } = params;
        return auditedCsvExport(db, actorOf(c), {
          list: 'waitlist',
          entityType: 'waitlist',
          filter,
          columns: CSV_COLUMNS,
          rows: exportApplicantsRows(params),
        });
      })
      /** Every stored field of one entry, with labels (the detail view). */
      .get('/:id', async (c) => c.json(await getApplicant(c.var.deps.db, c.req.param('id'))))
      /** spec §5 'Add waitlist applicant' (source 'admin'); 409 fields.email when the address is listed. */
      .post('/', async (c) => {
        const input = await readJson(c, addApplicantSchema);
        return c.json(await createApplicant(c.var.deps.db, actorOf(c), input), 201);
      })
      .delete('/:id', async (c) => {
        await deleteApplicant(c.var.deps.db, actorOf(c), c.req.param('id'));
        return c.json({ ok: true });
      })
  );
}
