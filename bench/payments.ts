import { randomBytes } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../src/server/platform/db/schema';
import { writeNachaDebitFile, type NachaDebit, type NachaOriginator } from '../src/domain/homes/nacha';
import { parseNacha } from '../src/domain/homes/nacha-parser.test-support';
import { openDatabase, queryRows, type Db } from '../src/server/platform/db/client';
import { processorPayments } from '../src/server/platform/db/schema';
import { createFieldCipher, resolveDataKey } from '../src/server/platform/lib/crypto';
import { createLogger } from '../src/server/platform/lib/logger';
import { runAutopay, staffPayments, stripeSignatureHeader, WEBHOOK_PATH, type PaymentsDeps } from '../src/server/modules/payments';
import { benchDatabase, DatabaseUnreachable } from './bench-database';
import { serverEnv } from './http';
import { commandCpuMs, fmt, percentile, processCpuMs, startProcess } from './lib';
import { explain, type Captured } from './review-explain';
import { DEBIT_ON, instantProcessor, MONTHLY_CENTS, paymentsSwitchOn, RUN_AT, seedAutopayHomes } from './payments-data';

/**
 * Payments benchmark (docs/decisions/037-autopay-and-ach-files.md, docs/decisions/032-processor-payments.md):
 * 1. the day's NACHA file of BENCH_NACHA_ENTRIES debits (default 100,000) written by writeNachaDebitFile
 *    (goal ≤ 10 s), its size, read back by the tests' independent parser to check it balances;
 * 2. the autopay run (runAutopay, the `payments:autopay` job's function) over BENCH_AUTOPAY_HOMES homes (default
 *    10,000) with verified accounts and autopay on, due that day: time to create the month's debits, the rate and
 *    the extrapolation to 100,000 (goal ≤ 60 s on PostgreSQL). The processor is stubbed by an instant one
 *    (payments-data.ts: instantProcessor), so this is our side of the run only;
 * 3. webhook ingestion: the server (its own process, 'Payments webhooks' on, the Sandbox processor, a known
 *    STRIPE_WEBHOOK_SECRET) receives BENCH_PAYMENT_EVENTS events (default 20,000) about the debits of (2), each signed
 *    as the Sandbox signs them (stripe-signature.ts), from 10 concurrent senders: events/s (goal ≥ 1,000) and
 *    p50/p99 latency (goal p99 ≤ 50 ms). The first event of each debit settles it (ledger posting), later ones are stale.
 * On PostgreSQL (BENCH_DATABASE_URL; its own database `ownstead_bench_payments`, made afresh each run). Prints
 * figures, asserts nothing.
 */

const NACHA_ENTRIES = Number(process.env.BENCH_NACHA_ENTRIES ?? 100_000);
const AUTOPAY_HOMES = Number(process.env.BENCH_AUTOPAY_HOMES ?? 10_000);
const EVENTS = Number(process.env.BENCH_PAYMENT_EVENTS ?? 20_000);
const SENDERS = 10;
const WARMUP = 200;
const DB_NAME = 'ownstead_bench_payments';
const sec = (ms: number) => `${fmt(ms / 1000, 2)} s`;

const ORIGINATOR: NachaOriginator = {
  destinationRouting: '091000019',
  destinationName: 'SANDBOX BANK',
  companyId: '1234567890',
  companyName: 'OWNSTEAD',
  originRouting: '110000000',
  originName: 'OWNSTEAD BANK',
};

/** `count` debits of about a month's charge each (MONTHLY_CENTS, ± up to $97.53), half WEB recurring, some PPD. */
function dayDebits(count: number): NachaDebit[] {
  const routings = ['110000000', '091000019', '021000021', '011000015'];
  return Array.from({ length: count }, (_, i) => ({
    secCode: i % 4 === 0 ? 'PPD' : 'WEB',
    recurring: i % 3 !== 0,
    routingNumber: routings[i % routings.length]!,
    accountNumber: String(100_000_000 + i * 7),
    accountType: i % 5 === 0 ? 'savings' : 'checking',
    amountCents: MONTHLY_CENTS - 4_876 + (i % 9_753),
    individualId: `H${i.toString(16).padStart(12, '0')}`,
    individualName: `Owner Number ${i}`,
  }));
}

