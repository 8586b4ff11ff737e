import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { hashPassword } from 'better-auth/crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { z } from 'zod';
import { adminCreate } from '../src/server/cli/admin-create';
import type { Db } from '../src/server/platform/db/client';
import * as schema from '../src/server/platform/db/schema';
import { jobKind } from '../src/server/platform/jobs/queue';
import { JobRunner } from '../src/server/platform/jobs/runner';
import { retentionJob } from '../src/server/modules/accounts';
import { jobsPruneJob, rateLimitPruneJob } from '../src/server/platform/jobs/system-jobs';
import { createLogger } from '../src/server/platform/lib/logger';
import { adminBrowser, Browser, serverEnv } from './http';
import { fmt, percentile, processCpuMs, startProcess } from './lib';
import { APPLICATIONS, benchUserEmail, benchUserId, ensureReviewData, refillDueJobs, REMINDER_KINDS } from './review-data';
import { explainClaim, explainPages, explainWaitingSql, WAITING_COUNT_SQL, WAITING_PAGE_SQL } from './review-explain';

/**
 * After Submit benchmark (docs/decisions/021-requests-and-messages.md 'Indexes for
 * the benchmark'): on PostgreSQL with 1,000,000 applications, ~3,000,000 messages, 2,000,000 requests and
 * 200,000 reminder jobs waiting (bench/review-data.ts), 10 concurrent clients, p95 ≤ 50 ms each:
 * - the buyer's conversation page (GET /api/messages, the newest 50) through the real server, each client
 *   a different buyer signed in whose application has a 150-message conversation;
 * - the unread counts on the admin list (GET /api/admin/applications page 1, newest submitted first: the
 *   data makes those 25 rows long conversations with half their messages unread, the costly case);
 * - 'Waiting for us' page 1 (GET /api/admin/applications?waiting=us&sort=waiting_since&dir=asc), with a
 *   signed-in two-factor admin; measured as SQL when the server does not filter by it (yet);
 * - the reminder scan: the job runner's own claim of due jobs (JobRunner's claim, batch 10, committed), the
 *   claimed jobs handed back after each so the same due jobs are found again.
 * Prints figures against the goal, asserts nothing; a missed goal prints the EXPLAIN (ANALYZE, BUFFERS) of
 * the statements behind it (bench/review-explain.ts; BENCH_REVIEW_EXPLAIN=1 prints them always).
 *
 * Knobs: BENCH_REVIEW_REQUESTS (per measurement, default 1000, after 100 warm-up ones), BENCH_REVIEW_FRESH=1
 * (regenerate the database), BENCH_REVIEW_APPLICATIONS (a smaller database, for trying the bench itself),
 * BENCH_REVIEW_ONLY (a pattern: only the HTTP rows whose label matches), BENCH_SERVER_NODE_FLAGS (node flags for the
 * server, such as --cpu-prof), BENCH_DATABASE_URL (PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres).
 */

const REQUESTS = Number(process.env.BENCH_REVIEW_REQUESTS ?? 1000);
const CLIENTS = 10;
const WARMUP = 100;
const GOAL_MS = 50;
/** BENCH_SERVER_NODE_FLAGS: extra node flags for the server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it. */
const SERVER_NODE_FLAGS = (process.env.BENCH_SERVER_NODE_FLAGS ?? '').split(/\s+/).filter(Boolean);
/** BENCH_REVIEW_ONLY: a pattern; only the HTTP rows whose label matches are measured (the reminder scan always). */
const ONLY = process.env.BENCH_REVIEW_ONLY ? new RegExp(process.env.BENCH_REVIEW_ONLY, 'i') : null;
/** Requests of one client alone after each concurrent run. */
const SERIAL = 30;
const ADMIN = { email: 'bench.review.admin@ownstead.example', password: 'bench-review-admin-passphrase-7' };
const BUYER_PASSWORD = 'bench-review-buyer-passphrase-7';
const WAITING_PATH = '/api/admin/applications?waiting=us&sort=waiting_since&dir=asc';

