import { adminApplicationDetailSchema } from '../admin/applications';
import { newRequestSchema, reopenRequestSchema } from '../application/requests';
import { defineRoute, idParamsSchema } from './route';

/**
 * The reviewer's side of requests ("conditions"; docs/product/back-office.md#requests,
 * docs/decisions/021-requests-and-messages.md): ask for a document or a correction,
 * withdraw an open request, accept or reopen an answered one. Each answers the review
 * dialog's record (its `requests` included) and is audited in the same transaction.
 * The list of an application's requests is part of that record
 * (GET /api/admin/applications/{id}).
 */
export const adminRequestsApi = {
  create: defineRoute({
    method: 'post',
    path: '/api/admin/applications/{id}/requests',
    access: 'admin',
    codes: ['application_closed'],
    summary: 'Asks the applicant for a document (a type, or Other with a title) or a correction of named answers, with a note; audited',
    params: idParamsSchema,
    body: newRequestSchema,
    responses: { 201: { description: 'The application as the review dialog shows it, with the new request', schema: adminApplicationDetailSchema } },
    // 409 application_closed: approved or declined.
    errors: [409],
  }),
  withdraw: defineRoute({
    method: 'post',
    path: '/api/admin/requests/{id}/withdraw',
    access: 'admin',
    codes: ['application_closed', 'request_state'],
    summary: 'Withdraws an open request; the last open one of a Missing Info application moves it back to In Review; audited',
    params: idParamsSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 409 request_state (not open), application_closed.
    errors: [409],
  }),
  accept: defineRoute({
    method: 'post',
    path: '/api/admin/requests/{id}/accept',
    access: 'admin',
    codes: ['request_state'],
    summary: 'Accepts an answered request; audited',
    params: idParamsSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 409 request_state (not answered), application_closed.
    errors: [409],
  }),
  reopen: defineRoute({
    method: 'post',
    path: '/api/admin/requests/{id}/reopen',
    access: 'admin',
    codes: ['request_state'],
    summary: 'Asks again for an answered request, with a new note (the request is open again, in its next round); audited',
    params: idParamsSchema,
    body: reopenRequestSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 409 request_state (not answered), application_closed.
    errors: [409],
  }),
};
