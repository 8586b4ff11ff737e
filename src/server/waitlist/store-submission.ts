import { sql } from 'drizzle-orm';
import type { WaitlistSubmission } from '../../domain/waitlist';
import { queryRows, type Db } from '../db/client';
import { assertWithinLimit, rateLimitUpsert, type RateLimitRule } from '../lib/rate-limit';

export const WAITLIST_TOPIC = 'waitlist';

/**
 * Counts the visitor's rate limit, upserts the entry (one per e-mail, compared
 * case-insensitively) and, when a webhook is configured, adds its outbox row —
 * all in ONE statement: one round trip and one commit, which is what the
 * waitlist's throughput depends on (bench/waitlist.ts). Over the limit, nothing
 * is written but the count, and the 429 is thrown.
 */
export async function storeSubmission(
  db: Db,
  limit: { rule: RateLimitRule; subject: string },
  submission: WaitlistSubmission,
  forward: boolean,
): Promise<void> {
  const { timestamp, ...s } = submission;
  const outbox = forward
    ? sql`, forwarded AS (
        INSERT INTO webhook_outbox (topic, payload)
        SELECT ${WAITLIST_TOPIC}, ${JSON.stringify(submission)}::jsonb FROM counted WHERE counted.count <= ${limit.rule.max}
        RETURNING 1)`
    : sql``;
  const [row] = await queryRows<{ count: number; retry_after: number }>(db, sql`
    WITH counted AS (${rateLimitUpsert(limit.rule, limit.subject)}),
    stored AS (
      INSERT INTO waitlist_entries (source, first_name, last_name, email, email_key, phone, city_state, intended_state,
        home_type, buying_timeline, price_range, down_payment, monthly_payment_range, priority, housing_status,
        interests, contact_consent, client_timestamp)
      SELECT 'public', ${s.firstName}, ${s.lastName}, ${s.email}, ${s.email.toLowerCase()}, ${s.phone}, ${s.cityState},
        ${s.intendedState}, ${s.homeType}, ${s.buyingTimeline}, ${s.priceRange}, ${s.downPayment}, ${s.monthlyPaymentRange},
        ${s.priority}, ${s.housingStatus}, ${s.interests}, ${s.contactConsent}, ${timestamp}::timestamptz
      FROM counted WHERE counted.count <= ${limit.rule.max}
      ON CONFLICT (email_key) DO UPDATE SET
        first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email, phone = excluded.phone,
        city_state = excluded.city_state, intended_state = excluded.intended_state, home_type = excluded.home_type,
        buying_timeline = excluded.buying_timeline, price_range = excluded.price_range, down_payment = excluded.down_payment,
        monthly_payment_range = excluded.monthly_payment_range, priority = excluded.priority,
        housing_status = excluded.housing_status, interests = excluded.interests, contact_consent = excluded.contact_consent,
        client_timestamp = excluded.client_timestamp, submission_count = waitlist_entries.submission_count + 1,
        received_at = now(), updated_at = now()
      RETURNING 1)${outbox}
    SELECT count, retry_after FROM counted`);
  assertWithinLimit(limit.rule, row);
}