interface Run {
  durations: number[];
  errors: number;
  firstError?: string;
  seconds: number;
  /** p50 of one client alone after the concurrent run: the time a request takes without queueing behind the others. */
  serialP50: number;
  /** The machine's 1-minute load average when the run ended. */
  load: number;
  /** CPU ms per measured request of the server process (null for SQL rows) and of this process (the load generator, or the SQL client). */
  cpu: { server: number | null; here: number };
  /** A note beside the figures (what was measured, how). */
  note?: string;
}

interface Row {
  label: string;
  via: string;
  run: Run;
  /** What to EXPLAIN when the goal is missed: a page's statements as the server runs them, the SQL-only list, or the claim. */
  source?: { kind: 'page'; path: string; cookie: string } | { kind: 'waiting-sql' } | { kind: 'claim' };
  /** No goal: shown for comparison. */
  reference?: boolean;
}

const median = (list: number[]) =>
  percentile(
    [...list].sort((a, b) => a - b),
    0.5,
  );
const load = () =>
  os
    .loadavg()
    .map((n) => fmt(n, 1))
    .join(' / ');

/** The server process being measured (its CPU time is read from /proc). */
let serverPid: number | undefined;
const cpuNow = () => ({ server: processCpuMs(serverPid), here: process.cpuUsage() });
function cpuSince(before: ReturnType<typeof cpuNow>, requests: number): Run['cpu'] {
  const server = processCpuMs(serverPid);
  const here = process.cpuUsage(before.here);
  const n = Math.max(1, requests);
  return { server: server === null || before.server === null ? null : (server - before.server) / n, here: (here.user + here.system) / 1000 / n };
}

// ---- HTTP ----

/**
 * `perClient` requests from each client (one keep-alive connection each, its own cookie), each client sending
 * its next request when the last is answered; WARMUP requests first, unmeasured.
 */
async function closedLoop(base: string, clients: { path: string; cookie: string }[], perClient: number): Promise<Run> {
  // The last answer's time: autocannon reports the end of a run on its 1-second tick, so its callback's time is not the run's.
  let lastAnswer = 0;
  const one = (client: { path: string; cookie: string }, amount: number, durations: number[], failures: number[]) =>
    new Promise<number>((resolve, reject) => {
      const instance = autocannon(
        { url: base + client.path, connections: 1, amount, headers: { cookie: client.cookie, 'accept-encoding': 'gzip' }, timeout: 30 },
        (error, result) => (error ? reject(error) : resolve(result.errors + result.timeouts)),
      );
      instance.on('response', (_c, status, _bytes, responseTime) => {
        durations.push(responseTime);
        lastAnswer = performance.now();
        if (status !== 200) failures.push(status);
      });
    });
  await Promise.all(clients.map((client) => one(client, Math.ceil(WARMUP / clients.length), [], [])));
  const durations: number[] = [];
  const failures: number[] = [];
  const cpuBefore = cpuNow();
  const started = performance.now();
  const errors = (await Promise.all(clients.map((client) => one(client, perClient, durations, failures)))).reduce((a, b) => a + b, 0);
  const seconds = (lastAnswer - started) / 1000;
  const cpu = cpuSince(cpuBefore, durations.length);
  const load = os.loadavg()[0]!;
  const serial: number[] = [];
  await one(clients[0]!, SERIAL, serial, []);
  return {
    durations,
    serialP50: median(serial),
    load,
    cpu,
    errors: errors + failures.length,
    firstError: failures.length ? `HTTP ${failures[0]}` : errors ? 'connection errors' : undefined,
    seconds,
  };
}

// ---- SQL, in this process ----

