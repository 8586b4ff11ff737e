import { sql } from 'drizzle-orm';
import type { WaitlistSubmission } from '../../../domain/waitlist';
import { queryRows, type Db } from '../../platform/db/client';
import { BatchQueue } from '../../platform/db/batch-queue';
import type { Logger } from '../../platform/lib/logger';
import type { OutboxWorker } from '../../platform/mail/outbox';
import type { Config } from '../../platform/config';
import type { RateLimitRule } from '../../platform/limits/rate-limit';
import { DEFAULT_MAX_ATTEMPTS } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import { waitlistConfirmationJob } from './waitlist-confirmation';

export const WAITLIST_TOPIC = 'waitlist';

/** Sign-ups per visitor and window (docs/product/waitlist.md#bots-and-rate-limit). */
export const waitlistRateLimit = (config: Pick<Config, 'WAITLIST_RATE_LIMIT_MAX' | 'WAITLIST_RATE_LIMIT_WINDOW_SECONDS'>): RateLimitRule => ({
  name: 'waitlist:ip',
  max: config.WAITLIST_RATE_LIMIT_MAX,
  windowSeconds: config.WAITLIST_RATE_LIMIT_WINDOW_SECONDS,
});

/** One accepted-by-schema submission and the visitor it is counted against. */
export interface PendingSubmission {
  submission: WaitlistSubmission;
  /** The rate-limit subject (the visitor's address). */
  subject: string;
}

/** The visitor's count in the window after this submission, and the seconds until the window ends. */
export interface CountedHit {
  count: number;
  retry_after: number;
}

/**
 * Stores a batch of submissions in ONE statement: counts each visitor's rate
 * limit (several hits of one visitor add up in arrival order, as if sent one by
 * one), upserts the entries within the limit (one per e-mail, compared
 * case-insensitively; the latest of a batch wins and every one counts in
 * submission_count) and, when a webhook is configured, adds one outbox row per
 * stored submission, and queues one job for the confirmation e-mails of the
 * addresses new to the list (docs/product/waitlist.md#confirmation-e-mail). Answers
 * each submission's own hit, in input order, and whether it queued that job.
 */
