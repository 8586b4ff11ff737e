import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { openDatabase } from '../src/server/platform/db/client';
import { fmt, startProcess } from './lib';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
/**
 * Seconds of the same load before each measured run, not counted: the server is
 * measured warm, as it runs, not while V8 still compiles its request path (the
 * first second of a cold server alone held ~1% of a run's responses above 45 ms).
 */
const WARMUP_SECONDS = 3;
const CONNECTIONS = 50;
/** Submissions sent so far, warm-ups included: every one has its own e-mail and visitor. */
let sent = 0;

export interface Figures {
  label: string;
  rps: number;
  p50: number;
  p99: number;
  ok: number;
  other: number;
  stored?: number;
}

function submission(n: number) {
  return JSON.stringify({
    timestamp: new Date().toISOString(),
    firstName: 'Bench',
    lastName: `Visitor ${n}`,
    email: `bench.${process.pid}.${n}@example.com`,
    phone: '(214) 555-0134',
    cityState: 'Dallas, TX',
    intendedState: 'Texas',
    homeType: 'new',
    buyingTimeline: '6months',
    priceRange: '300-400k',
    downPayment: '$15K',
    monthlyPaymentRange: '$1,800-$2,000',
    priority: 'lower-payments',
    housingStatus: 'renter',
    interests: 'Lower payments',
    contactConsent: true,
  });
}

export async function load(label: string, port: number, duration = DURATION, connections = CONNECTIONS): Promise<Figures> {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/waitlist',
        setupRequest: (request) => {
          sent += 1;
          const n = sent;
          // Distinct visitors behind a trusted proxy: each has its own rate-limit counter.
          const ip = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...request,
            body: submission(n),
            headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, origin: `http://127.0.0.1:${port}` },
          };
        },
      },
    ],
  });
  return {
    label,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    ok: result['2xx'],
    other: result.non2xx + result.errors + result.timeouts,
  };
}

export const serverEnv = (port: number, extra: Record<string, string>) => ({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: `http://127.0.0.1:${port}`,
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
  WAITLIST_RATE_LIMIT_MAX: '20',
  ...extra,
});

export async function countStored(options: { databaseUrl?: string; pgliteDir?: string }) {
  const database = await openDatabase(options);
  try {
    const rows = (await database.db.execute('select count(*)::int as n from waitlist_entries' as never)) as unknown as { rows: { n: number }[] };
    return Number(rows.rows[0].n);
  } finally {
    await database.close();
  }
}

export async function benchWaitlist() {
  const results: Figures[] = [];
  const port = 3400 + Math.floor(Math.random() * 500);

  const ceiling = await startProcess('node', ['bench/ceiling-server.mjs'], { PORT: String(port) }, `http://127.0.0.1:${port}/`);
  await load('warm-up', port, WARMUP_SECONDS);
  results.push(await load('node:http no-op (ceiling)', port));
  await ceiling.stop();

  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-pglite-'));
  const pgliteServer = await startProcess(
    'node',
    ['--import', 'tsx', 'src/server/main.ts'],
    serverEnv(port, { DATA_DIR: dataDir }),
    `http://127.0.0.1:${port}/api/health`,
  );
  const pgliteWarmup = await load('warm-up', port, WARMUP_SECONDS);
  const pgliteFigures = await load('app on PGlite', port);
  await pgliteServer.stop();
  // Stored by the measured run: every entry less those of the warm-up (each answered 200 was stored).
  pgliteFigures.stored = (await countStored({ pgliteDir: path.join(dataDir, 'db') })) - pgliteWarmup.ok;
  results.push(pgliteFigures);
  rmSync(dataDir, { recursive: true, force: true });

  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const dbName = `ownstead_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${dbName}`);
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    const pgServer = await startProcess(
      'node',
      ['--import', 'tsx', 'src/server/main.ts'],
      serverEnv(port, { DATABASE_URL: url.toString() }),
      `http://127.0.0.1:${port}/api/health`,
    );
    const pgWarmup = await load('warm-up', port, WARMUP_SECONDS);
    const pgFigures = await load('app on PostgreSQL', port);
    await pgServer.stop();
    pgFigures.stored = (await countStored({ databaseUrl: url.toString() })) - pgWarmup.ok;
    results.push(pgFigures);
    await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
  } catch (error) {
    console.log(`PostgreSQL run skipped: ${(error as Error).message} (set BENCH_DATABASE_URL)`);
  } finally {
    await admin.end().catch(() => undefined);
  }

  const ceilingRps = results[0].rps;
  console.log(`\nWaitlist POST /api/waitlist — ${CONNECTIONS} connections, ${DURATION} s after ${WARMUP_SECONDS} s of warm-up, distinct valid submissions`);
  console.log('| server | req/s | stored/s | p50 ms | p99 ms | 2xx | other | req/s ÷ ceiling | p99 ÷ ceiling p99 |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const storedPerSecond = r.stored === undefined ? '—' : fmt(r.stored / DURATION);
    console.log(
      `| ${r.label} | ${fmt(r.rps)} | ${storedPerSecond} | ${r.p50} | ${r.p99} | ${r.ok} | ${r.other} | ${fmt(r.rps / ceilingRps, 3)} | ${fmt(r.p99 / Math.max(1, results[0].p99), 1)} |`,
    );
  }
  console.log('Targets: ≥ 3,000 stored/s on PostgreSQL, ≥ 1,000/s on PGlite, p99 ≤ 50 ms.');
}