/** `perClient` runs of `work` on each of CLIENTS connections at once (after a warm-up); `work` answers the time it measured, in ms. */
async function sqlLoop(pool: pg.Pool, perClient: number, work: (client: pg.PoolClient) => Promise<number>): Promise<Run> {
  const clients = await Promise.all(Array.from({ length: CLIENTS }, () => pool.connect()));
  try {
    await Promise.all(
      clients.map(async (client) =>
        Array.from({ length: Math.ceil(WARMUP / CLIENTS) }).reduce<Promise<unknown>>((p) => p.then(() => work(client)), Promise.resolve()),
      ),
    );
    const durations: number[] = [];
    let errors = 0;
    let firstError: string | undefined;
    const cpuBefore = cpuNow();
    const started = performance.now();
    await Promise.all(
      clients.map(async (client) => {
        for (let i = 0; i < perClient; i += 1) {
          try {
            durations.push(await work(client));
          } catch (error) {
            errors += 1;
            firstError ??= (error as Error).message;
          }
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = cpuSince(cpuBefore, durations.length);
    const load = os.loadavg()[0]!;
    const serial: number[] = [];
    for (let i = 0; i < SERIAL; i += 1) serial.push(await work(clients[0]!));
    return { durations, errors, firstError, seconds, serialP50: median(serial), load, cpu };
  } finally {
    for (const client of clients) client.release();
  }
}

/** A runner with the kinds a server registers (the reminders and the system jobs), on `db`, batch 10. */
function claimRunner(db: Db): JobRunner {
  const runner = new JobRunner({ db, logger: createLogger('silent'), batchSize: 10 });
  for (const kind of CLAIM_KINDS) runner.register(kind, async () => undefined);
  return runner;
}
const CLAIM_KINDS = [...REMINDER_KINDS.map((kind) => jobKind(kind, z.object({}).passthrough())), retentionJob, rateLimitPruneJob, jobsPruneJob];

/**
 * The reminder scan: the runner's own claim (JobRunner's private `claim`: the statement the server runs, committed
 * as the server commits it), with the kinds a server registers, batch 10. The claimed jobs are then handed back with
 * the runner's own `release` (queued, due now, the claim not counted), unmeasured, so the next claim finds due jobs.
 */
async function measureClaim(databaseUrl: string, perClient: number): Promise<Run> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CLIENTS });
  let claimedTotal = 0;
  let claims = 0;
  try {
    const run = await sqlLoop(pool, perClient, async (client) => {
      const runner = claimRunner(drizzle(client, { schema }) as unknown as Db);
      const started = performance.now();
      const claimed = await runner['claim']();
      const ms = performance.now() - started;
      await runner['release'](claimed);
      claimedTotal += claimed.length;
      claims += 1;
      return ms;
    });
    return { ...run, note: `${fmt(claimedTotal / Math.max(1, claims), 1)} jobs claimed per claim on average` };
  } finally {
    await pool.end();
  }
}

/** 'Waiting for us' page 1 as SQL (when the server has no such filter): the 25 oldest waiting, then the capped count. */
async function measureWaitingSql(databaseUrl: string, perClient: number): Promise<Run> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CLIENTS });
  try {
    const run = await sqlLoop(pool, perClient, async (client) => {
      const started = performance.now();
      await client.query(WAITING_PAGE_SQL);
      await client.query(WAITING_COUNT_SQL);
      return performance.now() - started;
    });
    return { ...run, note: 'the page and its capped count, one after the other' };
  } finally {
    await pool.end();
  }
}

// ---- The run ----

/** Ten buyers whose application is active and has a 150-message conversation (g % 97 = 3, see review-data.ts), with a password each. */
async function prepareBuyers(databaseUrl: string): Promise<number[]> {
  const buyers: number[] = [];
  for (let m = 20; buyers.length < CLIENTS; m += 1) {
    const g = 97 * m + 3;
    if (g % 20 >= 2 && g % 20 <= 16 && g % 100 < 96 && g <= APPLICATIONS) buyers.push(g);
  }
  const hash = await hashPassword(BUYER_PASSWORD);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    for (const g of buyers) {
      await client.query(
        `INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at)
         VALUES ($1, $2, 'credential', $2, $3, now(), now()) ON CONFLICT (id) DO UPDATE SET password = excluded.password`,
        [`bench-review-account-${g}`, benchUserId(g), hash],
      );
    }
    await client.query('DELETE FROM session WHERE user_id = ANY($1)', [buyers.map(benchUserId)]);
    // The due reminders leave while the server runs: its runner has the reminder kinds and would run them (failing on
    // their made-up payloads, and retrying) in the middle of the HTTP measurements. refillDueJobs puts them back after.
    await client.query(`DELETE FROM jobs WHERE unique_key LIKE 'bench-review:due:%'`);
    // A fresh admin each run: the last run's authenticator secret went with its process.
    await client.query(`DELETE FROM "user" WHERE email = $1`, [ADMIN.email]);
  } finally {
    await client.end();
  }
  return buyers;
}

