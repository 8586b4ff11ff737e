import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { z } from 'zod';
import { openDatabase, type Database } from '../src/server/platform/db/client';
import { enqueue, jobKind } from '../src/server/platform/jobs/queue';
import { JobRunner } from '../src/server/platform/jobs/runner';
import { createLogger } from '../src/server/platform/lib/logger';
import { announcementMailThroughput } from './announcement-mail';
import { fmt } from './lib';

/**
 * The job runner (docs/decisions/020-job-runner.md) on PGlite and PostgreSQL:
 * - throughput of a no-op kind: jobs claimed, run and marked done per second, from a
 *   queue filled in one statement (batch of 10, the default, and of 50; on PostgreSQL
 *   also two runners with a pool each, as two instances);
 * - throughput of a mail-shaped kind: each job sends one message to a local SMTP sink
 *   (docs/decisions/020-job-runner.md: the benchmark asks ≥ 200 queued e-mails a second);
 * - enqueue: single enqueue() calls, each its own commit;
 * - pickup latency: from the commit of an enqueue (and kick()) to the handler starting,
 *   on an idle runner;
 * - an idle poll: one claim that finds nothing, with 100,000 done and 10,000 not yet
 *   due jobs in the table.
 * - an announcement to the waitlist sent by the runner through the server's mailer
 *   (announcement-mail.ts: those e-mails a second on the real path).
 * Prints figures, asserts nothing. Knobs: BENCH_JOBS (no-op jobs per run, default
 * 5000), BENCH_JOBS_DB=pglite|postgres (one only), BENCH_DATABASE_URL,
 * BENCH_JOBS_ONLY=announcements (that part only), BENCH_ANNOUNCEMENT_RECIPIENTS.
 */

const JOBS = Number(process.env.BENCH_JOBS ?? 5000);
const ONLY_ANNOUNCEMENTS = process.env.BENCH_JOBS_ONLY === 'announcements';
const BENCH_DB_NAME = 'ownstead_bench_jobs';
const silent = createLogger('silent');
const noop = jobKind('bench:noop', z.object({ n: z.number() }));
const mail = jobKind('bench:mail', z.object({ n: z.number() }));

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const ms = (n: number) => `${fmt(n, 2)} ms`;

async function fill(database: Database, kind: string, count: number, runAt = sql`now()`) {
  await database.db.execute(
    sql`INSERT INTO jobs (kind, payload, run_at) SELECT ${kind}, jsonb_build_object('n', n), ${runAt} FROM generate_series(1, ${count}) AS n`,
  );
}

function runner(database: Database, batchSize = 10) {
  return new JobRunner({ db: database.db, logger: silent, pollMs: 1000, batchSize });
}

/** Runs `runners` until none finds anything due; answers jobs per second. */
async function drain(runners: JobRunner[], total: number): Promise<number> {
  const started = performance.now();
  const done = (await Promise.all(runners.map((r) => r.runDue()))).reduce((a, b) => a + b, 0);
  const seconds = (performance.now() - started) / 1000;
  if (done !== total) console.log(`    (ran ${done} of ${total})`);
  return done / seconds;
}

async function throughput(database: Database, second?: Database) {
  for (const batchSize of [10, 50]) {
    await fill(database, noop.kind, JOBS);
    const r = runner(database, batchSize).register(noop, async () => undefined);
    console.log(`  no-op, one runner, batch ${batchSize}: ${fmt(await drain([r], JOBS))} jobs/s (${fmt(JOBS)} jobs)`);
  }
  if (second) {
    await fill(database, noop.kind, JOBS);
    const a = runner(database).register(noop, async () => undefined);
    const b = runner(second).register(noop, async () => undefined);
    console.log(`  no-op, two runners (a pool each), batch 10: ${fmt(await drain([a, b], JOBS))} jobs/s (${fmt(JOBS)} jobs)`);
  }
}

