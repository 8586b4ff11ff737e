import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { APP_PORT as PORT, MAIL_HTTP_PORT, MAIL_SMTP_PORT } from './e2e/support/ports';

export const CHROME_PATH = process.env.CHROME_PATH || '/usr/bin/chromium';
// A fresh embedded database for every run. Set in the environment so the workers
// (which load this file again) see the same folder (e2e/support/admins.ts keeps a file there).
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(os.tmpdir(), 'e2e-data-'));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: './e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  // Waits, not timings: a journey asserts what a user sees, however long a busy machine takes to show it
  // (docs/decisions/027-test-budget.md 'Waits are not timings').
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records every action's DOM snapshot and a screencast: a fifth of the suite's time on this machine
    // (docs/decisions/027-test-budget.md). A failure keeps its screenshot and error; E2E_TRACE=1 records traces
    // again (kept for failed tests) to debug one.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROME_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  projects: [
    // Enrols the operations admin that promotes each back-office spec's own admin (e2e/support/admins.ts).
    { name: 'setup', testMatch: /ops-admin\.setup\.ts$/ },
    { name: 'chromium', dependencies: ['setup'], testIgnore: /signatures\.spec\.ts$/, use: { ...devices['Desktop Chrome'], channel: undefined } },
    // The e-signature journeys switch 'E-signatures' on for the whole server: they run after every other browser test,
    // one at a time, so that one journey's switching it off again never lands in the middle of another.
    {
      name: 'signatures',
      dependencies: ['setup', 'chromium'],
      testMatch: /signatures\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
  ],
  webServer: [
    {
      // The test admins, failed jobs and homeowners are stored before the server opens the database (e2e/support/seed-e2e.ts).
      command: 'npx tsx e2e/support/seed-e2e.ts && npx tsx src/server/main.ts',
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      // admin:create hashes a password and migrates a new database before the server starts: slow on a busy machine.
      timeout: 180_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        APP_URL: `http://127.0.0.1:${PORT}`,
        LOG_LEVEL: 'warn',
        // Lets several local runs serve their own build side by side (default: dist/client).
        ...(process.env.STATIC_DIR ? { STATIC_DIR: process.env.STATIC_DIR } : {}),
        WAITLIST_RATE_LIMIT_MAX: '1000',
        // Mail goes to the sink below, where tests read the links (e2e/support/accounts.ts).
        SMTP_URL: `smtp://127.0.0.1:${MAIL_SMTP_PORT}`,
        // Every test comes from 127.0.0.1: the per-IP limits would otherwise stop the suite.
        AUTH_RATE_LIMIT_IP_MAX: '100000',
        UNSUBSCRIBE_RATE_LIMIT_MAX: '100000',
        AUTH_RATE_LIMIT_EMAIL_MAX: '1000',
        // The stand-in processor (docs/decisions/032-processor-payments.md) on the port after the mail sink's, settling quickly.
        SANDBOX_PROCESSOR_PORT: String(PORT + 3),
        SANDBOX_SETTLE_MS: '1500',
      },
    },
    {
      command: 'npx tsx e2e/support/mail-sink.ts',
      url: `http://127.0.0.1:${MAIL_HTTP_PORT}/health`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { E2E_MAIL_SMTP_PORT: String(MAIL_SMTP_PORT), E2E_MAIL_HTTP_PORT: String(MAIL_HTTP_PORT) },
    },
  ],
});
