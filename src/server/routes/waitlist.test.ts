import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitlistEntries } from '../platform/db/schema';
import { queryRows, type Db } from '../platform/db/client';
import { WaitlistWriter } from '../modules/waitlist/store-submission';
import {
  createTestDatabase,
  postJson,
  startTestServer,
  TEST_APP_URL,
  uniqueEmail,
  waitlistSubmission,
  type HttpReply,
  type TestDatabase,
  type TestServer,
} from '../test/harness';

const entryByEmail = async (db: Db, email: string) => (await db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email.toLowerCase())))[0];
const entryCount = async (db: Db) => (await db.select({ n: count() }).from(waitlistEntries))[0].n;

const expectErrorShape = (body: unknown, code: string) => expect(body).toMatchObject({ error: { code, message: expect.any(String) } });

describe('POST /api/waitlist', () => {
  let database: TestDatabase;
  let app: TestServer;
  let endpoint: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '1000' }, { database });
    endpoint = `${app.url}/api/waitlist`;
  });
  afterAll(async () => {
    await app?.stop();
    await database?.dispose();
  });

  it('stores a valid submission with every field of docs/product/waitlist.md#fields and answers success', async () => {
    const submission = waitlistSubmission({ email: uniqueEmail('Complete') });
    const reply = await postJson(endpoint, submission);

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'success' });
    const row = await entryByEmail(app.db, submission.email);
    expect(row).toMatchObject({
      source: 'public',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: submission.email,
      phone: '(214) 555-0187',
      cityState: 'Dallas, TX',
      intendedState: 'Texas',
      homeType: 'new',
      buyingTimeline: '6months',
      priceRange: '300-400k',
      downPayment: '$25K',
      monthlyPaymentRange: '$1,800-$2,000',
      priority: 'higher-equity',
      housingStatus: 'renter',
      interests: 'Co-owning a starter home near good schools.',
      contactConsent: true,
      submissionCount: 1,
    });
    expect(row.clientTimestamp?.toISOString()).toBe(submission.timestamp);
  });

  it.each([
    ['the District of Columbia and a $2,400-$2,600 payment', { intendedState: 'District of Columbia', monthlyPaymentRange: '$2,400-$2,600' }],
    ['a $2,800-$3,000 payment and a down payment under $5K', { monthlyPaymentRange: '$2,800-$3,000', downPayment: 'Under $5K' }],
  ])('accepts and stores %s', async (_label, change) => {
    const submission = { ...waitlistSubmission({ email: uniqueEmail('Bands') }), ...change };
    const reply = await postJson(endpoint, submission);
    expect(reply.status).toBe(200);
    expect(await entryByEmail(app.db, submission.email)).toMatchObject(change);
  });

  it('keeps the submission when the server restarts on the same data', async () => {
    const submission = waitlistSubmission({ firstName: 'Durable' });
    expect((await postJson(endpoint, submission)).status).toBe(200);

    // A PGlite folder admits one instance: stop the server before looking at its data.
    await app.stop();
    const direct = await database.open();
    try {
      expect(await entryByEmail(direct.db, submission.email)).toMatchObject({ firstName: 'Durable', email: submission.email });
    } finally {
      await direct.close();
    }

    app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '1000' }, { database });
    endpoint = `${app.url}/api/waitlist`;
    expect(await entryByEmail(app.db, submission.email)).toMatchObject({ firstName: 'Durable', email: submission.email });
    const again = await postJson(endpoint, { ...submission, firstName: 'Restarted' });
    expect(again.status).toBe(200);
    expect(await entryByEmail(app.db, submission.email)).toMatchObject({ firstName: 'Restarted', submissionCount: 2 });
  });

  const ENUM_FIELDS = ['intendedState', 'homeType', 'buyingTimeline', 'priceRange', 'downPayment', 'monthlyPaymentRange', 'priority', 'housingStatus'] as const;
  const ALL_FIELDS = ['timestamp', 'firstName', 'lastName', 'email', 'phone', 'cityState', ...ENUM_FIELDS, 'interests', 'contactConsent'] as const;

  const invalidCases: [string, string, Record<string, unknown>][] = [
    ...ALL_FIELDS.map((field): [string, string, Record<string, unknown>] => [`missing ${field}`, field, { [field]: undefined }]),
    ...ENUM_FIELDS.map((field): [string, string, Record<string, unknown>] => [`${field} not one of the options`, field, { [field]: 'Atlantis' }]),
    ['intendedState as an abbreviation', 'intendedState', { intendedState: 'TX' }],
    ['monthlyPaymentRange as a band the form does not offer ($2,400-$2,800)', 'monthlyPaymentRange', { monthlyPaymentRange: '$2,400-$2,800' }],
    ['a malformed e-mail address', 'email', { email: 'ada-at-example.com' }],
    ['an e-mail address without a domain', 'email', { email: 'ada@' }],
    ['consent not given', 'contactConsent', { contactConsent: false }],
    ['consent as the text "true"', 'contactConsent', { contactConsent: 'true' }],
    ['a blank first name', 'firstName', { firstName: '   ' }],
    ['a phone number without digits', 'phone', { phone: 'call me' }],
    ['a timestamp that is not a date-time', 'timestamp', { timestamp: 'yesterday' }],
  ];

  it.each(invalidCases)('answers 400 naming the field and stores nothing: %s', async (_label, field, change) => {
    const email = uniqueEmail('invalid');
    const body: Record<string, unknown> = { ...waitlistSubmission({ email }), ...change };
    for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
    const before = await entryCount(app.db);

    const reply = await postJson(endpoint, body);

    expect(reply.status).toBe(400);
    expectErrorShape(reply.body, 'validation_failed');
    expect(reply.body.error.fields).toHaveProperty(field, expect.any(String));
    expect(await entryCount(app.db)).toBe(before);
    expect(await entryByEmail(app.db, email)).toBeUndefined();
  });

  it('answers 400 with the error shape to a body that is not JSON', async () => {
    const before = await entryCount(app.db);
    const reply = await postJson(endpoint, '{"firstName": "Ada",');
    expect(reply.status).toBe(400);
    expectErrorShape(reply.body, 'invalid_json');
    expect(await entryCount(app.db)).toBe(before);
  });

  it('keeps one entry per e-mail address whatever its case, updated by a repeat, and still answers success', async () => {
    const email = uniqueEmail('Repeat');
    const first = waitlistSubmission({ email: email.toUpperCase(), firstName: 'First', priceRange: 'under200k' });
    const second = waitlistSubmission({ email: email.toLowerCase(), firstName: 'Second', priceRange: '700k+', housingStatus: 'current-homeowner' });

    const a = await postJson(endpoint, first);
    const b = await postJson(endpoint, second);

    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body, b.body]).toEqual([{ status: 'success' }, { status: 'success' }]);
    const rows = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      firstName: 'Second',
      priceRange: '700k+',
      housingStatus: 'current-homeowner',
      email: email.toLowerCase(),
      submissionCount: 2,
    });
  });

  it('answers a filled honeypot like a success and stores nothing', async () => {
    const submission = waitlistSubmission({ website: 'https://spam.example' });
    const before = await entryCount(app.db);

    const reply = await postJson(endpoint, submission);

    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ status: 'success' });
    expect(await entryByEmail(app.db, submission.email)).toBeUndefined();
    expect(await entryCount(app.db)).toBe(before);
  });

  it('refuses a body over 64 KB with 413 JSON and stores nothing', async () => {
    const submission = waitlistSubmission({ interests: 'x'.repeat(70 * 1024) });
    const reply = await postJson(endpoint, submission);

    expect(reply.status).toBe(413);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    expectErrorShape(reply.body, 'payload_too_large');
    expect(await entryByEmail(app.db, submission.email)).toBeUndefined();
  });

  it('counts a chunked body (no declared length) as it streams: a small one is read, a large one refused', async () => {
    const chunked = (body: unknown) => {
      const bytes = new TextEncoder().encode(JSON.stringify(body));
      const stream = new ReadableStream({
        start(controller) {
          for (let i = 0; i < bytes.length; i += 4096) controller.enqueue(bytes.subarray(i, i + 4096));
          controller.close();
        },
      });
      return fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: TEST_APP_URL },
        body: stream,
        duplex: 'half',
      } as RequestInit);
    };
    const small = waitlistSubmission();
    const ok = await chunked(small);
    expect(ok.status).toBe(200);
    expect(await entryByEmail(app.db, small.email)).toBeDefined();

    const large = waitlistSubmission({ interests: 'x'.repeat(70 * 1024) });
    const refused = await chunked(large);
    expect(refused.status).toBe(413);
    expect((await refused.json()).error.code).toBe('payload_too_large');
    expect(await entryByEmail(app.db, large.email)).toBeUndefined();
  });
});

