import { openDatabase } from '../platform/db/client';
import { createFieldCipher, resolveDataKey } from '../platform/lib/crypto';
import { createLogger } from '../platform/lib/logger';
import { runAutopay } from '../modules/payments';
import { createStripeAdapter } from '../modules/payments/stripe-adapter';

/**
 * The autopay job's run (runAutopay) in a process of its own, for src/server/routes/payments-crash.test.ts to kill
 * with SIGKILL in the middle (docs/decisions/044-payments-throughput.md). It debits through the stand-in processor the
 * test runs (CHILD_STRIPE_API_BASE), each debit held CHILD_DEBIT_DELAY_MS first so the run lasts long enough to be
 * killed in the middle; it says 'done' on stdout when the run ends.
 */
const database = await openDatabase({
  databaseUrl: process.env.CHILD_DATABASE_URL || undefined,
  pgliteDir: process.env.CHILD_PGLITE_DIR || undefined,
  poolSize: 4,
});
const delayMs = Number(process.env.CHILD_DEBIT_DELAY_MS ?? 0);
const adapter = createStripeAdapter({
  secretKey: process.env.CHILD_STRIPE_KEY!,
  webhookSecret: process.env.CHILD_WEBHOOK_SECRET!,
  apiBase: process.env.CHILD_STRIPE_API_BASE!,
  sandbox: true,
});
const report = await runAutopay(
  {
    db: database.db,
    cipher: createFieldCipher(resolveDataKey({ DATA_ENCRYPTION_KEY: undefined, DATA_DIR: process.env.CHILD_DATA_DIR! })),
    payments: {
      ...adapter,
      debit: async (input) => {
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        return adapter.debit(input);
      },
    },
    logger: createLogger('silent'),
    brand: { name: 'Ownstead' },
    config: { PAYMENTS_COLLECTOR: 'processor' },
  },
  { now: new Date(process.env.CHILD_RUN_AT!), batchSize: Number(process.env.CHILD_BATCH_SIZE ?? 500) },
);
await database.close();
process.stdout.write(`done ${JSON.stringify(report)}\n`);
