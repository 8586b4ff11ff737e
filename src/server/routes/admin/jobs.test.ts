import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditLog, jobs } from '../../platform/db/schema';
import { enqueue, jobKind } from '../../platform/jobs/queue';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';

/** /api/admin/jobs (docs/product/back-office.md#jobs): the jobs not done, failed first, and the audited retry. */
describe('admin jobs: list and retry', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const kind = jobKind('test:admin-jobs', z.object({ n: z.number() }), { maxAttempts: 2 });
  let failNext = true;
  let runs = 0;

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, JOBS_POLL_MS: '50', JOBS_RETRY_BASE_MS: '50', JOBS_RETRY_MAX_MS: '100' });
    admin = await signedInAdmin(app);
    // A kind of this test's own, on the server's runner: it fails until told otherwise.
    app.server.jobs.register(kind, async () => {
      runs += 1;
      if (failNext) throw new Error('SMTP 554 refused for someone@example.com');
    });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const row = async (id: string) => (await app.db.select().from(jobs).where(eq(jobs.id, id)))[0];

  it('lists a job that failed for good with its error (no personal data), before the ones waiting, and retries it once asked', async () => {
    const failing = (await enqueue(app.db, kind, { n: 1 }))!;
    const later = (await enqueue(app.db, kind, { n: 2 }, { runAt: new Date(Date.now() + 3_600_000) }))!;
    app.server.jobs.kick();
    await waitFor(async () => (await row(failing)).state === 'failed', { message: 'the job to fail twice' });

    const list = await admin.browser.get('/api/admin/jobs');
    expect(list.status).toBe(200);
    const ids = list.body.items.map((j: { id: string }) => j.id);
    expect(ids.indexOf(failing)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(failing)).toBeLessThan(ids.indexOf(later));
    const shown = list.body.items.find((j: { id: string }) => j.id === failing);
    expect(shown).toMatchObject({ kind: kind.kind, state: 'failed', attempts: 2, maxAttempts: 2 });
    expect(shown.lastError).toMatch(/^Error: SMTP 554 refused for/);
    expect(shown.lastError).not.toContain('someone');
    expect(list.body).toMatchObject({ page: 1, pageSize: 25, totalCapped: false });

    const onlyFailed = await admin.browser.get('/api/admin/jobs?state=failed');
    expect(onlyFailed.body.items.every((j: { state: string }) => j.state === 'failed')).toBe(true);
    expect(onlyFailed.body.items.map((j: { id: string }) => j.id)).toContain(failing);
    const waiting = await admin.browser.get('/api/admin/jobs?state=queued');
    expect(waiting.body.items.map((j: { id: string }) => j.id)).toEqual(expect.arrayContaining([later]));
    expect(waiting.body.items.map((j: { id: string }) => j.id)).not.toContain(failing);

    failNext = false;
    const before = runs;
    const retried = await admin.browser.post(`/api/admin/jobs/${failing}/retry`);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ id: failing, state: 'queued', attempts: 0, finishedAt: null });
    await waitFor(async () => (await row(failing)).state === 'done', { message: 'the retried job to run' });
    expect(runs).toBe(before + 1);
    expect(await row(failing)).toMatchObject({ attempts: 1, lastError: null });

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'jobs'), eq(auditLog.entityId, failing)))
      .orderBy(desc(auditLog.id));
    expect(entry).toMatchObject({ action: 'retry', actorEmail: admin.user.email });
    expect(entry.changes).toEqual({ kind: kind.kind, state: { from: 'failed', to: 'queued' }, attempts: { from: 2, to: 0 } });

    // Done now: no longer listed, and not retried again.
    expect((await admin.browser.get('/api/admin/jobs')).body.items.map((j: { id: string }) => j.id)).not.toContain(failing);
    const again = await admin.browser.post(`/api/admin/jobs/${failing}/retry`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('job_done');
  });

  it('runs a job waiting for a later time now, keeping its attempts', async () => {
    const id = (await enqueue(app.db, kind, { n: 3 }, { runAt: new Date(Date.now() + 3_600_000) }))!;
    const reply = await admin.browser.post(`/api/admin/jobs/${id}/retry`);
    expect(reply.status).toBe(200);
    await waitFor(async () => (await row(id)).state === 'done', { message: 'the job to run now' });
  });

  it('refuses a running job (409), an unknown one (404) and a bad filter (400)', async () => {
    const [running] = await app.db
      .insert(jobs)
      .values({ kind: 'test:not-registered', state: 'running', attempts: 1, lockedBy: 'elsewhere', lockedUntil: new Date(Date.now() + 60_000) })
      .returning({ id: jobs.id });
    const busy = await admin.browser.post(`/api/admin/jobs/${running.id}/retry`);
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('job_running');
    expect((await admin.browser.post(`/api/admin/jobs/${randomUUID()}/retry`)).status).toBe(404);
    expect((await admin.browser.post('/api/admin/jobs/42/retry')).status).toBe(404);
    const bad = await admin.browser.get('/api/admin/jobs?state=done&pageSize=500');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['pageSize', 'state']);
  });
});