async function mailThroughput(database: Database) {
  let received = 0;
  const sink = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => sink.listen(0, '127.0.0.1', resolve));
  const port = (sink.server.address() as AddressInfo).port;
  const transport = nodemailer.createTransport({ host: '127.0.0.1', port, secure: false, pool: true, maxConnections: 10, maxMessages: Infinity });
  try {
    const count = Math.min(JOBS, 2000);
    for (const batchSize of [10, 50]) {
      received = 0;
      await fill(database, mail.kind, count);
      const r = runner(database, batchSize).register(mail, async ({ n }) => {
        await transport.sendMail({
          from: 'bench@example.com',
          to: `person${n}@example.com`,
          subject: `Reminder ${n}`,
          text: 'Your application is waiting for you.',
          html: '<p>Your application is waiting for you.</p>',
        });
      });
      const rate = await drain([r], count);
      console.log(`  mail to a local SMTP sink, batch ${batchSize}: ${fmt(rate)} e-mails/s (${fmt(received)} received of ${fmt(count)})`);
    }
  } finally {
    transport.close();
    await new Promise<void>((resolve) => sink.close(() => resolve()));
  }
}

async function enqueueRate(database: Database) {
  const count = Math.min(JOBS, 1000);
  const started = performance.now();
  for (let n = 0; n < count; n += 1) await enqueue(database.db, noop, { n }, { runAt: new Date(Date.now() + 86_400_000) });
  console.log(`  enqueue(), one at a time (a commit each): ${fmt(count / ((performance.now() - started) / 1000))} jobs/s`);
  await database.db.execute(sql`DELETE FROM jobs WHERE kind = ${noop.kind}`);
}

async function pickupLatency(database: Database) {
  const waits: number[] = [];
  let resolveRun: (() => void) | undefined;
  let enqueuedAt = 0;
  const r = runner(database).register(noop, async () => {
    waits.push(performance.now() - enqueuedAt);
    resolveRun?.();
  });
  r.start();
  try {
    for (let i = 0; i < 200; i += 1) {
      const ran = new Promise<void>((resolve) => (resolveRun = resolve));
      enqueuedAt = performance.now();
      await enqueue(database.db, noop, { n: i });
      r.kick();
      await ran;
    }
  } finally {
    await r.stop();
  }
  waits.sort((a, b) => a - b);
  console.log(
    `  pickup (enqueue committed + kick → handler starts), 200 jobs: p50 ${ms(percentile(waits, 50))}, p95 ${ms(percentile(waits, 95))}, p99 ${ms(percentile(waits, 99))}`,
  );
}

async function idlePoll(database: Database) {
  await database.db.execute(
    sql`INSERT INTO jobs (kind, payload, state, run_at, finished_at) SELECT ${noop.kind}, '{}', 'done', now() - interval '1 hour', now() FROM generate_series(1, 100000)`,
  );
  await fill(database, noop.kind, 10_000, sql`now() + interval '1 day'`);
  await database.asOwner((owner) => owner.execute(sql`ANALYZE jobs`));
  const r = runner(database).register(noop, async () => undefined);
  const times: number[] = [];
  for (let i = 0; i < 500; i += 1) {
    const started = performance.now();
    await r.runDue();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  idle poll (a claim that finds nothing; 100,000 done and 10,000 later jobs stored): p50 ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))}`,
  );
}

async function benchOn(label: string, database: Database, second?: Database) {
  console.log(`\n${label}`);
  if (ONLY_ANNOUNCEMENTS) return announcementMailThroughput(database);
  await throughput(database, second);
  await mailThroughput(database);
  await announcementMailThroughput(database);
  await enqueueRate(database);
  await pickupLatency(database);
  await idlePoll(database);
}

async function benchPglite() {
  for (const fsync of [true, false]) {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-jobs-'));
    const database = await openDatabase({ pgliteDir: path.join(dir, 'db'), pgliteFsync: fsync });
    try {
      await database.migrate();
      await benchOn(`PGlite (PGLITE_FSYNC=${fsync}${fsync ? ', the default' : ''})`, database);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

async function benchPostgres() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const url = new URL(serverUrl);
  url.pathname = `/${BENCH_DB_NAME}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`\nPostgreSQL run skipped: ${(error as Error).message} (set BENCH_DATABASE_URL)`);
    return;
  }
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${BENCH_DB_NAME} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${BENCH_DB_NAME}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  const second = await openDatabase({ databaseUrl: url.toString(), poolSize: 10 });
  try {
    await database.migrate();
    await benchOn('PostgreSQL', database, second);
  } finally {
    await second.close();
    await database.close();
  }
}

export async function benchJobs() {
  console.log(
    `\nJob runner: ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => fmt(n, 1))
      .join(' / ')}`,
  );
  const only = process.env.BENCH_JOBS_DB;
  if (!only || only === 'pglite') await benchPglite();
  if (!only || only === 'postgres') await benchPostgres();
}
