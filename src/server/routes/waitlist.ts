import { Hono } from 'hono';
import { waitlistRequestSchema } from '../../domain/waitlist';
import type { AppEnv } from '../context';
import { clientIp } from '../lib/client-ip';
import { AppError, validationError } from '../lib/errors';
import { assertWithinLimit, hitRateLimit } from '../lib/rate-limit';

const INVALID_JSON = Symbol('invalid json');

/** POST /api/waitlist — decisions.md 'Waitlist'; the reply keeps spec §7's `status: 'success'`. */
export function waitlistRoutes() {
  return new Hono<AppEnv>().post('/', async (c) => {
    const { db, config, logger, waitlist } = c.var.deps;
    const { rule } = waitlist;
    const subject = clientIp(c, config.TRUST_PROXY);
    const body = await c.req.json().catch(() => INVALID_JSON);
    const parsed = body === INVALID_JSON ? null : waitlistRequestSchema.safeParse(body);
    if (!parsed?.success || parsed.data.website) {
      // Refused and honeypot requests count against the visitor's budget too.
      await hitRateLimit(db, rule, subject);
      if (!parsed) throw new AppError(400, 'invalid_json', 'The request body must be valid JSON.');
      if (parsed.success) {
        // Honeypot filled: a bot. Answer like a success so it learns nothing.
        logger.info({ reqId: c.var.requestId }, 'waitlist honeypot triggered');
        return c.json({ status: 'success' });
      }
      throw validationError(parsed.error);
    }
    const { website: _honeypot, ...submission } = parsed.data;
    // Counted, stored and (with a webhook) queued for forwarding in one statement, batched with other visitors'.
    assertWithinLimit(rule, await waitlist.submit({ submission, subject }));
    return c.json({ status: 'success' });
  });
}
