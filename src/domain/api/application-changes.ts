import { z } from 'zod';
import { adminApplicationDetailSchema } from '../admin/applications';
import { changeDecisionSchema, changeRequestListSchema, newChangeRequestSchema, withdrawApplicationSchema } from '../application/change-requests';
import { APPLICATION_STATUSES } from '../application/status';
import { safeIsoDateTime } from '../safe-text';
import { defineRoute, idParamsSchema } from './route';

/**
 * After submitting, the buyer withdraws the application or asks to change an answer; staff decide
 * on a change (docs/decisions/041-withdrawal-and-change-requests.md). The buyer's routes work on
 * their own active application only: there is no id to guess.
 */

export const withdrawnSchema = z.object({ status: z.enum(APPLICATION_STATUSES), withdrawnAt: safeIsoDateTime('An ISO 8601 date-time') });

export const applicationChangesApi = {
  withdraw: defineRoute({
    method: 'post',
    path: '/api/application/withdraw',
    access: 'user',
    codes: ['application_closed', 'not_submitted', 'home_recorded'],
    summary:
      'Withdraws the submitted or approved application with a reason; audited; staff and the buyer are mailed. Closed like declined: a new one may start',
    body: withdrawApplicationSchema,
    responses: { 200: { description: 'Withdrawn', schema: withdrawnSchema } },
    // 404 no application; 409 not_submitted (a draft), application_closed (withdrawn already, declined), home_recorded (a home was bought).
    errors: [404, 409, 429],
  }),
  listChanges: defineRoute({
    method: 'get',
    path: '/api/application/change-requests',
    access: 'user',
    summary: "The buyer's requests to change an answer of their submitted application, oldest first",
    responses: { 200: { description: 'The requests', schema: changeRequestListSchema } },
  }),
  requestChange: defineRoute({
    method: 'post',
    path: '/api/application/change-requests',
    access: 'user',
    codes: ['application_closed', 'not_submitted', 'home_recorded', 'change_pending'],
    summary: "Asks staff to change one answer to a new value, with a note; the value is checked by the wizard's rules; audited; staff are mailed",
    body: newChangeRequestSchema,
    responses: { 201: { description: 'The requests, with the new one', schema: changeRequestListSchema } },
    // 400 validation_failed (`value`); 404 no application; 409 not_submitted, application_closed, home_recorded, change_pending.
    errors: [404, 409, 429],
  }),
};

export const adminChangeRequestsApi = {
  decide: defineRoute({
    method: 'post',
    path: '/api/admin/change-requests/{id}/decision',
    access: 'admin',
    codes: ['application_closed', 'change_decided'],
    summary: "Accepts a buyer's change request (the answer changes, audited) or declines it with a reason; the buyer is mailed either way",
    params: idParamsSchema,
    body: changeDecisionSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 400 validation_failed (the value no longer passes, or no reason); 404 unknown; 409 change_decided, application_closed.
    errors: [404, 409],
  }),
};
