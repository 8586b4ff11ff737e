import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announcementRecipients, announcements, auditLog, jobs, mailOutbox, notificationPreferences, waitlistEntries } from '../../platform/db/schema';
import { setPreference } from '../../platform/notifications/preferences';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, TestBrowser } from '../../test/auth-client';
import { postJson, startTestServer, uniqueEmail, waitFor, waitlistSubmission, type TestServer } from '../../test/harness';

/**
 * Announcements to the waitlist (docs/product/back-office.md#announcements) and the waitlist's confirmation e-mail
 * (docs/product/waitlist.md#confirmation-e-mail), over HTTP with the server's own job runner.
 */
describe('waitlist confirmation and announcements', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, WAITLIST_RATE_LIMIT_MAX: '1000', JOBS_POLL_MS: '50', ANNOUNCEMENT_RATE_PER_SECOND: '500' });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A public sign-up over HTTP, as the /waitlist page sends it. */
  const join = async (email: string, firstName = 'Ada') => {
    expect((await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email, firstName }))).body).toEqual({ status: 'success' });
  };
  /** The mail kept for an address, newest first (a waitlist entry keeps the address as typed). */
  const mailsTo = (email: string) =>
    app.db
      .select()
      .from(mailOutbox)
      .where(sql`lower(${mailOutbox.to}) = ${email.toLowerCase()}`)
      .orderBy(desc(mailOutbox.id));
  /** Every job due now has run. */
  const jobsSettled = () =>
    waitFor(
      async () => (await app.db.select().from(jobs)).every((j) => j.state === 'done' || j.state === 'failed' || j.runAt.getTime() > Date.now() + 60_000),
      {
        message: 'the queued jobs to run',
      },
    );
  const announcementRow = async (id: string) => (await app.db.select().from(announcements).where(eq(announcements.id, id)))[0]!;
  const auditOf = (id: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'announcements'), eq(auditLog.entityId, id)))
      .orderBy(asc(auditLog.id));
  /** Addresses that share a tag the list's search finds, and nothing else does. */
  const tagged = (tag: string, n: number) => Array.from({ length: n }, (_, i) => uniqueEmail(`${tag}${i}`));
  const newTag = () => `ann${Math.random().toString(36).slice(2, 9)}`;

  it('e-mails a confirmation with a one-click unsubscribe to an address new to the waitlist, once', async () => {
    const email = uniqueEmail('Confirm.Me');
    await join(email, 'Rosa');
    const [mail] = await waitFor(async () => {
      const mails = await mailsTo(email);
      return mails.length > 0 && mails;
    });
    expect(mail!.subject).toBe("You're on the Ownstead waitlist");
    expect(mail!.text).toContain('Hi Rosa,');
    expect(mail!.text).toContain('Thanks for joining');
    expect(mail!.text).toContain(`${app.config.APP_URL}/how-much-home-can-i-afford`);
    expect(mail!.text).toMatch(/Unsubscribe: http:\/\/localhost:3000\/unsubscribe\?token=/);
    expect(mail!.headers).toMatchObject({
      'List-Unsubscribe': expect.stringMatching(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[^>]+>$/),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });

    // The same address again (other case): the entry is updated, no second confirmation.
    await join(email.toUpperCase(), 'Rosa');
    await jobsSettled();
    expect(await mailsTo(email)).toHaveLength(1);

    // Staff add an applicant: nobody signed them up for mail.
    const added = uniqueEmail('Staff.Added');
    expect((await admin.browser.post('/api/admin/waitlist', { firstName: 'Sam', lastName: 'Added', email: added })).status).toBe(201);
    await jobsSettled();
    expect(await mailsTo(added)).toHaveLength(0);
  });

  it('confirms sign-ups that arrive together (one batch, one job) once each', async () => {
    const emails = Array.from({ length: 6 }, (_, i) => uniqueEmail(`together${i}`));
    await Promise.all(emails.map((email) => join(email, 'Tess')));
    await jobsSettled();
    for (const email of emails) {
      const mails = (await mailsTo(email)).filter((m) => m.subject === "You're on the Ownstead waitlist");
      expect(mails, email).toHaveLength(1);
    }
  });

  it('refuses a draft without a subject or a message, or too long, with field messages', async () => {
    const empty = await admin.browser.post('/api/admin/announcements/preview', { subject: ' ', body: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields).toMatchObject({ subject: 'Subject is required.', body: 'Message is required.' });

    const long = await admin.browser.post('/api/admin/announcements', { subject: 'x'.repeat(201), body: 'y'.repeat(20_001) });
    expect(long.status).toBe(400);
    expect(long.body.error.fields).toMatchObject({
      subject: 'Subject must be at most 200 characters.',
      body: 'Message must be at most 20,000 characters.',
    });
    const badFilter = await admin.browser.post('/api/admin/announcements/preview', {
      subject: 'Hello',
      body: 'Hi',
      audience: { interest: 'gardening', from: '2025-02-30' },
    });
    expect(badFilter.status).toBe(400);
    expect(Object.keys(badFilter.body.error.fields)).toEqual(expect.arrayContaining(['audience.interest', 'audience.from']));
    expect((await app.db.select().from(announcements)).length).toBe(0);
  });

  it('previews the mail and counts the filter; sending records every recipient, skips the unsubscribed and the removed, and ends as sent', async () => {
    const tag = newTag();
    const [first, second, unsubscribed, removed, erased] = tagged(tag, 5);
    for (const email of [first!, second!, unsubscribed!, removed!, erased!]) await join(email, 'Lee');
    await jobsSettled();
    await setPreference(app.db, { emailKey: unsubscribed!.toLowerCase(), kind: 'waitlist_news', subscribed: false, via: 'link' });
    const outside = uniqueEmail('not-tagged');
    await join(outside);

    const draft = { subject: 'We are live in Texas', body: 'Good news!\n\nApplications open today.', audience: { q: tag, interest: 'all' } };
    const preview = await admin.browser.post('/api/admin/announcements/preview', draft);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ subject: 'We are live in Texas', recipients: 5, unsubscribed: 1 });
    expect(preview.body.text).toContain('Hi Lee,\n\nGood news!\n\nApplications open today.');
    expect(preview.body.html).toContain('<p style="margin:0 0 16px;font-size:16px;line-height:24px;color:#1f2937">Applications open today.</p>');
    expect(preview.body.html).toContain('Unsubscribe</a>');

    // Sending with the runner held back, so the test can change the list while the announcement waits.
    await app.server.jobs.stop();
    const sent = await admin.browser.post('/api/admin/announcements', draft);
    expect(sent.status).toBe(201);
    expect(sent.body).toMatchObject({ subject: draft.subject, state: 'sending', recipients: 5, sent: 0, audience: { q: tag, interest: 'all' } });
    const id = sent.body.id as string;
    const recorded = await app.db.select().from(announcementRecipients).where(eq(announcementRecipients.announcementId, id));
    expect(recorded.map((r) => r.emailKey).sort()).toEqual([first, second, unsubscribed, removed, erased].map((e) => e!.toLowerCase()).sort());
    expect(recorded.every((r) => r.state === 'queued')).toBe(true);

    // Removed behind the back office's back (no erasure): skipped as 'removed'. Deleted by staff: its recipient row is
    // erased with the entry and counted as skipped.
    await app.db.delete(waitlistEntries).where(eq(waitlistEntries.emailKey, removed!.toLowerCase()));
    const [erasedEntry] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, erased!.toLowerCase()));
    expect((await admin.browser.delete(`/api/admin/waitlist/${erasedEntry!.id}`)).status).toBe(200);

    app.server.jobs.start();
    await waitFor(async () => (await announcementRow(id)).state === 'sent', { message: 'the announcement to be sent' });

    const row = await announcementRow(id);
    expect(row).toMatchObject({ recipients: 5, sent: 2, skipped: 3, failed: 0 });
    expect(row.finishedAt).toBeInstanceOf(Date);
    const outcomes = await app.db.select().from(announcementRecipients).where(eq(announcementRecipients.announcementId, id));
    const byKey = new Map(outcomes.map((r) => [r.emailKey, r]));
    expect(byKey.get(first!.toLowerCase())).toMatchObject({ state: 'sent', reason: null, sentAt: expect.any(Date) });
    expect(byKey.get(unsubscribed!.toLowerCase())).toMatchObject({ state: 'skipped', reason: 'unsubscribed', sentAt: null });
    expect(byKey.get(removed!.toLowerCase())).toMatchObject({ state: 'skipped', reason: 'removed' });
    expect(byKey.has(erased!.toLowerCase())).toBe(false);

    for (const email of [first!, second!]) {
      const mails = (await mailsTo(email)).filter((m) => m.subject === draft.subject);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Applications open today.');
      expect(mails[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    }
    expect((await mailsTo(unsubscribed!)).filter((m) => m.subject === draft.subject)).toHaveLength(0);
    expect((await mailsTo(outside)).filter((m) => m.subject === draft.subject)).toHaveLength(0);

    // The list and the detail show the progress.
    const list = await admin.browser.get('/api/admin/announcements');
    expect(list.body.items.find((a: { id: string }) => a.id === id)).toMatchObject({ state: 'sent', recipients: 5, sent: 2, skipped: 3, failed: 0 });
    const detail = await admin.browser.get(`/api/admin/announcements/${id}`);
    expect(detail.body).toMatchObject({ id, body: draft.body, state: 'sent' });

    const audit = await auditOf(id);
    expect(audit.map((e) => [e.action, e.actorEmail])).toEqual([
      ['send', admin.user.email],
      ['update', null],
    ]);
    expect(audit[0]!.changes).toEqual({ subject: draft.subject, audience: { q: tag, interest: 'all' }, recipients: 5 });
    expect(audit[1]!.changes).toEqual({ state: { from: 'sending', to: 'sent' }, recipients: 5, sent: 2, skipped: 3, failed: 0 });
  });

  it('sends to every recipient of the filter once, many at a time', async () => {
    const tag = newTag();
    const keys = tagged(tag, 180).map((e) => e.toLowerCase());
    await app.db.insert(waitlistEntries).values(keys.map((email, i) => ({ firstName: `Kim${i}`, lastName: 'Many', email, emailKey: email })));
    const reply = await admin.browser.post('/api/admin/announcements', { subject: `Batch ${tag}`, body: 'One each.', audience: { q: tag } });
    expect(reply.status).toBe(201);
    await waitFor(async () => (await announcementRow(reply.body.id)).state === 'sent', { message: 'the announcement to be sent' });
    expect(await announcementRow(reply.body.id)).toMatchObject({ recipients: 180, sent: 180, skipped: 0, failed: 0 });
    const perAddress = await app.db
      .select({ to: mailOutbox.to, n: sql<number>`count(*)::int` })
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Batch ${tag}`))
      .groupBy(mailOutbox.to);
    expect(perAddress).toHaveLength(180);
    expect(perAddress.every((row) => Number(row.n) === 1)).toBe(true);
    const greeting = (await mailsTo(keys[7]!)).find((m) => m.subject === `Batch ${tag}`)!.text;
    expect(greeting).toContain('Hi Kim7,');
  });

  it('answers 422 when nobody matches the filter', async () => {
    const reply = await admin.browser.post('/api/admin/announcements', { subject: 'Nobody', body: 'Hello?', audience: { q: 'no-such-person-zzqq' } });
    expect(reply.status).toBe(422);
    expect(reply.body.error.code).toBe('no_recipients');
  });

  it('cancels while sending: nothing more goes out, audited; a second cancel is refused', async () => {
    const tag = newTag();
    const emails = tagged(tag, 3);
    for (const email of emails) await join(email);
    await jobsSettled();
    await app.server.jobs.stop();
    const reply = await admin.browser.post('/api/admin/announcements', { subject: 'Cancel me', body: 'Never sent.', audience: { q: tag } });
    const id = reply.body.id as string;
    const cancelled = await admin.browser.post(`/api/admin/announcements/${id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ id, state: 'cancelled', recipients: 3, sent: 0, finishedAt: expect.any(String) });
    app.server.jobs.start();
    await jobsSettled();
    for (const email of emails) expect((await mailsTo(email)).filter((m) => m.subject === 'Cancel me')).toHaveLength(0);
    expect(await announcementRow(id)).toMatchObject({ state: 'cancelled', sent: 0 });
    expect((await auditOf(id)).map((e) => e.action)).toEqual(['send', 'cancel']);

    const again = await admin.browser.post(`/api/admin/announcements/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('not_sending');
    expect((await admin.browser.post(`/api/admin/announcements/00000000-0000-4000-8000-000000000000/cancel`)).status).toBe(404);
  });

  it('deleting a waitlist entry erases its e-mail choices unless an account has the address', async () => {
    const lone = uniqueEmail('lone');
    await join(lone);
    const member = await signedInWithRole(app, 'applicant');
    await join(member.account.email);
    await jobsSettled();
    for (const email of [lone, member.account.email]) {
      await setPreference(app.db, { emailKey: email.toLowerCase(), kind: 'waitlist_news', subscribed: false, via: 'link' });
      const [entry] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email.toLowerCase()));
      expect((await admin.browser.delete(`/api/admin/waitlist/${entry!.id}`)).status).toBe(200);
    }
    const choices = async (email: string) => app.db.select().from(notificationPreferences).where(eq(notificationPreferences.emailKey, email.toLowerCase()));
    expect(await choices(lone)).toHaveLength(0);
    expect(await choices(member.account.email)).toHaveLength(1);
  });

  it('is for admins only', async () => {
    const member = await signedInWithRole(app, 'homeowner');
    expect((await member.browser.get('/api/admin/announcements')).status).toBe(403);
    expect((await member.browser.post('/api/admin/announcements', { subject: 'x', body: 'y' })).status).toBe(403);
    const anonymous = new TestBrowser(app.url, app.config.APP_URL);
    expect((await anonymous.post('/api/admin/announcements/preview', { subject: 'x', body: 'y' })).status).toBe(401);
  });
});
