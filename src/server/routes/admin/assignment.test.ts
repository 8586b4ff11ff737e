import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationListParamsSchema, NOT_AN_ADMIN } from '../../../domain/admin/applications';
import { applicationPage } from '../../modules/applications/applications-repo';
import { queryRows } from '../../platform/db/client';
import { applications, auditLog } from '../../platform/db/schema';
import { daysAgo, insertApplication } from '../../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, newAccount } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

/** A text no other row of this file contains (and not hex, so it is never read as an id). */
let counter = 0;
const uniqueTag = () => `zq${Date.now().toString(36)}${(counter += 1)}x`;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000);

/**
 * The staff workflow of the back office (docs/product/back-office.md#assignment and
 * #waiting-for-us; docs/decisions/021-requests-and-messages.md, 'Assignment, waiting and
 * decline'): assigning an application to an admin, audited; 'Assigned to me' and 'Waiting
 * for us' on the list and the export; the indexes their pages are read from.
 */
describe('admin applications: assignment, Assigned to me, Waiting for us', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let other: Awaited<ReturnType<typeof signedInAdmin>>;

  const assign = (browser: typeof admin.browser, id: string, body: unknown) => browser.put(`/api/admin/applications/${id}/assignee`, body);
  const list = (browser: typeof admin.browser, query: Record<string, string | number>) =>
    browser.get(`/api/admin/applications?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  const ids = (reply: { body: { items: { id: string }[] } }) => reply.body.items.map((item) => item.id);
  const row = async (id: string) => (await app.db.select().from(applications).where(eq(applications.id, id)))[0]!;
  const assignAudit = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, 'assign')))
      .orderBy(asc(auditLog.id));

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app, newAccount({ firstName: 'Ada', lastName: 'Admin' }));
    other = await signedInAdmin(app, newAccount({ firstName: 'Ben', lastName: 'Checker' }));
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists the admins to assign to, by name, and no one else', async () => {
    const homeowner = await signedInWithRole(app, 'homeowner');
    const reply = await admin.browser.get('/api/admin/assignees');
    expect(reply.status).toBe(200);
    expect(reply.body.items).toEqual([
      { id: admin.user.id, name: 'Ada Admin' },
      { id: other.user.id, name: 'Ben Checker' },
    ]);
    expect(reply.body.items.map((item: { id: string }) => item.id)).not.toContain(homeowner.user.id);
  });

  it("assigns to me, to another admin and to nobody: the record, the list's column and an audit entry with ids each time", async () => {
    const tag = uniqueTag();
    const application = await insertApplication(app.db, { lastName: tag, status: 'in_review' });

    const mine = await assign(admin.browser, application.id, { assigneeId: admin.user.id });
    expect(mine.status).toBe(200);
    expect(mine.body).toMatchObject({ id: application.id, assignee: 'Ada Admin', assigneeId: admin.user.id });
    expect(Date.parse(mine.body.assignedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(await row(application.id)).toMatchObject({ assignee: 'Ada Admin', assigneeId: admin.user.id });
    expect((await list(admin.browser, { q: tag })).body.items[0]).toMatchObject({ id: application.id, assignee: 'Ada Admin' });

    // The same choice again changes nothing and writes nothing.
    expect((await assign(admin.browser, application.id, { assigneeId: admin.user.id })).status).toBe(200);
    expect(await assignAudit(application.id)).toHaveLength(1);

    const theirs = await assign(admin.browser, application.id, { assigneeId: other.user.id });
    expect(theirs.body).toMatchObject({ assignee: 'Ben Checker', assigneeId: other.user.id });

    const nobody = await assign(other.browser, application.id, { assigneeId: null });
    expect(nobody.status).toBe(200);
    expect(nobody.body).toMatchObject({ assignee: null, assigneeId: null, assignedAt: null });
    expect(await row(application.id)).toMatchObject({ assignee: null, assigneeId: null, assignedAt: null });

    const entries = await assignAudit(application.id);
    expect(entries.map((entry) => ({ actor: entry.actorId, type: entry.entityType, changes: entry.changes }))).toEqual([
      { actor: admin.user.id, type: 'applications', changes: { assigneeId: { from: null, to: admin.user.id } } },
      { actor: admin.user.id, type: 'applications', changes: { assigneeId: { from: admin.user.id, to: other.user.id } } },
      { actor: other.user.id, type: 'applications', changes: { assigneeId: { from: other.user.id, to: null } } },
    ]);
    // Ids, not names: an audit entry outlives a rename.
    expect(JSON.stringify(entries.map((entry) => entry.changes))).not.toMatch(/Ada|Ben/);
  });

  it('refuses an assignee who is not an admin (400 with the field message) and changes nothing', async () => {
    const application = await insertApplication(app.db, { status: 'submitted' });
    const homeowner = await signedInWithRole(app, 'homeowner');

    for (const assigneeId of [homeowner.user.id, 'no-such-account']) {
      const refused = await assign(admin.browser, application.id, { assigneeId });
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields).toEqual({ assigneeId: NOT_AN_ADMIN });
    }
    for (const body of [{}, { assigneeId: 42 }, { assigneeId: '' }]) {
      const refused = await assign(admin.browser, application.id, body);
      expect(refused.status).toBe(400);
      expect(refused.body.error.fields.assigneeId).toBeTruthy();
    }
    expect(await row(application.id)).toMatchObject({ assignee: null, assigneeId: null, assignedAt: null });
    expect(await assignAudit(application.id)).toEqual([]);

    // A draft is the applicant's, and an unknown id is nobody's.
    const draft = await insertApplication(app.db, { status: 'draft' });
    expect((await assign(admin.browser, draft.id, { assigneeId: admin.user.id })).status).toBe(404);
    expect((await assign(admin.browser, '3f0c1a52-0000-4000-8000-000000000009', { assigneeId: admin.user.id })).status).toBe(404);
  });

  it("unassigns a deleted admin's applications, their name included", async () => {
    const leaving = await signedInAdmin(app, newAccount({ firstName: 'Lee', lastName: 'Leaving' }));
    const application = await insertApplication(app.db, { status: 'in_review' });
    expect((await assign(admin.browser, application.id, { assigneeId: leaving.user.id })).body).toMatchObject({ assignee: 'Lee Leaving' });
    expect((await admin.browser.delete(`/api/admin/users/${leaving.user.id}`)).status).toBe(200);
    expect(await row(application.id)).toMatchObject({ assignee: null, assigneeId: null, assignedAt: null });
    expect((await admin.browser.get('/api/admin/assignees')).body.items.map((item: { id: string }) => item.id)).not.toContain(leaving.user.id);
  });

  it('lets only an admin assign or list the admins', async () => {
    const application = await insertApplication(app.db, { status: 'submitted' });
    const homeowner = await signedInWithRole(app, 'homeowner');
    expect((await assign(homeowner.browser, application.id, { assigneeId: homeowner.user.id })).status).toBe(403);
    expect((await homeowner.browser.get('/api/admin/assignees')).status).toBe(403);
    const anonymous = await fetch(`${app.url}/api/admin/assignees`);
    expect(anonymous.status).toBe(401);
    expect(await row(application.id)).toMatchObject({ assigneeId: null });
  });

  it("'Assigned to me' lists only the signed-in admin's applications, newest submitted first, with their exact total", async () => {
    const tag = uniqueTag();
    const older = await insertApplication(app.db, { lastName: tag, submittedAt: daysAgo(3), assigneeId: admin.user.id, assignee: 'Ada Admin' });
    const newer = await insertApplication(app.db, {
      lastName: tag,
      submittedAt: daysAgo(1),
      status: 'approved',
      assigneeId: admin.user.id,
      assignee: 'Ada Admin',
    });
    const theirs = await insertApplication(app.db, { lastName: tag, submittedAt: daysAgo(2), assigneeId: other.user.id, assignee: 'Ben Checker' });
    const nobodys = await insertApplication(app.db, { lastName: tag, submittedAt: daysAgo(2) });

    const mine = await list(admin.browser, { assigned: 'me', q: tag });
    expect(mine.status).toBe(200);
    expect(ids(mine)).toEqual([newer.id, older.id]);
    // Without a search: every application assigned to me in this database, and nothing else.
    const all = await list(admin.browser, { assigned: 'me', pageSize: 100 });
    expect(all.body.items.every((item: { assignee: string }) => item.assignee === 'Ada Admin')).toBe(true);
    expect(ids(all)).toEqual(expect.arrayContaining([newer.id, older.id]));
    expect(all.body).toMatchObject({ total: all.body.items.length, totalCapped: false });
    expect(ids(await list(admin.browser, { assigned: 'me', status: 'approved', q: tag }))).toEqual([newer.id]);
    expect(ids(await list(other.browser, { assigned: 'me', q: tag }))).toEqual([theirs.id]);
    expect(ids(await list(admin.browser, { q: tag }))).toEqual(expect.arrayContaining([nobodys.id, theirs.id]));

    const refused = await list(admin.browser, { assigned: 'someone' });
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields.assigned).toBeTruthy();
  });

  it("'Waiting for us' lists only what waits for us, oldest first with the time it started waiting; ties in id order; either way", async () => {
    const tag = uniqueTag();
    const since = hoursAgo(30);
    const oldest = await insertApplication(app.db, { lastName: tag, waitingSince: daysAgo(5) });
    const tieA = await insertApplication(app.db, { lastName: tag, status: 'in_review', waitingSince: since });
    const tieB = await insertApplication(app.db, { lastName: tag, status: 'in_review', waitingSince: since });
    const newest = await insertApplication(app.db, { lastName: tag, status: 'missing_info', waitingSince: hoursAgo(2), assigneeId: admin.user.id });
    // The buyer's turn, and a decided one: not waiting for us.
    const buyersTurn = await insertApplication(app.db, { lastName: tag, status: 'missing_info' });
    await insertApplication(app.db, { lastName: tag, status: 'approved' });
    const [first, second] = [tieA, tieB].sort((a, b) => a.id.localeCompare(b.id));

    const waiting = { waiting: 'us', sort: 'waiting_since', dir: 'asc' };
    const searched = await list(admin.browser, { ...waiting, q: tag });
    expect(ids(searched)).toEqual([oldest.id, first!.id, second!.id, newest.id]);
    expect(searched.body.items[0].waitingSince).toBe(oldest.waitingSince!.toISOString());
    // The review dialog's record says it too.
    expect((await admin.browser.get(`/api/admin/applications/${oldest.id}`)).body.waitingSince).toBe(oldest.waitingSince!.toISOString());
    expect((await admin.browser.get(`/api/admin/applications/${buyersTurn.id}`)).body.waitingSince).toBeNull();

    // The list's own path (no search), page by page: the rows of this test in the same order.
    const pageOne = await list(admin.browser, { ...waiting, pageSize: 2 });
    const all = await list(admin.browser, { ...waiting, pageSize: 100 });
    expect(all.body).toMatchObject({ total: all.body.items.length, totalCapped: false });
    expect(ids(pageOne)).toEqual(ids(all).slice(0, 2));
    expect(ids(all).filter((id: string) => [oldest.id, tieA.id, tieB.id, newest.id].includes(id))).toEqual([oldest.id, first!.id, second!.id, newest.id]);
    const times = all.body.items.map((item: { waitingSince: string }) => Date.parse(item.waitingSince));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    expect(ids(await list(admin.browser, { ...waiting, dir: 'desc', q: tag }))).toEqual([newest.id, second!.id, first!.id, oldest.id]);
    expect(ids(await list(admin.browser, { ...waiting, assigned: 'me', q: tag }))).toEqual([newest.id]);
    expect(ids(await list(admin.browser, { ...waiting, status: 'in_review', q: tag }))).toEqual([first!.id, second!.id]);
  });

  it('exports exactly the filtered rows in the same order, and records the filters', async () => {
    const tag = uniqueTag();
    const older = await insertApplication(app.db, { lastName: tag, waitingSince: daysAgo(4), assigneeId: admin.user.id, assignee: 'Ada Admin' });
    const newer = await insertApplication(app.db, { lastName: tag, waitingSince: daysAgo(1), assigneeId: admin.user.id, assignee: 'Ada Admin' });
    await insertApplication(app.db, { lastName: tag, waitingSince: daysAgo(2), assigneeId: other.user.id, assignee: 'Ben Checker' });
    await insertApplication(app.db, { lastName: tag, assigneeId: admin.user.id, assignee: 'Ada Admin' });

    const response = await fetch(`${app.url}/api/admin/applications/export?q=${tag}&assigned=me&waiting=us&sort=waiting_since&dir=asc`, {
      headers: { cookie: admin.browser.cookieHeader },
    });
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    const header = lines[0]!.split(',');
    expect(lines.slice(1).map((line) => line.split(',')[0])).toEqual([older.id, newer.id]);
    expect(lines[1]!.split(',')[header.indexOf('Waiting Since')]).toBe(older.waitingSince!.toISOString());
    expect(lines[1]!.split(',')[header.indexOf('Assignee')]).toBe('Ada Admin');

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), sql`${auditLog.changes}->'filter'->>'q' = ${tag}`));
    expect(entry?.changes).toMatchObject({ filter: { assigned: 'me', waiting: 'us', sort: 'waiting_since', dir: 'asc' }, rows: 2 });
  });

  it("reads 'Waiting for us' and 'Assigned to me' pages from their partial indexes (ADR 021, 'Indexes for the benchmark')", async () => {
    const plan = async (query: Record<string, string>) => {
      const params = applicationListParamsSchema.parse(query);
      // The test tables are tiny: any plan that may read the whole table and sort it is cheaper. With those
      // plans priced out, a Sort still shows when no index gives the page's order (nulls placement included).
      return app.db.transaction(async (tx) => {
        for (const setting of ['enable_seqscan', 'enable_bitmapscan', 'enable_sort']) await tx.execute(sql`select set_config(${setting}, 'off', true)`);
        const rows = await queryRows<Record<string, string>>(tx, sql`explain select ${applications.id} ${applicationPage(params, admin.user)}`);
        return rows.map((r) => Object.values(r)[0]).join('\n');
      });
    };
    const waiting = await plan({ waiting: 'us', sort: 'waiting_since', dir: 'asc' });
    expect(waiting).toContain('applications_waiting_idx');
    expect(waiting).not.toMatch(/Sort\b/);
    const backwards = await plan({ waiting: 'us', sort: 'waiting_since', dir: 'desc' });
    expect(backwards).toMatch(/Index (Only )?Scan Backward using applications_waiting_idx/);
    expect(backwards).not.toMatch(/Sort\b/);
    const mine = await plan({ assigned: 'me' });
    expect(mine).toContain('applications_assignee_idx');
    expect(mine).not.toMatch(/Sort\b/);
  });
});
