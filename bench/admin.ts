import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import autocannon from 'autocannon';
import pg from 'pg';
import { adminCreate } from '../src/server/cli/admin-create';
import { BUSINESSES, CITIES, EMPLOYERS, JOB_TITLES, STAFF, STREET_KINDS, STREETS } from '../src/server/cli/seed-data';
import { FIRST_NAMES, LAST_NAMES } from '../src/server/cli/seed-names';
import { openDatabase } from '../src/server/platform/db/client';
import {
  BUYING_TIMELINES,
  DOWN_PAYMENTS,
  HOME_TYPES,
  HOUSING_STATUSES,
  MONTHLY_PAYMENT_RANGES,
  PRICE_RANGES,
  PRIORITIES,
  US_STATES,
} from '../src/domain/waitlist';
import { benchDatabase, DatabaseUnreachable } from './bench-database';
import { adminBrowser } from './http';
import { withPageStatements } from './review-explain';
import { commandCpuMs, createGetter, fmt, percentile, processCpuMs, startProcess } from './lib';

/**
 * Back-office benchmark (docs/decisions/013-applications-search.md): 1,000,000 applications of 100,000
 * users (plus waitlist entries and letters) in PostgreSQL and 100,000 applications
 * of 10,000 users in PGlite, generated set-based in SQL; then the real server is
 * measured over HTTP with a signed-in, two-factor admin: 10 concurrent clients, a
 * fixed number of requests per query.
 *
 * A user has at most one application that is not declined (partial unique index),
 * so each user gets one application with a status drawn from the five review
 * statuses and nine older declined ones, spread over about three years.
 *
 * Knobs: BENCH_ADMIN_REQUESTS (per query, default 1000: a p95 from 1,000 requests moves less with the machine than one from 200), BENCH_ADMIN_USERS (100000),
 * BENCH_ADMIN_PGLITE_USERS (10000), BENCH_ADMIN_FRESH=1 (regenerate even when the
 * PostgreSQL database already holds the data), BENCH_ADMIN_DB=pglite|postgres (one
 * only), BENCH_ADMIN_ONLY (a pattern: only the queries whose label matches), BENCH_SERVER_NODE_FLAGS
 * (node flags for the server, such as --cpu-prof), BENCH_DATABASE_URL
 * (PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres).
 *
 * Each row also says where the CPU went per request (server process, PostgreSQL's
 * processes, this load generator), read from /proc: on two shared cores, latency under
 * ten clients is mostly the sum of these.
 */

const REQUESTS = Number(process.env.BENCH_ADMIN_REQUESTS ?? 1000);
const CLIENTS = 10;
/** BENCH_SERVER_NODE_FLAGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_ADMIN_ONLY: a pattern; only the queries whose label matches it are measured (after the ping). */
const ONLY = process.env.BENCH_ADMIN_ONLY ? new RegExp(process.env.BENCH_ADMIN_ONLY, 'i') : null;
/** Warm-up requests per query before measuring (10 per client): the server measured as it runs, its code already compiled by V8. */
const WARMUP = 100;
/** Requests of one client alone after the concurrent run (service time without queueing). */
const SERIAL = 30;
const PER_USER = 10;
const BENCH_DB_NAME = 'ownstead_bench_admin';
const GENERATOR_VERSION = 1;
const ADMIN = { email: 'bench.admin@ownstead.example', password: 'bench-admin-passphrase-7' };
/** A partial last name (Martin, Martinez; Martha too) that matches many rows. */
const PARTIAL_NAME = 'mart';

interface Scale {
  users: number;
  waitlist: number;
  letters: number;
}

interface Query {
  label: string;
  path: string;
  /** p95 target in ms; none for a reference row. */
  target?: number;
  /** The applications search shapes: explained when a target fails. */
  explain?: boolean;
}

interface Figures {
  query: Query;
  requests: number;
  errors: number;
  firstError?: string;
  p50: number;
  p95: number;
  p99: number;
  /** p50 of one client alone: the time a request takes without queueing behind the others. */
  serialP50: number;
  /** CPU ms per request during the concurrent run: where the two cores went (null without /proc). */
  cpu: { server: number | null; database: number | null; client: number };
}

