import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ledgerToday } from '../src/domain/homes/dates';
import { canonicalEntryText, chargeDueOn, GENESIS_HASH, type LedgerEntryContent } from '../src/domain/ledger';
import { adminCreate } from '../src/server/cli/admin-create';
import { openDatabase, queryRows, type Database, type Db } from '../src/server/platform/db/client';
import { runCharges } from '../src/server/modules/homes/charges';
import { rebuildLedgerProjections } from '../src/server/modules/homes/ledger-projection';
import { loadHomeFigures } from '../src/server/modules/homes/home-figures';
import { nodeSha256Hex } from '../src/server/modules/homes/ledger';
import { verifyLedgers } from '../src/server/modules/homes/verify-ledgers';
import { DatabaseUnreachable } from './bench-database';
import { adminBrowser, Browser, serverEnv } from './http';
import { fmt, percentile, startProcess } from './lib';

/**
 * Homeowners benchmark (docs/decisions/024-ledger-projections.md): 100,000 homes bought five years ago with every month's
 * charge and payment but this month's (≈ 11.8 million ledger rows, hash chains computed here with
 * node:crypto exactly as the ledger service does); this month is then billed by runCharges, as the server's
 * hourly job would. With 10 concurrent clients, each a different homeowner signed in: the dashboard's figures
 * (GET /api/me/home), their ledger (GET /api/me/home/ledger) and /admin/payments page 1 for this month and
 * last (GET /api/admin/payments) — p95 ≤ 50 ms each; next month's charge run for every home (runCharges,
 * ≤ 60 s; on a copy of the database, so the data stays reusable: the ledger refuses deletes); `ledger:verify`
 * over every chain and the payments projections (rows per second). The PGlite variant
 * does the same with 10,000 homes in the embedded database (p95 ≤ 200 ms). Prints figures, asserts nothing.
 *
 * The data is generated in chunks of homes, each chunk committed with its ledger, so an interrupted
 * generation resumes where it stopped; a finished database is kept (PostgreSQL `ownstead_bench_homes`
 * on BENCH_DATABASE_URL; PGlite under the system's temp folder) and reused while its size and month match.
 *
 * Knobs: BENCH_HOMES (default 100000), BENCH_HOMES_PGLITE (default 10000; 0 skips PGlite),
 * BENCH_HOMES_POSTGRES=0 (skip PostgreSQL), BENCH_HOMES_REQUESTS (per measurement, default 1000),
 * BENCH_HOMES_FRESH=1 (regenerate), BENCH_HOMES_GENERATE_ONLY=1 (build the databases, measure nothing), BENCH_DATABASE_URL.
 */

const MONTHS = 60;
const CLIENTS = 10;
const WARMUP = 50;
const REQUESTS = Number(process.env.BENCH_HOMES_REQUESTS ?? 1000);
const CHUNK_HOMES = 500;
const ROWS_PER_INSERT = 4000;
const FRESH = process.env.BENCH_HOMES_FRESH === '1';
/** Builds (or checks) the databases and stops: generation is long, the measurements want a quiet machine afterwards. */
const GENERATE_ONLY = process.env.BENCH_HOMES_GENERATE_ONLY === '1';
const ADMIN = { email: 'bench.homes.admin@ownstead.example', password: 'bench-homes-admin-passphrase-7' };
const OWNER_PASSWORD = 'bench-homes-owner-passphrase-7';

/** Home `h`'s id (and its owner's and application's): deterministic, so a resumed generation continues the same data. */
const hex = (h: number, width: number) => h.toString(16).padStart(width, '0');
const homeId = (h: number) => `${hex(h, 8)}-0000-4000-8000-${hex(h, 12)}`;
const userId = (h: number) => `bench-home-user-${h}`;
const userEmail = (h: number) => `owner${h}@homes-bench.example.com`;
const sqlHomeId = (h: string) => `lpad(to_hex(${h}), 8, '0') || '-0000-4000-8000-' || lpad(to_hex(${h}), 12, '0')`;

