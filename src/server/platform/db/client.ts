import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql, type SQL } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteStorageOptions } from './pglite-durability';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A connection or an open transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Applies pending migrations; safe to call from several instances at once. */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a request waits for a database connection (a new one, or a free one of the pool). */
const CONNECT_TIMEOUT_MS = 5_000;

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder of the embedded database, used when no databaseUrl is given. */
  pgliteDir?: string;
  /** Embedded database only: sync each commit to disk (src/server/platform/db/pglite-durability.ts). Default true. */
  pgliteFsync?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 20,
      // While the database is away (restart, failover, a cut network), a request fails after this wait for a
      // connection and is answered 503 (src/server/platform/db/unavailable.ts) instead of hanging until the visitor gives up.
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      // Notices a connection whose peer vanished without a word (a cut network), instead of waiting on it for ever.
      keepAlive: true,
    });
    // An idle connection the server drops (restart, failover, admin command) is
    // emitted here; unhandled, it would crash the process. The pool reconnects.
    pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
    const db = drizzlePg(pool, { schema }) as unknown as Db;
    return {
      kind: 'postgres',
      db,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        } finally {
          await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
          client.release();
        }
      },
      close: () => pool.end(),
    };
  }
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir');
  mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the back office's search indexes (migration 0003).
  const client = await PGlite.create({ ...pgliteStorageOptions(options.pgliteDir, options.pgliteFsync ?? true), extensions: { pg_trgm } });
  // PGlite runs single-user: a new 16 MB WAL segment is zero-filled on the request's own thread, a stall every
  // few seconds under steady writes. The zeros buy nothing here: the WAL is flushed with a full fsync(), which
  // also syncs the file's growth, and ext4/xfs do not need pre-allocated segments for a consistent recovery.
  await client.exec('SET wal_init_zero = off');
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    migrate: () => migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => client.close(),
  };
}

export async function pingDatabase(db: Db): Promise<void> {
  await db.execute(sql`select 1`);
}

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Pick<Db, 'execute'>, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Independent reads: at once on the pool (each takes its own connection), one after another in a
 * transaction, which is one connection running one query at a time (pg deprecates queuing on it).
 */
export async function readAll<T extends readonly unknown[]>(db: object, reads: { [K in keyof T]: () => Promise<T[K]> }): Promise<T> {
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as unknown as T;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as unknown as T;
}
