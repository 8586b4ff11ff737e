import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Two kinds of tests (style.md 'Tests'):
 * - unit: pure code beside its source, in Node (a `*.test.tsx` file opts into
 *   jsdom with a `// @vitest-environment jsdom` comment);
 * - server: the real app over HTTP against a real database — embedded PGlite
 *   always; and when TEST_DATABASE_URL is set, the files where the driver
 *   matters (DRIVER_TESTS) a second time on PostgreSQL.
 */
const SERVER_TESTS = ['src/server/**/*.test.ts'];

/**
 * The rule (README 'Test it'): a server test file runs on both drivers when what it
 * tests behaves differently on PGlite and PostgreSQL — transactions and locking,
 * concurrent requests and the connection pool, the job runner and the outbox
 * (claims with SKIP LOCKED, leases, several instances), the ledger and its
 * projections (triggers, hash chains, ANALYZE), migrations (each project migrates
 * its own template), an outage of the database, and shutdown. Everything else
 * (routes, rules, mail, pages) runs once, on PGlite. A new file that touches one of
 * those belongs in this list.
 */
export const DRIVER_TESTS = [
  'src/server/platform/db/**/*.test.ts',
  'src/server/platform/jobs/**/*.test.ts',
  'src/server/modules/homes/**/*.test.ts',
  'src/server/platform/mail/outbox.test.ts',
  'src/server/shutdown.test.ts',
  'src/server/modules/applications/reminders-robustness.test.ts',
  'src/server/modules/waitlist/announcement-instances.test.ts',
  'src/server/platform/auth/rate-limit.test.ts',
  'src/server/modules/accounts/retention.test.ts',
  'src/server/routes/waitlist.test.ts',
  'src/server/modules/payments/provider-event-writer.test.ts',
  'src/server/routes/application.test.ts',
  'src/server/routes/document-files.test.ts',
  'src/server/routes/home.test.ts',
  'src/server/routes/home-changes.test.ts',
  // Late fees: the fee job once per charge with two runs at once; waivers and NACHA returns as reversals in the chain.
  'src/server/routes/home-fees.test.ts',
  'src/server/routes/exit-quotes.test.ts',
  // The acceptance's completion runs in the seal's transaction, locking the quote, the home and the notices.
  'src/server/routes/exit-quote-signatures.test.ts',
  'src/server/routes/admin/homes.test.ts',
  'src/server/routes/admin/payments.test.ts',
  'src/server/routes/agents.test.ts',
  'src/server/routes/pre-approval.test.ts',
  // Offers: the application's row lock, the one-live-offer index, the checklist opened in the acceptance's transaction.
  'src/server/routes/buying.test.ts',
  'src/server/routes/buying-closing.test.ts',
  'src/server/routes/payments.test.ts',
  // Instant bank links: one account per link when the same return arrives twice at once.
  'src/server/routes/bank-links.test.ts',
  'src/server/routes/admin/processor-payments.test.ts',
  // Autopay's once per home and month with two runs at once, the day file once, returns applied under the debit's lock.
  'src/server/routes/autopay.test.ts',
  // kill -9 of the autopay run and of the server during webhook ingestion.
  'src/server/routes/payments-crash.test.ts',
  // The stand-in processor's own process: started and stopped with the server, on either driver.
  'src/server/modules/payments/sandbox-process.test.ts',
];

const serverProject = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: db === 'pglite' ? SERVER_TESTS : DRIVER_TESTS,
    environment: 'node',
    // The AWS SDK warns once per process that its 2027 releases need Node 22; the tests need not say so.
    env: { TEST_DB: db, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Migrates one template database; each test file copies it (src/server/test/harness.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
    // A worker runs its files one after another in one module graph: the server's imports are loaded once per
    // worker, not once per file (they were half of the suite's time). Each file still starts its own server on
    // its own database; nothing else is shared.
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // The machine has 2 cores; every server test file runs a server and a database.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'scripts/**/*.test.ts'],
          exclude: ['src/server/**', '**/node_modules/**'],
          environment: 'node',
        },
      },
      serverProject('server-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [serverProject('server-postgres', 'postgres')] : []),
    ],
  },
});
