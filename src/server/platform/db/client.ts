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
import { ensureRoleStatement, grantStatements, SERVING_ROLE, switchToServingRoleStatement } from './serving-role';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A connection or an open transaction. */
export type Executor = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/**
 * How requests are kept from altering the tables (src/server/platform/db/serving-role.ts): `login`, a login of their
 * own (`DATABASE_OWNER_URL`); `role`, the one login switched to the serving role; `none`, the login could not create
 * the role, and requests run with the owner's rights.
 */
export type ServingGuard = 'login' | 'role' | 'none';

export interface Database {
  kind: 'pglite' | 'postgres';
  /** The connection requests are served on, with the serving role's rights. */
  db: Db;
  /** Applies pending migrations as the owner, then grants the serving role its rights; safe from several instances. */
  migrate(): Promise<void>;
  /**
   * Runs `work` with the owner's rights: what an operator at a database console could do (the tests that tamper with
   * the ledger, the benchmark's generator). Never called while serving requests.
   */
  asOwner<T>(work: (owner: Db) => Promise<T>): Promise<T>;
  /** Known after migrate(). */
  servingGuard(): ServingGuard;
  close(): Promise<void>;
}

export const MIGRATIONS_FOLDER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** How long a request waits for a database connection (a new one, or a free one of the pool). */
const CONNECT_TIMEOUT_MS = 5_000;

// Any constant works; it only has to be the same for every instance of this app.
const MIGRATION_LOCK_ID = 727_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** PostgreSQL: the tables' owner, who migrates; `databaseUrl`'s login then only serves (serving-role.ts). */
  ownerUrl?: string;
  /** Folder of the embedded database, used when no databaseUrl is given. */
  pgliteDir?: string;
  /** Embedded database only: sync each commit to disk (src/server/platform/db/pglite-durability.ts). Default true. */
  pgliteFsync?: boolean;
  poolSize?: number;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  if (!options.pgliteDir) throw new Error('openDatabase needs databaseUrl or pgliteDir');
  mkdirSync(options.pgliteDir, { recursive: true });
  // pg_trgm backs the back office's search indexes (migration 0003).
  const client = await PGlite.create({ ...pgliteStorageOptions(options.pgliteDir, options.pgliteFsync ?? true), extensions: { pg_trgm } });
  // PGlite runs single-user: a new 16 MB WAL segment is zero-filled on the request's own thread, a stall every
  // few seconds under steady writes. The zeros buy nothing here: the WAL is flushed with a full fsync(), which
  // also syncs the file's growth, and ext4/xfs do not need pre-allocated segments for a consistent recovery.
  await client.exec('SET wal_init_zero = off');
  // One session for everything: it serves as the serving role once the role exists (after the first migration).
  const switchToServingRole = async () => {
    const { rows } = await client.query(switchToServingRoleStatement(SERVING_ROLE));
    return rows.length > 0;
  };
  let guard: ServingGuard = (await switchToServingRole()) ? 'role' : 'none';
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async migrate() {
      await client.exec('RESET ROLE');
      try {
        await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        await client.exec(ensureRoleStatement(SERVING_ROLE));
        for (const statement of grantStatements(SERVING_ROLE)) await client.exec(statement);
      } finally {
        guard = (await switchToServingRole()) ? 'role' : 'none';
      }
    },
    asOwner: (work) => ownerTransaction(db, work),
    servingGuard: () => guard,
    close: () => client.close(),
  };
}

/** The one login's own rights for one transaction: the session's role is back to the login until it ends. */
function ownerTransaction<T>(db: Db, work: (owner: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL ROLE NONE`);
    return work(tx as unknown as Db);
  });
}

async function openPostgres(databaseUrl: string, options: DatabaseOptions): Promise<Database> {
  const ownerUrl = options.ownerUrl && options.ownerUrl !== databaseUrl ? options.ownerUrl : undefined;
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: options.poolSize ?? 20,
    // While the database is away (restart, failover, a cut network), a request fails after this wait for a
    // connection and is answered 503 (src/server/platform/db/unavailable.ts) instead of hanging until the visitor gives up.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // Notices a connection whose peer vanished without a word (a cut network), instead of waiting on it for ever.
    keepAlive: true,
    // One login: each new session switches to the serving role before the pool hands it out (pg-pool awaits this;
    // a failure ends the session and fails the request that asked for it).
    ...(ownerUrl ? {} : { onConnect: async (client: pg.ClientBase) => void (await client.query(switchToServingRoleStatement(SERVING_ROLE))) }),
  });
  // An idle connection the server drops (restart, failover, admin command) is
  // emitted here; unhandled, it would crash the process. The pool reconnects.
  pool.on('error', (error) => console.warn(`database connection lost: ${error.message}`));
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  let guard: ServingGuard = ownerUrl ? 'login' : 'none';
  let ownerPool: pg.Pool | undefined;

  return {
    kind: 'postgres',
    db,
    async migrate() {
      const client = new pg.Client({ connectionString: ownerUrl ?? databaseUrl, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      await client.connect();
      try {
        await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
        guard = ownerUrl ? await grantServingLogin(client, pool) : await grantServingRole(client);
      } finally {
        await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => undefined);
        await client.end();
      }
    },
    asOwner(work) {
      if (!ownerUrl) return ownerTransaction(db, work);
      ownerPool ??= new pg.Pool({ connectionString: ownerUrl, max: 2, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
      return work(drizzlePg(ownerPool, { schema }) as unknown as Db);
    },
    servingGuard: () => guard,
    async close() {
      await ownerPool?.end();
      await pool.end();
    },
  };
}

/** Two logins: the serving login gets its rights from the owner; the same login on both sides is a mistake. */
async function grantServingLogin(owner: pg.Client, serving: pg.Pool): Promise<ServingGuard> {
  const loginOf = async (db: pg.Client | pg.Pool) => (await db.query<{ name: string }>('SELECT current_user AS name')).rows[0]!.name;
  const servingLogin = await loginOf(serving);
  if ((await loginOf(owner)) === servingLogin)
    throw new Error('DATABASE_OWNER_URL and DATABASE_URL log in as the same role: give requests a login of their own (README, PostgreSQL)');
  for (const statement of grantStatements(servingLogin)) await owner.query(statement);
  return 'login';
}

/** One login: the serving role is created, granted, and each serving session switches to it. */
async function grantServingRole(owner: pg.Client): Promise<ServingGuard> {
  try {
    await owner.query(ensureRoleStatement(SERVING_ROLE));
  } catch (error) {
    // 42501: this login may not create roles. Requests then run with the owner's rights; the server warns.
    if ((error as { code?: string }).code === '42501') return 'none';
    throw error;
  }
  for (const statement of grantStatements(SERVING_ROLE)) await owner.query(statement);
  return 'role';
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