/** The month the data is for: homes bought on the 10th of this month five years ago, so this month is agreement month 60. */
function dataMonth(today: string) {
  const [year, month] = today.split('-').map(Number) as [number, number];
  return { purchaseDate: `${year - 5}-${String(month).padStart(2, '0')}-10`, month: today.slice(0, 7) };
}

/** The monthly payment of home `h`, in cents (whole dollars on $5 steps, $1,800 … $3,795). */
const paymentCents = (h: number) => (1800 + (h % 400) * 5) * 100;

/** One home's ledger: months 1…59 charged, each paid 0–4 days after its due date; every 50th home left the last two unpaid. */
function ledgerRows(h: number, purchaseDate: string): string[] {
  const id = homeId(h);
  const rows: string[] = [];
  let prevHash = GENESIS_HASH;
  let seq = 0;
  const add = (entry: Omit<LedgerEntryContent, 'homeId' | 'seq' | 'prevHash' | 'recordedBy' | 'note' | 'reversesSeq' | 'reference'>) => {
    seq += 1;
    const content: LedgerEntryContent = { homeId: id, seq, reference: null, reversesSeq: null, note: null, recordedBy: null, prevHash, ...entry };
    const hash = nodeSha256Hex(canonicalEntryText(content)) as string;
    rows.push(
      `('${id}',${seq},'${content.kind}',${content.amountCents},${content.month ?? 'NULL'},'${content.effectiveOn}',${content.source ? `'${content.source}'` : 'NULL'},'${content.recordedAt}','${prevHash}','${hash}')`,
    );
    prevHash = hash;
  };
  const amount = paymentCents(h);
  for (let month = 1; month < MONTHS; month += 1) {
    const dueOn = chargeDueOn(purchaseDate, month);
    add({ kind: 'charge', amountCents: amount, month, effectiveOn: dueOn, source: null, recordedAt: `${dueOn}T05:00:00.000Z` });
    if (h % 50 === 0 && month >= MONTHS - 2) continue;
    const paidOn = `${dueOn.slice(0, 8)}0${1 + ((h + month) % 5)}`;
    add({ kind: 'payment', amountCents: amount, month: null, effectiveOn: paidOn, source: 'bank_csv', recordedAt: `${paidOn}T15:00:00.000Z` });
  }
  return rows;
}

const exec = (db: Db, text: string) => db.execute(sql.raw(text));

/** Homes from+1 … to with their owners, approved applications, terms and ledgers, in one transaction. */
async function writeChunk(db: Db, from: number, to: number, purchaseDate: string) {
  await db.transaction(async (tx) => {
    const run = (text: string) => exec(tx as unknown as Db, text);
    await run(`INSERT INTO "user" (id, name, email, email_verified, first_name, last_name, role, created_at, updated_at)
      SELECT 'bench-home-user-' || h, 'Owner ' || h, 'owner' || h || '@homes-bench.example.com', true, 'Owner', h::text, 'homeowner', now(), now()
      FROM generate_series(${from + 1}, ${to}) h`);
    await run(`INSERT INTO applications (id, user_id, status, draft, first_name, last_name, email, property_address, property_value, down_payment, submitted_at, reviewed_at, created_at, updated_at)
      SELECT (lpad(to_hex(h), 8, '0') || '-0000-4000-9000-' || lpad(to_hex(h), 12, '0'))::uuid, 'bench-home-user-' || h, 'approved', '{}'::jsonb, 'Owner', h::text,
        'owner' || h || '@homes-bench.example.com', (100 + h % 9800) || ' Elm Street, Springfield, IL', 400000, 40000, now(), now(), now(), now()
      FROM generate_series(${from + 1}, ${to}) h`);
    await run(`INSERT INTO homes (id, user_id, application_id, address, purchase_date, price_cents, down_payment_cents, mortgage_rate, appreciation_rate, created_at)
      SELECT (${sqlHomeId('h')})::uuid, 'bench-home-user-' || h, (lpad(to_hex(h), 8, '0') || '-0000-4000-9000-' || lpad(to_hex(h), 12, '0'))::uuid,
        (100 + h % 9800) || ' Elm Street, Springfield, IL', '${purchaseDate}', 40000000, 4000000, 6.4, 3.8, now()
      FROM generate_series(${from + 1}, ${to}) h`);
    await run(`INSERT INTO home_terms (home_id, from_month, monthly_payment_cents)
      SELECT (${sqlHomeId('h')})::uuid, 1, (1800 + (h % 400) * 5) * 100 FROM generate_series(${from + 1}, ${to}) h`);
    await run(`INSERT INTO home_valuations (home_id, value_cents, valued_on, source)
      SELECT (${sqlHomeId('h')})::uuid, 40000000, '${purchaseDate}', 'purchase' FROM generate_series(${from + 1}, ${to}) h`);
    let pending: string[] = [];
    const flush = async () => {
      if (pending.length === 0) return;
      await run(
        `INSERT INTO ledger_entries (home_id, seq, kind, amount_cents, month, effective_on, source, recorded_at, prev_hash, hash) VALUES ${pending.join(',')}`,
      );
      pending = [];
    };
    for (let h = from + 1; h <= to; h += 1) {
      pending.push(...ledgerRows(h, purchaseDate));
      if (pending.length >= ROWS_PER_INSERT) await flush();
    }
    await flush();
  });
}

