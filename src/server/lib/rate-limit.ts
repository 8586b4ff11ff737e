import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../db/client';
import { AppError } from './errors';

export interface RateLimitRule {
  /** Counter name, e.g. 'waitlist:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit against `rule` for `subject` in the database (so every server
 * instance shares the counter) and throws a 429 once the window's budget is spent.
 * One statement: a fixed window that restarts when it has expired.
 */
export async function hitRateLimit(db: Db, rule: RateLimitRule, subject: string): Promise<void> {
  const key = `${rule.name}:${subject}`;
  const [row] = await queryRows<{ count: number; retry_after: number }>(db, sql`
    INSERT INTO rate_limits (key, count, reset_at)
    VALUES (${key}, 1, now() + make_interval(secs => ${rule.windowSeconds}))
    ON CONFLICT (key) DO UPDATE SET
      count = CASE WHEN rate_limits.reset_at <= now() THEN 1 ELSE rate_limits.count + 1 END,
      reset_at = CASE WHEN rate_limits.reset_at <= now() THEN excluded.reset_at ELSE rate_limits.reset_at END
    RETURNING count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after`);
  if (row && Number(row.count) > rule.max) {
    const retryAfter = Math.max(1, Number(row.retry_after));
    throw new AppError(
      429,
      'rate_limited',
      `Too many attempts. Please wait ${formatWait(retryAfter)} and try again.`,
      undefined,
      { 'Retry-After': String(retryAfter) },
    );
  }
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
