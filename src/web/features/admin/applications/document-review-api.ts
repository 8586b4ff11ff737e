import { adminDocumentsApi } from '../../../../domain/api/admin-documents';
import type { DocumentReview } from '../../../../domain/application/document-review';
import { callApi } from '../../../lib/call-api';
import { useApplicationChange } from './applications-api';

/**
 * PUT /api/admin/documents/{id}/review (docs/product/back-office.md#document-review): a file
 * Accepted, or Needs attention with a reason (which becomes a request). `id` is the
 * application's, whose record the reply is.
 */
export const useDocumentReview = (id: string) =>
  useApplicationChange(
    ({ documentId, body }: { documentId: string; body: DocumentReview }) => callApi(adminDocumentsApi.review, { params: { id: documentId }, body }),
    id,
    {
      success: ({ body }) => (body.state === 'accepted' ? 'Document accepted' : 'Marked Needs attention: the applicant has a new request'),
      failure: 'Failed to save the review',
    },
  );
