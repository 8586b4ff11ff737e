import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Counter name, e.g. 'waitlist:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * The counting statement: one hit against `rule` for `subject`, a fixed window
 * that restarts when it has expired; returns `count` and `retry_after` (seconds).
 * Exported so a route can run it in the same statement as its own write.
 */
export function rateLimitUpsert(rule: RateLimitRule, subject: string): SQL {
  const key = `${rule.name}:${subject}`;
  return sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`;
}

/** Throws the 429 when a counted hit is over the rule's budget. */
export function assertWithinLimit(rule: RateLimitRule, row: { count: number; retry_after: number } | undefined): void {
  if (row && Number(row.count) > rule.max) {
    const retryAfter = Math.max(1, Number(row.retry_after));
    throw new AppError(429, 'rate_limited', `Too many attempts. Please wait ${formatWait(retryAfter)} and try again.`, undefined, {
      'Retry-After': String(retryAfter),
    });
  }
}

/**
 * Counts one hit against `rule` for `subject` in the database (so every server
 * instance shares the counter) and throws a 429 once the window's budget is spent.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const [row] = await queryRows<{ count: number; retry_after: number }>(db, rateLimitUpsert(rule, subject));
  assertWithinLimit(rule, row);
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** Drops counters whose window has ended; run now and then. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`DELETE FROM rate_limits WHERE reset_at < now() - interval '1 minute'`);
}
