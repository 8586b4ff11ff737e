import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { signUp, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV, TestBrowser } from '../../test/auth-client';
import { startCuttableProxy, type CuttableProxy } from '../../test/cuttable-proxy';
import {
  createTestDatabase,
  postJson,
  sleep,
  startTestServer,
  testDbKind,
  uniqueEmail,
  waitlistSubmission,
  type TestDatabase,
  type TestServer,
} from '../../test/harness';

/**
 * PostgreSQL going away under load (docs/decisions/015-embedded-durability.md#also-in-issue-12-faults):
 * while it is away every answer is a success or a 503 with Retry-After — never a 500,
 * never a hang, never a crash — the server serves again within 5 s of its return without a restart,
 * and every sign-up it acknowledged is stored. The database goes away for this
 * test's server alone: a proxy the test cuts, or pg_terminate_backend on this
 * test's own database; the shared PostgreSQL keeps running.
 */

const RECOVERY_MS = 5_000;
/** A request must be answered within the pool's connection wait (5 s) and a margin. */
const ANSWER_WITHIN_MS = 7_000;

interface Outcome {
  what: 'waitlist' | 'me';
  status: number;
  retryAfter: string | null;
  code?: string;
  startedAt: number;
  tookMs: number;
  email?: string;
}

const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!().catch(() => undefined);
});

async function outageSetup(): Promise<{ database: TestDatabase; proxy: CuttableProxy; app: TestServer; member: Member }> {
  const database = await createTestDatabase();
  cleanups.push(() => database.dispose());
  const target = new URL(database.databaseUrl!);
  const proxy = await startCuttableProxy({ host: target.hostname, port: Number(target.port || 5432) });
  cleanups.push(() => proxy.close());
  const app = await startTestServer({ ...AUTH_TEST_ENV, DATABASE_URL: proxy.urlFor(database.databaseUrl!), WAITLIST_RATE_LIMIT_MAX: '100000' }, { database });
  cleanups.push(() => app.stop());
  const member = await signUp(app);
  expect((await member.browser.get('/api/me')).status).toBe(200);
  return { database, proxy, app, member };
}

/** Sign-ups and a signed-in read from `workers` clients at once, until `done()`. */
async function driveLoad(app: TestServer, member: Member, done: () => boolean, workers = 6): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  const worker = async (n: number) => {
    for (let i = 0; !done(); i += 1) {
      const startedAt = Date.now();
      if ((n + i) % 3 === 0) {
        const reply = await member.browser.get('/api/me');
        outcomes.push({
          what: 'me',
          status: reply.status,
          retryAfter: reply.headers.get('retry-after'),
          code: reply.body?.error?.code,
          startedAt,
          tookMs: Date.now() - startedAt,
        });
      } else {
        const email = uniqueEmail('outage');
        const reply = await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email }), { origin: app.config.APP_URL });
        outcomes.push({
          what: 'waitlist',
          status: reply.status,
          retryAfter: reply.headers.get('retry-after'),
          code: reply.body?.error?.code,
          startedAt,
          tookMs: Date.now() - startedAt,
          email,
        });
      }
    }
  };
  await Promise.all(Array.from({ length: workers }, (_, n) => worker(n)));
  return outcomes;
}

function expectOnlySuccessOrRetry(outcomes: Outcome[]) {
  const wrong = outcomes.filter(
    (o) => o.status !== 200 && !(o.status === 503 && o.retryAfter !== null && Number(o.retryAfter) > 0 && o.code === 'database_unavailable'),
  );
  expect(wrong.map(({ what, status, retryAfter, code }) => ({ what, status, retryAfter, code }))).toEqual([]);
  expect(Math.max(...outcomes.map((o) => o.tookMs))).toBeLessThan(ANSWER_WITHIN_MS);
}