/** Where to read CPU time: the server's process, and the database's processes when it runs on its own. */
interface CpuSources {
  serverPid: number | undefined;
  /** Process name of the database server's backends (`postgres`); none for PGlite, which runs inside the server. */
  databaseCommand?: string;
}

// ---- Data generation (set-based SQL) ----

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (list: readonly string[]) => `ARRAY[${list.map(lit).join(',')}]::text[]`;
/** An element of `list` chosen by a [0, 1) expression. */
const pickBy = (list: readonly string[], r: string) => `(${arr(list)})[1 + floor((${r}) * ${list.length})::int]`;

const STATUSES = ['submitted', 'in_review', 'missing_info', 'approved', 'declined'];

function generationSql(scale: Scale): { load: string[]; after: string[] } {
  const streetAddress = (r1: string, r2: string, r3: string, cityIndex: string) =>
    `(100 + floor(${r1} * 9800)::int)::text || ' ' || ${pickBy(STREETS, r2)} || ' ' || ${pickBy(STREET_KINDS, r3)} || ', ' || ` +
    `(${arr(CITIES.map((c) => `${c[0]}, ${c[1]} ${c[4]}`))})[${cityIndex}] || lpad((1 + floor(${r1} * 98))::int::text, 2, '0')`;
  const half = Math.floor(scale.waitlist / 2);
  const fromUsers = Math.floor(scale.letters / 4);
  const everyNthUser = Math.max(1, Math.floor(scale.users / Math.max(1, half)));
  const load = [
    `SELECT setseed(0.4242)`,
    // Users: names from the lists, unique e-mails, a phone, a two-letter intended state; joined over three years.
    `INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, phone, role, intended_state, created_at, updated_at)
     SELECT 'bench-user-' || g, f || ' ' || l, lower(f) || '.' || lower(l) || '.' || g || '@example.com', true, f, l,
            '(' || (201 + g % 780) || ') 555-01' || lpad((g % 100)::text, 2, '0'), 'applicant',
            (${arr(CITIES.map((c) => c[1]))})[1 + g % ${CITIES.length}], created, created
     FROM (SELECT g, ${pickBy(FIRST_NAMES, 'random()')} AS f, ${pickBy(LAST_NAMES, 'random()')} AS l,
                  now() - interval '1200 days' + random() * interval '90 days' AS created
           FROM generate_series(1, ${scale.users}) g) s`,
    // Applications: per user one current application (k = 1, last 110 days, any status) and older declined ones.
    `INSERT INTO applications (user_id, status, draft, version, first_name, last_name, email, phone, employment_status, employer_name,
        job_title, annual_income, savings_amount, retirement_accounts, credit_card_debt, student_loans, property_address, property_value,
        down_payment, consent_credit_pull, consent_e_sign, consented_at, certified_at, submitted_at, reviewed_at, notes, assignee,
        created_at, updated_at)
     SELECT uid, status,
        jsonb_build_object(
          'personal', jsonb_build_object('firstName', f, 'lastName', l, 'email', e, 'phone', ph, 'currentAddress', home, 'yearsAtAddress', floor(r1 * 20) / 2),
          'employment', CASE WHEN is_self THEN jsonb_build_object('selfEmployed', true, 'businessName', employer, 'businessStartDate', '2016-04-01', 'position', 'Owner', 'grossMonthlyIncome', monthly)
                             ELSE jsonb_build_object('selfEmployed', false, 'employer', employer, 'startDate', '2018-06-01', 'position', title, 'grossMonthlyIncome', monthly) END,
          'assets', jsonb_build_object('bankBalances', bank, 'investments', invest, 'retirement', retire, 'propertyAddress', property, 'desiredPropertyValue', pvalue, 'downPayment', down),
          'debts', jsonb_build_object('creditCards', cards, 'studentLoans', loans, 'autoLoans', 0, 'otherLoans', null),
          'consents', jsonb_build_object('creditPull', true, 'eConsent', true, 'consentedAt', submitted - interval '1 hour'),
          'certified', true),
        12, f, l, e, ph, CASE WHEN is_self THEN 'self-employed' ELSE 'employed' END, employer, CASE WHEN is_self THEN 'Owner' ELSE title END,
        monthly * 12, bank + invest, retire, cards, loans, property, pvalue, down, true, true,
        submitted - interval '1 hour', submitted, submitted,
        CASE WHEN status = 'submitted' THEN NULL
             WHEN k = 1 THEN submitted + (now() - submitted) * (0.05 + 0.9 * r2)
             ELSE submitted + (1 + r2 * 20) * interval '1 day' END,
        CASE WHEN r3 < 0.25 THEN 'Reviewed documents; see the file.' END,
        CASE WHEN status <> 'submitted' AND r3 > 0.5 THEN ${pickBy(STAFF, 'r4')} END,
        submitted - (1 + r5 * 9) * interval '1 day', submitted
     FROM (
       SELECT u.id AS uid, u.first_name AS f, u.last_name AS l, u.email AS e, u.phone AS ph, k,
              CASE WHEN k = 1 THEN ${pickBy(STATUSES, 'random()')} ELSE 'declined' END AS status,
              now() - ((k - 1) * 110 + 0.01 + random() * 109.98) * interval '1 day' AS submitted,
              random() < 0.15 AS is_self,
              ${pickBy(EMPLOYERS, 'random()')} AS employer_name, ${pickBy(BUSINESSES, 'random()')} AS business, ${pickBy(JOB_TITLES, 'random()')} AS title,
              round((3500 + random() * 14500)::numeric, -1) AS monthly,
              round((5000 + random() * 115000)::numeric, -2) AS bank, round((random() * 80000)::numeric, -2) AS invest,
              round((random() * 250000)::numeric, -2) AS retire, round((random() * 800)::numeric, 0) AS cards, round((random() * 650)::numeric, 0) AS loans,
              round((250000 + random() * 650000)::numeric, -3) AS pvalue,
              ${streetAddress('random()', 'random()', 'random()', `1 + floor(random() * ${CITIES.length})::int`)} AS home,
              ${streetAddress('random()', 'random()', 'random()', `1 + floor(random() * ${CITIES.length})::int`)} AS property,
              random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS rd
       FROM "user" u CROSS JOIN generate_series(1, ${PER_USER}) k
       WHERE u.id LIKE 'bench-user-%'
     ) s, LATERAL (SELECT round(pvalue * (0.03 + rd * 0.17)::numeric, -2) AS down, CASE WHEN is_self THEN business ELSE employer_name END AS employer) d`,
    // Waitlist: half by people with an account (every few users), half by others; every public field filled.
    `INSERT INTO waitlist_entries (source, first_name, last_name, email, email_key, phone, city_state, intended_state, home_type, buying_timeline,
        price_range, down_payment, monthly_payment_range, priority, housing_status, interests, contact_consent, client_timestamp, received_at,
        created_at, updated_at)
     SELECT 'public', f, l, e, lower(e), ph, ${pickBy(
       CITIES.map((c) => `${c[0]}, ${c[1]}`),
       'r1',
     )}, ${pickBy(US_STATES, 'r2')},
        ${pickBy(
          HOME_TYPES.map((o) => o.value),
          'r3',
        )}, ${pickBy(
          BUYING_TIMELINES.map((o) => o.value),
          'r4',
        )}, ${pickBy(
          PRICE_RANGES.map((o) => o.value),
          'r5',
        )},
        ${pickBy(DOWN_PAYMENTS, 'r6')}, ${pickBy(MONTHLY_PAYMENT_RANGES, 'r1')}, ${pickBy(
          PRIORITIES.map((o) => o.value),
          'r2',
        )},
        ${pickBy(
          HOUSING_STATUSES.map((o) => o.value),
          'r3',
        )}, 'Co-owning a starter home near good schools.', true, ts, ts, ts, ts
     FROM (
       SELECT u.first_name AS f, u.last_name AS l, u.email AS e, u.phone AS ph, u.created_at - random() * interval '60 days' AS ts,
              random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5, random() AS r6
       FROM generate_series(1, ${half}) g JOIN "user" u ON u.id = 'bench-user-' || (1 + ((g - 1) * ${everyNthUser}) % ${scale.users})
       UNION ALL
       SELECT f, l, lower(f) || '.' || lower(l) || '.w' || g || '@example.com', '(' || (201 + g % 780) || ') 555-01' || lpad((g % 100)::text, 2, '0'),
              now() - random() * interval '1100 days', random(), random(), random(), random(), random(), random()
       FROM (SELECT g, ${pickBy(FIRST_NAMES, 'random()')} AS f, ${pickBy(LAST_NAMES, 'random()')} AS l FROM generate_series(1, ${scale.waitlist - half}) g) n
     ) s
`,
    // Letters of intent: a quarter from people with an account, the rest from others.
    `INSERT INTO letters_of_intent (first_name, last_name, email, email_key, phone, property_address, property_value, down_payment_amount,
        desired_monthly_payment, move_in_date, status, intended_state, created_by, created_at)
     SELECT f, l, e, lower(e), ph, 'bench address ' || g, round((250000 + r1 * 650000)::numeric, -3), round((10000 + r2 * 90000)::numeric, -2),
        round((1400 + r3 * 2800)::numeric, -1), 'Flexible', (ARRAY['pending','pending','approved','declined'])[1 + floor(r4 * 4)::int],
        (${arr(CITIES.map((c) => c[1]))})[1 + g % ${CITIES.length}], ${lit(ADMIN.email)}, now() - r5 * interval '1000 days'
     FROM (
       SELECT g, u.first_name AS f, u.last_name AS l, u.email AS e, u.phone AS ph, random() AS r1, random() AS r2, random() AS r3, random() AS r4, random() AS r5
       FROM generate_series(1, ${fromUsers}) g JOIN "user" u ON u.id = 'bench-user-' || (1 + ((g - 1) * 7) % ${scale.users})
       UNION ALL
       SELECT g, f, l, lower(f) || '.' || lower(l) || '.l' || g || '@example.com', NULL, random(), random(), random(), random(), random()
       FROM (SELECT g, ${pickBy(FIRST_NAMES, 'random()')} AS f, ${pickBy(LAST_NAMES, 'random()')} AS l FROM generate_series(${fromUsers + 1}, ${scale.letters}) g) n
     ) s`,
  ];
  // After the indexes are rebuilt: an update before would leave HOT chains, and an index built over them
  // (indcheckxmin) stays unusable while any older transaction runs on the server.
  const after = [
    // Some approved applicants have become homeowners.
    `UPDATE "user" u SET role = 'homeowner' FROM applications a WHERE a.user_id = u.id AND a.status = 'approved' AND a.reviewed_at < now() - interval '30 days'`,
  ];
  return { load, after };
}

