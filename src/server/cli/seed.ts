import { existsSync } from 'node:fs';
import { randomInt, randomUUID } from 'node:crypto';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { eq, inArray, sql } from 'drizzle-orm';
import { REVIEW_STATUSES } from '../../domain/application';
import { withOverrides } from '../../domain/brand';
import { seal } from '../modules/applications';
import { ConfigError, loadConfig } from '../platform/config';
import { openDatabase, type Db } from '../platform/db/client';
import { applicationRequestEvents, applicationRequests, applications, documents, lettersOfIntent, users, waitlistEntries } from '../platform/db/schema';
import { ledgerToday } from '../../domain/homes/dates';
import { runStatements } from '../modules/homes';
import { createFieldCipher, resolveDataKey } from '../platform/lib/crypto';
import { createLogger } from '../platform/lib/logger';
import { createStorage, type FileStorage } from '../platform/storage/create-storage';
import { adminCreate } from './admin-create';
import { seedBuying, type SeededBuyers } from './seed-buying';
import { PIPELINE_STAGE_LABELS } from '../../domain/buying/closing';
import { seedHomes } from './seed-homes';
import { STAFF_ACCOUNTS } from './seed-data';
import { buildSeedPlan, DEFAULT_COUNTS, DEMO_ADMIN_EMAIL, type SeedCounts, type SeedPlan } from './seed-plan';

export { buildSeedPlan, DEMO_ADMIN_EMAIL };

/**
 * `npm run seed`: fills the configured database (DATABASE_URL, or the embedded one
 * in DATA_DIR) with demo data so a newcomer can explore every admin page: a demo
 * admin, a few hundred users, applications over the last 12 months, waitlist
 * entries, letters of intent with their PDFs, a few application documents, and
 * homeowners with a few years of ledger history and last month's statements (seed-homes.ts).
 * Deterministic (seeded PRNG); a second run stops when the demo admin exists,
 * unless --force adds another batch with new e-mail addresses.
 */

export interface SeedOptions {
  counts?: Partial<SeedCounts>;
  /** Add another batch even when the demo admin exists. */
  force?: boolean;
  /** The instant the data is spread back from (default: now). */
  now?: Date;
}

export interface SeedResult {
  status: 'seeded' | 'already-seeded';
  /** What was added (zeros when already seeded). */
  added: { users: number; applications: number; waitlist: number; letters: number; documents: number; byStatus: Record<string, number> };
  admin: { email: string; created: boolean; password?: string };
  /** The homes added, their ledger entries and statements (zeros when already seeded). */
  homes: { homes: number; entries: number; statements: number };
  /** Approved buyers seeded between approval and keys, one per stage (seed-buying.ts); zero when already seeded. */
  buyers: number;
  /** The demo homeowner's sign-in, made on the first run only. */
  homeowner?: { email: string; password: string };
  /** The seeded buyers' sign-in (one passphrase, each buyer's stage and e-mail), made on the first run only. */
  buyerSignIn?: SeededBuyers['signIn'];
  appUrl: string;
}

// ---- Writing ----

const CHUNK = 500;

async function insertChunks<T>(db: Db, rows: T[], insert: (tx: Db, chunk: T[]) => Promise<unknown>) {
  if (rows.length === 0) return;
  await db.transaction(async (tx) => {
    for (let i = 0; i < rows.length; i += CHUNK) await insert(tx as unknown as Db, rows.slice(i, i + CHUNK));
  });
}

/** Writes a plan: files first (a row never points at a missing file), then one transaction per table. */
export async function writeSeedPlan(db: Db, storage: FileStorage, plan: SeedPlan): Promise<void> {
  for (const file of [...plan.letters.map((l) => ({ key: l.fileKey!, pdf: l.pdf })), ...plan.documents.map((d) => ({ key: d.storageKey, pdf: d.pdf }))]) {
    await storage.put(file.key, Readable.from([file.pdf]), { contentType: 'application/pdf' });
  }
  await insertChunks(db, plan.users, (tx, chunk) => tx.insert(users).values(chunk));
  await insertChunks(db, plan.applications, (tx, chunk) => tx.insert(applications).values(chunk));
  await insertChunks(db, plan.requests, (tx, chunk) => tx.insert(applicationRequests).values(chunk));
  await insertChunks(db, plan.requestEvents, (tx, chunk) => tx.insert(applicationRequestEvents).values(chunk));
  await insertChunks(
    db,
    plan.documents.map(({ pdf: _pdf, ...row }) => row),
    (tx, chunk) => tx.insert(documents).values(chunk),
  );
  await insertChunks(db, plan.waitlist, (tx, chunk) => tx.insert(waitlistEntries).values(chunk));
  await insertChunks(
    db,
    plan.letters.map(({ pdf: _pdf, ...row }) => row),
    (tx, chunk) => tx.insert(lettersOfIntent).values(chunk),
  );
}

