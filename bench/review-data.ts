import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CORRECTABLE_FIELDS } from '../src/domain/application/requests';
import { benchDatabase } from './bench-database';
import { fmt } from './lib';

/**
 * The data of the After Submit benchmark (docs/decisions/021-requests-and-messages.md
 * 'Measurements'), generated set-based in SQL into its own PostgreSQL database and kept between runs:
 *
 * - 1,000,000 users, each with one application (row g of generate_series is user g and application g, so
 *   the one-active-application-per-user index holds by construction): by g % 20, 10 % drafts, 40 % submitted
 *   or in review with `waiting_since` set to the submission (what 'Waiting for us' lists), 15 % missing info, 20 % approved,
 *   15 % declined; submitted newest first by g (application 1 is the newest);
 * - a conversation for 86 % of the submitted ones: 1 % of them (g % 97 = 3, and the 200 newest, so that the
 *   admin list's page 1 is the costly case: long conversations, staff's marker halfway) 150 messages long,
 *   the rest 2; about 3,000,000 messages and their application_conversations rows;
 * - 2,000,000 requests (2 or 3 per submitted application), in states that fit the status and waiting_since;
 * - 200,000 reminder jobs waiting for later, 2,000 due now, 100,000 done.
 *
 * Secondary indexes are dropped around the load and rebuilt after it; triggers and foreign-key checks are off
 * during the load (session_replication_role = replica: the rows are consistent by construction) and the
 * dashboard's trigger-kept counters are recounted after; then VACUUM ANALYZE.
 */

/** BENCH_REVIEW_APPLICATIONS: fewer for a quick try of the generator (default 1,000,000, the benchmark's scale). */
export const APPLICATIONS = Number(process.env.BENCH_REVIEW_APPLICATIONS ?? 1_000_000);
export const REVIEW_DB_NAME = APPLICATIONS === 1_000_000 ? 'ownstead_bench_review' : `ownstead_bench_review_${APPLICATIONS}`;
const GENERATOR_VERSION = 2;
const WAITING_JOBS = Math.round(APPLICATIONS / 5);
const DUE_JOBS = 2_000;
const DONE_JOBS = Math.round(APPLICATIONS / 10);
export const STAFF_COUNT = 5;
/** Job kinds of the reminders (ADR 021 'Reminders and notifications are jobs'). */
export const REMINDER_KINDS = ['reminder:draft', 'reminder:verify', 'reminder:requests'] as const;

/** Application g's id: deterministic, so the bench finds the conversations it made without a lookup table. */
export const applicationId = (g: string) => `('b0000000-0000-4000-8000-' || lpad(to_hex(${g}), 12, '0'))::uuid`;
const userId = (g: string) => `'bench-review-user-' || ${g}`;
export const benchUserId = (g: number) => `bench-review-user-${g}`;
export const benchUserEmail = (g: number) => `buyer${g}@review.example.com`;

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (list: readonly string[]) => `ARRAY[${list.map(lit).join(',')}]::text[]`;

/** Status of application g: 0–1 draft, 2–5 submitted, 6–9 in review, 10–12 missing info, 13–16 approved, 17–19 declined. */
const STATUS_OF = (g: string) =>
  `(ARRAY['draft','draft','submitted','submitted','submitted','submitted','in_review','in_review','in_review','in_review',
     'missing_info','missing_info','missing_info','approved','approved','approved','approved','declined','declined','declined'])[1 + ${g} % 20]`;
const NOT_DRAFT = (g: string) => `${g} % 20 >= 2`;
const HAS_CONVERSATION = (g: string) => `(${NOT_DRAFT(g)} AND ${g} % 100 < 96)`;
const IS_LONG = (g: string) => `(${g} <= 200 OR ${g} % 97 = 3)`;
/** Staff's marker halfway through a long conversation: the newest 200 (the admin list's page 1) and every 10th other. */
const HALF_READ = (g: string) => `(${g} <= 200 OR ${g} % 10 = 0)`;
const LONG = 150;