/** Generates (or finishes generating) `count` homes on `db`; answers the seconds spent, 0 when already there. */
async function ensureHomes(database: Database, count: number, purchaseDate: string, label: string): Promise<number> {
  const db = database.db;
  const [row] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM homes`));
  let done = Number(row?.n ?? 0);
  const started = performance.now();
  let wrote = done < count;
  if (done > 0 && done < count) console.log(`  ${label}: resuming after ${fmt(done)} homes`);
  while (done < count) {
    const to = Math.min(count, done + CHUNK_HOMES);
    await writeChunk(db, done, to, purchaseDate);
    done = to;
    if (done % 10_000 === 0 || done === count) {
      const seconds = (performance.now() - started) / 1000;
      console.log(`  ${label}: ${fmt(done)} / ${fmt(count)} homes (${fmt(seconds)} s)`);
    }
  }
  // The rows above went straight into ledger_entries: the payments projections follow from them in one rebuild
  // (also after an interrupted run, or data generated before migration 0015).
  const [projected] = await queryRows<{ n: number }>(db, sql.raw(`SELECT count(*)::int AS n FROM home_ledger_totals`));
  if (Number(projected?.n ?? 0) < count) {
    const rebuildStarted = performance.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`SET LOCAL work_mem = '256MB'`));
      await rebuildLedgerProjections(tx);
    });
    console.log(`  ${label}: payments projections rebuilt from the ledger in ${fmt((performance.now() - rebuildStarted) / 1000)} s`);
    wrote = true;
  }
  if (!wrote) return 0;
  // The planner's figures are the owner's to refresh (the app serves as a role that may not, docs/decisions/035).
  await database.asOwner((owner) => exec(owner, 'ANALYZE'));
  return (performance.now() - started) / 1000;
}

/** Passwords for the first CLIENTS homeowners (one home each of a different size of payment). */
async function prepareOwners(db: Db) {
  const hash = await hashPassword(OWNER_PASSWORD);
  for (let h = 1; h <= CLIENTS; h += 1) {
    await exec(
      db,
      `INSERT INTO account (id, account_id, provider_id, user_id, password, created_at, updated_at)
       VALUES ('bench-home-account-${h}', '${userId(h)}', 'credential', '${userId(h)}', '${hash}', now(), now())
       ON CONFLICT (id) DO UPDATE SET password = excluded.password`,
    );
  }
  await exec(db, `DELETE FROM session WHERE user_id LIKE 'bench-home-user-%'`);
  await exec(db, `DELETE FROM "user" WHERE email = '${ADMIN.email}'`);
}

// ---- Measuring ----

interface Run {
  label: string;
  via: string;
  durations: number[];
  errors: number;
  firstError?: string;
  seconds: number;
}

/** Each client sends its next request when the last is answered; WARMUP requests first, unmeasured. */
async function closedLoop(label: string, via: string, base: string, clients: { path: string; cookie: string }[]): Promise<Run> {
  const perClient = Math.ceil(REQUESTS / clients.length);
  const durations: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const one = async (client: { path: string; cookie: string }, measure: boolean) => {
    const started = performance.now();
    const response = await fetch(base + client.path, { headers: { cookie: client.cookie, 'accept-encoding': 'gzip' } });
    await response.arrayBuffer();
    const ms = performance.now() - started;
    if (!response.ok) {
      errors += measure ? 1 : 0;
      firstError ??= `HTTP ${response.status}`;
    }
    if (measure) durations.push(ms);
  };
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < Math.ceil(WARMUP / clients.length); i += 1) await one(client, false);
    }),
  );
  errors = 0;
  firstError = undefined;
  const started = performance.now();
  await Promise.all(
    clients.map(async (client) => {
      for (let i = 0; i < perClient; i += 1) await one(client, true);
    }),
  );
  return { label, via, durations, errors, firstError, seconds: (performance.now() - started) / 1000 };
}

/** The same closed loop over a function in this process (when a route is not there). */
async function localLoop(label: string, via: string, work: (client: number) => Promise<unknown>): Promise<Run> {
  const perClient = Math.ceil(REQUESTS / CLIENTS);
  const durations: number[] = [];
  const clients = Array.from({ length: CLIENTS }, (_, i) => i);
  await Promise.all(clients.map(async (c) => work(c)));
  const started = performance.now();
  await Promise.all(
    clients.map(async (c) => {
      for (let i = 0; i < perClient; i += 1) {
        const t = performance.now();
        await work(c);
        durations.push(performance.now() - t);
      }
    }),
  );
  return { label, via, durations, errors: 0, seconds: (performance.now() - started) / 1000 };
}

interface Figures {
  engine: string;
  homes: number;
  rows: number;
  goalMs: number;
  runs: Run[];
  charges?: { homes: number; charges: number; seconds: number };
  verify?: { homes: number; entries: number; broken: number; projectionProblems: number; seconds: number };
  generatedSeconds: number;
}

function printTable(f: Figures) {
  console.log(`\nHomeowners on ${f.engine}: ${fmt(f.homes)} homes, ${fmt(f.rows)} ledger rows; ${CLIENTS} concurrent clients, goal p95 ≤ ${f.goalMs} ms`);
  console.log(
    `(machine load average ${os
      .loadavg()
      .map((n) => fmt(n, 1))
      .join(' / ')}; ${os.cpus().length} cores${f.generatedSeconds ? `; data generated in ${fmt(f.generatedSeconds)} s` : '; data reused'})`,
  );
  console.log('| measurement | via | requests | errors | p50 ms | p95 ms | max ms | requests/s | goal | result |');
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|---|');
  for (const run of f.runs) {
    const sorted = [...run.durations].sort((a, b) => a - b);
    const p95 = percentile(sorted, 0.95);
    const result = run.errors > 0 ? `FAIL (${run.errors} errors: ${run.firstError})` : p95 <= f.goalMs ? 'PASS' : 'FAIL';
    console.log(
      `| ${run.label} | ${run.via} | ${sorted.length} | ${run.errors} | ${fmt(percentile(sorted, 0.5), 1)} | ${fmt(p95, 1)} | ${fmt(sorted.at(-1) ?? NaN, 1)} | ${fmt(sorted.length / run.seconds)} | p95 ≤ ${f.goalMs} ms | ${result} |`,
    );
  }
  if (f.charges) {
    const { charges, homes, seconds } = f.charges;
    console.log(
      `| next month's charge run, every home | runCharges (batches of 500) | ${fmt(homes)} homes | — | — | — | — | ${fmt(charges / seconds)} charges/s | ≤ 60 s | ${fmt(seconds, 1)} s ${seconds <= 60 ? 'PASS' : 'FAIL'} |`,
    );
  }
  if (f.verify) {
    const { entries, homes, broken, projectionProblems, seconds } = f.verify;
    console.log(
      `| ledger:verify, every chain and the payments projections | verifyLedgers (batches of 500) | ${fmt(homes)} homes | ${broken} broken, ${projectionProblems} projection problems | — | — | — | ${fmt(entries / seconds)} rows/s | — | ${fmt(seconds, 1)} s for ${fmt(entries)} rows |`,
    );
  }
}

