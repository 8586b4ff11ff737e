import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationConversations, applicationRequests, applications } from '../../platform/db/schema';
import { insertApplication, statusBody } from '../../test/admin-applications';
import { signedInAdmin } from '../../test/admin-client';
import { fillApplication, signUp, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../../test/auth-client';
import { sleep, startTestServer, type TestServer } from '../../test/harness';
import { queuedMailJobs, runMailJobsNow, settleMailJobs } from '../../test/mail-jobs';
import { MAIL_WINDOW_MS } from './mail-window';
import { emailKeyOf, setPreference } from '../../platform/notifications/preferences';

/**
 * The buyer's e-mails about their application (docs/product/application.md#e-mails-about-your-application):
 * every status change, new requests gathered per window, new messages at most once per
 * 15 minutes — each a job queued with its change, with plain-text and HTML parts and a
 * one-click unsubscribe (RFC 8058), none to an address that turned its kind off.
 */
describe('e-mails to the buyer', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function submitted(): Promise<Member & { applicationId: string }> {
    const member = await signUp(app);
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit', {});
    expect(reply.status).toBe(200);
    return { ...member, applicationId: reply.body.id };
  }
  const ask = async (applicationId: string, body: unknown): Promise<string> => {
    const reply = await admin.browser.post(`/api/admin/applications/${applicationId}/requests`, body);
    expect(reply.status).toBe(201);
    return reply.body.requests.at(-1).id;
  };
  const setStatus = (id: string, status: string) => admin.browser.patch(`/api/admin/applications/${id}/status`, statusBody(status));
  /** Notification mail only (the submission's confirmation and the sign-up mail have no List-Unsubscribe). */
  const notices = async (email: string) => (await mailsTo(app.db, email)).filter((m) => m.headers && 'List-Unsubscribe' in m.headers).reverse();
  /** Starts a test well inside a request window, so what it does within seconds falls in one window. */
  const intoOneWindow = async () => {
    const left = MAIL_WINDOW_MS - (Date.now() % MAIL_WINDOW_MS);
    if (left < 15_000) await sleep(left + 50);
  };

  it('mails every status change (In Review included) with both parts and the unsubscribe headers, listing the open requests; a refused change queues nothing', async () => {
    const member = await submitted();
    const id = member.applicationId;

    // Missing Info without an open request is refused: no job, no mail.
    expect((await setStatus(id, 'missing_info')).status).toBe(422);
    expect((await queuedMailJobs(app)).filter((job) => (job.payload as { applicationId?: string }).applicationId === id)).toEqual([]);

    expect((await setStatus(id, 'in_review')).status).toBe(200);
    await settleMailJobs(app);
    const [review] = await notices(member.account.email);
    expect(review.subject).toBe('Your home application is being reviewed');
    expect(review.text).toContain(`Hi ${member.account.firstName},`);
    expect(review.text).toContain('There is nothing you need to do right now');
    expect(review.html).toContain('Your home application is being reviewed');
    expect(linkIn(review.text, '/dashboard')).toBeTruthy();
    expect(review.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect((review.headers as Record<string, string>)['List-Unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=[^>]+>$/);
    expect(linkIn(review.text, '/unsubscribe')).toBeTruthy();

    await ask(id, { kind: 'document', documentType: 'paystubs', note: 'Your two latest pay stubs, please.' });
    await ask(id, { kind: 'correction', fields: ['personal.phone'], note: 'The phone number has a digit missing.' });
    expect((await setStatus(id, 'missing_info')).status).toBe(200);
    await settleMailJobs(app);
    const missing = (await notices(member.account.email)).at(-1)!;
    expect(missing.subject).toBe('We need a little more information for your application');
    expect(missing.text).toContain('• Pay Stubs: “Your two latest pay stubs, please.”');
    expect(missing.text).toContain('• Correct: Phone Number: “The phone number has a digit missing.”');
    expect(missing.html).toContain('The phone number has a digit missing.');
    expect(linkIn(missing.text, '/apply/requests')).toBeTruthy();

    // The status e-mail listed both requests: their window's own mail has nothing left to say.
    await runMailJobsNow(app);
    expect((await notices(member.account.email)).map((m) => m.subject)).toEqual([
      'Your home application is being reviewed',
      'We need a little more information for your application',
    ]);

    // Approved lists nothing: the requests can no longer be answered.
    await setStatus(id, 'approved');
    await settleMailJobs(app);
    const approved = (await notices(member.account.email)).at(-1)!;
    expect(approved.subject).toBe('Your home application is approved');
    expect(approved.text).not.toContain('Pay Stubs');
  });

  it('gathers the requests of a window into one mail (withdrawn ones left out), and sends nothing once the buyer answered everything themselves', async () => {
    const member = await submitted();
    const id = member.applicationId;
    await setStatus(id, 'in_review');
    await settleMailJobs(app);
    const before = (await notices(member.account.email)).length;

    await intoOneWindow();
    const paystubs = await ask(id, { kind: 'document', documentType: 'paystubs', note: 'Your two latest pay stubs, please.' });
    await ask(id, { kind: 'document', documentType: 'other', title: 'Divorce decree', note: 'The final decree, all pages.' });
    const phone = await ask(id, { kind: 'correction', fields: ['personal.phone'], note: 'The phone number has a digit missing.' });
    expect((await admin.browser.post(`/api/admin/requests/${paystubs}/withdraw`, {})).status).toBe(200);
    // Not before its window ends.
    await settleMailJobs(app);
    expect(await notices(member.account.email)).toHaveLength(before);
    await runMailJobsNow(app);
    const mails = await notices(member.account.email);
    expect(mails).toHaveLength(before + 1);
    const gathered = mails.at(-1)!;
    expect(gathered.subject).toBe('We need 2 more things for your home application');
    expect(gathered.text).toContain('• Divorce decree: “The final decree, all pages.”');
    expect(gathered.text).toContain('• Correct: Phone Number: “The phone number has a digit missing.”');
    expect(gathered.text).not.toContain('Pay Stubs');
    expect(linkIn(gathered.text, '/apply/requests')).toBeTruthy();
    expect(gathered.html).toContain('Divorce decree');

    // Missing Info; the buyer answers the last open ones and the application is back In Review by itself: no mail for their own move.
    const [decree] = await app.db
      .select({ id: applicationRequests.id })
      .from(applicationRequests)
      .where(and(eq(applicationRequests.applicationId, id), eq(applicationRequests.title, 'Divorce decree')));
    await admin.browser.post(`/api/admin/requests/${decree.id}/withdraw`, {});
    expect((await setStatus(id, 'missing_info')).status).toBe(200);
    await settleMailJobs(app);
    const count = (await notices(member.account.email)).length;
    expect((await member.browser.put(`/api/application/requests/${phone}/correction`, { values: { 'personal.phone': '(555) 987-6543' } })).status).toBe(200);
    expect((await app.db.select({ status: applications.status }).from(applications).where(eq(applications.id, id)))[0].status).toBe('in_review');
    await runMailJobsNow(app);
    expect(await notices(member.account.email)).toHaveLength(count);
  });

  it('mails In Review when the reviewer withdraws the last open request of a Missing Info application', async () => {
    const member = await submitted();
    const paystubs = await ask(member.applicationId, { kind: 'document', documentType: 'paystubs', note: 'Your two latest pay stubs, please.' });
    expect((await setStatus(member.applicationId, 'missing_info')).status).toBe(200);
    await settleMailJobs(app);
    expect((await admin.browser.post(`/api/admin/requests/${paystubs}/withdraw`, {})).status).toBe(200);
    await runMailJobsNow(app);
    const subjects = (await notices(member.account.email)).map((m) => m.subject);
    expect(subjects).toEqual(['We need a little more information for your application', 'Your home application is being reviewed']);
    const back = (await notices(member.account.email)).at(-1)!;
    expect(back.text).not.toContain('Pay Stubs');
    expect(linkIn(back.text, '/dashboard')).toBeTruthy();
  });

  it('mails a reopened request with its new note, marked reopened', async () => {
    const member = await submitted();
    await intoOneWindow();
    const phone = await ask(member.applicationId, { kind: 'correction', fields: ['personal.phone'], note: 'The phone number has a digit missing.' });
    expect((await member.browser.put(`/api/application/requests/${phone}/correction`, { values: { 'personal.phone': '(555) 987-6543' } })).status).toBe(200);
    expect((await admin.browser.post(`/api/admin/requests/${phone}/reopen`, { note: 'Please add the area code too.' })).status).toBe(200);
    await runMailJobsNow(app);
    const [reopened] = await notices(member.account.email);
    expect(reopened.subject).toBe('We need one more thing for your home application');
    expect(reopened.text).toContain('• Correct: Phone Number (reopened): “Please add the area code too.”');
    expect(reopened.text).not.toContain('a digit missing');
  });

  it('sends an address that turned “Status changes and new requests” off none of them', async () => {
    const member = await submitted();
    await setPreference(app.db, { emailKey: emailKeyOf(member.account.email), kind: 'application_updates', subscribed: false, via: 'link' });
    await setStatus(member.applicationId, 'in_review');
    await ask(member.applicationId, { kind: 'document', documentType: 'paystubs', note: 'Your two latest pay stubs, please.' });
    await runMailJobsNow(app);
    expect(await notices(member.account.email)).toEqual([]);
  });

  describe('new messages from our team', () => {
    let member: Member;
    let applicationId: string;
    const staffSays = async (body: string) => {
      const reply = await admin.browser.post(`/api/admin/applications/${applicationId}/messages`, { body });
      expect(reply.status).toBe(201);
      return reply.body.id as string;
    };
    /** As if the last mail went out 16 minutes ago. */
    const quarterHourPasses = () =>
      app.db
        .update(applicationConversations)
        .set({ applicantNotifiedAt: new Date(Date.now() - 16 * 60_000) })
        .where(eq(applicationConversations.applicationId, applicationId));

    beforeAll(async () => {
      member = await signUp(app);
      applicationId = (await insertApplication(app.db, { userId: member.userId, status: 'in_review' })).id;
    });

    it('mails at most once per 15 minutes, summarising the unread ones, and nothing once the buyer has read them', async () => {
      await staffSays('We got your pay stubs, thank you.\nOne more question about your employer: when did you start?');
      // A minute's grace: someone reading the conversation meanwhile gets no mail.
      const [check] = (await queuedMailJobs(app)).filter((job) => job.kind === 'mail:new-messages');
      expect(check.runAt.getTime()).toBeGreaterThanOrEqual(Date.now() + 30_000);
      await runMailJobsNow(app);
      const [first] = await notices(member.account.email);
      expect(first.subject).toBe('A new message from our team');
      expect(first.text).toContain('“We got your pay stubs, thank you.”');
      expect(first.text).not.toContain('when did you start');
      expect(linkIn(first.text, '/chat')).toBeTruthy();
      expect(first.html).toContain('We got your pay stubs, thank you.');
      expect(first.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

      // A second message within 15 minutes: no second mail yet.
      await staffSays('Also, is the address on the form still current?');
      await runMailJobsNow(app);
      expect(await notices(member.account.email)).toHaveLength(1);

      // Once the 15 minutes are over, one mail about both unread messages.
      await quarterHourPasses();
      await runMailJobsNow(app);
      const mails = await notices(member.account.email);
      expect(mails).toHaveLength(2);
      expect(mails[1].subject).toBe('2 new messages from our team');
      expect(mails[1].text).toContain('“Also, is the address on the form still current?”');

      // Read before the check runs: no mail.
      const third = await staffSays('Thanks, all clear now.');
      await quarterHourPasses();
      expect((await member.browser.post('/api/messages/read', { upTo: third })).status).toBe(200);
      await runMailJobsNow(app);
      expect(await notices(member.account.email)).toHaveLength(2);
    });

    it('sends none to an address that turned “New messages from our team” off', async () => {
      await setPreference(app.db, { emailKey: emailKeyOf(member.account.email), kind: 'messages', subscribed: false, via: 'account' });
      await quarterHourPasses();
      await staffSays('One last thing, when suits you for a call?');
      await runMailJobsNow(app);
      expect(await notices(member.account.email)).toHaveLength(2);
    });
  });
});
