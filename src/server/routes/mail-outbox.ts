import { eq } from 'drizzle-orm';
import { systemApi } from '../../domain/api/system';
import { resolveAuthSecret } from '../platform/lib/secret';
import type { AppEnv } from '../platform/http/context';
import { mailOutbox } from '../platform/db/schema';
import { AppError } from '../platform/lib/errors';
import { apiRouter, route } from '../platform/http/route';
import { actionLinkIn, isOutboxKey } from '../platform/mail/outbox-link';

const notFound = () => new AppError(404, 'not_found', 'Not found.');

/**
 * `/api/mail-outbox/{id}?key=…`: without SMTP, the log names this address for each
 * message kept in the outbox (src/server/platform/mail/outbox-link.ts); it redirects to the
 * message's own link. With SMTP, or with a wrong key, there is nothing here.
 */
export function mailOutboxRoutes() {
  const router = apiRouter<AppEnv>();
  route(router, systemApi.mailOutboxMessage, async (c, { params, query }) => {
    const { config, db, mailer } = c.var.deps;
    if (mailer.kind !== 'outbox' || !isOutboxKey(resolveAuthSecret(config), params.id, query.key)) throw notFound();
    const [message] = await db.select({ text: mailOutbox.text }).from(mailOutbox).where(eq(mailOutbox.id, params.id));
    const link = message && actionLinkIn(message.text, config.APP_URL);
    if (!link) throw notFound();
    c.header('Referrer-Policy', 'no-referrer');
    return c.redirect(link, 302);
  });
  return router;
}