const MESSAGES = [
  'Hello! I uploaded my latest pay stub, could you take a look?',
  'Thank you, we have it. We will get back to you shortly.',
  'Is there anything else you need from me this week?',
  'We are reviewing your bank statements now.',
  'Great, thanks for the quick reply.',
  'Could you send the second page of the statement as well?',
];

function loadSql(t0: string): string[] {
  const submitted = (g: string) => `(${t0} - interval '1 day' - ${g} * interval '90 seconds' - (${g}::bigint * 7919 % 60) * interval '1 second')`;
  /** The k-th of n moments spread evenly between g's submission and t0. */
  const moment = (g: string, k: string, n: number) => `(${submitted(g)} + (${t0} - ${submitted(g)}) * ${k} / ${n + 1}.0)`;
  const staffId = (k: string) => `'bench-review-staff-' || (1 + ${k} % ${STAFF_COUNT})`;
  return [
    `INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, role, created_at, updated_at)
     SELECT 'bench-review-staff-' || k, 'Staff ' || k, 'staff' || k || '@review.example.com', true, 'Staff', k::text, 'admin', ${t0} - interval '4 years', ${t0} - interval '4 years'
     FROM generate_series(1, ${STAFF_COUNT}) k`,
    `INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, phone, role, created_at, updated_at)
     SELECT ${userId('g')}, 'Buyer ' || g, 'buyer' || g || '@review.example.com', true, 'Buyer', g::text, '(555) 010-' || lpad((g % 10000)::text, 4, '0'),
            CASE WHEN g % 20 >= 2 THEN 'applicant' ELSE 'guest' END, ${submitted('g')} - interval '3 days', ${submitted('g')} - interval '3 days'
     FROM generate_series(1, ${APPLICATIONS}) g`,
    `INSERT INTO applications (id, user_id, status, draft, version, first_name, last_name, email, phone, employment_status, employer_name, job_title,
        annual_income, savings_amount, property_address, property_value, down_payment, consent_credit_pull, consent_e_sign, consented_at, certified_at,
        submitted_at, reviewed_at, assignee, assignee_id, assigned_at, waiting_since, decline_reason, created_at, updated_at)
     SELECT ${applicationId('g')}, ${userId('g')}, status, jsonb_build_object('personal', jsonb_build_object('firstName', 'Buyer', 'lastName', g::text)), 8,
        'Buyer', g::text, 'buyer' || g || '@review.example.com', '(555) 010-' || lpad((g % 10000)::text, 4, '0'), 'employed', 'Acme Co', 'Engineer',
        60000 + g % 90000, 20000 + g % 50000, (100 + g % 9800) || ' Main Street, Austin, TX', 300000 + (g % 600) * 1000, 30000 + (g % 60) * 1000,
        NOT draft, NOT draft, CASE WHEN NOT draft THEN s - interval '1 hour' END, CASE WHEN NOT draft THEN s END,
        CASE WHEN NOT draft THEN s END,
        CASE WHEN status IN ('in_review', 'missing_info', 'approved', 'declined') THEN s + (${t0} - s) * 0.3 END,
        CASE WHEN assigned THEN 'Staff ' || (1 + g % ${STAFF_COUNT}) END, CASE WHEN assigned THEN ${staffId('g')} END, CASE WHEN assigned THEN s + (${t0} - s) * 0.2 END,
        CASE WHEN status IN ('submitted', 'in_review') THEN s END,
        CASE WHEN status = 'declined' THEN 'The income shown does not cover the monthly payment yet.' END,
        s - interval '2 days', s + (${t0} - s) * 0.5
     FROM (SELECT g, ${STATUS_OF('g')} AS status, NOT (${NOT_DRAFT('g')}) AS draft, ${submitted('g')} AS s,
                  (g % 20 BETWEEN 6 AND 12 AND g % 3 = 0) AS assigned
           FROM generate_series(1, ${APPLICATIONS}) g) a`,
    // Messages: odd ones the buyer's, even ones staff's; one in 200 deleted (its body emptied, as the check asks).
    `INSERT INTO application_messages (application_id, sender_id, sender_side, body, created_at, deleted_at)
     SELECT ${applicationId('g')}, CASE WHEN k % 2 = 1 THEN ${userId('g')} ELSE ${staffId('g')} END,
            CASE WHEN k % 2 = 1 THEN 'applicant' ELSE 'staff' END,
            CASE WHEN (g + k) % 200 = 0 THEN '' ELSE (${arr(MESSAGES)})[1 + (g + k) % ${MESSAGES.length}] END,
            CASE WHEN n = 2 THEN ${moment('g', 'k', 2)} ELSE ${moment('g', 'k', LONG)} END,
            CASE WHEN (g + k) % 200 = 0 THEN CASE WHEN n = 2 THEN ${moment('g', 'k', 2)} ELSE ${moment('g', 'k', LONG)} END + interval '1 minute' END
     FROM (SELECT g, CASE WHEN ${IS_LONG('g')} THEN ${LONG} ELSE 2 END AS n FROM generate_series(1, ${APPLICATIONS}) g WHERE ${HAS_CONVERSATION('g')}) c
     CROSS JOIN LATERAL generate_series(1, c.n) k`,
    // Markers: a short conversation is read by staff; the buyer has not read the answer in one in ten.
    `INSERT INTO application_conversations (application_id, applicant_read_at, staff_read_at, updated_at)
     SELECT ${applicationId('g')},
            CASE WHEN long THEN ${moment('g', `${LONG}`, LONG)} WHEN g % 10 = 3 THEN ${moment('g', '1', 2)} ELSE ${moment('g', '2', 2)} END,
            CASE WHEN long AND ${HALF_READ('g')} THEN ${moment('g', `${LONG / 2}`, LONG)} WHEN long THEN ${moment('g', `${LONG - 2}`, LONG)} ELSE ${moment('g', '1', 2)} END,
            CASE WHEN long THEN ${moment('g', `${LONG}`, LONG)} ELSE ${moment('g', '2', 2)} END
     FROM (SELECT g, ${IS_LONG('g')} AS long FROM generate_series(1, ${APPLICATIONS}) g WHERE ${HAS_CONVERSATION('g')}) c`,
    // Requests: 2 per submitted application, 3 for one in four; odd ones documents, even ones corrections. Open while
    // submitted or missing info (none answered, so waiting_since stays null there: ADR 021's rule), answered in review.
    `INSERT INTO application_requests (application_id, kind, document_type, fields, note, state, round, created_by, created_at, state_changed_at, state_changed_by)
     SELECT ${applicationId('g')}, CASE WHEN k % 2 = 1 THEN 'document' ELSE 'correction' END,
            CASE WHEN k % 2 = 1 THEN (ARRAY['paystubs','bankStatements','taxReturns','governmentId'])[1 + g % 4] END,
            CASE WHEN k % 2 = 0 THEN ARRAY[(${arr(CORRECTABLE_FIELDS)})[1 + g % ${CORRECTABLE_FIELDS.length}]] END,
            'Please send the most recent one; the one we have is older than 60 days.',
            CASE status WHEN 'in_review' THEN 'answered' WHEN 'approved' THEN 'accepted'
                        WHEN 'declined' THEN CASE WHEN k = 1 THEN 'withdrawn' ELSE 'accepted' END ELSE 'open' END,
            1 + (g % 7 = 0)::int, ${staffId('g')}, s + k * interval '1 hour', s + (${t0} - s) * 0.25 + k * interval '1 minute', ${staffId('g')}
     FROM (SELECT g, ${STATUS_OF('g')} AS status, ${submitted('g')} AS s, 2 + (g % 4 = 0)::int AS n
           FROM generate_series(1, ${APPLICATIONS}) g WHERE ${NOT_DRAFT('g')}) a
     CROSS JOIN LATERAL generate_series(1, a.n) k`,
  ];
}

