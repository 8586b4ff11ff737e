import { adminApplicationDetailSchema } from '../admin/applications';
import { documentReviewSchema } from '../application/document-review';
import { defineRoute, idParamsSchema } from './route';

/**
 * The reviewer's verdict on one file (docs/product/back-office.md#document-review;
 * docs/decisions/021-requests-and-messages.md 'Per-document review and versions'). Files,
 * earlier versions included, are downloaded through GET /api/documents/{id} (audited).
 */
export const adminDocumentsApi = {
  review: defineRoute({
    method: 'put',
    path: '/api/admin/documents/{id}/review',
    access: 'admin',
    codes: ['already_asked', 'application_closed', 'document_superseded'],
    summary:
      'Marks a current file of an application under review Accepted, or Needs attention with a reason the applicant reads — which becomes a document request for that file in the same transaction; audited',
    params: idParamsSchema,
    body: documentReviewSchema,
    responses: { 200: { description: 'The application as the review dialog shows it', schema: adminApplicationDetailSchema } },
    // 409 application_closed (approved or declined), document_superseded (an earlier version), already_asked (its request is still open).
    errors: [409],
  }),
};
