import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { JobSchedule } from '../../../domain/admin/jobs';
import { auditLog, jobs } from '../../platform/db/schema';
import { runScheduleNow } from '../../platform/jobs/jobs-repo';
import { jobKind } from '../../platform/jobs/queue';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';

const DAY = 24 * 60 * 60_000;

/**
 * The recurring schedules on /admin/jobs (docs/product/back-office.md#jobs): every recurring kind with
 * its period, last run and next due time, and 'Run now', audited, one run at a time.
 */
describe('admin jobs: schedules and run now', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  // A daily kind of this test's own, first due a day after start: only 'Run now' runs it here.
  const kind = jobKind('test:daily-schedule', z.object({}), { maxAttempts: 1 });
  let runs = 0;
  let release: () => void = () => {};
  let gate = Promise.resolve();

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, JOBS_POLL_MS: '50' });
    admin = await signedInAdmin(app);
    app.server.jobs
      .register(kind, async () => {
        runs += 1;
        await gate;
      })
      .every(kind, DAY, { firstAfterMs: DAY });
  });
  afterAll(async () => {
    release();
    await app?.stop();
  });

  const schedules = async () => {
    const reply = await admin.browser.get('/api/admin/jobs/schedules');
    expect(reply.status).toBe(200);
    return reply.body.items as JobSchedule[];
  };
  const schedule = async (name: string) => (await schedules()).find((s) => s.kind === name)!;

  it('lists every recurring kind with its name in words, period, last run and next due time', async () => {
    const items = await schedules();
    const kinds = items.map((s) => s.kind);
    expect(kinds).toEqual(expect.arrayContaining(['jobs:prune', 'homes:charges', 'homes:statements', kind.kind]));
    // Kinds only enqueued, never scheduled, are not listed.
    expect(kinds).not.toContain('mail:new-messages');
    expect(items.find((s) => s.kind === 'jobs:prune')).toMatchObject({ name: 'Finished jobs clean-up', everyMs: 3_600_000 });
    expect(items.find((s) => s.kind === 'homes:charges')?.name).toBe('Monthly charges');
    const own = items.find((s) => s.kind === kind.kind)!;
    expect(own).toMatchObject({ name: null, does: null, everyMs: DAY, lastRun: null, manualRunPending: false });
    expect(Date.parse(own.nextDueAt)).toBeGreaterThan(Date.now() + DAY - 60_000);
  });

  it('runs one now, audited; a second click while it waits or runs is refused; the last run then shows', async () => {
    gate = new Promise((resolve) => (release = resolve));
    const first = await admin.browser.post(`/api/admin/jobs/schedules/${kind.kind}/run`);
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ kind: kind.kind });
    const second = await admin.browser.post(`/api/admin/jobs/schedules/${kind.kind}/run`);
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('job_running');
    await waitFor(() => runs === 1, { message: 'the run to start' });
    expect((await schedule(kind.kind)).manualRunPending).toBe(true);
    expect((await admin.browser.post(`/api/admin/jobs/schedules/${kind.kind}/run`)).status).toBe(409);

    const [row] = await app.db.select().from(jobs).where(eq(jobs.id, first.body.jobId));
    expect(row.uniqueKey).toMatch(new RegExp(`^${kind.kind}@manual:\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:00\\.000Z$`));
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'jobs'), eq(auditLog.action, 'run_now')))
      .orderBy(desc(auditLog.id));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorEmail: admin.user.email, entityId: first.body.jobId });
    expect(entries[0].changes).toMatchObject({ kind: kind.kind });

    release();
    await waitFor(async () => (await schedule(kind.kind)).lastRun !== null, { message: 'the run to finish' });
    const after = await schedule(kind.kind);
    expect(after.lastRun?.state).toBe('done');
    expect(after.manualRunPending).toBe(false);
    // The period's own slot is untouched: it is still next due a day after start.
    expect(Date.parse(after.nextDueAt)).toBeGreaterThan(Date.now() + DAY - 120_000);
    expect(runs).toBe(1);
  });

  it('queues one run for two clicks in the same minute, even once the first has finished', async () => {
    const actor = { id: admin.user.id, email: admin.user.email, ip: null };
    const at = new Date(Date.now() + 10 * DAY);
    at.setUTCSeconds(5, 0);
    const run = await runScheduleNow(app.db, app.server.jobs, actor, kind.kind, at);
    await app.db.update(jobs).set({ state: 'done', finishedAt: new Date() }).where(eq(jobs.id, run.jobId));
    await expect(runScheduleNow(app.db, app.server.jobs, actor, kind.kind, new Date(at.getTime() + 30_000))).rejects.toMatchObject({
      status: 409,
      code: 'job_running',
    });
    const next = await runScheduleNow(app.db, app.server.jobs, actor, kind.kind, new Date(at.getTime() + 60_000));
    expect(next.jobId).not.toBe(run.jobId);
    await app.db.update(jobs).set({ state: 'done', finishedAt: new Date() }).where(eq(jobs.id, next.jobId));
  });

  it('answers 404 for a kind that is not recurring, and 403 to a non-admin', async () => {
    expect((await admin.browser.post('/api/admin/jobs/schedules/test:nowhere/run')).status).toBe(404);
    expect((await admin.browser.post('/api/admin/jobs/schedules/mail:new-messages/run')).status).toBe(404);
    expect((await admin.browser.post('/api/admin/jobs/schedules/Not%20A%20Kind/run')).status).toBe(404);
    const homeowner = await signedInWithRole(app, 'homeowner');
    expect((await homeowner.browser.get('/api/admin/jobs/schedules')).status).toBe(403);
    expect((await homeowner.browser.post('/api/admin/jobs/schedules/jobs:prune/run')).status).toBe(403);
    expect(
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'run_now'), eq(auditLog.actorId, homeowner.user.id))),
    ).toHaveLength(0);
  });
});
