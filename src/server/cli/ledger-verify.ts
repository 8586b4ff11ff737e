import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from '../platform/config';
import { type Executor, openDatabase } from '../platform/db/client';
import { findLedgerKey, type LedgerKey } from '../platform/lib/ledger-key';
import { verifyLedgers } from '../modules/homes';

/**
 * `npm run ledger:verify` (docs/decisions/022-homes-and-ledger.md; docs/product/back-office.md#payments):
 * checks every home's hash chain with the domain's verifyChain, home by home in batches,
 * in the database the environment points at (DATABASE_URL, or the embedded one in
 * DATA_DIR). Prints the homes and entries checked and the rate, and for each broken
 * chain the home and its first broken entry; then compares /admin/payments' projections with
 * what the chains say (docs/decisions/024-ledger-projections.md), and checks the signed daily checkpoints with the
 * ledger key — their digests, their chain and their signatures — while every chain is compared with every head they
 * recorded (docs/decisions/029-ledger-checks.md). Exit code 1 when any chain is broken, any projection differs or
 * any checkpoint does not hold.
 *
 * `--public-key` prints the ledger key's public half (PEM) and its id, and nothing else: what an operator keeps.
 * `--public-key-file <file>` checks the signatures with that public key instead of the server's own.
 */
export async function runLedgerVerify(
  db: Executor,
  write: (line: string) => void = console.log,
  now: () => number = () => performance.now(),
  key?: LedgerKey,
): Promise<number> {
  const started = now();
  const rate = (entries: number) => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? Math.round(entries / seconds).toLocaleString('en-US') : '—';
  };
  const report = await verifyLedgers(db, {
    batchSize: 500,
    projections: true,
    checkpoints: { key },
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
  // The checkpoints before the chains' and projections' verdicts: the projections' stays the last line.
  for (const problem of report.checkpointProblems.slice(0, 100)) write(`CHECKPOINT ${problem}`);
  if (report.checkpoints === 0) write('There are no signed checkpoints yet.');
  else if (report.checkpointProblems.length === 0) write(`The ${report.checkpoints} signed checkpoints hold (key ${key?.keyId ?? ''}).`);
  else write(`${report.checkpointProblems.length} checkpoint ${report.checkpointProblems.length === 1 ? 'problem' : 'problems'}.`);
  if (report.broken.length === 0) write('Every chain is intact.');
  else write(`${report.broken.length} ${report.broken.length === 1 ? 'home has a broken chain' : 'homes have broken chains'}.`);
  if (report.projectionProblems.length === 0) write('The payments projections match the ledgers.');
  else
    write(
      `${report.projectionProblems.length} projection ${report.projectionProblems.length === 1 ? 'problem' : 'problems'}: the payments page may show wrong figures.`,
    );
  return report.broken.length === 0 && report.projectionProblems.length === 0 && report.checkpointProblems.length === 0 ? 0 : 1;
}

/** The command line's options: `--public-key`, `--public-key-file <file>`. */
export function ledgerVerifyArgs(argv: readonly string[]): { printKey: boolean; publicKeyFile?: string } {
  const fileAt = argv.indexOf('--public-key-file');
  const file = fileAt >= 0 ? argv[fileAt + 1] : undefined;
  if (fileAt >= 0 && !file) throw new ConfigError('--public-key-file needs a file name');
  const unknown = argv.filter((arg, i) => arg.startsWith('--') && arg !== '--public-key' && arg !== '--public-key-file' && (fileAt < 0 || i !== fileAt + 1));
  if (unknown.length > 0) throw new ConfigError(`Unknown option ${unknown[0]}; use --public-key or --public-key-file <file>`);
  return { printKey: argv.includes('--public-key'), ...(file ? { publicKeyFile: file } : {}) };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  (async () => {
    const config = loadConfig({ ...process.env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
    const args = ledgerVerifyArgs(process.argv.slice(2));
    const key = findLedgerKey(config, args.publicKeyFile);
    if (args.printKey) {
      if (!key)
        throw new ConfigError(
          `No ledger key here: LEDGER_SIGNING_KEY is not set and ${path.join(config.DATA_DIR, 'ledger-signing-key.pem')} does not exist yet.`,
        );
      // The PEM alone on stdout (`> ledger-key.pem`), what it is on stderr.
      const source = key.source === 'local' ? 'a local key generated into DATA_DIR' : key.source === 'environment' ? 'LEDGER_SIGNING_KEY' : 'the file given';
      console.error(`Ledger checkpoint key ${key.keyId} (${source}):`);
      process.stdout.write(key.publicPem);
      return 0;
    }
    const database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      ownerUrl: config.DATABASE_OWNER_URL,
      pgliteDir: path.join(config.DATA_DIR, 'db'),
      poolSize: 2,
    });
    try {
      await database.migrate();
      return await runLedgerVerify(database.db, console.log, () => performance.now(), key);
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