/** The HTTP measurements against a running server on `base`. */
async function measureHttp(base: string, db: Db | undefined, month: string): Promise<Run[]> {
  const owners: string[] = [];
  for (let h = 1; h <= CLIENTS; h += 1) {
    const browser = new Browser(base);
    await browser.send('POST', '/api/auth/sign-in/email', { email: userEmail(h), password: OWNER_PASSWORD });
    owners.push(browser.cookie);
  }
  const admin = await adminBrowser(base, ADMIN);
  const runs: Run[] = [];
  const mine = (route: string) => owners.map((cookie) => ({ path: route, cookie }));
  const exists = async (route: string, cookie: string) => {
    const response = await fetch(base + route, { headers: { cookie } });
    const text = await response.text();
    return !(response.status === 404 && text.includes('No API route'));
  };
  if (await exists('/api/me/home', owners[0]!))
    runs.push(await closedLoop("a. homeowner's dashboard figures", 'HTTP GET /api/me/home', base, mine('/api/me/home')));
  else if (db)
    runs.push(await localLoop("a. homeowner's dashboard figures (no route yet)", 'loadHomeFigures in-process', (c) => loadHomeFigures(db, homeId(c + 1))));
  if (await exists('/api/me/home/ledger', owners[0]!))
    runs.push(await closedLoop('b. their ledger (119 entries)', 'HTTP GET /api/me/home/ledger', base, mine('/api/me/home/ledger')));
  // This month is billed (billThisMonth, as the server's job runner does within the hour of the due date) and not
  // paid yet; last month is billed and paid but every 50th home, whose charges are overdue.
  const last = previousMonth(month);
  const pages = [
    { label: `c. /admin/payments page 1, ${month} (this month)`, path: `/api/admin/payments?month=${month}` },
    { label: `d. /admin/payments page 1, ${last}`, path: `/api/admin/payments?month=${last}` },
    { label: `e. /admin/payments, ${last}, overdue only (2%)`, path: `/api/admin/payments?month=${last}&state=overdue` },
  ];
  if (await exists(pages[0]!.path, admin.cookie)) {
    for (const page of pages) {
      runs.push(
        await closedLoop(
          page.label,
          `HTTP GET ${page.path}`,
          base,
          Array.from({ length: CLIENTS }, () => ({ path: page.path, cookie: admin.cookie })),
        ),
      );
    }
  } else console.log('  (GET /api/admin/payments is not there yet: not measured)');
  return runs;
}

