import type { MiddlewareHandler } from 'hono';
import { applicationApi } from '../../domain/api/application';
import { myRequestsApi } from '../../domain/api/requests';
import { applicationChangesApi } from '../../domain/api/application-changes';
import { purchaseLock } from '../modules/homes';
import {
  answerCorrection,
  myRequests,
  sendDocumentAnswer,
  documentsOf,
  findActiveApplication,
  latestApplication,
  presentApplication,
  presentDocument,
  saveDraft,
  submitApplication,
  storeDocument,
  withdrawApplication,
  myChangeRequests,
  requestChange,
} from '../modules/applications';
import { isoTime } from '../platform/lib/iso-time';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import type { Deps } from '../platform/http/context';
import { hitRateLimit } from '../platform/limits/rate-limit';
import { apiRouter, route } from '../platform/http/route';

/** Path of the upload route, exempt from the API's 64 KB JSON body limit (src/server/app.ts). */
export const UPLOAD_PATH = applicationApi.uploadDocument.path;

/** docs/product/application.md#draft: per user, at most so many saves and submits, and uploads, per window. */
const perUser = (deps: Deps, name: string, max: number, userId: string) =>
  hitRateLimit(deps.db, { name, max, windowSeconds: deps.config.APPLICATION_RATE_LIMIT_WINDOW_SECONDS }, userId);

/** A save counts before its body is read: a refused draft counts like a saved one. */
const limitSaves: MiddlewareHandler<AuthedEnv> = async (c, next) => {
  const deps = c.var.deps;
  await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
  await next();
};

/**
 * `/api/application` (src/domain/api/application.ts) — the signed-in user's own home
 * application (docs/product/application.md). Every route works on the caller's
 * application only: there is no id to guess.
 */
export function applicationRoutes() {
  const router = apiRouter<AuthedEnv>();

  route(router, applicationApi.get, async (c) => {
    const { db, cipher } = c.var.deps;
    const row = await findActiveApplication(db, c.var.user.id);
    // No active one: /apply says when the last was withdrawn (docs/decisions/041-withdrawal-and-change-requests.md).
    const previous = row ? undefined : await latestApplication(db, c.var.user.id);
    return presentApplication(cipher, c.var.user, row, row ? await documentsOf(db, row.id) : [], previous);
  });

  route(
    router,
    applicationApi.save,
    async (c, { body }) => {
      const deps = c.var.deps;
      const row = await saveDraft(deps, c.var.user, body);
      return presentApplication(deps.cipher, c.var.user, row, await documentsOf(deps.db, row.id));
    },
    { before: [limitSaves] },
  );

  route(router, applicationApi.submit, async (c) => {
    const deps = c.var.deps;
    await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
    const row = await submitApplication(deps, c.var.user);
    return presentApplication(deps.cipher, c.var.user, row, await documentsOf(deps.db, row.id));
  });

  /** Streamed to storage as it arrives (docs/product/application.md#documents); `?type=` is checked before a byte is read. */
  route(router, applicationApi.uploadDocument, async (c, { query }) => {
    const deps = c.var.deps;
    await perUser(deps, 'application:upload', deps.config.UPLOAD_RATE_LIMIT_MAX, c.var.user.id);
    const row = await storeDocument(deps, c.var.user, query.type, c.req.raw, { requestId: query.request, actor: actorOf(c) });
    return presentDocument(row);
  });

  // The buyer's side of requests (src/domain/api/requests.ts; docs/decisions/021-requests-and-messages.md).
  route(router, myRequestsApi.list, async (c) => myRequests(c.var.deps.db, c.var.user.id));
  route(router, myRequestsApi.correct, async (c, { params, body }) => {
    const deps = c.var.deps;
    await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
    await answerCorrection(deps, { ...actorOf(c), id: c.var.user.id }, params.id, body);
    return myRequests(deps.db, c.var.user.id);
  });
  route(router, myRequestsApi.send, async (c, { params, body }) => {
    const deps = c.var.deps;
    await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
    await sendDocumentAnswer(deps, { ...actorOf(c), id: c.var.user.id }, params.id, body.comment);
    return myRequests(deps.db, c.var.user.id);
  });

  // Withdrawing and asking to change an answer (docs/decisions/041-withdrawal-and-change-requests.md); a bought home refuses both.
  route(router, applicationChangesApi.withdraw, async (c, { body }) => {
    const deps = c.var.deps;
    await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
    const row = await withdrawApplication(deps, { ...actorOf(c), id: c.var.user.id }, body.reason, [purchaseLock]);
    return { status: row.status, withdrawnAt: isoTime(row.withdrawnAt ?? row.updatedAt) };
  });
  route(router, applicationChangesApi.listChanges, async (c) => myChangeRequests(c.var.deps.db, c.var.user.id));
  route(router, applicationChangesApi.requestChange, async (c, { body }) => {
    const deps = c.var.deps;
    await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
    return requestChange(deps, { ...actorOf(c), id: c.var.user.id }, body, [purchaseLock]);
  });

  return router;
}
