import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../platform/config';
import { type Executor, openDatabase } from '../platform/db/client';
import { verifyLedgers } from '../modules/homes';

/**
 * `npm run ledger:verify` (docs/decisions/022-homes-and-ledger.md; docs/product/back-office.md#payments):
 * checks every home's hash chain with the domain's verifyChain, home by home in batches,
 * in the database the environment points at (DATABASE_URL, or the embedded one in
 * DATA_DIR). Prints the homes and entries checked and the rate, and for each broken
 * chain the home and its first broken entry; then compares /admin/payments' projections with
 * what the chains say (docs/decisions/024-ledger-projections.md). Exit code 1 when any chain is
 * broken or any projection differs.
 */
export async function runLedgerVerify(db: Executor, write: (line: string) => void = console.log, now: () => number = () => performance.now()): Promise<number> {
  const started = now();
  const rate = (entries: number) => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? Math.round(entries / seconds).toLocaleString('en-US') : '—';
  };
  const report = await verifyLedgers(db, {
    batchSize: 500,
    projections: true,
    onBroken: (broken) => write(`BROKEN home ${broken.homeId} (${broken.address}): ${broken.message}`),
    onBatch: (progress) => {
      if (progress.homes % 5000 === 0) write(`… ${progress.homes.toLocaleString('en-US')} homes, ${progress.entries.toLocaleString('en-US')} entries`);
    },
  });
  const seconds = ((now() - started) / 1000).toFixed(1);
  write(
    `Checked ${report.homes.toLocaleString('en-US')} homes and ${report.entries.toLocaleString('en-US')} entries in ${seconds} s (${rate(report.entries)} rows per second).`,
  );
  for (const problem of report.projectionProblems.slice(0, 100)) write(`PROJECTION ${problem}`);
  if (report.broken.length === 0) write('Every chain is intact.');
  else write(`${report.broken.length} ${report.broken.length === 1 ? 'home has a broken chain' : 'homes have broken chains'}.`);
  if (report.projectionProblems.length === 0) write('The payments projections match the ledgers.');
  else
    write(
      `${report.projectionProblems.length} projection ${report.projectionProblems.length === 1 ? 'problem' : 'problems'}: the payments page may show wrong figures.`,
    );
  return report.broken.length === 0 && report.projectionProblems.length === 0 ? 0 : 1;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  (async () => {
    const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'db'), poolSize: 2 });
    try {
      await database.migrate();
      return await runLedgerVerify(database.db);
    } finally {
      await database.close();
    }
  })()
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(2);
    });
}
