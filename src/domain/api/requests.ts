import { z } from 'zod';
import { answerRequestSchema, applicationRequestSchema } from '../application/requests';
import { APPLICATION_STATUSES } from '../application/status';
import { safeString } from '../safe-text';
import { defineRoute, idParamsSchema } from './route';

/**
 * The buyer's side of requests ("conditions"; docs/product/application.md#after-submission-the-to-do-page,
 * docs/decisions/021-requests-and-messages.md): the To do page lists the open and
 * answered requests of the signed-in user's application, corrects exactly the named
 * answers, and sends an uploaded document to the reviewer. A document is uploaded to
 * its request with POST /api/application/documents?type=…&request={id}. Another
 * user's request is 404.
 */

/** The To do page: the application's status and its requests still the buyer's concern (open) or waiting for the reviewer (answered), oldest first. */
export const myRequestsSchema = z.object({
  status: z.enum(APPLICATION_STATUSES).nullable(),
  requests: z.array(applicationRequestSchema),
});
export type MyRequests = z.output<typeof myRequestsSchema>;

/**
 * A correction's answer: the new values of exactly the fields the request unlocks
 * (fieldsUnlockedBy), keyed by their dotted names ('personal.phone'), each checked by
 * the wizard's schemas; any other key is refused. An optional comment to the reviewer.
 */
export const correctionAnswerSchema = answerRequestSchema.extend({
  values: z.record(safeString(), z.union([safeString(), z.number(), z.boolean(), z.null()]), { error: 'Send the corrected answers.' }),
});
export type CorrectionAnswer = z.input<typeof correctionAnswerSchema>;

export const myRequestsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/application/requests',
    access: 'user',
    summary: "The open and answered requests of the user's application (the To do page)",
    responses: { 200: { description: 'The requests', schema: myRequestsSchema } },
  }),
  correct: defineRoute({
    method: 'put',
    path: '/api/application/requests/{id}/correction',
    access: 'user',
    summary:
      'Answers a correction request with the new values of exactly its fields; the request is answered; the last open one moves Missing Info back to In Review; audited',
    params: idParamsSchema,
    body: correctionAnswerSchema,
    responses: { 200: { description: 'The requests after the answer', schema: myRequestsSchema } },
    // 400 validation_failed (fields); 409 request_state, request_kind, application_closed.
    errors: [409],
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/application/requests/{id}/answer',
    access: 'user',
    codes: ['no_file', 'request_state'],
    summary: "A document request's 'Send to reviewer' once a file is uploaded to it; the last open one moves Missing Info back to In Review; audited",
    params: idParamsSchema,
    body: answerRequestSchema,
    responses: { 200: { description: 'The requests after the answer', schema: myRequestsSchema } },
    // 409 request_state, request_kind, no_file, application_closed.
    errors: [409],
  }),
};
