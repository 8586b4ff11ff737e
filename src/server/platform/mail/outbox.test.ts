import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Db } from '../db/client';
import { waitlistEntries, webhookOutbox } from '../db/schema';
import {
  createTestDatabase,
  postJson,
  sleep,
  startTestServer,
  testDbKind,
  waitFor,
  waitlistSubmission,
  type TestDatabase,
  type TestServer,
} from '../../test/harness';
import { retryDelayMs } from './outbox';

describe('retryDelayMs', () => {
  it('doubles from the base delay with each failed attempt', () => {
    expect([1, 2, 3, 4, 5].map((n) => retryDelayMs(n, 10_000, 3_600_000))).toEqual([10_000, 20_000, 40_000, 80_000, 160_000]);
  });

  it('never waits longer than the maximum', () => {
    expect(retryDelayMs(9, 10_000, 3_600_000)).toBe(2_560_000);
    expect(retryDelayMs(10, 10_000, 3_600_000)).toBe(3_600_000);
    expect(retryDelayMs(60, 10_000, 3_600_000)).toBe(3_600_000);
  });

  it('treats a row not yet attempted like a first attempt', () => {
    expect(retryDelayMs(0, 100, 400)).toBe(100);
  });
});

// ---- A stand-in for the operator's spreadsheet-script webhook (docs/product/waitlist.md#webhook-forwarding) ----

type HookMode = 'success' | 'http-500' | 'error-json';

interface Received {
  body: string;
  headers: IncomingHttpHeaders;
  answeredWith: HookMode;
}

interface Hook {
  url: string;
  received: Received[];
  mode: HookMode;
  close(): Promise<void>;
}