describe('POST /api/waitlist rate limit (WAITLIST_RATE_LIMIT_MAX=3)', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.dispose();
  });

  function expectRateLimited(reply: HttpReply) {
    expect(reply.status).toBe(429);
    expect(reply.headers.get('content-type')).toMatch(/application\/json/);
    const retryAfter = Number(reply.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expectErrorShape(reply.body, 'rate_limited');
  }

  it('answers the 4th submission from one address with 429 and Retry-After, and stores nothing more', async () => {
    const app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '3' }, { database });
    try {
      const endpoint = `${app.url}/api/waitlist`;
      // Without TRUST_PROXY a forged X-Forwarded-For must not buy a fresh budget.
      for (let i = 1; i <= 3; i += 1) {
        const reply = await postJson(endpoint, waitlistSubmission(), { 'x-forwarded-for': `198.51.100.${i}` });
        expect(reply.status).toBe(200);
      }
      const fourth = waitlistSubmission();
      expectRateLimited(await postJson(endpoint, fourth, { 'x-forwarded-for': '198.51.100.4' }));
      expect(await entryByEmail(app.db, fourth.email)).toBeUndefined();
    } finally {
      await app.stop();
    }
  });

  it('counts refused and honeypot requests against the budget too: after three, a valid submission is 429 and not stored', async () => {
    const app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' }, { database });
    try {
      const endpoint = `${app.url}/api/waitlist`;
      const from = { 'x-forwarded-for': '203.0.113.90' };
      const invalid = await postJson(endpoint, { ...waitlistSubmission(), email: 'not-an-address' }, from);
      expect(invalid.status).toBe(400);
      expectErrorShape(invalid.body, 'validation_failed');
      const notJson = await postJson(endpoint, '{"firstName": "Ada",', from);
      expect(notJson.status).toBe(400);
      expectErrorShape(notJson.body, 'invalid_json');
      expect((await postJson(endpoint, waitlistSubmission({ website: 'https://spam.example' }), from)).status).toBe(200);

      const valid = waitlistSubmission();
      expectRateLimited(await postJson(endpoint, valid, from));
      expect(await entryByEmail(app.db, valid.email)).toBeUndefined();
      // Over the budget, a refused request is answered 429 as well.
      expectRateLimited(await postJson(endpoint, { ...waitlistSubmission(), email: 'not-an-address' }, from));
    } finally {
      await app.stop();
    }
  });

  it('counts per forwarded address behind a trusted proxy (TRUST_PROXY=true)', async () => {
    const app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' }, { database });
    try {
      const endpoint = `${app.url}/api/waitlist`;
      const from = (ip: string) => postJson(endpoint, waitlistSubmission(), { 'x-forwarded-for': `${ip}, 10.0.0.1` });
      for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.7')).status).toBe(200);
      expectRateLimited(await from('203.0.113.7'));

      // Another visitor behind the same proxy keeps a budget of their own.
      for (let i = 0; i < 3; i += 1) expect((await from('203.0.113.8')).status).toBe(200);
      expectRateLimited(await from('203.0.113.8'));
    } finally {
      await app.stop();
    }
  });

  it('counts submissions sent at once by one visitor like ones sent in turn: 3 stored, the rest 429', async () => {
    const app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '3', TRUST_PROXY: 'true' }, { database });
    try {
      const endpoint = `${app.url}/api/waitlist`;
      const sent = Array.from({ length: 7 }, () => waitlistSubmission());
      const replies = await Promise.all(sent.map((s) => postJson(endpoint, s, { 'x-forwarded-for': '203.0.113.50' })));
      expect(replies.filter((r) => r.status === 200)).toHaveLength(3);
      for (const refused of replies.filter((r) => r.status !== 200)) expectRateLimited(refused);
      const stored = await Promise.all(sent.map((s) => entryByEmail(app.db, s.email)));
      // Exactly the three answered with success are stored.
      expect(stored.map((row) => row !== undefined)).toEqual(replies.map((r) => r.status === 200));
    } finally {
      await app.stop();
    }
  });
});