/** The due reminders, queued again (a server's runner that has the reminder kinds runs them meanwhile). */
function dueJobsSql(): string[] {
  const kind = (n: string) => `(${arr(REMINDER_KINDS)})[1 + ${n} % ${REMINDER_KINDS.length}]`;
  return [
    `DELETE FROM jobs WHERE unique_key LIKE 'bench-review:due:%'`,
    `INSERT INTO jobs (kind, payload, run_at, unique_key, created_at, updated_at)
     SELECT ${kind('n')}, jsonb_build_object('applicationId', ${applicationId('n * 7')}), now() - (n % 600) * interval '1 second', 'bench-review:due:' || n, now(), now()
     FROM generate_series(1, ${DUE_JOBS}) n`,
  ];
}

/** Puts the due reminder jobs back as generated, and vacuums the queue as autovacuum would. */
export async function refillDueJobs(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const statement of dueJobsSql()) await client.query(statement);
    await client.query('VACUUM ANALYZE jobs');
  } finally {
    await client.end();
  }
}

/** The reminder jobs: waiting for later (1 to 7 days ahead), due now, and done ones of the last days. */
function jobsSql(): string[] {
  const kind = (n: string) => `(${arr(REMINDER_KINDS)})[1 + ${n} % ${REMINDER_KINDS.length}]`;
  return [
    `DELETE FROM jobs WHERE unique_key LIKE 'bench-review:%'`,
    `INSERT INTO jobs (kind, payload, run_at, unique_key, created_at, updated_at)
     SELECT ${kind('n')}, jsonb_build_object('applicationId', ${applicationId('n * 5')}), now() + interval '1 day' + (n % 604800) * interval '1 second' * 0.857,
            'bench-review:waiting:' || n, now(), now()
     FROM generate_series(1, ${WAITING_JOBS}) n`,
    ...dueJobsSql(),
    `INSERT INTO jobs (kind, payload, state, attempts, run_at, unique_key, created_at, updated_at, finished_at)
     SELECT ${kind('n')}, jsonb_build_object('applicationId', ${applicationId('n * 3')}), 'done', 1, now() - (n % 864000) * interval '1 second',
            'bench-review:done:' || n, now() - (n % 864000) * interval '1 second', now(), now() - (n % 864000) * interval '1 second'
     FROM generate_series(1, ${DONE_JOBS}) n`,
  ];
}

