import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../platform/db/client';

/**
 * Where the migrated template lives; handed to every test file with `inject('testDb')`.
 * Everything a test file creates sits under workDir or starts with testDbPrefix, so the
 * teardown removes it even when a worker crashed before cleaning up.
 */
export type TestDbInfo = { workDir: string } & (
  { kind: 'pglite'; templateDir: string } | { kind: 'postgres'; adminUrl: string; templateName: string; testDbPrefix: string }
);

declare module 'vitest' {
  export interface ProvidedContext {
    testDb: TestDbInfo;
  }
}

/** A random suffix for names this run owns. */
export const randomId = () => randomBytes(6).toString('hex');

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery<T extends pg.QueryResultRow = pg.QueryResultRow>(adminUrl: string, statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return (await client.query<T>(statement, values)).rows;
  } finally {
    await client.end();
  }
}

/**
 * Migrates one template database per project and run, so that each test file only
 * copies it: PGlite takes seconds to create a database and a fraction to reopen one
 * (architecture.md), PostgreSQL clones a template in milliseconds.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const kind = project.config.env?.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
  const root = mkdtempSync(path.join(os.tmpdir(), `ownstead-${kind}-run-`));
  const workDir = path.join(root, 'work');
  mkdirSync(workDir);
  const removeRoot = () => rmSync(root, { recursive: true, force: true });

  if (kind === 'pglite') {
    const templateDir = path.join(root, 'template', 'db');
    try {
      const database = await openDatabase({ pgliteDir: templateDir });
      try {
        await database.migrate();
      } finally {
        await database.close();
      }
    } catch (error) {
      removeRoot();
      throw error;
    }
    project.provide('testDb', { kind, workDir, templateDir });
    return async () => removeRoot();
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    removeRoot();
    throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)');
  }
  const runId = randomId();
  const templateName = `ownstead_tpl_${runId}`;
  const testDbPrefix = `ownstead_t_${runId}_`;
  try {
    await adminQuery(adminUrl, `CREATE DATABASE ${templateName}`);
    // The template must have no open connection when test files clone it.
    const database = await openDatabase({ databaseUrl: databaseUrl(adminUrl, templateName), poolSize: 1 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
  } catch (error) {
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`).catch(() => undefined);
    removeRoot();
    throw new Error(`could not prepare the template database on TEST_DATABASE_URL: ${(error as Error).message}`, { cause: error });
  }
  project.provide('testDb', { kind, workDir, adminUrl, templateName, testDbPrefix });
  return async () => {
    removeRoot();
    const leftovers = await adminQuery<{ datname: string }>(adminUrl, `SELECT datname FROM pg_database WHERE starts_with(datname, $1)`, [testDbPrefix]);
    for (const { datname } of leftovers) await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    await adminQuery(adminUrl, `DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
  };
}
