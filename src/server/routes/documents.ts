import { Hono } from 'hono';
import { ROLE_RANK, roleRank } from '../../domain/roles';
import { deleteDocument } from '../applications/document-store';
import { documentResponse } from '../applications/download';
import { findDocument, type DocumentRow } from '../applications/repository';
import { actorOf, recordAudit } from '../admin/audit';
import { requireUser, type AuthedEnv } from '../auth/guards';
import { AppError } from '../lib/errors';

const notFound = () => new AppError(404, 'not_found', 'Document not found.');

/** Admins read every document, once two-factor is on (as every admin route requires). */
const isAdmin = (user: AuthedEnv['Variables']['user']) => roleRank(user.role) >= ROLE_RANK.admin && Boolean(user.twoFactorEnabled);

/**
 * `/api/documents/:id` — download (owner or admin; audited) and delete (owner). Another
 * user's document answers 404, exactly like one that does not exist.
 */
export function documentRoutes() {
  return new Hono<AuthedEnv>()
    .use('*', requireUser)
    .get('/:id', async (c) => {
      const { db, storage, logger } = c.var.deps;
      const user = c.var.user;
      const document = await findDocument(db, c.req.param('id'));
      if (!document || (document.userId !== user.id && !isAdmin(user))) throw notFound();
      const response = await documentResponse(storage, document);
      if (!response) {
        logger.error({ documentId: document.id }, 'document row without its stored file');
        throw notFound();
      }
      // decisions.md 'Back office': every document download is in the audit log (owner or admin).
      // No entry, no file: a download that cannot be recorded does not happen.
      try {
        await recordAudit(db, actorOf(c), {
          action: 'download',
          entityType: 'documents',
          entityId: document.id,
          changes: { applicationId: document.applicationId, type: document.type },
        });
      } catch (error) {
        await response.body?.cancel().catch(() => undefined);
        throw error;
      }
      return response;
    })
    .delete('/:id', async (c) => {
      const user = c.var.user;
      const document: DocumentRow | undefined = await findDocument(c.var.deps.db, c.req.param('id'));
      if (!document || document.userId !== user.id) throw notFound();
      await deleteDocument(c.var.deps, user, document);
      return c.json({ deleted: true });
    });
}
