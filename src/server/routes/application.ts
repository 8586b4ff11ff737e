import { Hono } from 'hono';
import { isDocumentType, DOCUMENT_TYPES } from '../../domain/application';
import { documentsOf, findActiveApplication } from '../applications/repository';
import { presentApplication, presentDocument } from '../applications/present';
import { saveDraft, saveDraftBodySchema } from '../applications/save-draft';
import { submitApplication } from '../applications/submit';
import { storeDocument } from '../applications/document-store';
import { requireUser, type AuthedEnv } from '../auth/guards';
import type { Deps } from '../context';
import { AppError } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import { readJson } from '../lib/validate';

/** Path of the upload route, exempt from the API's 64 KB JSON body limit (src/server/app.ts). */
export const UPLOAD_PATH = '/api/application/documents';

const perUser = (deps: Deps, name: string, max: number, userId: string) =>
  hitRateLimit(deps.db, { name, max, windowSeconds: deps.config.APPLICATION_RATE_LIMIT_WINDOW_SECONDS }, userId);

/**
 * `/api/application` — the signed-in user's own home application (issue 5).
 * Every route works on the caller's application only: there is no id to guess.
 */
export function applicationRoutes() {
  return new Hono<AuthedEnv>()
    .use('*', requireUser)
    .get('/', async (c) => {
      const { db, cipher } = c.var.deps;
      const row = await findActiveApplication(db, c.var.user.id);
      return c.json(presentApplication(cipher, c.var.user, row, row ? await documentsOf(db, row.id) : []));
    })
    .put('/', async (c) => {
      const deps = c.var.deps;
      await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
      const body = await readJson(c, saveDraftBodySchema);
      const row = await saveDraft(deps, c.var.user, body);
      return c.json(presentApplication(deps.cipher, c.var.user, row, await documentsOf(deps.db, row.id)));
    })
    .post('/submit', async (c) => {
      const deps = c.var.deps;
      await perUser(deps, 'application:save', deps.config.APPLICATION_RATE_LIMIT_MAX, c.var.user.id);
      const row = await submitApplication(deps, c.var.user);
      return c.json(presentApplication(deps.cipher, c.var.user, row, await documentsOf(deps.db, row.id)));
    })
    .post('/documents', async (c) => {
      const deps = c.var.deps;
      const type = c.req.query('type');
      if (!isDocumentType(type)) {
        throw new AppError(400, 'invalid_document_type', `Say which document this is: ?type= one of ${DOCUMENT_TYPES.join(', ')}.`);
      }
      await perUser(deps, 'application:upload', deps.config.UPLOAD_RATE_LIMIT_MAX, c.var.user.id);
      const row = await storeDocument(deps, c.var.user, type, c.req.raw);
      return c.json(presentDocument(row), 201);
    });
}