/** The addresses already used (lower-cased): by an account, a waitlist entry or a letter of intent. */
/**
 * The seed's staff (STAFF_ACCOUNTS) as admin accounts, made once and reused by a --force batch: the applications'
 * assignees are accounts an admin can pick on /admin/applications (docs/product/back-office.md#assignment). They have
 * no password; their address is verified, and they joined before anything else in the demo data.
 */
async function staffAccounts(db: Db, now: Date): Promise<{ id: string; name: string }[]> {
  const joined = new Date(now.getTime() - 800 * 24 * 3600_000);
  for (const member of STAFF_ACCOUNTS) {
    await db
      .insert(users)
      .values({
        id: randomUUID(),
        name: member.name,
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        emailVerified: true,
        role: 'admin',
        createdAt: joined,
        updatedAt: joined,
      })
      .onConflictDoNothing();
  }
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        STAFF_ACCOUNTS.map((member) => member.email),
      ),
    );
  return STAFF_ACCOUNTS.map((member) => ({ id: rows.find((row) => row.email === member.email)!.id, name: member.name }));
}

async function takenEmails(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .union(db.select({ email: waitlistEntries.emailKey }).from(waitlistEntries))
    .union(db.select({ email: lettersOfIntent.emailKey }).from(lettersOfIntent));
  return new Set(rows.map((r) => r.email));
}

/** A passphrase of five random words and two digits (crypto randomness: this one is not reproducible). */
export function demoPassphrase(): string {
  const words = [
    'maple',
    'harbor',
    'quiet',
    'lantern',
    'copper',
    'meadow',
    'violet',
    'summit',
    'river',
    'canyon',
    'ember',
    'orchard',
    'granite',
    'willow',
    'saffron',
    'tundra',
    'beacon',
    'marble',
    'juniper',
    'falcon',
    'prairie',
    'cobalt',
    'thistle',
    'aurora',
  ];
  return [...Array.from({ length: 5 }, () => words[randomInt(words.length)]), String(randomInt(10, 100))].join('-');
}

/**
 * Seeds the database the environment points at (as the server would open it).
 * The demo admin is created last, through admin:create's own code, so a run that
 * failed half-way is simply run again.
 */
export async function seed(env: Record<string, string | undefined> = process.env, options: SeedOptions = {}): Promise<SeedResult> {
  const counts = { ...DEFAULT_COUNTS, ...options.counts };
  const config = loadConfig({ ...env, ADMIN_EMAIL: '', ADMIN_PASSWORD: '' });
  const appUrl = `${config.APP_URL.replace(/\/+$/, '')}/admin`;
  const storage = createStorage(config);
  const cipher = createFieldCipher(resolveDataKey(config));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    ownerUrl: config.DATABASE_OWNER_URL,
    pgliteDir: path.join(config.DATA_DIR, 'db'),
    poolSize: 2,
  });
  let adminExists: boolean;
  let plan: SeedPlan;
  let homesAdded: SeedResult['homes'];
  let homeowner: SeedResult['homeowner'];
  let buyers: number;
  let buyerSignIn: SeedResult['buyerSignIn'];
  try {
    await database.migrate();
    const { db } = database;
    adminExists = (await db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ADMIN_EMAIL)).limit(1)).length > 0;
    if (adminExists && !options.force) {
      return {
        status: 'already-seeded',
        added: { users: 0, applications: 0, waitlist: 0, letters: 0, documents: 0, byStatus: {} },
        admin: { email: DEMO_ADMIN_EMAIL, created: false },
        homes: { homes: 0, entries: 0, statements: 0 },
        buyers: 0,
        appUrl,
      };
    }
    const staff = await staffAccounts(db, options.now ?? new Date());
    const taken = await takenEmails(db);
    taken.add(DEMO_ADMIN_EMAIL);
    // The seed depends on what is already there, so a --force batch differs from the first.
    plan = buildSeedPlan(counts, 20_250_601 + taken.size, options.now ?? new Date(), taken, DEMO_ADMIN_EMAIL, staff);
    const byId = new Map(plan.applications.map((a) => [a.id!, a]));
    for (const [id, ssnLast4, dateOfBirth] of plan.sensitive)
      Object.assign(byId.get(id)!, { ssnLast4: seal(cipher, id, 'ssnLast4', ssnLast4), dateOfBirth: seal(cipher, id, 'dateOfBirth', dateOfBirth) });
    await writeSeedPlan(db, storage, plan);
    // Homeowners: some approved applications become homes with their history; on the first run one of them can sign in.
    const seeded = await seedHomes(db, { now: options.now ?? new Date(), seed: 14 + taken.size, password: adminExists ? undefined : demoPassphrase() });
    const logger = createLogger('silent');
    const brand = withOverrides({ contactEmail: config.CONTACT_EMAIL });
    // Last month's statements, as the daily job would make them (not mailed: the people are made up). Not the years
    // before: the job makes those it finds missing when the server runs, in the background.
    const statements = await runStatements({ db, storage, logger, brand }, { today: ledgerToday(options.now), mail: false, catchUp: false });
    homesAdded = { homes: seeded.homeIds.length, entries: seeded.entries, statements: statements.statements };
    homeowner = seeded.signIn;
    // Buyers between approval and keys, one per stage, and partner agents (docs/decisions/042-closing.md).
    // On the first run they can sign in, so a newcomer follows one from approval to keys as the buyer.
    const seededBuyers = await seedBuying(db, { now: options.now ?? new Date(), password: adminExists ? undefined : demoPassphrase() });
    buyers = seededBuyers.count;
    buyerSignIn = seededBuyers.signIn;
  } finally {
    await database.close();
  }

  const byStatus: Record<string, number> = {};
  for (const a of plan.applications) byStatus[a.status!] = (byStatus[a.status!] ?? 0) + 1;
  const added = {
    users: plan.users.length,
    applications: plan.applications.length,
    waitlist: plan.waitlist.length,
    letters: plan.letters.length,
    documents: plan.documents.length,
    byStatus,
  };
  if (adminExists)
    return { status: 'seeded', added, admin: { email: DEMO_ADMIN_EMAIL, created: false }, homes: homesAdded, buyers, homeowner, buyerSignIn, appUrl };

  // An embedded database admits one process: admin:create opens it again once ours is closed.
  const password = demoPassphrase();
  await adminCreate(['--email', DEMO_ADMIN_EMAIL, '--password', password, '--first-name', 'Demo', '--last-name', 'Admin'], { ...env, LOG_LEVEL: 'warn' });
  return { status: 'seeded', added, admin: { email: DEMO_ADMIN_EMAIL, created: true, password }, homes: homesAdded, buyers, homeowner, buyerSignIn, appUrl };
}