describe('POST /api/waitlist under concurrent sign-ups (batched writes)', () => {
  let app: TestServer;
  let endpoint: string;
  beforeAll(async () => {
    app = await startTestServer({ WAITLIST_RATE_LIMIT_MAX: '1000', TRUST_PROXY: 'true' });
    endpoint = `${app.url}/api/waitlist`;
  });
  afterAll(async () => {
    await app?.stop();
  });
  const fromVisitor = (n: number, submission = waitlistSubmission()) => postJson(endpoint, submission, { 'x-forwarded-for': `198.18.0.${n}` });

  it('stores every one of many sign-ups sent at once, each exactly once, and the dashboard count follows', async () => {
    const before = await entryCount(app.db);
    const sent = Array.from({ length: 60 }, (_, n) => waitlistSubmission({ email: uniqueEmail(`Crowd${n}`), lastName: `Crowd ${n}` }));
    const replies = await Promise.all(sent.map((s, n) => fromVisitor(n, s)));
    expect(replies.map((r) => r.status)).toEqual(sent.map(() => 200));
    expect(await entryCount(app.db)).toBe(before + 60);
    for (const s of sent) expect(await entryByEmail(app.db, s.email)).toMatchObject({ lastName: s.lastName, submissionCount: 1 });
    const [counted] = await queryRows<{ n: number }>(app.db, sql`select sum(count)::int as n from table_row_counts where table_name = 'waitlist_entries'`);
    expect(counted!.n).toBe(before + 60);
  });

  it('keeps one entry for one e-mail sent several times at once, counting every submission', async () => {
    const email = uniqueEmail('Eager');
    const sent = ['First', 'Second', 'Third', 'Fourth'].map((firstName) => waitlistSubmission({ email, firstName }));
    const replies = await Promise.all(sent.map((s, n) => fromVisitor(100 + n, s)));
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    const rows = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email.toLowerCase()));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.submissionCount).toBe(4);
    expect(['First', 'Second', 'Third', 'Fourth']).toContain(rows[0]!.firstName);
  });

  it('does not let one submission the database refuses fail the others written with it', async () => {
    // A rule the schema does not know, standing in for any row-level failure.
    await app.asOwner(sql`alter table waitlist_entries add constraint test_refuses_mallory check (first_name <> 'Mallory')`);
    try {
      const good = Array.from({ length: 5 }, (_, n) => waitlistSubmission({ email: uniqueEmail(`Good${n}`) }));
      const bad = waitlistSubmission({ email: uniqueEmail('Bad'), firstName: 'Mallory' });
      const replies = await Promise.all([...good, bad].map((s, n) => fromVisitor(150 + n, s)));
      expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 500]);
      expectErrorShape(replies[5]!.body, 'internal_error');
      for (const s of good) expect(await entryByEmail(app.db, s.email)).toBeDefined();
      expect(await entryByEmail(app.db, bad.email)).toBeUndefined();
    } finally {
      await app.asOwner(sql`alter table waitlist_entries drop constraint test_refuses_mallory`);
    }
  });

  it('answers every sign-up queued behind a batch the database could not take at once, without trying them again', async () => {
    let statements = 0;
    let failFirst!: () => void;
    const writer = new WaitlistWriter({
      db: {
        execute: () => {
          statements += 1;
          // The pool's answer after its connection wait, with the database away.
          return new Promise((_, reject) => (failFirst = () => reject(new Error('timeout exceeded when trying to connect'))));
        },
      } as unknown as Db,
      logger: app.server.logger,
      rule: { name: 'waitlist:test-away', max: 1000, windowSeconds: 60 },
      concurrency: 1,
    });
    const submit = (n: number) =>
      writer.submit({ submission: { ...waitlistSubmission({ email: uniqueEmail(`Away${n}`) }) } as never, subject: '192.0.2.9' }).then(
        () => 'stored',
        (error: Error) => error.message,
      );
    const first = submit(0);
    await new Promise((resolve) => setImmediate(resolve));
    const queued = [1, 2, 3].map(submit);
    await new Promise((resolve) => setImmediate(resolve));
    failFirst();
    expect(await Promise.all([first, ...queued])).toEqual(Array(4).fill('timeout exceeded when trying to connect'));
    expect(statements).toBe(1);
    await writer.drain();
  });

  it('writes sign-ups that arrive together in fewer statements than sign-ups', async () => {
    const statements: number[] = [];
    const writer = new WaitlistWriter({
      db: { execute: (query: never) => (statements.push(1), app.db.execute(query)) } as unknown as Db,
      logger: app.server.logger,
      rule: { name: 'waitlist:test-batch', max: 1000, windowSeconds: 60 },
    });
    const hits = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        writer.submit({ submission: { ...waitlistSubmission({ email: uniqueEmail(`Batch${n}`) }) } as never, subject: `192.0.2.${n % 2}` }),
      ),
    );
    // Two visitors, ten sign-ups each: every one is told its own place in its visitor's count.
    expect(hits.map((h) => h.count).sort((a, b) => a - b)).toEqual([1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10]);
    expect(statements.length).toBeLessThan(20);
    expect(statements.length).toBeGreaterThan(0);
    await writer.drain();
  });
});