/** Writes the file (timed), reads it back with the tests' independent parser and checks every control against the entries. */
function writeAndCheck(label: string, originator: NachaOriginator, debits: NachaDebit[]) {
  let file;
  const started = performance.now();
  try {
    file = writeNachaDebitFile(originator, debits, { createdAt: new Date(), effectiveDate: DEBIT_ON, entryDescription: 'HOME PMT' });
  } catch (error) {
    console.log(`  ${label}: NOT WRITTEN after ${sec(performance.now() - started)} — ${(error as Error).message}`);
    return;
  }
  const elapsed = performance.now() - started;
  const parsed = parseNacha(file.text);
  const entries = parsed.batches.flatMap((b) => b.entries);
  const sum = (list: typeof entries, last: string) => list.filter((e) => e.code.endsWith(last)).reduce((t, e) => t + e.amount, 0);
  const debitSum = sum(entries, '7');
  const creditSum = sum(entries, '2');
  const controlsAgree =
    parsed.batches.every((b) => b.control.count === b.entries.length && b.control.debit === sum(b.entries, '7') && b.control.credit === sum(b.entries, '2')) &&
    parsed.control.debit === debitSum &&
    parsed.control.credit === creditSum &&
    parsed.control.count === entries.length &&
    parsed.lines.length % 10 === 0 &&
    parsed.lines.every((line) => line.length === 94);
  const balance = originator.offsetAccount ? (debitSum === creditSum ? 'balances (debits = credits)' : 'DOES NOT BALANCE') : 'debits only (the bank offsets)';
  console.log(
    `  ${label}: written in ${sec(elapsed)} (goal ≤ 10 s for 100,000); ${fmt(Buffer.byteLength(file.text) / 1024 / 1024, 1)} MB, ${fmt(parsed.lines.length)} records, ${file.batchCount} batches`,
  );
  console.log(
    `    read back: debits $${fmt(debitSum / 100, 2)}, credits $${fmt(creditSum / 100, 2)} — ${balance}; controls ${controlsAgree ? 'agree with the entries' : 'DO NOT AGREE'}`,
  );
}

function benchNacha() {
  console.log(`\n1. The day's NACHA file: ${fmt(NACHA_ENTRIES)} debits of about a month's charge ($${fmt(MONTHLY_CENTS / 100, 2)})`);
  const debits = dayDebits(NACHA_ENTRIES);
  writeAndCheck(
    'with the offsetting credit (NACHA_OFFSET_ACCOUNT, the default)',
    { ...ORIGINATOR, offsetAccount: { accountNumber: '000123456789', accountType: 'checking' } },
    debits,
  );
  writeAndCheck('without it (NACHA_OFFSET_ACCOUNT=none)', ORIGINATOR, debits);
}

async function benchAutopay(deps: PaymentsDeps) {
  const started = performance.now();
  const report = await runAutopay(deps, { now: RUN_AT });
  const elapsed = performance.now() - started;
  const rate = report.created / (elapsed / 1000);
  console.log(`\n2. The autopay run (runAutopay, the payments:autopay job's function) on ${DEBIT_ON}, ${fmt(AUTOPAY_HOMES)} homes due`);
  console.log(`  processor stubbed by an instant in-process one (bench/payments-data.ts): our side of the run only, no Sandbox round trip`);
  console.log(
    `  machine: load average ${os
      .loadavg()
      .map((l) => fmt(l, 2))
      .join(', ')} on ${os.cpus().length} CPUs`,
  );
  console.log(
    `  ${fmt(report.created)} debits created in ${sec(elapsed)}: ${fmt(rate)} debits/s → 100,000 in ≈ ${sec((100_000 / rate) * 1000)} (goal ≤ 60 s on PostgreSQL)`,
  );
}

/** POSTs over node:http with keep-alive sockets: answers the status. */
function poster(base: string, sockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: sockets });
  const url = new URL(base);
  const post = (route: string, body: string, headers: Record<string, string>) =>
    new Promise<number>((resolve, reject) => {
      const request = http.request(
        { host: url.hostname, port: url.port, path: route, method: 'POST', agent, headers: { 'content-type': 'application/json; charset=utf-8', ...headers } },
        (response) => {
          response.resume();
          response.on('end', () => resolve(response.statusCode ?? 0));
          response.on('error', reject);
        },
      );
      request.on('error', reject);
      request.end(body);
    });
  return { post, close: () => agent.destroy() };
}