const LOADED_TABLES = ['applications', 'user', 'waitlist_entries', 'letters_of_intent'];
/** The dashboard's trigger-kept tables (migrations 0003–0005, 0008). */
const COUNTER_TABLES = ['application_status_counts', 'table_row_counts', 'application_decision_hours', 'application_submission_hours'];

interface Runner {
  query<T = Record<string, unknown>>(text: string): Promise<T[]>;
}

/** Loads the data: secondary indexes dropped and rebuilt around the load, the status-count trigger replaced by one recount. */
async function generate(run: Runner, scale: Scale, kind: 'postgres' | 'pglite'): Promise<{ seconds: number; byStatus: Record<string, number> }> {
  const started = performance.now();
  await run.query(`SET maintenance_work_mem = '${kind === 'postgres' ? '1GB' : '256MB'}'`);
  const indexes = await run.query<{ name: string; def: string }>(`
    SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
    FROM pg_index i JOIN pg_class t ON t.oid = i.indrelid
    WHERE t.relname IN (${LOADED_TABLES.map(lit).join(',')}) AND t.relnamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`);
  for (const index of indexes) await run.query(`DROP INDEX ${index.name}`);
  await run.query('ALTER TABLE applications DISABLE TRIGGER USER');
  const { load, after } = generationSql(scale);
  for (const [i, statement] of load.entries()) {
    const t = performance.now();
    await run.query(statement);
    if (i > 0) console.log(`  loaded step ${i} of ${load.length - 1} in ${fmt((performance.now() - t) / 1000, 1)} s`);
  }
  const t = performance.now();
  for (const index of indexes) await run.query(index.def);
  console.log(`  rebuilt ${indexes.length} indexes in ${fmt((performance.now() - t) / 1000, 1)} s`);
  for (const statement of after) await run.query(statement);
  await run.query('ALTER TABLE applications ENABLE TRIGGER USER');
  await run.query(`UPDATE application_status_counts c SET count = (SELECT count(*) FROM applications a WHERE a.status = c.status)`);
  // The same sums as the backfills of migrations 0005 and 0008, in hour order as a running system appends them.
  await run.query('DELETE FROM application_decision_hours');
  await run.query(`INSERT INTO application_decision_hours (hour, decided, total_seconds)
    SELECT date_bin('1 hour', reviewed_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*), sum(extract(epoch FROM reviewed_at - submitted_at))
    FROM applications WHERE status IN ('approved', 'declined') AND reviewed_at IS NOT NULL AND submitted_at IS NOT NULL GROUP BY 1 ORDER BY 1`);
  await run.query('DELETE FROM application_submission_hours');
  await run.query(`INSERT INTO application_submission_hours (hour, submitted)
    SELECT date_bin('1 hour', submitted_at, TIMESTAMPTZ '2000-01-01 00:00:00+00'), count(*) FROM applications WHERE submitted_at IS NOT NULL GROUP BY 1 ORDER BY 1`);
  // As autovacuum leaves them in a running system (the waitlist and letters triggers updated their count rows per insert).
  for (const table of [...LOADED_TABLES, ...COUNTER_TABLES]) await run.query(`VACUUM ANALYZE "${table}"`);
  const byStatus = await statusCounts(run);
  return { seconds: (performance.now() - started) / 1000, byStatus };
}

