import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../test/harness';
import { SERVING_ROLE } from './serving-role';
import { openDatabase, queryRows } from './client';
import { embeddedDatabaseWarning } from './pglite-durability';

const databases: TestDatabase[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  while (databases.length) await databases.pop()!.dispose();
});

/** fsync as PostgreSQL reports it, and the host syncs (fdatasync of a file, fsync of a directory) made by five commits. */
async function syncsDuring(pgliteFsync: boolean) {
  const folder = await createTestDatabase();
  databases.push(folder);
  const database = await openDatabase({ pgliteDir: folder.pgliteDir, pgliteFsync });
  try {
    // A table is the owner's to create; requests (the serving role) write to it.
    await database.asOwner(async (owner) => {
      await owner.execute(sql`CREATE TABLE t (id int PRIMARY KEY)`);
      await owner.execute(sql.raw(`GRANT INSERT ON t TO ${SERVING_ROLE}`));
    });
    const [setting] = await queryRows<{ fsync: string }>(database.db, sql`SHOW fsync`);
    const fdatasync = vi.spyOn(fs, 'fdatasyncSync');
    const fsync = vi.spyOn(fs, 'fsyncSync');
    for (let i = 0; i < 5; i += 1) await database.db.execute(sql`INSERT INTO t VALUES (${i})`);
    return { setting: setting!.fsync, commitsSynced: fdatasync.mock.calls.length + fsync.mock.calls.length };
  } finally {
    await database.close();
  }
}

describe('the embedded database on disk', () => {
  it('syncs every commit to the disk by default (PGlite alone never calls the host fsync)', async (ctx) => {
    ctx.skip(testDbKind() !== 'pglite', 'the embedded database only');
    const durable = await syncsDuring(true);
    expect(durable.setting).toBe('on');
    // One WAL flush per commit at least.
    expect(durable.commitsSynced).toBeGreaterThanOrEqual(5);
  });

  it('PGLITE_FSYNC=false keeps PGlite’s own default: fsync off, nothing synced', async (ctx) => {
    ctx.skip(testDbKind() !== 'pglite', 'the embedded database only');
    expect(await syncsDuring(false)).toEqual({ setting: 'off', commitsSynced: 0 });
  });
});

describe('embeddedDatabaseWarning', () => {
  it('warns in production without DATABASE_URL, louder with fsync off', () => {
    expect(embeddedDatabaseWarning({ NODE_ENV: 'production', PGLITE_FSYNC: true })).toMatch(/DATABASE_URL is not set.*no replica and no backup/);
    expect(embeddedDatabaseWarning({ NODE_ENV: 'production', PGLITE_FSYNC: false })).toMatch(/OS crash or power loss can lose acknowledged writes/);
  });

  it('says nothing with DATABASE_URL, or outside production', () => {
    expect(embeddedDatabaseWarning({ NODE_ENV: 'production', DATABASE_URL: 'postgres://db/app', PGLITE_FSYNC: true })).toBeUndefined();
    expect(embeddedDatabaseWarning({ NODE_ENV: 'development', PGLITE_FSYNC: true })).toBeUndefined();
  });
});