/** 'YYYY-MM' of the month before `month`. */
function previousMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 1 ? `${year - 1}-12` : `${year}-${String(m - 1).padStart(2, '0')}`;
}

async function countRows(db: Db) {
  const [row] = await queryRows<{ n: string }>(db, sql.raw('SELECT count(*)::bigint AS n FROM ledger_entries'));
  return Number(row?.n ?? 0);
}

/**
 * Bills this month on the kept data, as the server's hourly charge run would as soon as a server runs on it (the
 * benchmark's own server included): the measurements then see this month as it is for most of the month.
 */
async function billThisMonth(db: Db, today: string, label: string) {
  const started = performance.now();
  const report = await runCharges(db, { today });
  if (report.charges > 0) console.log(`  ${label}: this month billed for ${fmt(report.homes)} homes (${fmt((performance.now() - started) / 1000)} s)`);
}

/** The same day next month (the 28th at most): the day the next month's charges have fallen due for every home. */
function sameDayNextMonth(today: string): string {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  const next = new Date(Date.UTC(year, month, Math.min(day, 28)));
  return next.toISOString().slice(0, 10);
}

/** The next month's charge run for every home, timed (on a copy: the ledger keeps what it bills). */
async function timedCharges(db: Db, today: string) {
  const started = performance.now();
  const report = await runCharges(db, { today: sameDayNextMonth(today) });
  return { ...report, seconds: (performance.now() - started) / 1000 };
}

