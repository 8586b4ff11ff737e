import {
  adminApplicationDetailSchema,
  adminAssigneesSchema,
  assigneeChangeSchema,
  adminApplicationListItemSchema,
  applicationListParamsSchema,
  notesChangeSchema,
  statusChangeSchema,
} from '../admin/applications';
import { pageSchema } from '../admin/lists';
import { defineRoute, idParamsSchema } from './route';

/** `/api/admin/applications`: submitted applications, their review and the changes an admin makes (docs/product/back-office.md#applications). */
export const adminApplicationsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/applications',
    access: 'admin',
    summary:
      "One page of submitted applications: search by name, e-mail or ID, status and date filters, 'Assigned to me' (assigned=me), 'Waiting for us' (waiting=us; oldest first with sort=waiting_since&dir=asc), sort",
    query: applicationListParamsSchema,
    responses: { 200: { description: 'A page of applications', schema: pageSchema(adminApplicationListItemSchema) } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/applications/export',
    access: 'admin',
    summary: 'CSV of the filtered applications, without the encrypted fields (streamed; audited)',
    query: applicationListParamsSchema,
    responses: { 200: { description: 'The CSV of every application matching the filter', contentType: 'text/csv' } },
  }),
  detail: defineRoute({
    method: 'get',
    path: '/api/admin/applications/{id}',
    access: 'admin',
    summary: 'One submitted application for the review dialog, with its documents and the requests asked of the applicant',
    params: idParamsSchema,
    responses: { 200: { description: 'The application under review', schema: adminApplicationDetailSchema } },
  }),
  changeStatus: defineRoute({
    method: 'patch',
    path: '/api/admin/applications/{id}/status',
    access: 'admin',
    codes: ['another_active_application', 'application_closed', 'home_recorded', 'open_request_needed'],
    summary:
      'Sets the status (any to any; Missing Info needs an open request; Declined needs the reason shown to the applicant, cleared when it leaves Declined; Approved needs the pre-approval: maximum price, monthly range and down payment of at least 2 % of the price, valid 90 days), stamps reviewed_at, audits, e-mails the applicant',
    params: idParamsSchema,
    body: statusChangeSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 409 another_active_application (reopening a declined one), home_recorded (its purchase is recorded); 422 open_request_needed (Missing Info without an open request).
    errors: [409, 422],
  }),
  renewPreApproval: defineRoute({
    method: 'post',
    path: '/api/admin/applications/{id}/pre-approval/renew',
    access: 'admin',
    codes: ['not_approved', 'no_pre_approval'],
    summary: "Renews the approved application's pre-approval: valid 90 days from today, audited, the buyer e-mailed",
    params: idParamsSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 404 no_pre_approval (none issued); 409 not_approved (the application is no longer Approved).
    errors: [404, 409],
  }),
  preApprovalLetter: defineRoute({
    method: 'get',
    path: '/api/admin/applications/{id}/pre-approval/letter',
    access: 'admin',
    codes: ['no_pre_approval'],
    summary: "Downloads the approved application's pre-approval letter as a PDF (audited)",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
    errors: [404],
  }),
  changeAssignee: defineRoute({
    method: 'put',
    path: '/api/admin/applications/{id}/assignee',
    access: 'admin',
    summary: "Assigns the application to an admin ('Assign to me' sends one's own id) or to nobody (null); audited with the account ids",
    params: idParamsSchema,
    body: assigneeChangeSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
  }),
  assignees: defineRoute({
    method: 'get',
    path: '/api/admin/assignees',
    access: 'admin',
    summary: 'The admins an application can be assigned to, by name',
    responses: { 200: { description: 'Every admin account, by name', schema: adminAssigneesSchema } },
  }),
  changeNotes: defineRoute({
    method: 'patch',
    path: '/api/admin/applications/{id}/notes',
    access: 'admin',
    summary: 'Saves the admin notes (audited; unchanged text writes nothing)',
    params: idParamsSchema,
    body: notesChangeSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
  }),
};