async function statusCounts(run: Runner): Promise<Record<string, number>> {
  const rows = await run.query<{ status: string; count: string }>('SELECT status, count FROM application_status_counts ORDER BY status');
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.count)]));
}

async function tableCounts(run: Runner) {
  const [row] = await run.query<Record<string, string>>(`SELECT
    (SELECT count(*) FROM "user") AS users, (SELECT count(*) FROM applications) AS applications,
    (SELECT count(*) FROM waitlist_entries) AS waitlist, (SELECT count(*) FROM letters_of_intent) AS letters`);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
}

// ---- HTTP: an admin session and the measurements ----

/**
 * `count` requests of `path` from `clients` keep-alive connections, each sending its next
 * request when the last is answered (autocannon: a few µs of CPU per request, where
 * fetch cost this process 1–2 ms on the same two cores as the server it measures).
 * Resolves with each request's time and the statuses that were not 200.
 */
function closedLoop(
  base: string,
  path: string,
  cookie: string,
  clients: number,
  count: number,
): Promise<{ durations: number[]; failures: number[]; errors: number }> {
  return new Promise((resolve, reject) => {
    const durations: number[] = [];
    const failures: number[] = [];
    const instance = autocannon(
      { url: base + path, connections: clients, amount: count, headers: { cookie, 'accept-encoding': 'gzip' }, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve({ durations, failures, errors: result.errors + result.timeouts })),
    );
    instance.on('response', (_client, status, _bytes, responseTime) => {
      durations.push(responseTime);
      if (status !== 200) failures.push(status);
    });
  });
}

