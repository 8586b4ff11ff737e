import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationKind } from '../../../domain/notifications';
import { applicationConversations, applications } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { fillApplication, signUp, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { runMailJobsNow, settleMailJobs } from '../../test/mail-jobs';
import { emailKeyOf, setPreference } from '../../platform/notifications/preferences';

/**
 * Staff e-mails (docs/product/back-office.md#staff-e-mails): a submission, answered
 * requests and the buyer's messages go to the assignee when they have the kind on,
 * otherwise to every admin who turned it on; buyer messages at most once per
 * conversation per 15 minutes; nothing of the application but the first name.
 */
describe('e-mails to staff', () => {
  let app: TestServer;
  let reviewer: Awaited<ReturnType<typeof signedInAdmin>>;
  let listener: Awaited<ReturnType<typeof signedInAdmin>>;
  let quiet: Awaited<ReturnType<typeof signedInAdmin>>;
  let member: Member;
  let applicationId: string;

  const notices = async (email: string) => (await mailsTo(app.db, email)).filter((m) => m.headers && 'List-Unsubscribe' in m.headers).reverse();
  const optIn = (email: string, kind: NotificationKind, subscribed = true) =>
    setPreference(app.db, { emailKey: emailKeyOf(email), kind, subscribed, via: 'account' });

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    reviewer = await signedInAdmin(app);
    listener = await signedInAdmin(app);
    quiet = await signedInAdmin(app);
    for (const kind of ['staff_submissions', 'staff_answers', 'staff_messages'] as const) await optIn(listener.account.email, kind);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('tells the admins who opted in about a submission, and nobody else', async () => {
    member = await signUp(app);
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit', {});
    expect(reply.status).toBe(200);
    applicationId = reply.body.id;
    await settleMailJobs(app);

    const [mail] = await notices(listener.account.email);
    expect(mail.subject).toBe('New application from Ada');
    expect(mail.text).toContain(`Hi ${listener.account.firstName},`);
    expect(linkIn(mail.text, '/admin/applications')?.searchParams.get('review')).toBe(applicationId);
    expect(mail.html).toContain('Ada has submitted a home application');
    expect(mail.text).not.toContain('Lovelace');
    expect(mail.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(await notices(reviewer.account.email)).toEqual([]);
    expect(await notices(quiet.account.email)).toEqual([]);
  });

  it('tells the assignee when they listen, otherwise the admins who opted in; answers in one window make one notice', async () => {
    await app.db.update(applications).set({ assigneeId: reviewer.user.id, assignee: 'Ada Admin' }).where(eq(applications.id, applicationId));
    const asked = await reviewer.browser.post(`/api/admin/applications/${applicationId}/requests`, {
      kind: 'correction',
      fields: ['personal.phone'],
      note: 'The phone number has a digit missing.',
    });
    expect(asked.status).toBe(201);
    const requestId = asked.body.requests.at(-1).id;
    await runMailJobsNow(app);
    const listenerBefore = (await notices(listener.account.email)).length;

    // The assignee has not turned answers on: the admins who did hear of it.
    expect((await member.browser.put(`/api/application/requests/${requestId}/correction`, { values: { 'personal.phone': '(555) 987-6543' } })).status).toBe(
      200,
    );
    await runMailJobsNow(app);
    const answered = (await notices(listener.account.email)).at(-1)!;
    expect(await notices(listener.account.email)).toHaveLength(listenerBefore + 1);
    expect(answered.subject).toBe('Ada answered a request');
    expect(answered.text).toContain('• Correct: Phone Number');
    expect(answered.text).not.toContain('987-6543');
    expect(await notices(reviewer.account.email)).toEqual([]);

    // Once the assignee turns it on, only they hear of an answer (another application of theirs: a window of its own).
    await optIn(reviewer.account.email, 'staff_answers');
    const second = await signUp(app);
    await fillApplication(second);
    const secondId = (await second.browser.post('/api/application/submit', {})).body.id as string;
    await app.db.update(applications).set({ assigneeId: reviewer.user.id, assignee: 'Ada Admin' }).where(eq(applications.id, secondId));
    const secondAsk = await reviewer.browser.post(`/api/admin/applications/${secondId}/requests`, {
      kind: 'correction',
      fields: ['personal.phone'],
      note: 'The phone number has a digit missing.',
    });
    await runMailJobsNow(app);
    const listenerNow = (await notices(listener.account.email)).length;
    const secondRequest = secondAsk.body.requests.at(-1).id;
    expect((await second.browser.put(`/api/application/requests/${secondRequest}/correction`, { values: { 'personal.phone': '(212) 987-6543' } })).status).toBe(
      200,
    );
    await runMailJobsNow(app);
    expect((await notices(reviewer.account.email)).map((m) => m.subject)).toEqual(['Ada answered a request']);
    expect(await notices(listener.account.email)).toHaveLength(listenerNow);
    expect(await notices(quiet.account.email)).toEqual([]);
  });

  it("tells the listening assignee about the buyer's messages at most once per 15 minutes, without their text", async () => {
    await optIn(reviewer.account.email, 'staff_messages');
    const listenerBefore = (await notices(listener.account.email)).length;
    const reviewerBefore = (await notices(reviewer.account.email)).length;
    expect((await member.browser.post('/api/messages', { body: 'Hello, my new employer starts me on the 1st.' })).status).toBe(201);
    await runMailJobsNow(app);
    const first = (await notices(reviewer.account.email)).at(-1)!;
    expect(await notices(reviewer.account.email)).toHaveLength(reviewerBefore + 1);
    expect(first.subject).toBe('Ada sent a message');
    expect(first.text).not.toContain('employer');
    expect(linkIn(first.text, '/admin/applications')?.searchParams.get('review')).toBe(applicationId);

    expect((await member.browser.post('/api/messages', { body: 'And one more thing.' })).status).toBe(201);
    await runMailJobsNow(app);
    expect(await notices(reviewer.account.email)).toHaveLength(reviewerBefore + 1);

    await app.db
      .update(applicationConversations)
      .set({ staffNotifiedAt: new Date(Date.now() - 16 * 60_000) })
      .where(eq(applicationConversations.applicationId, applicationId));
    await runMailJobsNow(app);
    expect((await notices(reviewer.account.email)).at(-1)!.subject).toBe('Ada sent 2 messages');
    // The assignee listens: nobody else is woken.
    expect(await notices(listener.account.email)).toHaveLength(listenerBefore);
    expect(await notices(quiet.account.email)).toEqual([]);
  });

  it('sends an admin who unsubscribed none', async () => {
    const submissions = async () => (await notices(listener.account.email)).filter((m) => m.subject.startsWith('New application'));
    const before = (await submissions()).length;
    expect(before).toBeGreaterThan(0);
    await optIn(listener.account.email, 'staff_submissions', false);
    const other = await signUp(app);
    await fillApplication(other);
    expect((await other.browser.post('/api/application/submit', {})).status).toBe(200);
    await settleMailJobs(app);
    expect(await submissions()).toHaveLength(before);
  });
});
