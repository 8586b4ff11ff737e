import type { ApplicationListParams } from '../../../domain/admin/applications';
import { APPLICATION_STATUS_LABELS } from '../../../domain/application/status';
import { adminApplicationsApi } from '../../../domain/api/admin-applications';
import { type AuthedEnv, actorOf } from '../../platform/http/guards';
import {
  applicationNotFound,
  findReviewable,
  reviewDetail,
  countApplications,
  exportRows,
  listApplications,
  type ExportRow,
  changeAssignee,
  listAssignees,
  changeNotes,
  changeStatus,
  preApprovalForLetter,
  preApprovalLetterResponse,
  renewPreApproval,
} from '../../modules/applications';
import { recordAudit } from '../../platform/audit/audit';
import { purchaseLock } from '../../modules/homes';
import { auditedCsvExport, type CsvColumn } from '../../platform/lists/csv';
import { apiRouter, route } from '../../platform/http/route';

/**
 * The export's columns: every admin column but the encrypted ones (SSN digits, date of birth; docs/product/application.md#back-office-record).
 * Times are written in ISO 8601 (UTC) by csvCell.
 */
const EXPORT_COLUMNS: CsvColumn<ExportRow>[] = [
  { header: 'ID', value: (r) => r.id },
  { header: 'Submitted At', value: (r) => r.submittedAt },
  // The label the back office shows ('In Review', 'Withdrawn'), not the stored key.
  { header: 'Status', value: (r) => APPLICATION_STATUS_LABELS[r.status] },
  { header: 'First Name', value: (r) => r.firstName },
  { header: 'Last Name', value: (r) => r.lastName },
  { header: 'Email', value: (r) => r.email },
  { header: 'Phone', value: (r) => r.phone },
  { header: 'Employment Status', value: (r) => r.employmentStatus },
  { header: 'Employer', value: (r) => r.employerName },
  { header: 'Job Title', value: (r) => r.jobTitle },
  { header: 'Annual Income', value: (r) => r.annualIncome },
  { header: 'Savings', value: (r) => r.savingsAmount },
  { header: 'Retirement Accounts', value: (r) => r.retirementAccounts },
  { header: 'Credit Card Debt', value: (r) => r.creditCardDebt },
  { header: 'Student Loans', value: (r) => r.studentLoans },
  { header: 'Property Address', value: (r) => r.propertyAddress },
  { header: 'Property Value', value: (r) => r.propertyValue },
  { header: 'Down Payment', value: (r) => r.downPayment },
  { header: 'Assignee', value: (r) => r.assignee },
  { header: 'Reviewed At', value: (r) => r.reviewedAt },
  { header: 'Waiting Since', value: (r) => r.waitingSince },
  { header: 'Notes', value: (r) => r.notes },
];

/** What the export covered, for its audit entry. */
const filterOf = ({ q, status, from, to, assigned, waiting, sort, dir }: ApplicationListParams) => ({
  q: q || null,
  status,
  from: from ?? null,
  to: to ?? null,
  assigned,
  waiting,
  sort,
  dir,
});

/**
 * `/api/admin/applications` (src/domain/api/admin-applications.ts), behind the admin
 * guard of src/server/routes/admin.ts: the list, its CSV export, the review dialog's
 * record, and the changes an admin makes there: status, notes and assignee, with the
 * admins to assign to (docs/product/back-office.md#applications, #application-status, #assignment).
 */
export function adminApplicationsRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminApplicationsApi.list, (c, { query }) => listApplications(c.var.deps.db, query, c.var.user));
  /** The CSV of the current filter, streamed; the export is audited with the number of rows it covers. */
  route(router, adminApplicationsApi.export, async (c, { query }) => {
    const { db } = c.var.deps;
    const matching = await countApplications(db, query, c.var.user);
    return auditedCsvExport(db, actorOf(c), {
      list: 'applications',
      entityType: 'applications',
      filter: filterOf(query),
      details: { format: 'csv', rows: matching.total, rowsCapped: matching.totalCapped },
      columns: EXPORT_COLUMNS,
      rows: exportRows(query, c.var.user),
    });
  });
  route(router, adminApplicationsApi.detail, async (c, { params }) => {
    const row = await findReviewable(c.var.deps.db, params.id);
    if (!row) throw applicationNotFound();
    return reviewDetail(c.var.deps, row);
  });
  route(router, adminApplicationsApi.changeStatus, async (c, { params, body }) =>
    reviewDetail(c.var.deps, await changeStatus(c.var.deps, actorOf(c), params.id, body.status, body.reason, [purchaseLock], body.preApproval)),
  );
  route(router, adminApplicationsApi.renewPreApproval, async (c, { params }) =>
    reviewDetail(c.var.deps, await renewPreApproval(c.var.deps, actorOf(c), params.id)),
  );
  /** The letter staff download from the review dialog; the download is audited. */
  route(router, adminApplicationsApi.preApprovalLetter, async (c, { params }) => {
    const { db } = c.var.deps;
    const row = await findReviewable(db, params.id);
    if (!row) throw applicationNotFound();
    const letter = await preApprovalForLetter(db, row);
    await recordAudit(db, actorOf(c), {
      action: 'download',
      entityType: 'pre_approvals',
      entityId: letter.row.id,
      changes: { letter: true, applicationId: row.id },
    });
    return await preApprovalLetterResponse(c.var.deps, letter.row, letter.name);
  });
  route(router, adminApplicationsApi.changeNotes, async (c, { params, body }) =>
    reviewDetail(c.var.deps, await changeNotes(c.var.deps, actorOf(c), params.id, body.notes)),
  );
  route(router, adminApplicationsApi.changeAssignee, async (c, { params, body }) =>
    reviewDetail(c.var.deps, await changeAssignee(c.var.deps.db, actorOf(c), params.id, body.assigneeId)),
  );
  route(router, adminApplicationsApi.assignees, async (c) => ({ items: await listAssignees(c.var.deps.db) }));
  return router;
}
