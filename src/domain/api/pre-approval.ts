import { defineRoute, idParamsSchema } from './route';

/**
 * The buyer's pre-approval letter (docs/decisions/030-pre-approval.md): their own only, found by
 * id and the session together (another user's, or one no longer current, answers 404), for any
 * signed-in user: a buyer has no home yet. The pre-approval itself comes with GET /api/me/status.
 */
export const preApprovalApi = {
  letter: defineRoute({
    method: 'get',
    path: '/api/me/pre-approvals/{id}/letter',
    access: 'user',
    codes: ['pre_approval_expired'],
    summary: "Downloads the signed-in buyer's pre-approval letter as a PDF (their current pre-approval only; refused once it has expired)",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
    // 409 pre_approval_expired: past its expiry date, until staff renew it.
    errors: [404, 409],
  }),
};
