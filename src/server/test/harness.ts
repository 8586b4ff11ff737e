import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../platform/config';
import { openDatabase, type Database, type Db } from '../platform/db/client';
import type { Logger } from '../platform/lib/logger';
import { startServer, type RunningServer } from '../server';
import { adminQuery, databaseUrl as urlOf, randomId, type TestDbInfo } from './global-setup';

/**
 * Server-test harness (style.md 'Tests'): every test file gets its own migrated
 * database, copied from the template that global-setup.ts migrated once, and
 * starts the real server on it.
 */

/** Which database the current project runs against ('pglite' or 'postgres'). */
export const testDbKind = (): TestDbInfo['kind'] => inject('testDb').kind;

export interface TestDatabase {
  kind: TestDbInfo['kind'];
  /** Set on PostgreSQL: the database of this test file. */
  databaseUrl?: string;
  /** Set on PGlite: the folder of the embedded database (`<dataDir>/db`). */
  pgliteDir?: string;
  /** The server's DATA_DIR. */
  dataDir: string;
  /** The variables that point a server at this database. */
  env: Record<string, string>;
  /** A connection of the test's own. A PGlite folder admits one instance: not while a server has it open. */
  open(): Promise<Database>;
  dispose(): Promise<void>;
}

/** A fresh, migrated database for this test file; dispose() removes it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const info = inject('testDb');
  const dataDir = mkdtempSync(path.join(info.workDir, 'test-'));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });

  if (info.kind === 'pglite') {
    const pgliteDir = path.join(dataDir, 'db');
    cpSync(info.templateDir, pgliteDir, { recursive: true });
    return {
      kind: 'pglite',
      pgliteDir,
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: () => openDatabase({ pgliteDir }),
      dispose: async () => removeDir(),
    };
  }

  const name = `${info.testDbPrefix}${randomId()}`;
  await createFromTemplate(info.adminUrl, name, info.templateName);
  const databaseUrl = urlOf(info.adminUrl, name);
  return {
    kind: 'postgres',
    databaseUrl,
    dataDir,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => openDatabase({ databaseUrl, poolSize: 4 }),
    async dispose() {
      removeDir();
      await adminQuery(info.adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

async function createFromTemplate(adminUrl: string, name: string, template: string): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(adminUrl, `CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (error) {
      // 55006: the template is briefly in use by another session; wait and try again.
      if ((error as { code?: string }).code !== '55006' || attempt >= 10) throw error;
      await sleep(100 * attempt);
    }
  }
}

export interface TestServer {
  url: string;
  server: RunningServer;
  config: Config;
  /** The server's own connection: query it freely (it is the only one a PGlite folder admits). It serves as the serving role. */
  db: Db;
  /**
   * Runs a statement with the tables' owner's rights (docs/decisions/035-serving-role.md): what only an operator at a
   * console may do, such as altering a table to make it fail.
   */
  asOwner(statement: SQL): Promise<void>;
  database: TestDatabase;
  stop(): Promise<void>;
}

export interface StartTestServerOptions {
  /** Run on this database; when absent a new one is created and removed on stop(). */
  database?: TestDatabase;
  /** Share an already open connection with another server of this process (startServer's `database`). */
  connection?: Database;
  /** Replaces the server's own (silent) logger, e.g. to count what an instance did. */
  logger?: Logger;
}

function emptyStaticDir(dataDir: string): string {
  const dir = path.join(dataDir, 'empty-static');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The test servers' APP_URL: the origin a browser on our own pages sends (src/server/platform/http/same-origin.ts). */
export const TEST_APP_URL = 'http://localhost:3000';

/** Starts the real server (migrations, outbox worker, listen) on a random port. */
export async function startTestServer(envOverrides: Record<string, string> = {}, options: StartTestServerOptions = {}): Promise<TestServer> {
  const database = options.database ?? (await createTestDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    // No build needed: pages render from the fallback template unless a test sets STATIC_DIR.
    STATIC_DIR: emptyStaticDir(database.dataDir),
    APP_URL: TEST_APP_URL,
    // The suites' cheaper scrypt, through the same code path (src/server/platform/auth/password-hash.ts).
    PASSWORD_HASH_COST: 'test',
    ...database.env,
    ...envOverrides,
  });
  let server: RunningServer;
  try {
    server = await startServer(config, { database: options.connection, logger: options.logger });
  } catch (error) {
    if (!options.database) await database.dispose();
    throw error;
  }
  let stopped: Promise<void> | undefined;
  return {
    url: server.url,
    server,
    config,
    db: server.database.db,
    asOwner: (statement) => server.database.asOwner(async (owner) => void (await owner.execute(statement))),
    database,
    stop() {
      stopped ??= (async () => {
        await server.close();
        if (!options.database) await database.dispose();
      })();
      return stopped;
    },
  };
}

export interface HttpReply {
  status: number;
  headers: Headers;
  /** The parsed JSON body, or the text when it is not JSON. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  /** The body's bytes (a PDF's, for pdfText), where the client kept them. */
  bytes?: Uint8Array;
}

/** Reads a whole reply: the parsed JSON body, or the text when it is not JSON. */
export async function readReply(response: Response): Promise<HttpReply> {
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: response.status, headers: response.headers, body };
}

/**
 * POSTs JSON (or a raw string as is) from our own pages (Origin: TEST_APP_URL) and
 * reads the whole reply: an unread body keeps the connection busy and delays the
 * server's shutdown.
 */
export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<HttpReply> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_APP_URL, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON: the test sees the text
  }
  return { status: response.status, headers: response.headers, body: parsed };
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls until `check` returns a value other than undefined/false, or fails after the deadline. */
export async function waitFor<T>(
  check: () => T | undefined | false | Promise<T | undefined | false>,
  { timeoutMs = 10_000, intervalMs = 25, message = 'condition' }: { timeoutMs?: number; intervalMs?: number; message?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${message}`);
    await sleep(intervalMs);
  }
}

/** A unique e-mail address per call, so tests never collide on the one-entry-per-address rule. */
export { uniqueEmail } from '../../domain/factories/accounts';

/** A complete, valid waitlist submission (docs/product/waitlist.md#fields): the factory the seed and the browser tests use too. */
export { waitlistSubmission } from '../../domain/factories/waitlist-submission';
