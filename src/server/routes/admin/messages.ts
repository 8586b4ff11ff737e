import { adminMessagesApi } from '../../../domain/api/messages';
import { actorOf, type AuthedEnv } from '../../platform/http/guards';
import { AppError } from '../../platform/lib/errors';
import { apiRouter, route } from '../../platform/http/route';
import {
  deleteMessage,
  findMessage,
  loadConversation,
  markRead,
  messageNotFound,
  ownerOfApplication,
  sendMessage,
  sendWithAttachment,
} from '../../modules/applications';
import { messageAttachmentsApi } from '../../../domain/api/message-attachments';
import { homeOfApplication } from '../../modules/homes';

const applicationNotFound = () => new AppError(404, 'not_found', 'Application not found.');

/**
 * Staff's side of the conversations (src/domain/api/messages.ts), behind the admin guard of
 * src/server/routes/admin.ts (docs/product/application.md#conversation): any application's
 * messages, answer, delete their own within 5 minutes, and one read marker for the team.
 */
export function adminMessagesRoutes() {
  const router = apiRouter<AuthedEnv>();
  const exists = async (c: { var: { deps: { db: Parameters<typeof ownerOfApplication>[0] } } }, id: string) => {
    if (!(await ownerOfApplication(c.var.deps.db, id))) throw applicationNotFound();
  };

  route(router, adminMessagesApi.conversation, async (c, { params, query }) => {
    await exists(c, params.id);
    const { db } = c.var.deps;
    return { ...(await loadConversation(db, params.id, { id: c.var.user.id, side: 'staff' }, query.before)), home: await homeOfApplication(db, params.id) };
  });

  route(router, adminMessagesApi.send, async (c, { params, body }) => {
    await exists(c, params.id);
    return sendMessage(c.var.deps, actorOf(c), c.var.user.id, params.id, 'staff', body.body);
  });

  route(router, adminMessagesApi.read, async (c, { params, body }) => {
    await exists(c, params.id);
    return { unread: await markRead(c.var.deps.db, params.id, 'staff', body.upTo) };
  });

  route(router, adminMessagesApi.delete, async (c, { params }) => {
    const message = await findMessage(c.var.deps.db, params.id);
    if (!message) throw messageNotFound();
    await deleteMessage(c.var.deps, actorOf(c), c.var.user.id, message);
    return { ok: true as const };
  });

  // A message with a file (docs/decisions/041-withdrawal-and-change-requests.md): the application is named in the query.
  route(router, messageAttachmentsApi.sendAsStaff, async (c, { query }) => {
    await exists(c, query.application);
    return sendWithAttachment(c.var.deps, actorOf(c), c.var.user.id, query.application, 'staff', c.req.raw);
  });

  return router;
}
