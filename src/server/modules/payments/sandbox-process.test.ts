import { spawn } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../platform/config';
import { processorPayments } from '../../platform/db/schema';
import { createLogger } from '../../platform/lib/logger';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, waitFor } from '../../test/harness';
import { clickKey, processorHomeowner } from '../../test/processor-fixtures';
import { startPayments } from './start-payments';

/**
 * The stand-in processor runs as its own process (docs/decisions/045-sandbox-processor-process.md): a test server's
 * stand-in is another process than the server's, collects a debit over HTTP, takes a new settle delay over IPC, and is
 * gone once the server stops; it leaves when its parent is killed with SIGKILL; a stand-in that cannot start says why.
 */

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('the stand-in processor as its own process', () => {
  it('runs apart from the server, collects a debit through it over HTTP, and is gone once the server stops', async () => {
    const app = await startTestServer({ ...AUTH_TEST_ENV, SANDBOX_SETTLE_MS: '600000' });
    const sandbox = app.server.sandboxProcessor!;
    try {
      // The server runs in this test's process; the stand-in in its own.
      expect(sandbox.pid).not.toBe(process.pid);
      expect(alive(sandbox.pid)).toBe(true);
      // It is an HTTP server of its own at its URL: without the key it refuses, as Stripe does.
      const refused = await fetch(`${sandbox.url}/v1/customers`, { method: 'POST' });
      expect(refused.status).toBe(401);
      await refused.text();

      const admin = await signedInAdmin(app);
      const settings = (await admin.browser.get('/api/admin/settings')).body;
      await admin.browser.put('/api/admin/settings', { ...settings, featureFlags: { ...settings.featureFlags, paymentsWebhooks: true } });
      // The bank account set up and verified at the stand-in (processorHomeowner expects 201 and 200).
      const owner = await processorHomeowner(app, { account: '000123456789' });
      // Told over IPC: debits from now on settle quickly; the stand-in's signed event reaches the server's webhook.
      await sandbox.setSettleMs(30);
      const made = await owner.browser.post('/api/me/home/payments', { amountCents: 10_000, idempotencyKey: clickKey() });
      expect(made.status).toBe(201);
      await waitFor(
        async () => {
          const [row] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, made.body.id));
          return row?.state === 'succeeded';
        },
        { message: 'the debit to succeed' },
      );
    } finally {
      await app.stop();
    }
    // stop() waited for the stand-in's exit: no process is left behind.
    expect(alive(sandbox.pid)).toBe(false);
    await expect(sandbox.setSettleMs(30)).rejects.toThrow(/not running/);
  });

  it('leaves when the process that started it is killed with SIGKILL', async () => {
    // A parent of its own, killed as the crash tests kill a server: the stand-in sees its IPC channel close.
    const startPaymentsUrl = pathToFileURL(fileURLToPath(new URL('./start-payments.ts', import.meta.url))).href;
    const script = `
      const { startPayments } = await import(${JSON.stringify(startPaymentsUrl)});
      const logger = { info() {}, warn() {}, error() {} };
      const payments = await startPayments({ SANDBOX_SETTLE_MS: 5000, SANDBOX_PROCESSOR_PORT: 0 }, logger);
      process.stdout.write(JSON.stringify({ pid: payments.sandbox.pid }) + '\\n');
      setInterval(() => undefined, 1000);
    `;
    const parent = spawn(process.execPath, ['--import', 'tsx/esm', '--input-type=module', '--eval', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const line = await new Promise<string>((resolve, reject) => {
        let out = '';
        parent.stdout!.on('data', (chunk: Buffer) => {
          out += chunk.toString('utf8');
          if (out.includes('\n')) resolve(out.split('\n')[0]!);
        });
        parent.once('exit', (code) => reject(new Error(`the parent exited (${code}) before its stand-in was ready`)));
      });
      const { pid } = JSON.parse(line) as { pid: number };
      expect(pid).not.toBe(parent.pid);
      expect(alive(pid)).toBe(true);
      parent.kill('SIGKILL');
      await waitFor(() => !alive(pid), { message: `the stand-in (pid ${pid}) to leave after its parent's SIGKILL` });
    } finally {
      if (parent.exitCode === null && parent.signalCode === null) parent.kill('SIGKILL');
    }
  });

  it('says why when it cannot start: its port is taken', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const config = { SANDBOX_SETTLE_MS: 5_000, SANDBOX_PROCESSOR_PORT: port } as Config;
      await expect(startPayments(config, createLogger('silent'))).rejects.toThrow(/stand-in processor could not start: listen EADDRINUSE/);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
  });
});