export async function storeSubmissions(
  db: Db,
  rule: RateLimitRule,
  items: readonly PendingSubmission[],
  forward: boolean,
): Promise<{ hits: CountedHit[]; confirmations: number }> {
  const input = items.map(({ submission, subject }, i) => {
    const { timestamp, ...s } = submission;
    return {
      i,
      rl_key: `${rule.name}:${subject}`,
      first_name: s.firstName,
      last_name: s.lastName,
      email: s.email,
      email_key: s.email.toLowerCase(),
      phone: s.phone,
      city_state: s.cityState,
      intended_state: s.intendedState,
      home_type: s.homeType,
      buying_timeline: s.buyingTimeline,
      price_range: s.priceRange,
      down_payment: s.downPayment,
      monthly_payment_range: s.monthlyPaymentRange,
      priority: s.priority,
      housing_status: s.housingStatus,
      interests: s.interests,
      contact_consent: s.contactConsent,
      client_timestamp: timestamp,
      payload: submission,
    };
  });
  const outbox = forward
    ? sql`, forwarded AS (
        INSERT INTO webhook_outbox (topic, payload) SELECT ${WAITLIST_TOPIC}, payload FROM allowed ORDER BY i RETURNING 1)`
    : sql``;
  const rows = await queryRows<{ i: number; count: number; retry_after: number; confirmations: number }>(
    db,
    sql`
    WITH input AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(input)}::jsonb) AS x(
        i int, rl_key text, first_name text, last_name text, email text, email_key text, phone text, city_state text,
        intended_state text, home_type text, buying_timeline text, price_range text, down_payment text,
        monthly_payment_range text, priority text, housing_status text, interests text, contact_consent boolean,
        client_timestamp timestamptz, payload jsonb)
    ),
    -- Rows are locked in key order (the counters here, the entries by e-mail below), so two batches written at
    -- once cannot wait on each other in a cycle.
    counted AS (
      INSERT INTO rate_limits AS r (key, count, reset_at)
      SELECT rl_key, count(*), now() + make_interval(secs => ${rule.windowSeconds}) FROM input GROUP BY rl_key ORDER BY rl_key
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN r.reset_at <= now() THEN excluded.count ELSE r.count + excluded.count END,
        reset_at = CASE WHEN r.reset_at <= now() THEN excluded.reset_at ELSE r.reset_at END
      RETURNING key, count, ceil(extract(epoch FROM reset_at - now()))::int AS retry_after
    ),
    ranked AS (
      -- A visitor's k-th hit of this batch: the count after the batch, less the hits that came after it.
      SELECT input.*, c.retry_after,
        c.count - (count(*) OVER (PARTITION BY input.rl_key) - row_number() OVER (PARTITION BY input.rl_key ORDER BY input.i)) AS hit
      FROM input JOIN counted c ON c.key = input.rl_key
    ),
    allowed AS (SELECT * FROM ranked WHERE hit <= ${rule.max}),
    latest AS (
      SELECT DISTINCT ON (email_key) *, count(*) OVER (PARTITION BY email_key) AS times FROM allowed ORDER BY email_key, i DESC
    ),
    stored AS (
      INSERT INTO waitlist_entries (source, first_name, last_name, email, email_key, phone, city_state, intended_state,
        home_type, buying_timeline, price_range, down_payment, monthly_payment_range, priority, housing_status,
        interests, contact_consent, client_timestamp, submission_count)
      SELECT 'public', first_name, last_name, email, email_key, phone, city_state, intended_state, home_type, buying_timeline,
        price_range, down_payment, monthly_payment_range, priority, housing_status, interests, contact_consent, client_timestamp, times
      FROM latest
      ON CONFLICT (email_key) DO UPDATE SET
        first_name = excluded.first_name, last_name = excluded.last_name, email = excluded.email, phone = excluded.phone,
        city_state = excluded.city_state, intended_state = excluded.intended_state, home_type = excluded.home_type,
        buying_timeline = excluded.buying_timeline, price_range = excluded.price_range, down_payment = excluded.down_payment,
        monthly_payment_range = excluded.monthly_payment_range, priority = excluded.priority,
        housing_status = excluded.housing_status, interests = excluded.interests, contact_consent = excluded.contact_consent,
        client_timestamp = excluded.client_timestamp,
        submission_count = waitlist_entries.submission_count + excluded.submission_count,
        received_at = now(), updated_at = now()
      -- xmax is 0 on a row this statement inserted, set on one it updated (the address was on the list already).
      RETURNING id, (xmax = 0) AS inserted)${outbox},
    -- The confirmation e-mails of the addresses new to the list: one job of the runner for the batch
    -- (waitlist-confirmation.ts), none when every address was listed already.
    confirmations AS (
      INSERT INTO jobs (kind, payload, max_attempts)
      SELECT ${waitlistConfirmationJob.kind}, jsonb_build_object('entryIds', jsonb_agg(id)), ${DEFAULT_MAX_ATTEMPTS} FROM stored WHERE inserted
      HAVING count(*) > 0
      RETURNING 1)
    SELECT i, hit AS count, retry_after, (SELECT count(*) FROM confirmations)::int AS confirmations FROM ranked ORDER BY i`,
  );
  return {
    hits: rows.map((row) => ({ count: Number(row.count), retry_after: Number(row.retry_after) })),
    confirmations: Number(rows[0]?.confirmations ?? 0),
  };
}

export interface WaitlistWriterOptions {
  db: Db;
  logger: Logger;
  rule: RateLimitRule;
  /** Set when a webhook is configured: each batch queues its sign-ups for forwarding and wakes the worker once. */
  outbox?: Pick<OutboxWorker, 'kick'>;
  /** The job runner, woken after a batch that queued confirmation e-mails. */
  jobs?: Pick<JobRunner, 'kick'>;
  /** Batches written at once (database connections used). */
  concurrency?: number;
  maxBatch?: number;
}

/**
 * Writes waitlist submissions in batches that form by themselves (src/server/platform/db/batch-queue.ts): a lone
 * visitor waits for nothing but one turn of the event loop; under load one statement and one commit carry many
 * sign-ups (bench/waitlist.ts; docs/decisions/011-waitlist-batches.md). Each visitor is answered only after the
 * statement holding their submission has committed.
 */
export class WaitlistWriter {
  private readonly batches: BatchQueue<PendingSubmission, CountedHit>;

  /** The visitors' sign-up budget, which the route also counts refused requests against. */
  readonly rule: RateLimitRule;

  constructor(options: WaitlistWriterOptions) {
    const { db, rule, outbox, jobs, logger } = options;
    this.rule = rule;
    this.batches = new BatchQueue({
      logger,
      label: 'waitlist',
      concurrency: options.concurrency,
      maxBatch: options.maxBatch,
      write: async (items) => {
        const { hits, confirmations } = await storeSubmissions(db, rule, items, outbox !== undefined);
        outbox?.kick();
        if (confirmations > 0) jobs?.kick();
        return hits;
      },
    });
  }

  /** Stores one submission; resolves with the visitor's counted hit once it is committed. */
  submit(item: PendingSubmission): Promise<CountedHit> {
    return this.batches.push(item);
  }

  /** Resolves when every submission handed in so far has been written (or has failed). */
  drain(): Promise<void> {
    return this.batches.drain();
  }
}
