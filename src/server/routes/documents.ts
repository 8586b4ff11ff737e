import { documentsApi } from '../../domain/api/application';
import type { DocumentContentType } from '../../domain/application';
import { deleteDocument, contentDisposition, findDocument } from '../modules/applications';
import { actorOf, type AuthedEnv, isAdmin } from '../platform/http/guards';
import { auditedDownload } from '../platform/http/audited-download';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';

const notFound = () => new AppError(404, 'not_found', 'Document not found.');

/**
 * `/api/documents/{id}` (src/domain/api/application.ts) — download (the owner, or an
 * admin; audited) and delete (the owner). Another user's document answers 404,
 * exactly like one that does not exist (docs/product/application.md#documents).
 */
export function documentRoutes() {
  const router = apiRouter<AuthedEnv>();

  /** Admins read every document by the admin area's own rule (auth/guards.ts isAdmin): a session without its second factor is anyone else. */
  route(router, documentsApi.download, async (c, { params }) => {
    const { db, storage, logger } = c.var.deps;
    const document = await findDocument(db, params.id);
    if (!document || (document.userId !== c.var.user.id && !isAdmin(c.var))) throw notFound();
    return auditedDownload({ db, storage }, actorOf(c), {
      storageKey: document.storageKey,
      contentType: document.contentType,
      contentDisposition: contentDisposition(document.originalName, document.contentType as DocumentContentType, document.type),
      audit: { action: 'download', entityType: 'documents', entityId: document.id, changes: { applicationId: document.applicationId, type: document.type } },
      missing: () => {
        logger.error({ documentId: document.id }, 'document row without its stored file');
        return notFound();
      },
    });
  });

  route(router, documentsApi.delete, async (c, { params }) => {
    const user = c.var.user;
    const document = await findDocument(c.var.deps.db, params.id);
    if (!document || document.userId !== user.id) throw notFound();
    await deleteDocument(c.var.deps, user, document);
    return { ok: true as const };
  });

  return router;
}