async function timedVerify(db: Db) {
  const started = performance.now();
  // As `npm run ledger:verify` does: the chains, then the payments projections against them.
  const report = await verifyLedgers(db, { projections: true });
  return {
    homes: report.homes,
    entries: report.entries,
    broken: report.broken.length,
    projectionProblems: report.projectionProblems.length,
    seconds: (performance.now() - started) / 1000,
  };
}

// ---- PostgreSQL ----

async function postgresDatabase(serverUrl: string, name: string, marker: string): Promise<{ url: string; reuse: boolean }> {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    throw new DatabaseUnreachable((error as Error).message);
  }
  let reuse: boolean;
  try {
    const [row] = (await admin.query(`SELECT shobj_description(oid, 'pg_database') AS comment FROM pg_database WHERE datname = $1`, [name])).rows;
    reuse = !FRESH && row?.comment === marker;
    // A partial generation of the same data resumes; anything else starts over.
    if (!reuse && (FRESH || row?.comment !== `${marker}:partial`)) {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.query(`COMMENT ON DATABASE ${name} IS '${marker}:partial'`);
    }
  } finally {
    await admin.end();
  }
  return { url: url.toString(), reuse };
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function benchPostgres(count: number, today: string): Promise<Figures | undefined> {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const { purchaseDate, month } = dataMonth(today);
  const name = 'ownstead_bench_homes';
  const marker = `homes-v1:${count}:${month}`;
  let target;
  try {
    target = await postgresDatabase(serverUrl, name, marker);
  } catch (error) {
    console.log(`\nPostgreSQL skipped: ${(error as Error).message} (set BENCH_DATABASE_URL)`);
    return undefined;
  }
  let database: Database = await openDatabase({ databaseUrl: target.url, poolSize: 4 });
  let generatedSeconds: number;
  let rows: number;
  try {
    await database.migrate();
    generatedSeconds = await ensureHomes(database, count, purchaseDate, 'PostgreSQL');
    await billThisMonth(database.db, today, 'PostgreSQL');
    rows = await countRows(database.db);
    await prepareOwners(database.db);
  } finally {
    await database.close();
  }
  await adminQuery(serverUrl, `COMMENT ON DATABASE ${name} IS '${marker}'`);
  if (GENERATE_ONLY) return undefined;

  const runs = await withServer(target.url, undefined, async (base) => {
    const local = await openDatabase({ databaseUrl: target.url, poolSize: CLIENTS });
    try {
      return await measureHttp(base, local.db, month);
    } finally {
      await local.close();
    }
  });

  // The charge run writes for good (the ledger refuses deletes): on a copy of the database.
  const copy = `${name}_charges`;
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${copy} TEMPLATE ${name}`);
  const copyUrl = new URL(target.url);
  copyUrl.pathname = `/${copy}`;
  database = await openDatabase({ databaseUrl: copyUrl.toString(), poolSize: 4 });
  let charges;
  try {
    charges = await timedCharges(database.db, today);
  } finally {
    await database.close();
    await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${copy} WITH (FORCE)`);
  }
  database = await openDatabase({ databaseUrl: target.url, poolSize: 4 });
  let verify;
  try {
    verify = await timedVerify(database.db);
  } finally {
    await database.close();
  }
  return { engine: 'PostgreSQL', homes: count, rows, goalMs: 50, runs, charges, verify, generatedSeconds };
}

