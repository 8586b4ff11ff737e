import { adminDocumentsApi } from '../../../domain/api/admin-documents';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { reviewDocument, reviewDetail } from '../../modules/applications';
import { apiRouter, route } from '../../platform/http/route';

/**
 * The reviewer's verdict on a file (src/domain/api/admin-documents.ts), behind the admin
 * guard of src/server/routes/admin.ts (docs/product/back-office.md#document-review). Answers
 * the review dialog's record.
 */
export function adminDocumentsRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, adminDocumentsApi.review, async (c, { params, body }) =>
    reviewDetail(c.var.deps, await reviewDocument(c.var.deps, actorOf(c), params.id, body)),
  );
  return router;
}