async function measure(base: string, cookie: string, query: Query, total: number, sources: CpuSources): Promise<Figures> {
  // One request first, decoded: the query must answer what the page reads, or its error is shown.
  const http = createGetter(base, 1);
  let firstError: string | undefined;
  try {
    const reply = await http.get(query.path, { cookie });
    if (reply.status === 200) JSON.parse(reply.text());
    else firstError = `${reply.status} ${reply.text().slice(0, 120)}`;
  } catch (error) {
    firstError = (error as Error).message;
  } finally {
    http.close();
  }
  await closedLoop(base, query.path, cookie, CLIENTS, WARMUP);
  // The measured run: CLIENTS clients in a closed loop.
  const cpuBefore = readCpu(sources);
  const run = await closedLoop(base, query.path, cookie, CLIENTS, total);
  const cpu = cpuPerRequest(cpuBefore, readCpu(sources), run.durations.length);
  const errors = run.failures.length + run.errors + (firstError === undefined ? 0 : 1);
  if (errors > 0) firstError ??= run.failures.length ? `HTTP ${run.failures[0]}` : 'connection errors';
  const sorted = [...run.durations].sort((a, b) => a - b);
  const serial = await closedLoop(base, query.path, cookie, 1, SERIAL);
  const serialP50 = percentile(
    [...serial.durations].sort((a, b) => a - b),
    0.5,
  );
  return {
    query,
    requests: sorted.length,
    errors,
    firstError,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    serialP50,
    cpu,
  };
}