export function describeSeed(result: SeedResult): string {
  if (result.status === 'already-seeded') {
    return (
      `The database is already seeded: the demo admin ${result.admin.email} exists. Sign in at ${result.appUrl}.\n` +
      'Run `npm run seed -- --force` to add another batch of demo data with new e-mail addresses.'
    );
  }
  const a = result.added;
  const statuses = REVIEW_STATUSES.filter((s) => a.byStatus[s])
    .map((s) => `${a.byStatus[s]} ${s}`)
    .join(', ');
  const lines = [
    `Seeded demo data: ${a.users} users, ${a.applications} applications (${statuses}), ${a.documents} application documents,`,
    `${a.waitlist} waitlist entries and ${a.letters} letters of intent with their PDFs,`,
    `${result.homes.homes} homeowners' homes with ${result.homes.entries} ledger entries and ${result.homes.statements} monthly statements,`,
    `and ${result.buyers} buyers between approval and keys (one per stage on /admin/pipeline) with partner agents.`,
    '',
  ];
  if (result.admin.created) {
    lines.push(
      `Demo admin:  ${result.admin.email}`,
      `Passphrase:  ${result.admin.password}`,
      `Sign in at   ${result.appUrl}`,
      'The first sign-in asks you to set up two-factor authentication (an authenticator app) before the admin area opens.',
      'The passphrase is shown only now; `npm run admin:create` can set up another admin.',
    );
  } else {
    lines.push(`The demo admin ${result.admin.email} already existed and keeps its passphrase. Sign in at ${result.appUrl}.`);
  }
  if (result.homeowner) {
    lines.push(
      '',
      `Demo homeowner:  ${result.homeowner.email}`,
      `Passphrase:      ${result.homeowner.password}`,
      `Sign in at       ${result.appUrl.replace(/\/admin$/, '/auth/signin')} to see their home, ledger and statements (shown only now).`,
    );
  }
  if (result.buyerSignIn) {
    lines.push(
      '',
      'Demo buyers, one per stage of the pipeline on /admin/pipeline:',
      ...result.buyerSignIn.buyers.map((b) => `  ${`${PIPELINE_STAGE_LABELS[b.stage]}:`.padEnd(17)} ${b.email}`),
      `Passphrase (each):  ${result.buyerSignIn.password}`,
      `Sign in at ${result.appUrl.replace(/\/admin$/, '/auth/signin')} as one of them to follow their way from approval to keys (shown only now).`,
    );
  }
  return lines.join('\n');
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  if (existsSync('.env')) process.loadEnvFile('.env');
  let force = false;
  try {
    ({
      values: { force = false },
    } = parseArgs({ args: process.argv.slice(2), options: { force: { type: 'boolean' } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\nUsage: npm run seed [-- --force]`);
    process.exit(1);
  }
  seed(process.env, { force })
    .then((result) => console.log(describeSeed(result)))
    .catch((error) => {
      console.error(error instanceof ConfigError ? error.message : error);
      process.exit(1);
    });
}
