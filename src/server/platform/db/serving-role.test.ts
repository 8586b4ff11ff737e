import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { appendLedgerEntries, ledgerOf } from '../../modules/homes/ledger';
import { createTestDatabase, testDbKind, type TestDatabase } from '../../test/harness';
import { adminQuery, databaseUrl, randomId } from '../../test/global-setup';
import { insertTestHome } from '../../test/home-fixtures';
import { openDatabase, queryRows, type Database, type Db } from './client';
import { SERVING_ROLE } from './serving-role';

/**
 * The ledger's guard held by the database's grants (docs/decisions/035-serving-role.md): requests are served as a
 * role that may not change, empty, alter or un-trigger the append-only tables, on the embedded database, on
 * PostgreSQL with one login, and on PostgreSQL with a login of its own.
 */

/** What someone holding the app's connection would try, to rewrite history. */
const ATTACKS: [string, SQL][] = [
  ['UPDATE', sql`UPDATE ledger_entries SET amount_cents = 1`],
  ['DELETE', sql`DELETE FROM ledger_entries`],
  ['TRUNCATE', sql`TRUNCATE ledger_entries CASCADE`],
  ['DISABLE TRIGGER', sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete`],
  ['DROP TRIGGER', sql`DROP TRIGGER ledger_entries_no_update_delete ON ledger_entries`],
  ['DROP FUNCTION', sql`DROP FUNCTION ledger_entries_append_only() CASCADE`],
  ['DROP TABLE', sql`DROP TABLE ledger_entries CASCADE`],
  ['UPDATE a checkpoint', sql`UPDATE ledger_checkpoints SET signature = 'x'`],
  ['DELETE a checkpoint head', sql`DELETE FROM ledger_checkpoint_heads`],
  ['ALTER a checkpoint', sql`ALTER TABLE ledger_checkpoints DISABLE TRIGGER ALL`],
];

/** Each attack is refused for want of a right (42501, or 'must be owner' which is the same code), and nothing changed. */
async function expectEveryAttackRefused(db: Db, homeId: string) {
  for (const [name, attack] of ATTACKS) {
    const failure = await db.execute(attack).then(
      () => undefined,
      (error: unknown) => error as { code?: string; cause?: { code?: string }; message: string },
    );
    expect(failure, name).toBeDefined();
    expect(failure!.cause?.code ?? failure!.code, `${name}: ${failure!.message}`).toBe('42501');
  }
  const [entry] = await ledgerOf(db, homeId);
  expect(entry!.amountCents).toBe(2_354_00);
}

/** The app's own work goes on: a home, a ledger entry appended, read back. */
async function appendAnEntry(db: Db): Promise<string> {
  const { homeId } = await insertTestHome(db);
  await db.transaction((tx) => appendLedgerEntries(tx, homeId, [{ kind: 'payment', amountCents: 2_354_00, effectiveOn: '2026-02-02', source: 'staff' }], null));
  return homeId;
}

describe('requests served on one login (the embedded database, or PostgreSQL with DATABASE_URL only)', () => {
  let database: TestDatabase;
  let opened: Database;

  beforeAll(async () => {
    database = await createTestDatabase();
    opened = await database.open();
    await opened.migrate();
  });
  afterAll(async () => {
    await opened?.close();
    await database?.dispose();
  });

  it('run as the serving role, which may append to the ledger and read it but not change, empty, alter or drop it', async () => {
    expect(opened.servingGuard()).toBe('role');
    const [who] = await queryRows<{ name: string }>(opened.db, sql`SELECT current_user AS name`);
    expect(who!.name).toBe(SERVING_ROLE);
    const homeId = await appendAnEntry(opened.db);
    await expectEveryAttackRefused(opened.db, homeId);
  });

  it('lets the owner, and only the owner, lift the trigger: what an operator at a console can do', async () => {
    const homeId = await appendAnEntry(opened.db);
    await opened.asOwner(async (owner) => {
      const [who] = await queryRows<{ name: string }>(owner, sql`SELECT current_user AS name`);
      expect(who!.name).not.toBe(SERVING_ROLE);
      await owner.execute(sql`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_no_update_delete`);
      await owner.execute(sql`ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_no_update_delete`);
    });
    // Back to the serving role afterwards.
    await expectEveryAttackRefused(opened.db, homeId);
  });
});

describe.runIf(testDbKind() === 'postgres')('requests served on a login of their own (DATABASE_OWNER_URL)', () => {
  const info = inject('testDb');
  const adminUrl = info.kind === 'postgres' ? info.adminUrl : '';
  const login = `ownstead_serving_${randomId()}`;
  const name = `ownstead_roles_${randomId()}`;
  let opened: Database;

  beforeAll(async () => {
    await adminQuery(adminUrl, `CREATE ROLE ${login} LOGIN`);
    await adminQuery(adminUrl, `CREATE DATABASE ${name}`);
    const servingUrl = new URL(databaseUrl(adminUrl, name));
    servingUrl.username = login;
    servingUrl.password = '';
    opened = await openDatabase({ databaseUrl: servingUrl.toString(), ownerUrl: databaseUrl(adminUrl, name), poolSize: 2 });
    await opened.migrate();
  });
  afterAll(async () => {
    await opened?.close();
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await adminQuery(adminUrl, `DROP OWNED BY ${login}`).catch(() => undefined);
    await adminQuery(adminUrl, `DROP ROLE IF EXISTS ${login}`);
  });

  it('cannot change the ledger, nor become anyone who can', async () => {
    expect(opened.servingGuard()).toBe('login');
    const homeId = await appendAnEntry(opened.db);
    await expectEveryAttackRefused(opened.db, homeId);
    // The login is its own: there is no role to switch back to.
    await expect(opened.db.execute(sql`SET ROLE postgres`)).rejects.toThrow();
    await opened.db.execute(sql`RESET ROLE`);
    await expectEveryAttackRefused(opened.db, homeId);
  });

  it('refuses the same login on both sides', async () => {
    const same = await openDatabase({
      databaseUrl: databaseUrl(adminUrl, name),
      ownerUrl: `${databaseUrl(adminUrl, name)}?application_name=owner`,
      poolSize: 1,
    });
    try {
      await expect(same.migrate()).rejects.toThrow(/log in as the same role/);
    } finally {
      await same.close();
    }
  });
});