/** Starts the server (its own process) on `databaseUrl`, or on the PGlite database in `dataDir`, creates the bench admin, runs `work`. */
async function withServer<T>(databaseUrl: string, pgliteDataDir: string | undefined, work: (base: string) => Promise<T>): Promise<T> {
  const dataDir = pgliteDataDir ?? path.join(os.tmpdir(), `bench-homes-${process.pid}`);
  const staticDir = path.join(os.tmpdir(), `bench-homes-static-${process.pid}`);
  mkdirSync(staticDir, { recursive: true });
  mkdirSync(dataDir, { recursive: true });
  const env = serverEnv(4700 + Math.floor(Math.random() * 90), staticDir, databaseUrl, dataDir);
  await adminCreate(['--email', ADMIN.email, '--password', ADMIN.password, '--first-name', 'Bench', '--last-name', 'Homes'], { ...env, LOG_LEVEL: 'warn' });
  const server = await startProcess('node', ['--import', 'tsx', 'src/server/main.ts'], env, `${env.APP_URL}/api/health`);
  try {
    return await work(env.APP_URL);
  } finally {
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
    if (!pgliteDataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---- PGlite ----

async function benchPglite(count: number, today: string): Promise<Figures | undefined> {
  const { purchaseDate, month } = dataMonth(today);
  const marker = `homes-v1:${count}:${month}`;
  const dataDir = path.join(os.tmpdir(), 'ownstead-bench-homes-pglite');
  const markerFile = path.join(dataDir, 'bench-marker');
  const written = existsSync(markerFile) ? readFileSync(markerFile, 'utf8') : '';
  if (FRESH || (written !== marker && written !== `${marker}:partial`)) {
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(markerFile, `${marker}:partial`);
  }
  const pgliteDir = path.join(dataDir, 'db');
  let database = await openDatabase({ pgliteDir, poolSize: 1 });
  let generatedSeconds: number;
  let rows: number;
  try {
    await database.migrate();
    generatedSeconds = await ensureHomes(database, count, purchaseDate, 'PGlite');
    await billThisMonth(database.db, today, 'PGlite');
    rows = await countRows(database.db);
    await prepareOwners(database.db);
  } finally {
    await database.close();
  }
  writeFileSync(markerFile, marker);
  if (GENERATE_ONLY) return undefined;

  // The embedded database admits one process: the server's; no in-process fallback here.
  const runs = await withServer('', dataDir, (base) => measureHttp(base, undefined, month));

  const copyDir = path.join(os.tmpdir(), `ownstead-bench-homes-pglite-charges-${process.pid}`);
  cpSync(pgliteDir, copyDir, { recursive: true });
  database = await openDatabase({ pgliteDir: copyDir, poolSize: 1 });
  let charges;
  try {
    charges = await timedCharges(database.db, today);
  } finally {
    await database.close();
    rmSync(copyDir, { recursive: true, force: true });
  }
  database = await openDatabase({ pgliteDir, poolSize: 1 });
  let verify;
  try {
    verify = await timedVerify(database.db);
  } finally {
    await database.close();
  }
  return { engine: 'PGlite', homes: count, rows, goalMs: 200, runs, charges, verify, generatedSeconds };
}

export async function benchHomes() {
  console.log('\nHomeowners — dashboard figures, ledger, /admin/payments, the charge run and ledger:verify');
  const today = ledgerToday();
  const postgresHomes = process.env.BENCH_HOMES_POSTGRES === '0' ? 0 : Number(process.env.BENCH_HOMES ?? 100_000);
  const pgliteHomes = Number(process.env.BENCH_HOMES_PGLITE ?? 10_000);
  if (postgresHomes > 0) {
    const f = await benchPostgres(postgresHomes, today);
    if (f) printTable(f);
  }
  if (pgliteHomes > 0) {
    const f = await benchPglite(pgliteHomes, today);
    if (f) printTable(f);
  }
  console.log('\n(The generated databases are kept for the next run; BENCH_HOMES_FRESH=1 regenerates them.)');
}
