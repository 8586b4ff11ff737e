import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { AppError } from '../lib/errors';

export interface RateLimitRule {
  /** Counter name, e.g. 'waitlist:ip'. */
  name: string;
  max: number;
  windowSeconds: number;
}

/**
 * The counting statement: one hit against `rule` for `subject`, a fixed window
 * that restarts when it has expired; returns `count` and `retry_after` (seconds).
 */
function rateLimitUpsert(db: Db, rule: RateLimitRule, subject: string) {
  const expired = sql`${rateLimits.resetAt} <= now()`;
  return db
    .insert(rateLimits)
    .values({ key: `${rule.name}:${subject}`, count: 1, resetAt: sql`now() + make_interval(secs => ${rule.windowSeconds})` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.${sql.identifier(rateLimits.resetAt.name)} ELSE ${rateLimits.resetAt} END`,
      },
    })
    .returning({ count: rateLimits.count, retry_after: sql<number>`ceil(extract(epoch FROM ${rateLimits.resetAt} - now()))::int` });
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
  const [row] = await rateLimitUpsert(db, rule, subject);
  assertWithinLimit(rule, row);
}

function formatWait(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

/** Drops counters whose window has ended; run now and then. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 minute'`));
}