function eventBody(id: string, type: string, object: Record<string, unknown>) {
  return JSON.stringify({
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });
}

/** When no stored event waits to be applied (polled every 100 ms). */
async function waitDrained(databaseUrl: string): Promise<number> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    for (;;) {
      const [row] = await queryRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM processor_events WHERE outcome = 'pending'`);
      if (Number(row?.n ?? 0) === 0) return performance.now();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  } finally {
    await database.close();
  }
}

/** What the server made of the events (processor_events.outcome) and how many debits it settled. */
async function outcomes(databaseUrl: string): Promise<string> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const rows = await queryRows<{ outcome: string; n: string }>(
      database.db,
      sql`SELECT outcome, count(*) AS n FROM processor_events WHERE id LIKE 'evt_bench%' GROUP BY outcome ORDER BY outcome`,
    );
    const [settled] = await queryRows<{ n: string }>(database.db, sql`SELECT count(*) AS n FROM processor_payments WHERE state = 'succeeded'`);
    return `events ${rows.map((r) => `${r.outcome} × ${fmt(Number(r.n))}`).join(', ')}; ${fmt(Number(settled?.n ?? 0))} debits succeeded`;
  } finally {
    await database.close();
  }
}

async function benchWebhooks(databaseUrl: string, dataDir: string, payments: { id: string; providerPaymentId: string; amountCents: number }[]) {
  console.log(`\n3. Webhook ingestion: ${fmt(EVENTS)} signed events about ${fmt(Math.min(EVENTS, payments.length))} debits, ${SENDERS} concurrent senders`);
  if (payments.length === 0) return console.log('  skipped: no debits to send events about');
  const staticDir = path.join(os.tmpdir(), `bench-payments-static-${process.pid}`);
  mkdirSync(staticDir, { recursive: true });
  const secret = `whsec_${randomBytes(24).toString('hex')}`;
  const env = { ...serverEnv(4800 + Math.floor(Math.random() * 90), staticDir, databaseUrl, dataDir), STRIPE_WEBHOOK_SECRET: secret };
  const server = await startProcess('node', ['--import', 'tsx', 'src/server/main.ts'], env, `${env.APP_URL}/api/health`);
  const { post, close } = poster(env.APP_URL, SENDERS);
  const send = async (body: string) => post(WEBHOOK_PATH, body, { 'stripe-signature': stripeSignatureHeader(secret, body) });
  try {
    for (let i = 0; i < WARMUP; i += 1) await send(eventBody(`evt_warm${i}`, 'customer.created', { id: `cus_warm${i}`, object: 'customer' }));
    const bodies = Array.from({ length: EVENTS }, (_, i) => {
      const p = payments[i % payments.length]!;
      const object = {
        id: p.providerPaymentId,
        object: 'payment_intent',
        amount: p.amountCents,
        amount_received: p.amountCents,
        metadata: { paymentId: p.id },
        status: 'succeeded',
      };
      return eventBody(`evt_bench${i}`, 'payment_intent.succeeded', object);
    });
    const latencies: number[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const cpuBefore = { server: processCpuMs(server.process.pid), postgres: commandCpuMs('postgres'), senders: process.cpuUsage() };
    const started = performance.now();
    await Promise.all(
      Array.from({ length: SENDERS }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!;
          const at = performance.now();
          const status = await send(body);
          latencies.push(performance.now() - at);
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const perEvent = (before: number | null, after: number | null) => (before === null || after === null ? 'n/a' : `${fmt((after - before) / EVENTS, 2)} ms`);
    const senders = process.cpuUsage(cpuBefore.senders);
    const cpu = `CPU per event: server ${perEvent(cpuBefore.server, processCpuMs(server.process.pid))}, PostgreSQL ${perEvent(cpuBefore.postgres, commandCpuMs('postgres'))} (every postgres process on the machine), the 10 senders ${fmt((senders.user + senders.system) / 1000 / EVENTS, 2)} ms`;
    latencies.sort((a, b) => a - b);
    const ms = (q: number) => `${fmt(percentile(latencies, q), 1)} ms`;
    console.log(`  ${fmt(EVENTS / seconds, 1)} events/s acknowledged (goal ≥ 1,000); latency p50 ${ms(0.5)}, p99 ${ms(0.99)} (goal p99 ≤ 50 ms)`);
    console.log(`  ${cpu}`);
    console.log(
      `  machine: load average ${os
        .loadavg()
        .map((l) => fmt(l, 2))
        .join(', ')} on ${os.cpus().length} CPUs`,
    );
    // Acknowledged is stored; the applier applies behind (docs/decisions/044-payments-throughput.md): until none is pending.
    const drained = await waitDrained(databaseUrl);
    console.log(
      `  all applied ${sec(drained - started)} after the first send (${fmt(EVENTS / ((drained - started) / 1000))} events/s end to end; the ledger posting of each debit's first event)`,
    );
    console.log(`  answers: ${[...statuses].map(([status, n]) => `${status} × ${fmt(n)}`).join(', ')}; ${await outcomes(databaseUrl)}`);
  } finally {
    close();
    await server.stop();
    rmSync(staticDir, { recursive: true, force: true });
  }
}

