import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fmt, startProcess } from './lib';
import { countStored, load, serverEnv, type Figures } from './waitlist';

/**
 * The embedded database with and without fsync (PGLITE_FSYNC; ADR 015): waitlist
 * sign-ups through the real server, once with 50 connections (batches form, one
 * commit carries many sign-ups) and once with one connection (one commit per
 * sign-up: the bare cost of a synced commit). The two settings alternate over
 * BENCH_FSYNC_ROUNDS rounds (default 3) so a busy machine disturbs both alike.
 */
const ROUNDS = Number(process.env.BENCH_FSYNC_ROUNDS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP_SECONDS = 3;

interface Row {
  fsync: boolean;
  crowd: Figures;
  serial: Figures;
}

async function run(fsync: boolean, port: number): Promise<Row> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-fsync-'));
  try {
    const server = await startProcess(
      'node',
      ['--import', 'tsx', 'src/server/main.ts'],
      serverEnv(port, { DATA_DIR: dataDir, PGLITE_FSYNC: String(fsync) }),
      `http://127.0.0.1:${port}/api/health`,
    );
    const warm = await load('warm-up', port, WARMUP_SECONDS);
    const crowd = await load(`fsync ${fsync ? 'on' : 'off'}, 50 connections`, port, SECONDS);
    const serial = await load(`fsync ${fsync ? 'on' : 'off'}, 1 connection`, port, SECONDS, 1);
    await server.stop();
    // Every sign-up answered 200 was stored: the crowd's share is the total less the warm-up's and the serial run's.
    crowd.stored = (await countStored({ pgliteDir: path.join(dataDir, 'db') })) - warm.ok - serial.ok;
    serial.stored = serial.ok;
    return { fsync, crowd, serial };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchPgliteFsync() {
  const port = 3400 + Math.floor(Math.random() * 500);
  const rows: Row[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const fsync of round % 2 === 0 ? [false, true] : [true, false]) rows.push(await run(fsync, port));
  }
  console.log(`\nPGlite with and without fsync — POST /api/waitlist, ${SECONDS} s per run after ${WARMUP_SECONDS} s of warm-up, ${ROUNDS} rounds`);
  console.log('| fsync | 50 conn. stored/s | p50 ms | p99 ms | 1 conn. stored/s | p50 ms | p99 ms | other |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const { fsync, crowd, serial } of rows) {
    console.log(
      `| ${fsync ? 'on' : 'off'} | ${fmt((crowd.stored ?? 0) / SECONDS)} | ${crowd.p50} | ${crowd.p99} | ${fmt(serial.ok / SECONDS)} | ${serial.p50} | ${serial.p99} | ${crowd.other + serial.other} |`,
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const fsync of [false, true]) {
    const mine = rows.filter((r) => r.fsync === fsync);
    console.log(
      `median fsync ${fsync ? 'on ' : 'off'}: ${fmt(median(mine.map((r) => (r.crowd.stored ?? 0) / SECONDS)))} stored/s (p99 ${median(mine.map((r) => r.crowd.p99))} ms) with 50 connections; ` +
        `${fmt(median(mine.map((r) => r.serial.ok / SECONDS)))}/s (p50 ${median(mine.map((r) => r.serial.p50))} ms) one at a time`,
    );
  }
}
