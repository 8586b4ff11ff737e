import { Hono } from 'hono';
import { applicationListParamsSchema, notesChangeSchema, statusChangeSchema, type ApplicationListParams } from '../../../domain/admin/applications';
import type { AuthedEnv } from '../../auth/guards';
import { applicationNotFound, findReviewable, presentForReview } from '../../admin/application-detail';
import { countApplications, exportRows, listApplications, type ExportRow } from '../../admin/applications-repo';
import { actorOf } from '../../admin/audit';
import { auditedCsvExport, type CsvColumn } from '../../admin/csv';
import { readListParams } from '../../admin/list-query';
import { changeNotes, changeStatus } from '../../admin/review-application';
import type { ApplicationRow } from '../../applications/repository';
import { documentsOf } from '../../applications/repository';
import type { Deps } from '../../context';
import { readJson } from '../../lib/validate';
import { isoTimeOrNull } from '../../lib/iso-time';

const money = (value: number | string | null) => (value === null ? null : Number(value));

/** The export's columns: every admin column of spec §3 but the encrypted ones (SSN digits, date of birth). */
const EXPORT_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Submitted At', value: (r) => isoTimeOrNull(r.submitted_at) },
  { header: 'Status', value: (r) => r.status },
  { header: 'First Name', value: (r) => r.first_name },
  { header: 'Last Name', value: (r) => r.last_name },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Employment Status', value: (r) => r.employment_status },
  { header: 'Employer', value: (r) => r.employer_name },
  { header: 'Job Title', value: (r) => r.job_title },
  { header: 'Annual Income', value: (r) => money(r.annual_income) },
  { header: 'Savings', value: (r) => money(r.savings_amount) },
  { header: 'Retirement Accounts', value: (r) => money(r.retirement_accounts) },
  { header: 'Credit Card Debt', value: (r) => money(r.credit_card_debt) },
  { header: 'Student Loans', value: (r) => money(r.student_loans) },
  { header: 'Property Address', value: (r) => r.property_address },
  { header: 'Property Value', value: (r) => money(r.property_value) },
  { header: 'Down Payment', value: (r) => money(r.down_payment) },
  { header: 'Assignee', value: (r) => r.assignee },
  { header: 'Reviewed At', value: (r) => isoTimeOrNull(r.reviewed_at) },
  { header: 'Notes', value: (r) => r.notes },
];

/** What the export covered, for its audit entry. */
const filterOf = ({ q, status, from, to, sort, dir }: ApplicationListParams) => ({ q: q || null, status, from: from ?? null, to: to ?? null, sort, dir });

async function detail(deps: Deps, row: ApplicationRow) {
  return presentForReview(deps.cipher, deps.logger, row, await documentsOf(deps.db, row.id));
}

/**
 * `/api/admin/applications` — mounted behind the admin guard by
 * src/server/routes/admin.ts. The list, its CSV export, the review dialog's
 * record, and the two changes an admin makes there: status and notes.
 */
export function adminApplicationsRoutes() {
  return new Hono<AuthedEnv>()
    .get('/', async (c) => {
      const params = readListParams(c, applicationListParamsSchema);
      return c.json(await listApplications(c.var.deps.db, params));
    })
    .get('/export', async (c) => {
      const { db } = c.var.deps;
      const params = readListParams(c, applicationListParamsSchema);
      const matching = await countApplications(db, params);
      return auditedCsvExport(db, actorOf(c), {
        list: 'applications',
        entityType: 'applications',
        filter: filterOf(params),
        details: { format: 'csv', rows: matching.total, rowsCapped: matching.totalCapped },
        columns: EXPORT_COLUMNS,
        rows: exportRows(params),
      });
    })
    .get('/:id', async (c) => {
      const row = await findReviewable(c.var.deps.db, c.req.param('id'));
      if (!row) throw applicationNotFound();
      return c.json(await detail(c.var.deps, row));
    })
    .patch('/:id/status', async (c) => {
      const { status } = await readJson(c, statusChangeSchema);
      const row = await changeStatus(c.var.deps, actorOf(c), c.req.param('id'), status);
      return c.json(await detail(c.var.deps, row));
    })
    .patch('/:id/notes', async (c) => {
      const { notes } = await readJson(c, notesChangeSchema);
      const row = await changeNotes(c.var.deps, actorOf(c), c.req.param('id'), notes);
      return c.json(await detail(c.var.deps, row));
    });
}