/** Whether the server lists 'Waiting for us' (the filter may not be there yet): every row waiting, oldest first. */
async function serverFiltersWaiting(base: string, cookie: string): Promise<boolean> {
  const response = await fetch(base + WAITING_PATH, { headers: { cookie } });
  if (!response.ok) return false;
  const page = (await response.json()) as { items: { waitingSince?: string | null }[] };
  const times = page.items.map((item) => item.waitingSince);
  return times.length > 0 && times.every((t, i) => typeof t === 'string' && (i === 0 || times[i - 1]! <= t));
}

function printTable(rows: Row[], loadBefore: string) {
  console.log(`\nAfter Submit — ${CLIENTS} concurrent clients, ${REQUESTS} measured per row after ${WARMUP} warm-up; goal p95 ≤ ${GOAL_MS} ms`);
  console.log(`(machine load average ${loadBefore} before, ${load()} after, over 1 / 5 / 15 min; ${os.cpus().length} cores, shared)`);
  console.log(
    '| measurement | via | requests | errors | p50 ms | p95 ms | max ms | requests/s | 1 client p50 ms | CPU ms/request: server · bench | load (1 min) | goal p95 | result |',
  );
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|');
  for (const { label, via, run, reference } of rows) {
    const sorted = [...run.durations].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    const result = run.errors > 0 ? `FAIL (${run.errors} errors: ${run.firstError})` : reference ? 'reference' : p95 <= GOAL_MS ? 'PASS' : 'FAIL';
    console.log(
      `| ${label} | ${via} | ${sorted.length} | ${run.errors} | ${fmt(percentile(sorted, 0.5), 1)} | ${fmt(p95, 1)} | ${fmt(sorted.at(-1) ?? NaN, 1)} | ${fmt(sorted.length / run.seconds)} | ${fmt(run.serialP50, 1)} | ${run.cpu.server === null ? '—' : fmt(run.cpu.server, 2)} · ${fmt(run.cpu.here, 2)} | ${fmt(run.load, 1)} | ${reference ? '—' : `≤ ${GOAL_MS}`} | ${result} |`,
    );
  }
  for (const { label, run } of rows.filter((r) => r.run.note)) console.log(`  ${label}: ${run.note}`);
}

const missed = ({ run, reference }: Row) =>
  !reference &&
  (run.errors > 0 ||
    percentile(
      [...run.durations].sort((a, b) => a - b),
      0.95,
    ) > GOAL_MS);