const LOADED_TABLES = ['user', 'applications', 'application_messages', 'application_conversations', 'application_requests', 'jobs'];

async function timed(client: pg.Client, label: string, text: string) {
  const t = performance.now();
  await client.query(text);
  console.log(`  ${label} in ${fmt((performance.now() - t) / 1000, 1)} s`);
}

async function generate(client: pg.Client) {
  const started = performance.now();
  const t0 = lit(new Date().toISOString()) + '::timestamptz';
  await client.query(`SET maintenance_work_mem = '512MB'`);
  const indexes = (
    await client.query<{ name: string; def: string }>(
      `
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relname = ANY($1) AND t.relnamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
      [LOADED_TABLES],
    )
  ).rows;
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  // Triggers (the dashboard's counters, recounted below) and foreign-key checks off: the rows are consistent by construction.
  await client.query(`SET session_replication_role = replica`);
  const labels = ['staff users', 'users', 'applications', 'messages', 'conversations', 'requests'];
  for (const [i, statement] of loadSql(t0).entries()) await timed(client, `loaded ${labels[i]}`, statement);
  for (const statement of jobsSql()) await client.query(statement);
  await client.query(`SET session_replication_role = origin`);
  const t = performance.now();
  for (const index of indexes) await client.query(index.def);
  console.log(`  rebuilt ${indexes.length} indexes in ${fmt((performance.now() - t) / 1000, 1)} s`);
  // The dashboard's counters (migrations 0003, 0005, 0008, 0009), as the triggers would have kept them.
  await client.query(`UPDATE application_status_counts c SET count = (SELECT count(*) FROM applications a WHERE a.status = c.status)`);
  await client.query(`DELETE FROM table_row_counts WHERE table_name = 'user'`);
  await client.query(
    `INSERT INTO table_row_counts (table_name, shard, count) SELECT 'user', s, CASE WHEN s = 0 THEN (SELECT count(*) FROM "user") ELSE 0 END FROM generate_series(0, 15) s`,
  );
  await client.query('DELETE FROM application_decision_hours');
  await client.query(`INSERT INTO application_decision_hours (hour, decided, total_seconds)
    SELECT date_bin('1 hour', reviewed_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*), sum(extract(epoch FROM reviewed_at - submitted_at))
    FROM applications WHERE status IN ('approved', 'declined') AND reviewed_at IS NOT NULL AND submitted_at IS NOT NULL GROUP BY 1 ORDER BY 1`);
  await client.query('DELETE FROM application_submission_hours');
  await client.query(`INSERT INTO application_submission_hours (hour, submitted)
    SELECT date_bin('1 hour', submitted_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*) FROM applications WHERE submitted_at IS NOT NULL GROUP BY 1 ORDER BY 1`);
  await timed(client, 'VACUUM ANALYZE', 'VACUUM ANALYZE');
  return (performance.now() - started) / 1000;
}

/** Counts of what the benchmark reads. */
export async function reviewCounts(client: pg.Client) {
  const { rows } = await client.query<Record<string, string>>(`SELECT
    (SELECT count(*) FROM applications) AS applications,
    (SELECT count(*) FROM applications WHERE waiting_since IS NOT NULL) AS waiting,
    (SELECT count(*) FROM application_messages) AS messages,
    (SELECT count(*) FROM application_conversations) AS conversations,
    (SELECT count(*) FROM application_requests) AS requests,
    (SELECT count(*) FROM jobs WHERE state = 'queued' AND run_at > now()) AS "jobs waiting",
    (SELECT count(*) FROM jobs WHERE state = 'queued' AND run_at <= now()) AS "jobs due"`);
  return Object.fromEntries(Object.entries(rows[0]).map(([k, v]) => [k, Number(v)]));
}

/**
 * The benchmark's database on `serverUrl`'s server, migrated and filled; reused when its marker says it holds
 * this generator's data (BENCH_REVIEW_FRESH=1 regenerates). Answers its URL.
 */
export async function ensureReviewData(serverUrl: string): Promise<string> {
  const marker = `ownstead review bench v${GENERATOR_VERSION}: applications=${APPLICATIONS}`;
  const { databaseUrl, reuse } = await benchDatabase(serverUrl, REVIEW_DB_NAME, marker, process.env.BENCH_REVIEW_FRESH === '1');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    if (reuse) {
      // Waiting reminders must still be ahead, the due ones still there: refilled when a later run finds them gone or due.
      const { rows } = await client.query<{ ok: boolean }>(
        `SELECT (SELECT min(run_at) FROM jobs WHERE unique_key LIKE 'bench-review:waiting:%') > now() + interval '1 hour'
            AND (SELECT count(*) FROM jobs WHERE unique_key LIKE 'bench-review:due:%' AND state = 'queued') = ${DUE_JOBS} AS ok`,
      );
      if (!rows[0]?.ok) {
        for (const statement of jobsSql()) await client.query(statement);
        await client.query('VACUUM ANALYZE jobs');
        console.log('  refilled the reminder jobs');
      }
      console.log(`\n${REVIEW_DB_NAME}: reused the data already generated`);
    } else {
      console.log(`\n${REVIEW_DB_NAME}: generating ${fmt(APPLICATIONS)} applications, their users, messages, requests and reminder jobs…`);
      const seconds = await generate(client);
      await client.query(`COMMENT ON DATABASE ${REVIEW_DB_NAME} IS ${lit(marker)}`);
      console.log(`  generated in ${fmt(seconds, 1)} s`);
    }
    const counts = await reviewCounts(client);
    console.log(
      `  ${Object.entries(counts)
        .map(([k, v]) => `${fmt(v)} ${k}`)
        .join(', ')}`,
    );
  } finally {
    await client.end();
  }
  return databaseUrl;
}
