import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { waitlistRequestSchema, type WaitlistSubmission } from '../../domain/waitlist';
import { waitlistEntries } from '../db/schema';
import type { AppEnv } from '../context';
import { clientIp } from '../lib/client-ip';
import { enqueue } from '../lib/outbox';
import { hitRateLimit } from '../lib/rate-limit';
import { readJson } from '../lib/validate';

export const WAITLIST_TOPIC = 'waitlist';

/** POST /api/waitlist — decisions.md 'Waitlist'; the reply keeps spec §7's `status: 'success'`. */
export function waitlistRoutes() {
  return new Hono<AppEnv>().post('/', async (c) => {
    const { db, config, logger, outbox } = c.var.deps;
    await hitRateLimit(
      db,
      { name: 'waitlist:ip', max: config.WAITLIST_RATE_LIMIT_MAX, windowSeconds: config.WAITLIST_RATE_LIMIT_WINDOW_SECONDS },
      clientIp(c, config.TRUST_PROXY),
    );
    const { website, ...submission } = await readJson(c, waitlistRequestSchema);
    if (website) {
      // Honeypot filled: a bot. Answer like a success so it learns nothing.
      logger.info({ reqId: c.var.requestId }, 'waitlist honeypot triggered');
      return c.json({ status: 'success' });
    }
    const values = rowFrom(submission);
    const upsert = (tx: Pick<typeof db, 'insert'>) =>
      tx
        .insert(waitlistEntries)
        .values(values)
        .onConflictDoUpdate({
          target: waitlistEntries.emailKey,
          set: {
            ...values,
            submissionCount: sql`${waitlistEntries.submissionCount} + 1`,
            updatedAt: sql`now()`,
            receivedAt: sql`now()`,
          },
        });
    if (config.WAITLIST_WEBHOOK_URL) {
      await db.transaction(async (tx) => {
        await upsert(tx);
        // spec §7: the webhook gets the JSON of the submission of spec §3 (the schema keeps only its fields).
        await enqueue(tx, WAITLIST_TOPIC, submission);
      });
      outbox?.kick();
    } else {
      await upsert(db);
    }
    return c.json({ status: 'success' });
  });
}

/** The submission's fields share the columns' names; the row adds the lookup key and the parsed timestamp. */
function rowFrom({ timestamp, ...fields }: WaitlistSubmission) {
  return { ...fields, source: 'public' as const, emailKey: fields.email.toLowerCase(), clientTimestamp: new Date(timestamp) };
}
