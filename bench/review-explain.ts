import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { loadConfig } from '../src/server/platform/config';
import type { Database, Db } from '../src/server/platform/db/client';
import * as schema from '../src/server/platform/db/schema';
import type { JobRunner } from '../src/server/platform/jobs/runner';
import { startServer } from '../src/server/server';

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the statements behind bench/review.ts's measurements, as the server sends
 * them: the HTTP pages are requested once more from a server started in this process whose every SQL
 * statement is captured (better-auth's session lookups left out), and the job claim is captured from the
 * runner itself. The SQL-only 'Waiting for us' (before the server had the filter) is explained as written.
 */

/** 'Waiting for us' page 1 and its total, capped like the lists' (COUNT_CAP + 1 rows read at most). */
export const WAITING_PAGE_SQL = `SELECT id, submitted_at, first_name, last_name, email, property_value, status, assignee, waiting_since
  FROM applications WHERE waiting_since IS NOT NULL ORDER BY waiting_since ASC, id ASC LIMIT 25`;
export const WAITING_COUNT_SQL = `SELECT count(*) FROM (SELECT 1 FROM applications WHERE waiting_since IS NOT NULL LIMIT 10001) capped`;

export interface Captured {
  query: string;
  params: unknown[];
}

/** The statement, its parameters and its plan, indented; ids lists shortened for reading. */
export async function explain(client: pg.PoolClient | pg.Client, { query, params }: Captured): Promise<string> {
  const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${query}`, params);
  const plan = rows.map((r) => `  ${(r['QUERY PLAN'] as string).replace(/('?\{?[0-9a-f-]{36}'?(::uuid)?,\s*){3,}[^)}\]]*/g, '…ids…')}`);
  const text = query.trim().replace(/\s+/g, ' ');
  return `${text.length > 700 ? `${text.slice(0, 700)} …` : text}\n  -- params: ${JSON.stringify(params).slice(0, 300)}\n${plan.join('\n')}`;
}

/** A drizzle database on its own pool whose statements land in `captured`. */
function capturingDatabase(databaseUrl: string, captured: Captured[]): { database: Database; pool: pg.Pool } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const db = drizzle(pool, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } });
  const database: Database = {
    kind: 'postgres',
    db: db as unknown as Db,
    migrate: async () => undefined,
    asOwner: (work) => work(db as unknown as Db),
    servingGuard: () => 'none',
    close: () => pool.end(),
  };
  return { database, pool };
}

/**
 * Requests each page with its cookie from a server in this process (the same database and DATA_DIR, so the same auth
 * secret and sessions), every SQL statement captured, and hands `each` the page's own reads — not better-auth's
 * session lookups nor the job runner's — with a client to EXPLAIN them on (bench/admin.ts, explainPages below).
 */
export async function withPageStatements<P extends { path: string; cookie: string }>(
  databaseUrl: string,
  dataDir: string,
  pages: P[],
  each: (page: P, status: number, statements: Captured[], client: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const captured: Captured[] = [];
  const { database, pool } = capturingDatabase(databaseUrl, captured);
  const staticDir = path.join(dataDir, 'no-static');
  mkdirSync(staticDir, { recursive: true });
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    APP_URL: 'http://127.0.0.1',
    STATIC_DIR: staticDir,
  });
  const server = await startServer(config, { database });
  try {
    for (const page of pages) {
      captured.length = 0;
      const response = await fetch(server.url + page.path, { headers: { cookie: page.cookie } });
      await response.text();
      const own = captured.filter(
        (c) => /^\s*(select|with)/i.test(c.query) && !/"(session|account|two_factor|rate_limits|verification|jobs)"|where "user"\."id" = \$1/.test(c.query),
      );
      const client = await pool.connect();
      try {
        await each(page, response.status, own, client);
      } finally {
        client.release();
      }
    }
  } finally {
    await server.close();
    await pool.end().catch(() => undefined);
  }
}

/** Per page, the EXPLAIN of each page statement it ran. */
export async function explainPages(databaseUrl: string, dataDir: string, pages: { path: string; cookie: string }[]): Promise<string[]> {
  const answers: string[] = [];
  await withPageStatements(databaseUrl, dataDir, pages, async (page, status, own, client) => {
    const plans: string[] = [`GET ${page.path}: ${status}, ${own.length} statements`];
    for (const c of own) plans.push(await explain(client, c));
    answers.push(plans.join('\n\n'));
  });
  return answers;
}

/** The runner's claim, captured from `makeRunner`'s own call and explained (so run) in a transaction rolled back. */
export async function explainClaim(databaseUrl: string, makeRunner: (db: Db) => JobRunner): Promise<string> {
  const captured: Captured[] = [];
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 });
  const client = await pool.connect();
  try {
    const db = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db;
    await client.query('BEGIN');
    try {
      await makeRunner(db)['claim']();
    } finally {
      await client.query('ROLLBACK');
    }
    await client.query('BEGIN');
    try {
      return await explain(client, captured[0]!);
    } finally {
      await client.query('ROLLBACK');
    }
  } finally {
    client.release();
    await pool.end();
  }
}

/** The SQL-only 'Waiting for us' measurement's two statements. */
export async function explainWaitingSql(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return [await explain(client, { query: WAITING_PAGE_SQL, params: [] }), await explain(client, { query: WAITING_COUNT_SQL, params: [] })].join('\n\n');
  } finally {
    await client.end();
  }
}
