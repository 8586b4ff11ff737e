import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { resolveSettings } from '../../domain/admin/settings';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays } from '../../domain/ledger';
import { AUTHORISATION_VERSION, authorisationText } from '../../domain/payments/bank-account';
import { bankingDayOnOrBefore } from '../../domain/payments/bank-days';
import { SandboxProcessor, stripeSignatureHeader, WEBHOOK_PATH } from '../modules/payments';
import { createStripeAdapter } from '../modules/payments/stripe-adapter';
import type { Database } from '../platform/db/client';
import { bankAccounts, ledgerEntries, processorEvents, processorPayments } from '../platform/db/schema';
import { createFieldCipher, resolveDataKey } from '../platform/lib/crypto';
import { saveSettings } from '../platform/settings/settings-store';
import { createTestDatabase, waitFor, type TestDatabase } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';

/**
 * kill -9 during the autopay run and during webhook ingestion (docs/decisions/044-payments-throughput.md):
 * the run in a process of its own (src/server/test/autopay-child.ts, the job's function) killed once the stand-in has
 * made some of its debits, then run again; the real server (src/server/main.ts) killed once it has acknowledged ten
 * events, then started again, and every event sent again until acknowledged, as the processor resends. After both:
 * one debit per home at our side and at the processor's, each applied once, each home's payment posted once, none
 * lost. The stand-in runs in this process, so it outlives both kills. A PGlite folder admits one process: this
 * file's own connection is closed while a child runs.
 */

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const HOMES = 24;
const KEY = 'sk_test_sandbox_crash';
const SECRET = 'whsec_crash_test_secret';
const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const MONTHLY = Math.round(agreementBounds(AGREEMENT).max * 100);
// The dates of autopay.test.ts: bought on the 10th five months before next month's 1st, the run on its debit day.
const TODAY = ledgerToday();
const NEXT_DUE = `${addDays(`${TODAY.slice(0, 7)}-01`, 40).slice(0, 7)}-01`;
const RUN_AT = new Date(`${bankingDayOnOrBefore(NEXT_DUE)}T20:00:00Z`);
const PURCHASE = new Date(Date.UTC(Number(NEXT_DUE.slice(0, 4)), Number(NEXT_DUE.slice(5, 7)) - 1 - 5, 10)).toISOString().slice(0, 10);

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

