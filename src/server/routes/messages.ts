import { messagesApi } from '../../domain/api/messages';
import {
  latestApplication,
  deleteMessage,
  findMessage,
  loadConversation,
  markRead,
  messageNotFound,
  ownerOfApplication,
  sendMessage,
  sendWithAttachment,
  downloadAttachment,
  unreadCount,
} from '../modules/applications';
import { messageAttachmentsApi } from '../../domain/api/message-attachments';
import { homeOfApplication } from '../modules/homes';
import { actorOf, type AuthedEnv, isAdmin } from '../platform/http/guards';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';

const noApplication = () => new AppError(404, 'no_application', 'Start an application first: messages are about your application.');

/**
 * `/api/messages` (src/domain/api/messages.ts): the signed-in user's conversation with our
 * staff about their application (docs/product/application.md#conversation) — the active
 * one, else the latest declined one. A message id from another user's conversation
 * answers 404, exactly like one that does not exist.
 */
export function messageRoutes() {
  const router = apiRouter<AuthedEnv>();
  const viewer = (c: { var: { user: { id: string } } }) => ({ id: c.var.user.id, side: 'applicant' as const });

  route(router, messagesApi.conversation, async (c, { query }) => {
    const { db } = c.var.deps;
    const application = await latestApplication(db, c.var.user.id);
    if (!application) return { applicationId: null, messages: [], olderCursor: null, unread: 0, home: null };
    return { ...(await loadConversation(db, application.id, viewer(c), query.before)), home: await homeOfApplication(db, application.id) };
  });

  route(router, messagesApi.unread, async (c) => {
    const { db } = c.var.deps;
    const application = await latestApplication(db, c.var.user.id);
    return { unread: application ? await unreadCount(db, application.id, 'applicant') : 0 };
  });

  route(router, messagesApi.send, async (c, { body }) => {
    const deps = c.var.deps;
    const application = await latestApplication(deps.db, c.var.user.id);
    if (!application) throw noApplication();
    return sendMessage(deps, actorOf(c), c.var.user.id, application.id, 'applicant', body.body);
  });

  route(router, messagesApi.read, async (c, { body }) => {
    const { db } = c.var.deps;
    const application = await latestApplication(db, c.var.user.id);
    if (!application) throw noApplication();
    return { unread: await markRead(db, application.id, 'applicant', body.upTo) };
  });

  route(router, messagesApi.delete, async (c, { params }) => {
    const deps = c.var.deps;
    const message = await findMessage(deps.db, params.id);
    if (!message || (await ownerOfApplication(deps.db, message.applicationId)) !== c.var.user.id) throw messageNotFound();
    await deleteMessage(deps, actorOf(c), c.var.user.id, message);
    return { ok: true as const };
  });

  // A message with a file (docs/decisions/041-withdrawal-and-change-requests.md), streamed to storage as a document is.
  route(router, messageAttachmentsApi.send, async (c) => {
    const deps = c.var.deps;
    const application = await latestApplication(deps.db, c.var.user.id);
    if (!application) throw noApplication();
    return sendWithAttachment(deps, actorOf(c), c.var.user.id, application.id, 'applicant', c.req.raw);
  });

  /** The conversation's owner, or an admin by the admin area's rule (a session without its second factor is anyone else); else 404. */
  route(router, messageAttachmentsApi.download, async (c, { params }) => {
    const deps = c.var.deps;
    const message = await findMessage(deps.db, params.id);
    if (!message || (!isAdmin(c.var) && (await ownerOfApplication(deps.db, message.applicationId)) !== c.var.user.id)) throw messageNotFound();
    return downloadAttachment(deps, actorOf(c), message);
  });

  return router;
}
