import { waitlistApi } from '../../domain/api/waitlist';
import type { AppEnv } from '../platform/http/context';
import { clientIp } from '../platform/lib/client-ip';
import { AppError } from '../platform/lib/errors';
import { assertWithinLimit, hitRateLimit } from '../platform/limits/rate-limit';
import { apiRouter, route } from '../platform/http/route';

/** POST /api/waitlist (src/domain/api/waitlist.ts; docs/product/waitlist.md); the reply is `{ status: 'success' }`. */
export function waitlistRoutes() {
  const router = apiRouter<AppEnv>();
  // Refused requests count against the visitor's budget too (docs/product/waitlist.md#bots-and-rate-limit): the router
  // refuses a body that is not JSON or not valid before the handler runs, so they are counted here, after it answered;
  // over the budget, the 429 replaces the 400.
  router.use(waitlistApi.submit.path, async (c, next) => {
    await next();
    if (c.req.method === 'POST' && c.error instanceof AppError && c.error.status === 400) {
      const { db, config, waitlist } = c.var.deps;
      await hitRateLimit(db, waitlist.rule, clientIp(c, config.TRUST_PROXY));
    }
  });
  route(router, waitlistApi.submit, async (c, { body }) => {
    const { db, config, logger, waitlist } = c.var.deps;
    const { rule } = waitlist;
    const subject = clientIp(c, config.TRUST_PROXY);
    const { website, ...submission } = body;
    if (website) {
      // Honeypot filled: a bot. Counted like any request, and answered like a success so it learns nothing.
      await hitRateLimit(db, rule, subject);
      logger.info({ reqId: c.var.requestId }, 'waitlist honeypot triggered');
      return { status: 'success' as const };
    }
    // Counted, stored and (with a webhook) queued for forwarding in one statement, batched with other visitors'.
    assertWithinLimit(rule, await waitlist.submit({ submission, subject }));
    return { status: 'success' as const };
  });
  return router;
}