export async function benchReview() {
  console.log('\nAfter Submit — conversation page, unread counts, Waiting for us, reminder scan');
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let databaseUrl: string;
  try {
    databaseUrl = await ensureReviewData(serverUrl);
  } catch (error) {
    console.log(`\nSkipped: ${(error as Error).message} (PostgreSQL needed; set BENCH_DATABASE_URL)`);
    return;
  }
  const buyers = await prepareBuyers(databaseUrl);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-review-'));
  const staticDir = path.join(dataDir, 'no-static');
  mkdirSync(staticDir);
  const env = serverEnv(4900 + Math.floor(Math.random() * 90), staticDir, databaseUrl, dataDir);
  await adminCreate(['--email', ADMIN.email, '--password', ADMIN.password, '--first-name', 'Bench', '--last-name', 'Reviewer'], { ...env, LOG_LEVEL: 'warn' });
  const base = env.APP_URL;
  const server = await startProcess('node', [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], env, `${base}/api/health`);
  serverPid = server.process.pid;
  const rows: Row[] = [];
  const loadBefore = load();
  let adminSession: string;
  try {
    adminSession = (await adminBrowser(base, ADMIN)).cookie;
    const buyerSessions: string[] = [];
    for (const g of buyers) {
      const browser = new Browser(base);
      await browser.send('POST', '/api/auth/sign-in/email', { email: benchUserEmail(g), password: BUYER_PASSWORD });
      const page = (await browser.send('GET', '/api/messages')) as { messages: unknown[] };
      if (page.messages.length !== 50) throw new Error(`buyer ${g}: expected a page of 50 messages, got ${page.messages.length}`);
      buyerSessions.push(browser.cookie);
    }
    const perClient = Math.ceil(REQUESTS / CLIENTS);
    const asAdmin = (route: string) => Array.from({ length: CLIENTS }, () => ({ path: route, cookie: adminSession }));
    const waitingOverHttp = await serverFiltersWaiting(base, adminSession);
    const pages: (Omit<Row, 'run'> & { clients: { path: string; cookie: string }[] })[] = [
      {
        label: "a. buyer's conversation page (newest 50 of 150)",
        via: 'HTTP GET /api/messages',
        clients: buyerSessions.map((cookie) => ({ path: '/api/messages', cookie })),
        source: { kind: 'page', path: '/api/messages', cookie: buyerSessions[0]! },
      },
      { label: 'reference: the admin guard alone (session lookup)', via: 'HTTP GET /api/admin/ping', clients: asAdmin('/api/admin/ping'), reference: true },
      {
        label: 'b. unread counts, admin list page 1 (25 long conversations, half unread)',
        via: 'HTTP GET /api/admin/applications',
        clients: asAdmin('/api/admin/applications'),
        source: { kind: 'page', path: '/api/admin/applications', cookie: adminSession },
      },
      ...(waitingOverHttp
        ? [
            {
              label: "c. 'Waiting for us' page 1",
              via: `HTTP GET ${WAITING_PATH.replace('/api/admin/applications', '…')}`,
              clients: asAdmin(WAITING_PATH),
              source: { kind: 'page' as const, path: WAITING_PATH, cookie: adminSession },
            },
          ]
        : []),
    ];
    for (const { clients, ...page } of pages.filter((p) => !ONLY || ONLY.test(p.label))) {
      rows.push({ ...page, run: await closedLoop(base, clients, perClient) });
    }
    if (!waitingOverHttp && (!ONLY || ONLY.test('Waiting for us'))) {
      rows.push({
        label: "c. 'Waiting for us' page 1 (the server has no such filter yet)",
        via: 'SQL, page + capped count',
        run: await measureWaitingSql(databaseUrl, perClient),
        source: { kind: 'waiting-sql' },
      });
    }
  } finally {
    await server.stop();
    serverPid = undefined;
  }
  try {
    // With the server stopped (see prepareBuyers).
    await refillDueJobs(databaseUrl);
    rows.push({
      label: 'd. reminder scan: claim 10 due jobs (200,000 waiting)',
      via: "SQL, the runner's claim (then handed back)",
      run: await measureClaim(databaseUrl, Math.ceil(REQUESTS / CLIENTS)),
      source: { kind: 'claim' },
    });
    printTable(rows, loadBefore);
    await explainMisses(databaseUrl, dataDir, process.env.BENCH_REVIEW_EXPLAIN === '1' ? rows : rows.filter(missed));
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.log(`\n(${databaseUrl.split('/').pop()} is kept for the next run; BENCH_REVIEW_FRESH=1 regenerates it.)`);
}

/** Prints the EXPLAIN (ANALYZE, BUFFERS) behind each row; the claim first, before a server in this process runs due jobs. */
async function explainMisses(databaseUrl: string, dataDir: string, rows: Row[]) {
  for (const row of rows) {
    if (row.source?.kind === 'claim') console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${row.label}\n${await explainClaim(databaseUrl, claimRunner)}`);
    if (row.source?.kind === 'waiting-sql') console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${row.label}\n${await explainWaitingSql(databaseUrl)}`);
  }
  const pages = rows.flatMap((row) => (row.source?.kind === 'page' ? [{ label: row.label, ...row.source }] : []));
  if (pages.length === 0) return;
  const plans = await explainPages(databaseUrl, dataDir, pages);
  pages.forEach((page, i) => console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${page.label}\n${plans[i]}`));
}