function child(script: string, env: Record<string, string>) {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  proc.stdout!.on('data', (chunk) => (output += chunk));
  proc.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  cleanups.push(() => {
    if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL');
  });
  return { proc, exited, output: () => output };
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('kill -9', () => {
  it('during the autopay run and during webhook ingestion: no payment lost, none posted twice', { timeout: 240_000 }, async () => {
    const database: TestDatabase = await createTestDatabase();
    cleanups.push(() => database.dispose());
    const sandbox = new SandboxProcessor({ secretKey: KEY, webhookSecret: SECRET, settleMs: 3_600_000 });
    const sandboxUrl = await sandbox.start();
    cleanups.push(() => sandbox.stop());
    const adapter = createStripeAdapter({ secretKey: KEY, webhookSecret: SECRET, apiBase: sandboxUrl, sandbox: true });

    // Homes with a verified account at the stand-in and autopay on, and the payments switch on.
    let db: Database = await database.open();
    const cipher = createFieldCipher(resolveDataKey({ DATA_ENCRYPTION_KEY: undefined, DATA_DIR: database.dataDir }));
    const homeIds: string[] = [];
    for (let i = 0; i < HOMES; i += 1) {
      const { homeId } = await insertTestHome(db.db, { purchaseDate: PURCHASE, monthlyPaymentCents: MONTHLY });
      const { customerId } = await adapter.createCustomer({ email: `crash${i}@example.com`, name: `Crash ${i}`, homeId });
      const setup = await adapter.setupBankAccount({
        customerId,
        holderName: `Crash ${i}`,
        routingNumber: '110000000',
        accountNumber: '000123456789',
        accountType: 'checking',
        mandate: { ip: null, userAgent: null, acceptedAt: new Date() },
      });
      expect(await adapter.verifyMicrodeposits(setup.setupId, [32, 45])).toEqual({ ok: true });
      const id = crypto.randomUUID();
      await db.db.insert(bankAccounts).values({
        id,
        homeId,
        holderName: `Crash ${i}`,
        routingNumber: '110000000',
        accountNumberSealed: cipher.encrypt('000123456789', `bank_accounts.account_number:${id}`),
        accountLast4: '6789',
        accountType: 'checking',
        state: 'verified',
        autopay: true,
        autopaySince: new Date(),
        providerCustomerId: customerId,
        providerSetupId: setup.setupId,
        providerPaymentMethodId: setup.paymentMethodId,
        authorisationVersion: AUTHORISATION_VERSION,
        authorisationText: authorisationText('Ownstead'),
        authorisedAt: new Date(),
        sandbox: true,
        verifiedAt: new Date(),
      });
      homeIds.push(homeId);
    }
    const settings = resolveSettings(undefined);
    await db.db.transaction((tx) => saveSettings(tx, { ...settings, featureFlags: { ...settings.featureFlags, paymentsWebhooks: true } }, 'test'));
    const childDb = { CHILD_DATABASE_URL: database.kind === 'postgres' ? database.databaseUrl! : '', CHILD_PGLITE_DIR: database.pgliteDir ?? '' };
    if (database.kind === 'pglite') await db.close();

    // 1. The autopay run, killed once the stand-in has made a third of the debits (each held 150 ms, 4 homes a batch).
    const runEnv = {
      ...childDb,
      CHILD_DATA_DIR: database.dataDir,
      CHILD_STRIPE_API_BASE: sandboxUrl,
      CHILD_STRIPE_KEY: KEY,
      CHILD_WEBHOOK_SECRET: SECRET,
      CHILD_RUN_AT: RUN_AT.toISOString(),
      CHILD_BATCH_SIZE: '4',
      CHILD_DEBIT_DELAY_MS: '150',
    };
    const first = child('src/server/test/autopay-child.ts', runEnv);
    await waitFor(
      () => {
        if (first.proc.exitCode !== null) throw new Error(`the run ended before it was killed: ${first.output()}`);
        return sandbox.debitCount() >= HOMES / 3;
      },
      { timeoutMs: 60_000, intervalMs: 5, message: 'the run to make a third of the debits' },
    );
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(sandbox.debitCount()).toBeLessThan(HOMES);
    // The next run (the job's next hour): what the first left unsent is sent again under the same key, the rest made.
    const second = child('src/server/test/autopay-child.ts', { ...runEnv, CHILD_DEBIT_DELAY_MS: '0' });
    expect(await second.exited, second.output()).toBe(0);
    expect(second.output()).toContain('done');
    expect(sandbox.debitCount()).toBe(HOMES);

    if (database.kind === 'pglite') db = await database.open();
    const debits = await db.db.select().from(processorPayments).where(eq(processorPayments.origin, 'autopay'));
    expect(debits).toHaveLength(HOMES);
    expect(new Set(debits.map((d) => d.homeId))).toEqual(new Set(homeIds));
    expect(debits.every((d) => d.state === 'processing' && d.providerPaymentId?.startsWith('pi_') && d.amountCents === MONTHLY)).toBe(true);
    expect(new Set(debits.map((d) => d.providerPaymentId)).size).toBe(HOMES);
    if (database.kind === 'pglite') await db.close();

    // 2. The server, killed once it has acknowledged ten of the debits' success events.
    const port = await freePort();
    const staticDir = path.join(database.dataDir, 'empty-static');
    mkdirSync(staticDir, { recursive: true });
    const serverEnv = {
      ...database.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
      STATIC_DIR: staticDir,
      STRIPE_SECRET_KEY: KEY,
      STRIPE_WEBHOOK_SECRET: SECRET,
      STRIPE_API_BASE: sandboxUrl,
    };
    const startServer = async () => {
      const server = child('src/server/main.ts', serverEnv);
      await waitFor(
        () => {
          if (server.proc.exitCode !== null) throw new Error(`the server exited: ${server.output()}`);
          return /listening on/.test(server.output());
        },
        { timeoutMs: 90_000, intervalMs: 50, message: 'the server to listen' },
      );
      return server;
    };
    const events = debits.map((debit, i) =>
      JSON.stringify({
        id: `evt_crash_${i}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: { id: debit.providerPaymentId, object: 'payment_intent', amount: debit.amountCents, metadata: { paymentId: debit.id }, status: 'succeeded' },
        },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type: 'payment_intent.succeeded',
      }),
    );
    const send = async (body: string) => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}${WEBHOOK_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(SECRET, body) },
          body,
          signal: AbortSignal.timeout(10_000),
        });
        await response.arrayBuffer();
        return response.status;
      } catch {
        return 0;
      }
    };

    let server = await startServer();
    const acknowledged = new Set<number>();
    let next = 0;
    let killed = false;
    // Four senders at once, as a processor delivers; the tenth acknowledgement kills the server with the rest in flight.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < events.length && !killed) {
          const i = next++;
          if ((await send(events[i]!)) === 200) acknowledged.add(i);
          if (acknowledged.size >= 10 && !killed) {
            killed = true;
            server.proc.kill('SIGKILL');
          }
        }
      }),
    );
    await server.exited;
    expect(acknowledged.size).toBeGreaterThanOrEqual(10);
    expect(acknowledged.size).toBeLessThan(HOMES);

    // Started again: the processor resends what was not acknowledged, and some of what was (its answer lost).
    server = await startServer();
    for (const [i, body] of events.entries()) {
      await waitFor(async () => (await send(body)) === 200, { timeoutMs: 20_000, message: `event ${i} to be acknowledged` });
    }
    for (const i of acknowledged) expect(await send(events[i]!)).toBe(200);
    // SIGTERM: the server finishes applying what it acknowledged before it exits.
    server.proc.kill('SIGTERM');
    expect(await server.exited, server.output()).toBe(0);

    if (database.kind === 'pglite') db = await database.open();
    cleanups.push(() => db.close());
    const stored = await db.db.select().from(processorEvents).where(like(processorEvents.id, 'evt_crash_%'));
    expect(stored).toHaveLength(HOMES);
    expect(stored.filter((e) => e.outcome !== 'applied')).toEqual([]);
    const after = await db.db.select().from(processorPayments).where(eq(processorPayments.origin, 'autopay'));
    expect(after.filter((d) => d.state !== 'succeeded')).toEqual([]);
    for (const homeId of homeIds) {
      const posted = await db.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.homeId, homeId), eq(ledgerEntries.kind, 'payment')));
      const debit = after.find((d) => d.homeId === homeId)!;
      expect(posted).toEqual([expect.objectContaining({ amountCents: MONTHLY, source: 'processor', reference: debit.providerPaymentId })]);
    }
  });
});
