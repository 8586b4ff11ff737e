import { Hono } from 'hono';
import { waitlistRequestSchema } from '../../domain/waitlist';
import type { AppEnv } from '../context';
import { clientIp } from '../lib/client-ip';
import { AppError, validationError } from '../lib/errors';
import { hitRateLimit } from '../lib/rate-limit';
import { storeSubmission } from '../waitlist/store-submission';

const INVALID_JSON = Symbol('invalid json');

/** POST /api/waitlist — decisions.md 'Waitlist'; the reply keeps spec §7's `status: 'success'`. */
export function waitlistRoutes() {
  return new Hono<AppEnv>().post('/', async (c) => {
    const { db, config, logger, outbox } = c.var.deps;
    const limit = {
      rule: { name: 'waitlist:ip', max: config.WAITLIST_RATE_LIMIT_MAX, windowSeconds: config.WAITLIST_RATE_LIMIT_WINDOW_SECONDS },
      subject: clientIp(c, config.TRUST_PROXY),
    };
    const body = await c.req.json().catch(() => INVALID_JSON);
    const parsed = body === INVALID_JSON ? null : waitlistRequestSchema.safeParse(body);
    if (!parsed?.success || parsed.data.website) {
      // Refused and honeypot requests count against the visitor's budget too.
      await hitRateLimit(db, limit.rule, limit.subject);
      if (!parsed) throw new AppError(400, 'invalid_json', 'The request body must be valid JSON.');
      if (parsed.success) {
        // Honeypot filled: a bot. Answer like a success so it learns nothing.
        logger.info({ reqId: c.var.requestId }, 'waitlist honeypot triggered');
        return c.json({ status: 'success' });
      }
      throw validationError(parsed.error);
    }
    const { website: _honeypot, ...submission } = parsed.data;
    const forward = Boolean(config.WAITLIST_WEBHOOK_URL);
    await storeSubmission(db, limit, submission, forward);
    if (forward) outbox?.kick();
    return c.json({ status: 'success' });
  });
}
