import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { lettersOfIntent, waitlistEntries } from '../../platform/db/schema';
import { createLogger } from '../../platform/lib/logger';
import { daysAgo, insertApplication, statusBody } from '../../test/admin-applications';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

describe('admin dashboard: counts, KPIs and the most recent applications', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const logLines: string[] = [];

  beforeAll(async () => {
    // Its own server and database, so every figure is the rows this file writes.
    app = await startTestServer(AUTH_TEST_ENV, { logger: createLogger('error', { write: (line: string) => void logLines.push(line) }) });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const dashboard = () => admin.browser.get('/api/admin/dashboard');

  it('starts empty: zero counts, no average decision time, no recent applications', async () => {
    const reply = await dashboard();
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({
      counts: { waitlist: 0, lettersOfIntent: 0 },
      kpis: { newApplications7d: 0, inReview: 0, approved: 0, declined: 0, avgDecisionDays: null, oldestWaitingSince: null },
      recent: [],
      homes: { graceDays: 10, overdueHomes: 0, overdue: [], waiting: { paymentChanges: 0, notices: 0, feeWaivers: 0 } },
    });
  });

  it('counts the waitlist, the letters and each status, the new applications of 7 days, the 30-day average decision time and the 4 newest', async () => {
    for (const n of [1, 2]) {
      await app.db
        .insert(waitlistEntries)
        .values({ firstName: 'Wait', lastName: `Lister${n}`, email: `wait${n}@example.com`, emailKey: `wait${n}@example.com` });
    }
    for (const n of [1, 2, 3]) {
      await app.db
        .insert(lettersOfIntent)
        .values({ firstName: 'Letter', lastName: `Writer${n}`, email: `letter${n}@example.com`, emailKey: `letter${n}@example.com` });
    }
    const now = Date.now();
    const at = (days: number) => daysAgo(days, now);
    const newest = await insertApplication(app.db, { firstName: 'Ann', lastName: 'Newest', status: 'submitted', submittedAt: at(1), assignee: 'Sam Reviewer' });
    const reviewing = await insertApplication(app.db, { firstName: 'Bo', lastName: 'Reviewing', status: 'in_review', submittedAt: at(3), reviewedAt: at(2) });
    const declined = await insertApplication(app.db, { firstName: 'Cy', lastName: 'Declined', status: 'declined', submittedAt: at(6), reviewedAt: at(1) }); // 5 days
    const missing = await insertApplication(app.db, { firstName: 'Di', lastName: 'Missing', status: 'missing_info', submittedAt: at(8), reviewedAt: at(7) });
    await insertApplication(app.db, { lastName: 'Approved', status: 'approved', submittedAt: at(10), reviewedAt: at(8) }); // 2 days
    await insertApplication(app.db, { lastName: 'Quick', status: 'approved', submittedAt: at(20), reviewedAt: at(19.6) }); // 0.4 days
    await insertApplication(app.db, { lastName: 'Long ago', status: 'approved', submittedAt: at(60), reviewedAt: at(40) }); // outside the 30 days
    await insertApplication(app.db, { lastName: 'Draft', status: 'draft' });

    const reply = await dashboard();
    expect(reply.body.counts).toEqual({ waitlist: 2, lettersOfIntent: 3 });
    expect(reply.body.kpis).toEqual({
      newApplications7d: 3,
      inReview: 1,
      approved: 3,
      declined: 1,
      // (5 + 2 + 0.4) / 3 = 2.47: approved and declined decided in the last 30 days, one decimal.
      avgDecisionDays: 2.5,
      // Written straight to the table, none of them waits for us.
      oldestWaitingSince: null,
    });
    expect(reply.body.recent).toEqual([
      { id: newest.id, firstName: 'Ann', lastName: 'Newest', submittedAt: newest.submittedAt!.toISOString(), assignee: 'Sam Reviewer', status: 'submitted' },
      { id: reviewing.id, firstName: 'Bo', lastName: 'Reviewing', submittedAt: reviewing.submittedAt!.toISOString(), assignee: null, status: 'in_review' },
      { id: declined.id, firstName: 'Cy', lastName: 'Declined', submittedAt: declined.submittedAt!.toISOString(), assignee: null, status: 'declined' },
      { id: missing.id, firstName: 'Di', lastName: 'Missing', submittedAt: missing.submittedAt!.toISOString(), assignee: null, status: 'missing_info' },
    ]);

    // A review through the API moves the figures at once (the trigger-kept counts, the decision time).
    const approve = await admin.browser.patch(`/api/admin/applications/${reviewing.id}/status`, statusBody('approved'));
    expect(approve.status).toBe(200);
    const after = (await dashboard()).body.kpis;
    expect(after).toMatchObject({ inReview: 0, approved: 4, declined: 1, newApplications7d: 3 });
    // Bo was submitted 3 days ago and decided now: (5 + 2 + 0.4 + 3) / 4 = 2.6.
    expect(after.avgDecisionDays).toBe(2.6);
  });

  it('logs a count it cannot read and answers null for it (the card shows a dash), the rest still served', async () => {
    // The letters' count rows go missing (as if the trigger's table were damaged).
    await app.db.execute(sql`delete from table_row_counts where table_name = 'letters_of_intent'`);
    try {
      const reply = await dashboard();
      expect(reply.status).toBe(200);
      expect(reply.body.counts).toEqual({ waitlist: 2, lettersOfIntent: null });
      expect(reply.body.kpis.approved).toBe(4);
      expect(reply.body.recent).toHaveLength(4);
    } finally {
      await app.db.execute(sql`insert into table_row_counts (table_name, shard, count) select 'letters_of_intent', 0, count(*) from letters_of_intent`);
    }
    const logged = logLines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'admin dashboard count failed');
    expect(logged).toMatchObject({ count: 'letters_of_intent', reason: expect.stringContaining('letters_of_intent') });
    expect((await dashboard()).body.counts).toEqual({ waitlist: 2, lettersOfIntent: 3 });
  });

  it('when a count cannot be read at all, reads the figures one by one: those cards show a dash, the rest is served', async () => {
    const before = (await dashboard()).body;
    logLines.length = 0;
    await app.asOwner(sql`alter table table_row_counts rename to table_row_counts_moved`);
    try {
      const reply = await dashboard();
      expect(reply.status).toBe(200);
      expect(reply.body.counts).toEqual({ waitlist: null, lettersOfIntent: null });
      expect(reply.body.kpis).toEqual(before.kpis);
      expect(reply.body.recent).toEqual(before.recent);
    } finally {
      await app.asOwner(sql`alter table table_row_counts_moved rename to table_row_counts`);
    }
    const failed = logLines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'admin dashboard count failed');
    expect(failed.map((entry) => entry.count).sort()).toEqual(['letters_of_intent', 'waitlist_entries']);
    expect(failed[0].reason).toContain('table_row_counts');
    expect((await dashboard()).body.counts).toEqual(before.counts);
  });

  it('keeps the waitlist count exact through many inserts and deletes (spread over the trigger rows)', async () => {
    const before = (await dashboard()).body.counts.waitlist as number;
    const rows = Array.from({ length: 60 }, (_, n) => ({
      firstName: 'Many',
      lastName: `Row${n}`,
      email: `many${n}@example.com`,
      emailKey: `many${n}@example.com`,
    }));
    await app.db.insert(waitlistEntries).values(rows);
    expect((await dashboard()).body.counts.waitlist).toBe(before + 60);
    await app.db.execute(sql`delete from waitlist_entries where email_key like 'many%' and email_key < 'many3'`);
    const [{ n }] = (await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from waitlist_entries`)) as [{ n: number }];
    expect((await dashboard()).body.counts.waitlist).toBe(n);
    expect(n).toBeLessThan(before + 60);
  });

  it('keeps New (7d) exact through submissions, moved dates, deletes and the 7-day edge', async () => {
    /** The definition itself, read from every application. */
    const direct = async () => {
      const [row] = await queryRows<{ n: number }>(app.db, sql`select count(*)::int as n from applications where submitted_at >= now() - interval '7 days'`);
      return row.n;
    };
    const now = Date.now();
    const sevenDays = 7 * 86_400_000;
    const minutes = (n: number) => n * 60_000;
    const fresh = () => dashboard().then((reply) => reply.body.kpis.newApplications7d as number);
    const before = await fresh();
    expect(before).toBe(await direct());
    // Just inside and just outside the window, both in its partial first hour; one well inside; a draft.
    await insertApplication(app.db, { lastName: 'WeekIn', submittedAt: new Date(now - sevenDays + minutes(20)) });
    await insertApplication(app.db, { lastName: 'WeekOut', submittedAt: new Date(now - sevenDays - minutes(20)) });
    const moving = await insertApplication(app.db, { lastName: 'WeekMoving', submittedAt: daysAgo(2, now) });
    const draft = await insertApplication(app.db, { lastName: 'WeekDraft', status: 'draft' });
    expect(await fresh()).toBe(before + 2);
    expect(await fresh()).toBe(await direct());

    await app.db.execute(sql`update applications set submitted_at = now() - interval '9 days' where id = ${moving.id}`);
    expect(await fresh()).toBe(before + 1);
    await app.db.execute(sql`update applications set submitted_at = now() - interval '1 hour', status = 'submitted' where id = ${draft.id}`);
    expect(await fresh()).toBe(before + 2);
    await app.db.execute(sql`update applications set submitted_at = now() - interval '3 days' where id = ${moving.id}`);
    expect(await fresh()).toBe(before + 3);
    await app.db.execute(sql`delete from applications where id = ${moving.id}`);
    expect(await fresh()).toBe(before + 2);
    expect(await fresh()).toBe(await direct());
  });

  it('keeps Avg Decision exact through re-reviews, moved timestamps, deletes and the 30-day edge', async () => {
    /** The definition itself, read from every application (docs/product/back-office.md#overview). */
    const direct = async () => {
      const [row] = await queryRows<{ days: string | null }>(
        app.db,
        sql`
        select round((avg(extract(epoch from (reviewed_at - submitted_at))) / 86400)::numeric, 1) as days from applications
        where reviewed_at >= now() - interval '30 days' and status in ('approved', 'declined') and submitted_at is not null`,
      );
      return row?.days === null || row?.days === undefined ? null : Number(row.days);
    };
    const now = Date.now();
    const minutes = (n: number) => n * 60_000;
    const thirtyDays = 30 * 86_400_000;
    // Just inside and just outside the window: both in its partial first hour, read from the applications.
    await insertApplication(app.db, {
      lastName: 'EdgeIn',
      status: 'approved',
      submittedAt: new Date(now - thirtyDays - minutes(600)),
      reviewedAt: new Date(now - thirtyDays + minutes(20)),
    });
    await insertApplication(app.db, {
      lastName: 'EdgeOut',
      status: 'declined',
      submittedAt: new Date(now - thirtyDays - minutes(30)),
      reviewedAt: new Date(now - thirtyDays - minutes(20)),
    });
    const moving = await insertApplication(app.db, { lastName: 'Moving', status: 'approved', submittedAt: daysAgo(12, now), reviewedAt: daysAgo(2, now) });
    expect((await dashboard()).body.kpis.avgDecisionDays).toBe(await direct());

    const setStatus = (id: string, status: string) => app.db.execute(sql`update applications set status = ${status} where id = ${id}`);
    await setStatus(moving.id, 'in_review');
    expect((await dashboard()).body.kpis.avgDecisionDays).toBe(await direct());
    await setStatus(moving.id, 'declined');
    await app.db.execute(sql`update applications set reviewed_at = now() - interval '1 day' where id = ${moving.id}`);
    expect((await dashboard()).body.kpis.avgDecisionDays).toBe(await direct());
    await app.db.execute(sql`update applications set submitted_at = reviewed_at - interval '25 days' where id = ${moving.id}`);
    const withLongOne = await direct();
    expect((await dashboard()).body.kpis.avgDecisionDays).toBe(withLongOne);
    await app.db.execute(sql`delete from applications where id = ${moving.id}`);
    const without = await direct();
    expect(without).not.toBe(withLongOne);
    expect((await dashboard()).body.kpis.avgDecisionDays).toBe(without);
  });
});
