import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../platform/db/client';
import { applications, auditLog, jobs, users } from '../../platform/db/schema';
import { insertApplication } from '../../test/admin-applications';
import { signedInAdmin } from '../../test/admin-client';
import { completeDraft, fillApplication, signUp, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { setPreference } from '../../platform/notifications/preferences';
import { draftReminderJob, REQUEST_REMINDER_EVERY_MS, requestReminderJob, verifyReminderJob } from './reminders-schedule';

/**
 * Reminders (docs/product/application.md#reminders, docs/product/accounts.md#email-verification;
 * docs/decisions/021-requests-and-messages.md 'Reminders and notifications are jobs'): each is
 * sent when due and not once its reason is gone, at most as often as the rule says, never to an
 * address that turned its kind off. A job is made due by setting its run_at to now, not by waiting.
 */
describe('reminders', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, JOBS_POLL_MS: '50' });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const HOUR = 3_600_000;

  /** The queued jobs of `kind` about `field` = `id` in their payload, oldest first. */
  const queued = (kind: string, field: 'applicationId' | 'userId', id: string) =>
    app.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, kind), eq(jobs.state, 'queued'), sql`${jobs.payload} ->> ${field} = ${id}`))
      .orderBy(asc(jobs.runAt));

  /** Makes those jobs due now, wakes the runner and waits until each has run. */
  async function runNow(kind: string, field: 'applicationId' | 'userId', id: string): Promise<void> {
    // A sign-up queues its reminder just after the reply (src/server/platform/auth/sign-up-hooks.ts): wait for it.
    const made = await waitFor(
      async () => {
        const rows = await queryRows<{ id: string }>(
          app.db,
          sql`UPDATE ${jobs} SET run_at = now() WHERE kind = ${kind} AND state = 'queued' AND payload ->> ${field} = ${id} RETURNING id`,
        );
        return rows.length > 0 && rows;
      },
      { message: `a queued ${kind} job` },
    );
    const ids = made.map((r) => r.id);
    app.server.jobs.kick();
    await waitFor(async () => (await app.db.$count(jobs, and(inArray(jobs.id, ids), eq(jobs.state, 'done')))) === ids.length, {
      message: `${kind} to run`,
    });
  }

  const remindersOf = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, 'remind')))
      .orderBy(asc(auditLog.id));
  const subjects = async (email: string) => (await mailsTo(app.db, email)).map((m) => m.subject).reverse();
  /** The draft reminders an address got, oldest first (sign-up sent it a welcome and a verification mail before). */
  const draftReminders = async (email: string) => (await subjects(email)).filter((s) => s.startsWith('Your home application is'));
  const applicationOf = async (id: string) => (await app.db.select().from(applications).where(eq(applications.id, id)))[0];

  async function draftOf(member: Member): Promise<string> {
    const saved = await member.browser.request('PUT', '/api/application', completeDraft());
    expect(saved.status).toBe(200);
    return saved.body.id;
  }

  describe('an unfinished draft', () => {
    it('is reminded 24 hours after its last change, then 7 days after it, counted again from each change', async () => {
      const member = await signUp(app);
      const id = await draftOf(member);
      const [first] = await queued(draftReminderJob.kind, 'applicationId', id);
      const created = await applicationOf(id);
      // Queued with the new draft, 24 hours after it was created.
      expect(first.runAt.getTime()).toBe(created.createdAt.getTime() + 24 * HOUR);

      // The buyer comes back: the check finds the change and waits 24 hours from it instead.
      expect((await member.browser.request('PUT', '/api/application', completeDraft())).status).toBe(200);
      const changed = await applicationOf(id);
      await runNow(draftReminderJob.kind, 'applicationId', id);
      expect(await draftReminders(member.account.email)).toEqual([]);
      const [again] = await queued(draftReminderJob.kind, 'applicationId', id);
      expect(again.runAt.getTime()).toBe(changed.updatedAt.getTime() + 24 * HOUR);
      expect(await remindersOf(id)).toEqual([]);

      // 24 hours without a change: the first reminder, with its button and one-click unsubscribe.
      await runNow(draftReminderJob.kind, 'applicationId', id);
      const [mail] = await mailsTo(app.db, member.account.email);
      expect(mail.subject).toBe('Your home application is saved and waiting for you');
      expect(mail.text).toContain(`Hi ${member.account.firstName},`);
      expect(linkIn(mail.text, '/apply')?.origin).toBe(app.config.APP_URL);
      expect(mail.html).toContain(`href="${app.config.APP_URL}/apply"`);
      expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(linkIn(mail.text, '/unsubscribe')).toBeDefined();
      expect((await remindersOf(id)).map((e) => [e.actorId, e.entityType, e.changes])).toEqual([
        [null, 'applications', { reminder: 'draft', step: '24h', outcome: 'sent' }],
      ]);
      const [week] = await queued(draftReminderJob.kind, 'applicationId', id);
      expect(week.payload).toMatchObject({ step: '7d' });
      expect(week.runAt.getTime()).toBe(changed.updatedAt.getTime() + 7 * 24 * HOUR);

      // A week without a change: the last one.
      await runNow(draftReminderJob.kind, 'applicationId', id);
      expect(await draftReminders(member.account.email)).toEqual([
        'Your home application is saved and waiting for you',
        'Your home application is still here when you are ready',
      ]);
      expect(await queued(draftReminderJob.kind, 'applicationId', id)).toEqual([]);
      expect((await remindersOf(id)).map((e) => (e.changes as { step: string }).step)).toEqual(['24h', '7d']);
    });

    it('gets none once submitted, nor once it is gone', async () => {
      const member = await signUp(app);
      await fillApplication(member);
      const submitted = await member.browser.post('/api/application/submit', {});
      expect(submitted.status).toBe(200);
      await runNow(draftReminderJob.kind, 'applicationId', submitted.body.id);
      expect(await draftReminders(member.account.email)).toEqual([]);
      expect(await remindersOf(submitted.body.id)).toEqual([]);

      const leaving = await signUp(app);
      const id = await draftOf(leaving);
      await app.db.delete(applications).where(eq(applications.id, id));
      await runNow(draftReminderJob.kind, 'applicationId', id);
      expect(await draftReminders(leaving.account.email)).toEqual([]);
      expect(await queued(draftReminderJob.kind, 'applicationId', id)).toEqual([]);
    });

    it('sends none to an address that turned draft reminders off', async () => {
      const member = await signUp(app);
      const id = await draftOf(member);
      await setPreference(app.db, { emailKey: member.account.email.toLowerCase(), kind: 'draft_reminders', subscribed: false, via: 'link' });
      // The first check finds the save that followed the draft's creation and counts again from it; the next one decides.
      await runNow(draftReminderJob.kind, 'applicationId', id);
      await runNow(draftReminderJob.kind, 'applicationId', id);
      expect(await draftReminders(member.account.email)).toEqual([]);
      expect((await remindersOf(id)).map((e) => e.changes)).toEqual([{ reminder: 'draft', step: '24h', outcome: 'unsubscribed' }]);
    });
  });

  describe('an unverified address', () => {
    it('is reminded once, 24 hours after sign-up, with a link that verifies it', async () => {
      const member = await signUp(app, { verified: false });
      const job = await waitFor(async () => (await queued(verifyReminderJob.kind, 'userId', member.userId))[0], { message: 'the reminder job' });
      const [user] = await app.db.select().from(users).where(eq(users.id, member.userId));
      expect(job.runAt.getTime()).toBe(user.createdAt.getTime() + 24 * HOUR);
      expect(job.uniqueKey).toBe(`reminder:verify:${member.userId}`);

      await runNow(verifyReminderJob.kind, 'userId', member.userId);
      const [mail] = await mailsTo(app.db, member.account.email);
      expect(mail.subject).toBe('One click left: confirm your email for Ownstead');
      expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      const link = linkIn(mail.text, '/auth/verify-email');
      expect(link?.origin).toBe(app.config.APP_URL);
      const verified = await member.browser.get(`/api/auth/verify-email?token=${encodeURIComponent(link!.searchParams.get('token')!)}`);
      expect(verified.status).toBe(200);
      expect((await app.db.select().from(users).where(eq(users.id, member.userId)))[0].emailVerified).toBe(true);
      expect((await remindersOf(member.userId)).map((e) => [e.entityType, e.changes])).toEqual([['users', { reminder: 'verify_email', outcome: 'sent' }]]);
      expect(await queued(verifyReminderJob.kind, 'userId', member.userId)).toEqual([]);
    });

    it('gets none once verified, nor when verification reminders are off', async () => {
      const verified = await signUp(app, { verified: true });
      const before = (await mailsTo(app.db, verified.account.email)).length;
      await runNow(verifyReminderJob.kind, 'userId', verified.userId);
      expect(await mailsTo(app.db, verified.account.email)).toHaveLength(before);
      expect(await remindersOf(verified.userId)).toEqual([]);

      const unsubscribed = await signUp(app, { verified: false });
      await setPreference(app.db, { emailKey: unsubscribed.account.email.toLowerCase(), kind: 'verify_reminders', subscribed: false, via: 'account' });
      const sent = (await mailsTo(app.db, unsubscribed.account.email)).length;
      await runNow(verifyReminderJob.kind, 'userId', unsubscribed.userId);
      expect(await mailsTo(app.db, unsubscribed.account.email)).toHaveLength(sent);
    });
  });

  describe('open requests', () => {
    async function submittedApplication(): Promise<{ member: Member; id: string }> {
      const member = await signUp(app);
      const row = await insertApplication(app.db, { userId: member.userId, status: 'submitted' });
      return { member, id: row.id };
    }
    async function ask(applicationId: string, body: unknown): Promise<string> {
      const reply = await admin.browser.post(`/api/admin/applications/${applicationId}/requests`, body);
      expect(reply.status).toBe(201);
      return reply.body.requests.at(-1).id;
    }
    const paystub = { kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.' };
    const phone = { kind: 'correction', fields: ['personal.phone'], note: 'The phone number has a digit missing.' };
    const requestMails = async (email: string) => (await mailsTo(app.db, email)).filter((m) => m.subject.startsWith('A friendly reminder')).reverse();

    it('are reminded every 3 days while open, 3 times at most', async () => {
      const { member, id } = await submittedApplication();
      const first = await ask(id, paystub);
      await ask(id, phone);
      // One series for the application, keyed by the request that opened it.
      const [job] = await queued(requestReminderJob.kind, 'applicationId', id);
      expect(await queued(requestReminderJob.kind, 'applicationId', id)).toHaveLength(1);
      expect(job.uniqueKey).toBe(`reminder:requests:${first}:r1:1`);
      expect(job.runAt.getTime() - job.createdAt.getTime()).toBeGreaterThan(REQUEST_REMINDER_EVERY_MS - 60_000);

      for (let n = 1; n <= 3; n += 1) await runNow(requestReminderJob.kind, 'applicationId', id);
      const mails = await requestMails(member.account.email);
      expect(mails).toHaveLength(3);
      expect(mails[0].subject).toBe('A friendly reminder: we still need a few things from you');
      expect(mails[0].text).toContain('• Pay Stubs');
      expect(mails[0].text).toContain('• Correct: Phone Number');
      expect(linkIn(mails[0].text, '/apply/requests')?.origin).toBe(app.config.APP_URL);
      expect(mails[0].text).not.toContain('last reminder');
      expect(mails[2].text).toContain('This is the last reminder we send about these requests.');
      expect(mails[0].headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      // No fourth.
      expect(await queued(requestReminderJob.kind, 'applicationId', id)).toEqual([]);
      expect((await remindersOf(id)).map((e) => (e.changes as { number: number }).number)).toEqual([1, 2, 3]);
    });

    it('stop once answered, and start again when a request is reopened', async () => {
      const member = await signUp(app);
      await fillApplication(member);
      const id = (await member.browser.post('/api/application/submit', {})).body.id as string;
      const request = await ask(id, phone);
      const fixed = await member.browser.put(`/api/application/requests/${request}/correction`, { values: { 'personal.phone': '(555) 987-6543' } });
      expect(fixed.status).toBe(200);
      await runNow(requestReminderJob.kind, 'applicationId', id);
      expect(await requestMails(member.account.email)).toEqual([]);
      expect(await queued(requestReminderJob.kind, 'applicationId', id)).toEqual([]);
      expect(await remindersOf(id)).toEqual([]);

      expect((await admin.browser.post(`/api/admin/requests/${request}/reopen`, { note: 'The area code is missing too.' })).status).toBe(200);
      const [series] = await queued(requestReminderJob.kind, 'applicationId', id);
      expect(series.uniqueKey).toBe(`reminder:requests:${request}:r2:1`);
      await runNow(requestReminderJob.kind, 'applicationId', id);
      const mails = await requestMails(member.account.email);
      expect(mails.map((m) => m.subject)).toEqual(['A friendly reminder: we still need one thing from you']);
      expect(mails[0].text).toContain('• Correct: Phone Number');
    });

    it('go on under the oldest open request when the one that opened the series closes', async () => {
      const { member, id } = await submittedApplication();
      const first = await ask(id, paystub);
      const second = await ask(id, phone);
      expect((await admin.browser.post(`/api/admin/requests/${first}/withdraw`, {})).status).toBe(200);
      // The series' first job hands over to the open one, due at once, which reminds of it alone.
      await runNow(requestReminderJob.kind, 'applicationId', id);
      await waitFor(async () => (await requestMails(member.account.email)).length === 1, { message: 'the handed-over reminder' });
      const [mail] = await requestMails(member.account.email);
      expect(mail.text).toContain('• Correct: Phone Number');
      expect(mail.text).not.toContain('Pay Stubs');
      // The mail goes first, then the next reminder commits with the audit entry: wait for that commit.
      await waitFor(async () => (await queued(requestReminderJob.kind, 'applicationId', id)).length === 1, { message: 'the next reminder' });
      const [next] = await queued(requestReminderJob.kind, 'applicationId', id);
      expect(next.uniqueKey).toBe(`reminder:requests:${second}:r1:2`);
    });

    it('do not go on under a request that started a series of its own', async () => {
      const { member, id } = await submittedApplication();
      const first = await ask(id, paystub);
      await runNow(requestReminderJob.kind, 'applicationId', id);
      expect(await requestMails(member.account.email)).toHaveLength(1);
      // All closed, then a new request: a new series, while the old one's second reminder still waits.
      expect((await admin.browser.post(`/api/admin/requests/${first}/withdraw`, {})).status).toBe(200);
      const second = await ask(id, phone);
      expect((await queued(requestReminderJob.kind, 'applicationId', id)).map((j) => j.uniqueKey).sort()).toEqual(
        [`reminder:requests:${first}:r1:2`, `reminder:requests:${second}:r1:1`].sort(),
      );
      const [old] = await queryRows<{ id: string }>(
        app.db,
        sql`UPDATE ${jobs} SET run_at = now() WHERE unique_key = ${`reminder:requests:${first}:r1:2`} RETURNING id`,
      );
      app.server.jobs.kick();
      await waitFor(async () => (await app.db.$count(jobs, and(eq(jobs.id, old.id), eq(jobs.state, 'done')))) === 1, { message: 'the old series to run' });
      expect(await requestMails(member.account.email)).toHaveLength(1);
      expect((await queued(requestReminderJob.kind, 'applicationId', id)).map((j) => j.uniqueKey)).toEqual([`reminder:requests:${second}:r1:1`]);
    });

    it('are not sent to an address that turned them off', async () => {
      const { member, id } = await submittedApplication();
      await ask(id, paystub);
      await setPreference(app.db, { emailKey: member.account.email.toLowerCase(), kind: 'request_reminders', subscribed: false, via: 'link' });
      await runNow(requestReminderJob.kind, 'applicationId', id);
      expect(await requestMails(member.account.email)).toEqual([]);
      expect((await remindersOf(id)).map((e) => e.changes)).toEqual([{ reminder: 'requests', number: 1, openRequests: 1, outcome: 'unsubscribed' }]);
    });
  });
});
