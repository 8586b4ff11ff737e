import { Readable } from 'node:stream';
import { homeStatementsApi } from '../../domain/api/home-statements';
import { statementFileName } from '../../domain/homes/statements';
import { actorOf, type AuthedEnv } from '../platform/http/guards';
import type { Deps } from '../platform/http/context';
import { findStatement, homeExists, homeIdOfUser, statementOfUser, statementsOf } from '../modules/homes';
import { auditedDownload } from '../platform/http/audited-download';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';

/**
 * Monthly statements (src/domain/api/home-statements.ts): the signed-in homeowner's
 * own, found from the session's home (another home's statement answers 404, as one
 * that does not exist), and a home's in the back office, whose downloads are audited.
 */

const notFound = () => new AppError(404, 'not_found', 'There is no such statement.');

const attachment = (period: string) => `attachment; filename="${statementFileName(period)}"`;

/** A stored statement as a private PDF attachment. */
async function sendStatement(deps: Pick<Deps, 'storage' | 'logger'>, statement: { id: string; storageKey: string; period: string }): Promise<Response> {
  const stored = await deps.storage.get(statement.storageKey);
  if (!stored) {
    deps.logger.error({ statementId: statement.id }, 'statement row without its stored PDF');
    throw notFound();
  }
  return new Response(Readable.toWeb(stored.body) as ReadableStream<Uint8Array>, {
    status: 200,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Length': String(stored.size),
      'Content-Disposition': attachment(statement.period),
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}

/** `/api/me/home/statements`: the homeowner's list and downloads. */
export function homeStatementRoutes() {
  const router = apiRouter<AuthedEnv>();

  route(router, homeStatementsApi.mine, async (c) => {
    const { db } = c.var.deps;
    const homeId = await homeIdOfUser(db, c.var.user.id);
    return { statements: homeId ? await statementsOf(db, homeId) : [] };
  });

  route(router, homeStatementsApi.myDownload, async (c, { params }) => {
    const statement = await statementOfUser(c.var.deps.db, c.var.user.id, params.id);
    if (!statement) throw notFound();
    return sendStatement(c.var.deps, statement);
  });
  return router;
}

/** `/api/admin/homes/{id}/statements`, behind the admin guard of src/server/routes/admin.ts. */
export function adminHomeStatementRoutes() {
  const router = apiRouter<AuthedEnv>();
  route(router, homeStatementsApi.adminList, async (c, { params }) => {
    const { db } = c.var.deps;
    if (!(await homeExists(db, params.id))) throw new AppError(404, 'not_found', 'We could not find that home.');
    return { statements: await statementsOf(db, params.id) };
  });

  route(router, homeStatementsApi.adminDownload, async (c, { params }) => {
    const { db, storage, logger } = c.var.deps;
    const statement = await findStatement(db, params.id, params.statementId);
    if (!statement) throw notFound();
    return auditedDownload({ db, storage }, actorOf(c), {
      storageKey: statement.storageKey,
      contentType: 'application/pdf',
      contentDisposition: attachment(statement.period),
      audit: { action: 'download', entityType: 'homes', entityId: statement.homeId, changes: { statement: statement.id, period: statement.period } },
      missing: () => {
        logger.error({ statementId: statement.id }, 'statement row without its stored PDF');
        return notFound();
      },
    });
  });
  return router;
}
