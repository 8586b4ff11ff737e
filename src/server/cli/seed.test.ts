import { STAFF_ACCOUNTS } from './seed-data';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { US_STATES } from '../../domain/waitlist';
import { loadConfig } from '../platform/config';
import { queryRows } from '../platform/db/client';
import { createStorage } from '../platform/storage/create-storage';
import { AUTH_TEST_ENV, TestBrowser } from '../test/auth-client';
import { createTestDatabase, startTestServer, type TestDatabase } from '../test/harness';
import { simplePdf } from './demo-pdf';
import { buildSeedPlan, DEMO_ADMIN_EMAIL, describeSeed, seed } from './seed';

const SMALL = { users: 24, applications: 20, waitlist: 12, adminWaitlist: 3, letters: 5, withDocuments: 2 };

describe('npm run seed', () => {
  const cleanup: (() => Promise<void>)[] = [];
  afterEach(async () => {
    while (cleanup.length) await cleanup.pop()?.();
  });
  const cliEnv = (database: TestDatabase) => ({ ...database.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' });

  it(
    'fills a fresh database with demo data and a demo admin who can sign in; a second run changes nothing; --force adds a batch',
    { timeout: 120_000 },
    async () => {
      const database = await createTestDatabase();
      cleanup.push(() => database.dispose());
      const env = cliEnv(database);

      const first = await seed(env, { counts: SMALL });
      expect(first.status).toBe('seeded');
      expect(first.admin).toMatchObject({ email: DEMO_ADMIN_EMAIL, created: true });
      expect(first.admin.password!.length).toBeGreaterThanOrEqual(20);
      expect(describeSeed(first)).toContain(`Passphrase:  ${first.admin.password}`);
      expect(describeSeed(first)).toContain('http://localhost:3000/admin');

      const letterKeys: string[] = [];
      {
        const connection = await database.open();
        try {
          const count = async (table: string) =>
            Number((await queryRows<{ n: number }>(connection.db, sql.raw(`select count(*)::int as n from ${table}`)))[0].n);
          expect(await count('"user"')).toBe(SMALL.users + STAFF_ACCOUNTS.length + 1);
          expect(await count('applications')).toBe(SMALL.applications);
          expect(await count(`waitlist_entries where source = 'public'`)).toBe(SMALL.waitlist);
          expect(await count(`waitlist_entries where source = 'admin' and interested_in is not null and timeline is not null`)).toBe(SMALL.adminWaitlist);
          expect(await count('letters_of_intent')).toBe(SMALL.letters);
          // States as the app's forms store them (full names, US_STATES), so the edit dialogs show and save them.
          const states = US_STATES.map((state) => `'${state}'`).join(', ');
          for (const table of ['"user"', 'letters_of_intent', 'waitlist_entries']) {
            expect(await count(`${table} where intended_state is not null and intended_state not in (${states})`), table).toBe(0);
            expect(await count(`${table} where intended_state is not null`), table).toBeGreaterThan(0);
          }
          expect(await count('documents')).toBe(SMALL.withDocuments * 3);
          // Every application carries its applicant's name and e-mail; decided ones were reviewed after submission.
          expect(await count('applications a join "user" u on u.id = a.user_id where a.email = u.email and a.last_name = u.last_name')).toBe(
            SMALL.applications,
          );
          expect(await count(`applications where status <> 'submitted' and not (reviewed_at > submitted_at)`)).toBe(0);
          // Within the last year, but those whose home was bought years ago: approved before the purchase, made after the account.
          expect(
            await count(
              `applications a where (submitted_at < now() - interval '366 days' and not exists (select 1 from homes h where h.application_id = a.id)) or submitted_at > now()`,
            ),
          ).toBe(0);
          expect(await count('homes')).toBeGreaterThan(0);
          expect(
            await count(
              `homes h join applications a on a.id = h.application_id where not (a.reviewed_at < h.purchase_date::timestamptz and a.submitted_at < a.reviewed_at and a.created_at <= a.submitted_at)`,
            ),
          ).toBe(0);
          expect(await count(`documents d join applications a on a.id = d.application_id where d.created_at > a.submitted_at`)).toBe(0);
          expect(await count(`applications a join "user" u on u.id = a.user_id where u.created_at > a.created_at`)).toBe(0);
          // Missing Info has an open request (docs/product/back-office.md#application-status), whose turn it is agrees with
          // the status (ADR 021), declined ones say why.
          expect(
            await count(
              `applications a where status = 'missing_info' and not exists (select 1 from application_requests r where r.application_id = a.id and r.state = 'open')`,
            ),
          ).toBe(0);
          expect(
            await count(
              `application_requests r where not exists (select 1 from application_request_events e where e.request_id = r.id and e.action = 'create')`,
            ),
          ).toBe(0);
          expect(await count(`applications where (status in ('submitted', 'in_review')) <> (waiting_since is not null)`)).toBe(0);
          expect(await count(`applications where (status = 'declined') <> (decline_reason is not null)`)).toBe(0);
          expect(await count(`applications where property_value between 250000 and 900000 and date_of_birth like 'v1.%'`)).toBe(SMALL.applications);
          // The trigger-maintained counts agree with the rows.
          const counts = await queryRows<{ status: string; count: string }>(
            connection.db,
            sql.raw(`select status, count from application_status_counts where count > 0`),
          );
          expect(Object.fromEntries(counts.map((c) => [c.status, Number(c.count)]))).toEqual(first.added.byStatus);
          expect(await count(`"user" where role = 'admin'`)).toBe(1 + STAFF_ACCOUNTS.length);
          // Every assignee is an admin account, named as it is, assigned after submission and not after the review.
          expect(await count(`applications where assignee is not null`)).toBeGreaterThan(0);
          expect(
            await count(
              `applications a where a.assignee is not null and not exists (select 1 from "user" u where u.id = a.assignee_id and u.role = 'admin' and u.name = a.assignee)`,
            ),
          ).toBe(0);
          expect(await count(`applications where (assignee is null) <> (assignee_id is null) or (assignee is null) <> (assigned_at is null)`)).toBe(0);
          expect(await count(`applications where assigned_at < submitted_at or assigned_at > coalesce(reviewed_at, now())`)).toBe(0);
          letterKeys.push(...(await queryRows<{ file_key: string }>(connection.db, sql.raw('select file_key from letters_of_intent'))).map((r) => r.file_key));
        } finally {
          await connection.close();
        }
      }

      const storage = createStorage(loadConfig(env));
      expect(letterKeys).toHaveLength(SMALL.letters);
      for (const key of letterKeys) {
        expect(key).toMatch(/^letters-of-intent\/[0-9a-f-]{36}$/);
        const file = await storage.get(key);
        expect(file, key).toBeDefined();
        expect((await buffer(file!.body)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
      }

      const again = await seed(env, { counts: SMALL });
      expect(again.status).toBe('already-seeded');
      expect(describeSeed(again)).toContain('already seeded');

      const more = await seed(env, { counts: SMALL, force: true });
      expect(more).toMatchObject({ status: 'seeded', admin: { created: false } });

      const app = await startTestServer(AUTH_TEST_ENV, { database });
      cleanup.push(() => app.stop());
      const [{ n, distinct }] = await queryRows<{ n: number; distinct: number }>(
        app.db,
        sql.raw('select count(*)::int as n, count(distinct email)::int as "distinct" from "user"'),
      );
      expect(n).toBe(SMALL.users * 2 + STAFF_ACCOUNTS.length + 1);
      expect(distinct).toBe(n);
      const browser = new TestBrowser(app.url, app.config.APP_URL);
      expect((await browser.post('/api/auth/sign-in/email', { email: DEMO_ADMIN_EMAIL, password: first.admin.password })).status).toBe(200);
      expect((await browser.get('/api/me')).body).toMatchObject({ role: 'admin', emailVerified: true });
    },
  );

  it('builds the same rows from the same seed, with e-mails that avoid those already taken', () => {
    const now = new Date('2026-06-01T12:00:00Z');
    const a = buildSeedPlan(SMALL, 7, now, new Set());
    const b = buildSeedPlan(SMALL, 7, now, new Set());
    expect(b.users.map((u) => u.email)).toEqual(a.users.map((u) => u.email));
    expect(b.applications.map((x) => [x.id, x.status, x.submittedAt])).toEqual(a.applications.map((x) => [x.id, x.status, x.submittedAt]));

    const taken = new Set(a.users.map((u) => u.email as string));
    const c = buildSeedPlan(SMALL, 7, now, taken);
    expect(c.users.some((u) => a.users.some((x) => x.email === u.email))).toBe(false);
    // One active (not declined) application per user, as the partial unique index demands.
    const active = a.applications.filter((x) => x.status !== 'declined').map((x) => x.userId);
    expect(new Set(active).size).toBe(active.length);
  });

  it('writes a PDF whose cross-reference offsets point at its objects', () => {
    const pdf = simplePdf(['Letter of Intent', "Buyer: Ana (Ann) O'Neil \\ test"]).toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n/.exec(pdf)![1]);
    expect(pdf.slice(startxref, startxref + 4)).toBe('xref');
    const entries = pdf.slice(startxref).split('\n').slice(3, 8);
    entries.forEach((entry, i) => {
      const offset = Number(entry.slice(0, 10));
      expect(pdf.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
    });
    const length = Number(/\/Length (\d+)/.exec(pdf)![1]);
    const streamStart = pdf.indexOf('stream\n') + 'stream\n'.length;
    expect(pdf.slice(streamStart + length, streamStart + length + '\nendstream'.length)).toBe('\nendstream');
    expect(pdf).toContain("(Buyer: Ana \\(Ann\\) O'Neil \\\\ test) Tj");
  });
});