function readCpu(sources: CpuSources) {
  return {
    server: processCpuMs(sources.serverPid),
    database: sources.databaseCommand ? commandCpuMs(sources.databaseCommand) : null,
    client: process.cpuUsage(),
  };
}

function cpuPerRequest(before: ReturnType<typeof readCpu>, after: ReturnType<typeof readCpu>, requests: number): Figures['cpu'] {
  const per = (a: number | null, b: number | null) => (a === null || b === null || requests === 0 ? null : (b - a) / requests);
  const client = process.cpuUsage(before.client);
  return {
    server: per(before.server, after.server),
    database: per(before.database, after.database),
    client: (client.user + client.system) / 1000 / Math.max(1, requests),
  };
}

function queriesFor(kind: 'postgres' | 'pglite', email: string): Query[] {
  const apps = kind === 'postgres' ? 50 : 200;
  const users = kind === 'postgres' ? 100 : 200;
  return [
    { label: 'applications, page 1', path: '/api/admin/applications', target: apps, explain: true },
    { label: `applications, q=${PARTIAL_NAME} (partial name)`, path: `/api/admin/applications?q=${PARTIAL_NAME}`, target: apps, explain: true },
    { label: 'applications, q=<full e-mail>', path: `/api/admin/applications?q=${encodeURIComponent(email)}`, target: apps, explain: true },
    { label: 'applications, status=in_review', path: '/api/admin/applications?status=in_review', target: apps, explain: true },
    { label: 'users, page 1 (derived labels)', path: '/api/admin/users', target: users, explain: true },
    { label: 'dashboard', path: '/api/admin/dashboard', target: apps, explain: true },
  ];
}

function printTable(title: string, figures: Figures[]) {
  console.log(
    `\n${title} — ${CLIENTS} concurrent clients, ${REQUESTS} requests per query after ${WARMUP} warm-up requests; then ${SERIAL} by one client alone`,
  );
  console.log(
    '| query | requests | errors | p50 ms | p95 ms | p99 ms | target p95 | result | 1 client p50 ms | CPU ms/request: server · database · load generator |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---|---:|---|');
  for (const f of figures) {
    const target = f.query.target;
    const result =
      f.errors === f.requests
        ? `n/a (${f.firstError})`
        : f.errors > 0
          ? `FAIL (${f.errors} errors: ${f.firstError})`
          : target === undefined
            ? 'reference'
            : f.p95 <= target
              ? 'PASS'
              : 'FAIL';
    console.log(
      `| ${f.query.label} | ${f.requests} | ${f.errors} | ${fmt(f.p50, 1)} | ${fmt(f.p95, 1)} | ${fmt(f.p99, 1)} | ${target === undefined ? '—' : `≤ ${target}`} | ${result} | ${fmt(f.serialP50, 1)} | ${cpuText(f.cpu)} |`,
    );
  }
}

const cpuText = (cpu: Figures['cpu']) =>
  [cpu.server, cpu.database ?? (cpu.server === null ? null : 0), cpu.client].map((n) => (n === null ? '?' : fmt(n, 2))).join(' · ');

const serverEnv = (port: number, staticDir: string, extra: Record<string, string>) => ({
  NODE_ENV: 'production',
  // Nothing to serve but the API (and no warning about a missing build).
  STATIC_DIR: staticDir,
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  AUTH_RATE_LIMIT_IP_MAX: '100000',
  AUTH_RATE_LIMIT_EMAIL_MAX: '100000',
  ...extra,
});

const failed = (f: Figures) => f.query.target !== undefined && f.errors < f.requests && (f.errors > 0 || f.p95 > f.query.target);