async function expectAcknowledgedStored(database: TestDatabase, outcomes: Outcome[]) {
  const acknowledged = outcomes.filter((o) => o.what === 'waitlist' && o.status === 200).map((o) => o.email!.toLowerCase());
  expect(acknowledged.length).toBeGreaterThan(0);
  const client = new pg.Client({ connectionString: database.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ email_key: string }>('SELECT email_key FROM waitlist_entries WHERE email_key = ANY($1)', [acknowledged]);
    const stored = new Set(rows.map((row) => row.email_key));
    expect(acknowledged.filter((email) => !stored.has(email))).toEqual([]);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL going away during load', () => {
  // reset: the server is down and refuses connections; silent: packets are dropped, so only the pool's connection timeout ends a wait.
  it.for([
    { mode: 'reset' as const, cutMs: 2_000 },
    // Long enough that requests started in the cut run into the pool's 5 s connection timeout and answer before the return, on a busy machine too.
    { mode: 'silent' as const, cutMs: 10_000 },
  ])(
    'answers 503 with Retry-After while the connection is cut ($mode), serves within 5 s of its return, and stores every acknowledged sign-up',
    { timeout: 60_000 },
    async ({ mode, cutMs }, ctx) => {
      ctx.skip(testDbKind() !== 'postgres', 'PostgreSQL only: the embedded database lives in the server process and cannot go away on its own');
      const { database, proxy, app, member } = await outageSetup();

      let cutAt = 0;
      let restoredAt = 0;
      let stop = false;
      const load = driveLoad(app, member, () => stop);
      const sideTrips: Promise<{ status: number; retryAfter: string | null; code?: string }>[] = [];
      await sleep(500);
      cutAt = Date.now();
      proxy.cut(mode);
      await sleep(300);
      // better-auth's own routes, which catch some database errors and answer them themselves.
      const stranger = new TestBrowser(app.url, app.config.APP_URL);
      for (const trip of [
        () => member.browser.get('/api/auth/get-session'),
        () => stranger.post('/api/auth/sign-in/email', { email: member.account.email, password: member.account.password }),
        () =>
          stranger.post('/api/auth/sign-up/email', {
            firstName: 'Dana',
            lastName: 'Scully',
            email: uniqueEmail('outage-signup'),
            password: 'x-files-trust-no-1!',
          }),
      ]) {
        sideTrips.push(trip().then((reply) => ({ status: reply.status, retryAfter: reply.headers.get('retry-after'), code: reply.body?.error?.code })));
      }
      await sleep(cutMs - 300);
      restoredAt = Date.now();
      proxy.restore();
      await sleep(RECOVERY_MS + 1_500);
      stop = true;
      const outcomes = await load;

      expectOnlySuccessOrRetry(outcomes);
      expect(await Promise.all(sideTrips)).toEqual(Array(3).fill({ status: 503, retryAfter: '5', code: 'database_unavailable' }));
      const during = outcomes.filter((o) => o.startedAt > cutAt + 100 && o.startedAt + o.tookMs < restoredAt);
      // Refused connections answer the load itself with 503s. In a silent cut the load's requests sit on
      // connections opened before it and wait for the network (there is no per-query timeout: SECURITY.md
      // 'Known limits'), so whether one both starts and ends inside the cut depends on the pool's state;
      // there the 503 while down is shown by the side trips above, which need connections of their own.
      if (mode === 'reset') expect(during.filter((o) => o.status === 503).length).toBeGreaterThan(0);
      expect(during.filter((o) => o.status === 200)).toEqual([]);
      // Back within 5 s of the database's return, for sign-ups and signed-in reads alike, without a restart.
      const late = outcomes.filter((o) => o.startedAt > restoredAt + RECOVERY_MS);
      expect(new Set(late.map((o) => o.what))).toEqual(new Set(['waitlist', 'me']));
      expect(late.filter((o) => o.status !== 200)).toEqual([]);
      await expectAcknowledgedStored(database, outcomes);
      expect((await fetch(`${app.url}/api/health`)).status).toBe(200);
    },
  );

  it('answers 503 with Retry-After when the server terminates its connections (pg_terminate_backend), and recovers at once', async (ctx) => {
    ctx.skip(testDbKind() !== 'postgres', 'PostgreSQL only: pg_terminate_backend needs a PostgreSQL server');
    const { database, app, member } = await outageSetup();
    const name = new URL(database.databaseUrl!).pathname.slice(1);
    const admin = new pg.Client({ connectionString: database.databaseUrl });
    await admin.connect();
    cleanups.push(() => admin.end());

    let stop = false;
    let lastTerminateAt = 0;
    const load = driveLoad(app, member, () => stop);
    let terminated = 0;
    for (let round = 0; round < 6; round += 1) {
      await sleep(250);
      const { rows } = await admin.query<{ n: number }>(
        'SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()',
        [name],
      );
      terminated += rows[0]!.n;
      lastTerminateAt = Date.now();
    }
    await sleep(RECOVERY_MS + 1_000);
    stop = true;
    const outcomes = await load;

    expect(terminated).toBeGreaterThan(0);
    expectOnlySuccessOrRetry(outcomes);
    const late = outcomes.filter((o) => o.startedAt > lastTerminateAt + RECOVERY_MS);
    expect(late.length).toBeGreaterThan(0);
    expect(late.filter((o) => o.status !== 200)).toEqual([]);
    await expectAcknowledgedStored(database, outcomes);
  }, 60_000);
});