/** Listens on `port` (0: any) and answers like the spreadsheet script: `{"status":"success"}`. */
async function startHook(port = 0, options: { delayMs?: number; mode?: HookMode } = {}): Promise<Hook> {
  const hook: Hook = { url: '', received: [], mode: options.mode ?? 'success', close: async () => undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      if (options.delayMs) await sleep(options.delayMs);
      const answeredWith = hook.mode;
      hook.received.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers, answeredWith });
      if (answeredWith === 'http-500') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal error');
      } else {
        const reply = answeredWith === 'success' ? { status: 'success' } : { status: 'error', message: 'x' };
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  hook.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/exec`;
  hook.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return hook;
}

/** A port nothing listens on (yet): the webhook is down with 'connection refused'. */
async function unusedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const FAST_OUTBOX = { OUTBOX_POLL_MS: '50', OUTBOX_RETRY_BASE_MS: '100', OUTBOX_RETRY_MAX_MS: '400', WAITLIST_RATE_LIMIT_MAX: '1000' };

const outboxRows = (db: Db) => db.select().from(webhookOutbox).orderBy(webhookOutbox.id);
const successes = (hook: Hook) => hook.received.filter((r) => r.answeredWith === 'success');

// Headers any HTTP client sends on its own; anything else would be a custom header.
const STANDARD_HEADERS = [
  'host',
  'connection',
  'content-type',
  'content-length',
  'accept',
  'accept-language',
  'accept-encoding',
  'sec-fetch-mode',
  'user-agent',
];

describe('waitlist webhook forwarding (durable outbox)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!();
  });
  const track = <T extends { stop?: () => Promise<void>; close?: () => Promise<void>; dispose?: () => Promise<void> }>(thing: T): T => {
    cleanups.push(() => (thing.stop ?? thing.close ?? thing.dispose)!.call(thing));
    return thing;
  };

  it('posts the JSON of the submission: its 16 fields (docs/product/waitlist.md#fields), no custom headers (docs/product/waitlist.md#webhook-forwarding)', async () => {
    const hook = track(await startHook());
    const app = track(await startTestServer({ ...FAST_OUTBOX, WAITLIST_WEBHOOK_URL: hook.url }));
    const submission = waitlistSubmission();

    const reply = await postJson(`${app.url}/api/waitlist`, submission);

    expect(reply).toMatchObject({ status: 200, body: { status: 'success' } });
    await waitFor(() => hook.received.length >= 1, { message: 'the webhook to be called' });
    const [request] = hook.received;
    const body = JSON.parse(request.body);
    expect(body).toEqual(submission);
    expect(Object.keys(body).sort()).toEqual(
      [
        'timestamp',
        'firstName',
        'lastName',
        'email',
        'phone',
        'cityState',
        'intendedState',
        'homeType',
        'buyingTimeline',
        'priceRange',
        'downPayment',
        'monthlyPaymentRange',
        'priority',
        'housingStatus',
        'interests',
        'contactConsent',
      ].sort(),
    );
    expect(Object.keys(request.headers).filter((name) => !STANDARD_HEADERS.includes(name))).toEqual([]);
    const [row] = await waitFor(
      async () => {
        const rows = await outboxRows(app.db);
        return rows[0]?.deliveredAt ? rows : undefined;
      },
      { message: 'the outbox row to be marked delivered' },
    );
    expect(row.lastError).toBeNull();
  });

  it('keeps a submission while the webhook is down or refusing, and delivers it once the webhook is back', async () => {
    const port = await unusedPort();
    const app = track(await startTestServer({ ...FAST_OUTBOX, WAITLIST_WEBHOOK_URL: `http://127.0.0.1:${port}/exec` }));
    const submission = waitlistSubmission();

    // Down (connection refused): the visitor still succeeds and the entry is stored.
    const reply = await postJson(`${app.url}/api/waitlist`, submission);
    expect(reply).toMatchObject({ status: 200, body: { status: 'success' } });
    expect(await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.email, submission.email))).toHaveLength(1);
    await waitFor(async () => (await outboxRows(app.db))[0]?.lastError, { message: 'a failed attempt (connection refused)' });

    // Up but failing with HTTP 500.
    const hook = track(await startHook(port, { mode: 'http-500' }));
    await waitFor(async () => (await outboxRows(app.db))[0]?.lastError?.includes('500'), { message: 'an attempt answered 500' });

    // Up but refusing in JSON: {"status":"error","message":"x"}.
    hook.mode = 'error-json';
    await waitFor(async () => (await outboxRows(app.db))[0]?.lastError?.includes('refused: x'), { message: 'an attempt answered status error' });
    expect((await outboxRows(app.db))[0].deliveredAt).toBeNull();

    // Back: delivered, once.
    hook.mode = 'success';
    const rows = await waitFor(
      async () => {
        const all = await outboxRows(app.db);
        return all[0]?.deliveredAt ? all : undefined;
      },
      { message: 'delivery after the webhook came back' },
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].attempts).toBeGreaterThanOrEqual(3);
    expect(hook.received.map((r) => r.answeredWith)).toEqual(expect.arrayContaining(['http-500', 'error-json', 'success']));
    await sleep(300); // several poll cycles: nothing is sent again
    expect(successes(hook)).toHaveLength(1);
    expect(JSON.parse(successes(hook)[0].body)).toEqual(submission);
  });

  it('delivers after a restart what was queued while the webhook was down', async () => {
    const port = await unusedPort();
    const env = { ...FAST_OUTBOX, WAITLIST_WEBHOOK_URL: `http://127.0.0.1:${port}/exec` };
    const database = track(await createTestDatabase());
    const submission = waitlistSubmission();

    const first = await startTestServer(env, { database });
    try {
      expect(await postJson(`${first.url}/api/waitlist`, submission)).toMatchObject({ status: 200, body: { status: 'success' } });
      await waitFor(async () => (await outboxRows(first.db))[0]?.lastError, { message: 'a failed attempt while the webhook is down' });
    } finally {
      await first.stop();
    }

    const hook = track(await startHook(port));
    const second = track(await startTestServer(env, { database }));
    await waitFor(() => successes(hook).length >= 1, { message: 'delivery by the restarted server' });
    expect(JSON.parse(successes(hook)[0].body)).toEqual(submission);
    await waitFor(async () => (await outboxRows(second.db))[0]?.deliveredAt, { message: 'the row to be marked delivered' });
    expect(successes(hook)).toHaveLength(1);
  });

  it('delivers each submission exactly once with two server instances on one PostgreSQL database', async (ctx) => {
    ctx.skip(testDbKind() !== 'postgres', 'PostgreSQL only: an embedded PGlite database is opened by one process, so there is no second instance');
    const hook = track(await startHook(0, { delayMs: 10 }));
    const database: TestDatabase = track(await createTestDatabase());
    const delivered = [0, 0];
    // Each instance logs 'outbox delivered' per row it delivered; count them per instance.
    const countingLogger = (i: number) =>
      pino(
        { level: 'info' },
        {
          write: (line: string) => {
            if (JSON.parse(line).msg === 'outbox delivered') delivered[i] += 1;
          },
        },
      );
    const env = { ...FAST_OUTBOX, WAITLIST_WEBHOOK_URL: hook.url };
    const instances: TestServer[] = [
      track(await startTestServer(env, { database, logger: countingLogger(0) })),
      track(await startTestServer(env, { database, logger: countingLogger(1) })),
    ];

    const submissions = Array.from({ length: 50 }, (_, i) => waitlistSubmission({ firstName: `Visitor ${i}` }));
    for (let i = 0; i < submissions.length; i += 10) {
      const replies = await Promise.all(submissions.slice(i, i + 10).map((s, j) => postJson(`${instances[(i + j) % 2].url}/api/waitlist`, s)));
      expect(replies.map((r) => r.status)).toEqual(Array(replies.length).fill(200));
    }

    await waitFor(() => new Set(successes(hook).map((r) => JSON.parse(r.body).email)).size === 50, {
      timeoutMs: 20_000,
      message: 'all 50 submissions to reach the webhook',
    });
    await sleep(300); // several poll cycles of both instances: nothing is sent again
    const perEmail = new Map<string, number>();
    for (const r of hook.received) {
      const email = JSON.parse(r.body).email as string;
      perEmail.set(email, (perEmail.get(email) ?? 0) + 1);
    }
    expect(perEmail.size).toBe(50);
    expect(
      [...perEmail].filter(([, n]) => n !== 1),
      'addresses delivered more than once',
    ).toEqual([]);
    expect(hook.received).toHaveLength(50);
    // Both instances took part, so the once-only guarantee was actually contested.
    expect(delivered[0] + delivered[1]).toBe(50);
    expect(delivered[0]).toBeGreaterThan(0);
    expect(delivered[1]).toBeGreaterThan(0);
  });
});