/** Runs the server's requests once more in this process with every SQL statement captured, and EXPLAINs each. */
async function explainFailures(databaseUrl: string, dataDir: string, cookie: string, failures: Figures[]) {
  const explained: string[] = [];
  const pages = failures.filter((x) => x.query.explain).map((f) => ({ path: f.query.path, cookie, label: f.query.label }));
  await withPageStatements(databaseUrl, dataDir, pages, async ({ label }, _status, own, client) => {
    for (const c of own) {
      const plan = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${c.query}`, c.params as unknown[]);
      const lines = plan.rows.map((r) => r['QUERY PLAN'] as string);
      explained.push(`### ${label}\n${c.query}\n-- params: ${JSON.stringify(c.params)}\n${lines.join('\n')}\n`);
      const time = lines.find((l) => l.startsWith('Execution Time')) ?? '';
      const scans = lines
        .filter((l) => /Scan|Sort|Aggregate/.test(l))
        .slice(0, 4)
        .map((l) => l.trim().replace(/\s+\(cost.*$/, ''));
      console.log(`  ${label}: ${time}; plan: ${scans.join(' | ')}`);
    }
  });
  const file = path.join(os.tmpdir(), `bench-admin-explain-${Date.now()}.txt`);
  writeFileSync(file, explained.join('\n'));
  console.log(`  full EXPLAIN (ANALYZE, BUFFERS) output: ${file}`);
}

async function pickEmail(run: Runner): Promise<string> {
  const [row] = await run.query<{ email: string }>(
    `SELECT email FROM "user" WHERE id = 'bench-user-4242' OR id = 'bench-user-42' ORDER BY length(id) DESC LIMIT 1`,
  );
  return row.email;
}

async function runServerAndMeasure(
  kind: 'postgres' | 'pglite',
  env: Record<string, string>,
  email: string,
  onFailure?: (cookie: string, failures: Figures[]) => Promise<void>,
) {
  // The admin is made with admin:create's own code before the server opens the database (PGlite admits one process).
  await adminCreate(['--email', ADMIN.email, '--password', ADMIN.password, '--first-name', 'Bench', '--last-name', 'Admin'], { ...env, LOG_LEVEL: 'warn' });
  const port = 4400 + Math.floor(Math.random() * 500);
  const staticDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-static-'));
  const server = await startProcess(
    'node',
    [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'],
    serverEnv(port, staticDir, env),
    `http://127.0.0.1:${port}/api/health`,
  );
  const base = `http://127.0.0.1:${port}`;
  let figures: Figures[];
  let cookie: string;
  try {
    const session = await adminBrowser(base, ADMIN);
    cookie = session.cookie;
    const sources: CpuSources = { serverPid: server.process.pid, databaseCommand: kind === 'postgres' ? 'postgres' : undefined };
    const ping = await measure(base, cookie, { label: 'ping: the admin guard alone (session lookup)', path: '/api/admin/ping' }, REQUESTS, sources);
    figures = [ping];
    for (const query of queriesFor(kind, email).filter((q) => !ONLY || ONLY.test(q.label))) figures.push(await measure(base, cookie, query, REQUESTS, sources));
  } finally {
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  }
  printTable(
    `${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} (machine load average ${os
      .loadavg()
      .map((n) => fmt(n, 1))
      .join(' / ')} over 1 / 5 / 15 min)`,
    figures,
  );
  const failures = figures.filter(failed);
  if (failures.length && onFailure) await onFailure(cookie, failures);
  return figures;
}

function printGeneration(kind: string, seconds: number | undefined, counts: Record<string, number>, byStatus: Record<string, number>) {
  const generated = seconds === undefined ? 'reused the data already generated' : `generated in ${fmt(seconds, 1)} s`;
  console.log(
    `\n${kind}: ${generated}: ${fmt(counts.users)} users, ${fmt(counts.applications)} applications, ${fmt(counts.waitlist)} waitlist entries, ${fmt(counts.letters)} letters`,
  );
  const total = Object.values(byStatus).reduce((a, b) => a + b, 0);
  console.log(
    `  applications by status: ${Object.entries(byStatus)
      .filter(([, n]) => n > 0)
      .map(([s, n]) => `${s} ${fmt(n)} (${fmt((100 * n) / total, 1)}%)`)
      .join(', ')}`,
  );
  console.log(`  (one application per user may be open — partial unique index — so each user has ${PER_USER - 1} older declined ones)`);
}

async function benchPostgres() {
  const users = Number(process.env.BENCH_ADMIN_USERS ?? 100_000);
  const scale: Scale = { users, waitlist: users, letters: users / 5 };
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const marker = `ownstead admin bench v${GENERATOR_VERSION}: users=${scale.users} per_user=${PER_USER} waitlist=${scale.waitlist} letters=${scale.letters}`;
  let databaseUrl: string;
  let reuse: boolean;
  try {
    ({ databaseUrl, reuse } = await benchDatabase(serverUrl, BENCH_DB_NAME, marker, process.env.BENCH_ADMIN_FRESH === '1'));
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    console.log(`\nPostgreSQL run skipped: ${error.message} (set BENCH_DATABASE_URL)`);
    return;
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const run: Runner = { query: async (text) => (await client.query(text)).rows };
  let seconds: number | undefined;
  let byStatus: Record<string, number>;
  let email: string;
  try {
    if (reuse) {
      // A migration since the data was generated may have filled a counter table or rewritten a table (0007 added a
      // stored column): vacuumed as autovacuum would leave them, quick where nothing changed.
      for (const table of [...LOADED_TABLES, ...COUNTER_TABLES]) await run.query(`VACUUM ANALYZE "${table}"`);
      byStatus = await statusCounts(run);
    } else {
      console.log(`\nPostgreSQL: generating ${fmt(scale.users)} users and ${fmt(scale.users * PER_USER)} applications in ${BENCH_DB_NAME}…`);
      ({ seconds, byStatus } = await generate(run, scale, 'postgres'));
      await run.query(`COMMENT ON DATABASE ${BENCH_DB_NAME} IS ${lit(marker)}`);
    }
    // A fresh admin each run: the last run's authenticator secret is gone with its process.
    await run.query(`DELETE FROM "user" WHERE email = ${lit(ADMIN.email)}`);
    printGeneration('PostgreSQL', seconds, await tableCounts(run), byStatus);
    email = await pickEmail(run);
  } finally {
    await client.end();
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-pg-'));
  try {
    await runServerAndMeasure('postgres', { DATABASE_URL: databaseUrl, DATA_DIR: dataDir }, email, async (cookie, failures) => {
      console.log('\nPostgreSQL: EXPLAIN (ANALYZE, BUFFERS) of the statements behind the failed targets:');
      await explainFailures(databaseUrl, dataDir, cookie, failures);
    });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`(${BENCH_DB_NAME} is kept for the next run; BENCH_ADMIN_FRESH=1 regenerates it, DROP DATABASE ${BENCH_DB_NAME} removes it.)`);
}

async function benchPglite() {
  const users = Number(process.env.BENCH_ADMIN_PGLITE_USERS ?? 10_000);
  const scale: Scale = { users, waitlist: users, letters: users / 5 };
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-admin-pglite-'));
  try {
    console.log(`\nPGlite: generating ${fmt(scale.users)} users and ${fmt(scale.users * PER_USER)} applications in ${dataDir}…`);
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    let seconds: number;
    let byStatus: Record<string, number>;
    let email: string;
    try {
      await database.migrate();
      // The generator drops indexes and lifts triggers: an owner's work. The embedded database's one session serves as
      // the serving role (docs/decisions/035-serving-role.md); this operator's tool switches it back for its own run.
      await database.db.execute(sql.raw('RESET ROLE'));
      const run: Runner = {
        query: async <T>(text: string) => ((await database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows,
      };
      ({ seconds, byStatus } = await generate(run, scale, 'pglite'));
      printGeneration('PGlite', seconds, await tableCounts(run), byStatus);
      email = await pickEmail(run);
    } finally {
      await database.close();
    }
    await runServerAndMeasure('pglite', { DATA_DIR: dataDir, DATABASE_URL: '' }, email);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchAdmin() {
  const only = process.env.BENCH_ADMIN_DB;
  console.log('\nBack office — admin list endpoints over HTTP');
  if (!only || only === 'postgres') await benchPostgres();
  if (!only || only === 'pglite') await benchPglite();
  console.log('\nTargets: PostgreSQL p95 ≤ 50 ms for the applications queries and the dashboard, ≤ 100 ms for users; PGlite p95 ≤ 200 ms.');
}
