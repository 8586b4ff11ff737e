import { systemApi } from '../../domain/api/system';
import { resolveAuthSecret } from '../platform/lib/secret';
import type { AppEnv } from '../platform/http/context';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';
import { isOutboxKey, keptMessage, keptMessagePage } from '../platform/mail/outbox-link';

const notFound = () => new AppError(404, 'not_found', 'Not found.');

/**
 * `/api/mail-outbox/{id}?key=…`: without SMTP, the log names this address for each
 * message kept in the outbox (src/server/platform/mail/outbox-link.ts); it shows the
 * message — to, subject, its text with working links, its own link first. With SMTP,
 * or with a wrong key, there is nothing here.
 */
export function mailOutboxRoutes() {
  const router = apiRouter<AppEnv>();
  route(router, systemApi.mailOutboxMessage, async (c, { params, query }) => {
    const { config, db, mailer } = c.var.deps;
    if (mailer.kind !== 'outbox' || !isOutboxKey(resolveAuthSecret(config), params.id, query.key)) throw notFound();
    const message = await keptMessage(db, params.id);
    if (!message) throw notFound();
    // The page holds the message's links (tokens): no copy in a cache (and the page itself asks for no referrer).
    c.header('Cache-Control', 'no-store');
    return c.html(keptMessagePage(message, config.APP_URL));
  });
  return router;
}