/** Staff's 'Bank debits' views (staffPayments, /admin/payments) page 1, each statement EXPLAINed as the server sends it. */
async function explainStaffViews(databaseUrl: string) {
  console.log(`\n4. Staff's 'Bank debits' views: EXPLAIN (ANALYZE, BUFFERS) of page 1 and its total`);
  const captured: Captured[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  try {
    await pool.query('ANALYZE processor_payments');
    const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;
    for (const view of ['succeeded', 'processing', 'failed', 'returned'] as const) {
      captured.length = 0;
      const page = await staffPayments(db, { view, page: 1, pageSize: 25 });
      const client = await pool.connect();
      try {
        // The list and its count (the refunds and retries of the page's ids are read by their own indexes).
        const [list, total] = [captured.find((c) => /order by/i.test(c.query)), captured.find((c) => /count\(/i.test(c.query))];
        console.log(`  view=${view}: ${fmt(page.total)} debits`);
        for (const statement of [list, total]) if (statement) console.log(`  ${(await explain(client, statement)).replace(/\n/g, '\n  ')}`);
      } finally {
        client.release();
      }
    }
  } finally {
    await pool.end();
  }
}

export async function benchPayments() {
  console.log(`\nPayments — the NACHA file, the autopay run, webhook ingestion (${os.cpus().length} CPUs)`);
  benchNacha();
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  let databaseUrl: string;
  try {
    ({ databaseUrl } = await benchDatabase(serverUrl, DB_NAME, 'payments', true));
  } catch (error) {
    if (!(error instanceof DatabaseUnreachable)) throw error;
    console.log(`\n2. and 3. skipped: PostgreSQL unreachable (${error.message}; set BENCH_DATABASE_URL)`);
    return;
  }
  const dataDir = path.join(os.tmpdir(), `bench-payments-${process.pid}`);
  const cipher = createFieldCipher(resolveDataKey({ DATA_ENCRYPTION_KEY: undefined, DATA_DIR: dataDir }));
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  let closed = false;
  try {
    const seeding = performance.now();
    await seedAutopayHomes(database.db, cipher, AUTOPAY_HOMES);
    await paymentsSwitchOn(database.db);
    await database.asOwner((owner) => owner.execute(sql`ANALYZE`));
    console.log(`\n(${fmt(AUTOPAY_HOMES)} homes with verified accounts and autopay on written in ${sec(performance.now() - seeding)})`);
    const logger = createLogger('silent');
    await benchAutopay({
      db: database.db,
      cipher,
      payments: instantProcessor(),
      logger,
      brand: { name: 'Ownstead' },
      config: { PAYMENTS_COLLECTOR: 'processor' },
    });
    const payments = await database.db
      .select({ id: processorPayments.id, providerPaymentId: processorPayments.providerPaymentId, amountCents: processorPayments.amountCents })
      .from(processorPayments)
      .where(and(eq(processorPayments.origin, 'autopay'), isNotNull(processorPayments.providerPaymentId)));
    await database.close();
    closed = true;
    await benchWebhooks(
      databaseUrl,
      dataDir,
      payments.map((p) => ({ ...p, providerPaymentId: p.providerPaymentId! })),
    );
    await explainStaffViews(databaseUrl);
  } finally {
    if (!closed) await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
