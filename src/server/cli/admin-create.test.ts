import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { users } from '../platform/db/schema';
import { AUTH_TEST_ENV, newAccount, TestBrowser } from '../test/auth-client';
import { createTestDatabase, startTestServer, uniqueEmail, type TestDatabase, type TestServer } from '../test/harness';
import { adminCreate, describeResult } from './admin-create';

const run = promisify(execFile);
const PASSWORD = 'first-admin-passphrase';

describe('the first admin', () => {
  const cleanup: (() => Promise<void>)[] = [];
  const track = <T extends TestServer | TestDatabase>(thing: T): T => {
    cleanup.push(() => ('stop' in thing ? thing.stop() : thing.dispose()));
    return thing;
  };
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()?.();
  });
  const cliEnv = (database: TestDatabase) => ({ ...database.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const signIn = async (app: TestServer, email: string, password: string) => {
    const b = new TestBrowser(app.url, app.config.APP_URL);
    const reply = await b.post('/api/auth/sign-in/email', { email, password });
    return { b, status: reply.status };
  };

  it('admin:create makes a new admin with a verified address, who still needs two-factor for admin routes', async () => {
    const database = track(await createTestDatabase());
    const email = uniqueEmail('boss');
    const result = await adminCreate(['--email', email, '--password', PASSWORD, '--first-name', 'Ada'], cliEnv(database));
    expect(result).toMatchObject({ action: 'created', email: email.toLowerCase(), passwordSet: true });
    expect(describeResult(result)).toContain('Created the admin account');

    const app = track(await startTestServer(AUTH_TEST_ENV, { database }));
    const { b, status } = await signIn(app, email, PASSWORD);
    expect(status).toBe(200);
    expect((await b.get('/api/me')).body).toMatchObject({ role: 'admin', rank: 3, emailVerified: true, firstName: 'Ada' });
    expect((await b.get('/api/admin/ping')).body.error.code).toBe('two_factor_required');
  });

  it('promotes an existing account and keeps its password', async () => {
    const database = track(await createTestDatabase());
    const account = newAccount();
    let app = await startTestServer(AUTH_TEST_ENV, { database });
    expect((await new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/sign-up/email', account)).status).toBe(200);
    await app.stop(); // an embedded database admits one process at a time

    const result = await adminCreate(['--email', account.email, '--password', PASSWORD], cliEnv(database));
    expect(result).toMatchObject({ action: 'promoted', passwordSet: false });
    app = track(await startTestServer(AUTH_TEST_ENV, { database }));
    const [row] = await app.db.select().from(users).where(eq(users.email, account.email.toLowerCase()));
    expect(row).toMatchObject({ role: 'admin', emailVerified: true });
    expect((await signIn(app, account.email, account.password)).status).toBe(200);
    expect((await signIn(app, account.email, PASSWORD)).status).toBe(401);
  });

  it('refuses a common password or a bad address, saying which', async () => {
    const database = track(await createTestDatabase());
    await expect(adminCreate(['--email', uniqueEmail(), '--password', 'password1'], cliEnv(database))).rejects.toThrow(
      '--password: This password is too common. Please choose a less common one.',
    );
    await expect(adminCreate(['--email', 'not-an-address', '--password', PASSWORD], cliEnv(database))).rejects.toThrow('--email: Enter a valid email address');
    await expect(adminCreate([], cliEnv(database))).rejects.toThrow(/Usage: npm run admin:create/);
  });

  it('runs as a command (the npm script) and prints what it did', async () => {
    const database = track(await createTestDatabase());
    const email = uniqueEmail('cli');
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'src/server/cli/admin-create.ts', '--email', email, '--password', PASSWORD], {
      env: { ...process.env, ...cliEnv(database) },
    });
    expect(stdout).toContain(`Created the admin account ${email.toLowerCase()}`);
  });

  it('honours ADMIN_EMAIL/ADMIN_PASSWORD at first start only, while no admin exists', async () => {
    const database = track(await createTestDatabase());
    const first = uniqueEmail('env-admin');
    let app = await startTestServer({ ...AUTH_TEST_ENV, ADMIN_EMAIL: first, ADMIN_PASSWORD: PASSWORD }, { database });
    expect((await signIn(app, first, PASSWORD)).status).toBe(200);
    await app.stop();

    const second = uniqueEmail('env-admin');
    app = track(await startTestServer({ ...AUTH_TEST_ENV, ADMIN_EMAIL: second, ADMIN_PASSWORD: PASSWORD }, { database }));
    const admins = await app.db.select({ email: users.email }).from(users).where(eq(users.role, 'admin'));
    expect(admins).toEqual([{ email: first.toLowerCase() }]);
  });
});
