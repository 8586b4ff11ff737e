import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * Two kinds of tests (style.md 'Tests'):
 * - unit: pure code beside its source, in Node (a `*.test.tsx` file opts into
 *   jsdom with a `// @vitest-environment jsdom` comment);
 * - server: the real app over HTTP against a real database — embedded PGlite
 *   always, and PostgreSQL too when TEST_DATABASE_URL is set (the same files).
 */
const SERVER_TESTS = ['src/server/**/*.test.ts'];

const serverProject = (name: string, db: 'pglite' | 'postgres'): TestProjectInlineConfiguration => ({
  extends: true,
  test: {
    name,
    include: SERVER_TESTS,
    environment: 'node',
    // The AWS SDK warns once per process that its 2027 releases need Node 22; the tests need not say so.
    env: { TEST_DB: db, AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
    // Migrates one template database; each test file copies it (src/server/test/harness.ts).
    globalSetup: ['src/server/test/global-setup.ts'],
    hookTimeout: 60_000,
    testTimeout: 30_000,
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
