import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationChangeRequests, applications, auditLog, homes } from '../platform/db/schema';
import { signedInAdmin } from '../test/admin-client';
import { fillApplication, signUp, type Member } from '../test/application-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { settleMailJobs } from '../test/mail-jobs';
import { emailKeyOf, setPreference } from '../platform/notifications/preferences';

/**
 * After submitting, the buyer withdraws the application or asks to change an answer
 * (docs/decisions/041-withdrawal-and-change-requests.md): every rule and refusal over HTTP,
 * the audit entries written with the change, and the mails to the buyer and to listening staff.
 */
describe('withdrawing and asking to change an answer', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  const TERMS = { maxPriceCents: 50_000_000, monthlyMinCents: 276_200, monthlyMaxCents: 352_800, downPaymentCents: 1_000_000 };

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
    for (const kind of ['staff_submissions', 'staff_answers'] as const)
      await setPreference(app.db, { emailKey: emailKeyOf(admin.account.email), kind, subscribed: true, via: 'account' });
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
  const rowOf = async (id: string) => (await app.db.select().from(applications).where(eq(applications.id, id)))[0];
  const auditOf = (entityId: string) => app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
  const subjects = async (email: string) => (await mailsTo(app.db, email)).map((mail) => mail.subject);

  it('withdraws a submitted application with a reason, audited and mailed; it is closed and a new one can start', async () => {
    const member = await submitted();
    const empty = await member.browser.post('/api/application/withdraw', { reason: '   ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.reason).toBe('Tell us why you are withdrawing.');
    expect((await rowOf(member.applicationId)).status).toBe('submitted');

    const reply = await member.browser.post('/api/application/withdraw', { reason: 'We decided to rent another year.' });
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('withdrawn');
    const row = await rowOf(member.applicationId);
    expect(row).toMatchObject({ status: 'withdrawn', withdrawReason: 'We decided to rent another year.', waitingSince: null });
    expect(row.withdrawnAt).not.toBeNull();
    const [entry] = (await auditOf(member.applicationId)).filter((e) => e.action === 'withdraw');
    expect(entry).toMatchObject({ actorId: member.userId, entityType: 'applications' });
    expect(JSON.stringify(entry.changes)).not.toContain('rent another year');

    // Twice: refused, in plain words.
    const again = await member.browser.post('/api/application/withdraw', { reason: 'Again.' });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: 'application_closed', message: 'You have withdrawn this application already.' });

    // /apply and the dashboard say so; the wizard starts afresh.
    const view = await member.browser.get('/api/application');
    expect(view.body).toMatchObject({ id: null, status: 'draft', withdrawn: { reason: 'We decided to rent another year.' } });
    const status = await member.browser.get('/api/me/status');
    expect(status.body).toMatchObject({ dashboardStatus: 'withdrawn', application: { id: member.applicationId, status: 'withdrawn' } });
    expect(status.body.application.withdrawnAt).toBe(row.withdrawnAt!.toISOString());

    // The back office lists it under Withdrawn and shows the reason; staff cannot reopen it.
    const listed = await admin.browser.get('/api/admin/applications?status=withdrawn&pageSize=100');
    expect(listed.status).toBe(200);
    expect(listed.body.items.map((item: { id: string }) => item.id)).toContain(member.applicationId);
    const detail = await admin.browser.get(`/api/admin/applications/${member.applicationId}`);
    expect(detail.body).toMatchObject({ status: 'withdrawn', withdrawReason: 'We decided to rent another year.' });
    const reopen = await admin.browser.patch(`/api/admin/applications/${member.applicationId}/status`, { status: 'in_review' });
    expect(reopen.status).toBe(409);
    expect(reopen.body.error.code).toBe('application_closed');

    await settleMailJobs(app);
    expect(await subjects(member.account.email)).toContain('You withdrew your home application');
    expect(await subjects(admin.account.email)).toContain('Ada withdrew their application');

    // Closed like declined: a new draft can start.
    const saved = await member.browser.put('/api/application', { draft: { personal: { firstName: 'Ada' } } });
    expect(saved.status).toBe(200);
    expect(saved.body.id).not.toBe(member.applicationId);
  });

  it('withdraws an approved application, ending its pre-approval; refuses a draft, nobody else’s, and a bought home', async () => {
    const member = await submitted();
    expect((await admin.browser.patch(`/api/admin/applications/${member.applicationId}/status`, { status: 'approved', preApproval: TERMS })).status).toBe(200);
    expect((await member.browser.get('/api/me/status')).body.preApproval).not.toBeNull();
    expect((await member.browser.post('/api/application/withdraw', { reason: 'Found a better fit.' })).status).toBe(200);
    expect((await member.browser.get('/api/me/status')).body.preApproval).toBeNull();

    // Another user has no application: 404, and the first stays as it is.
    const other = await submitted();
    const stranger = await signUp(app);
    expect((await stranger.browser.post('/api/application/withdraw', { reason: 'Not mine.' })).status).toBe(404);
    expect((await rowOf(other.applicationId)).status).toBe('submitted');

    // A draft: nothing to withdraw.
    const drafting = await signUp(app);
    await fillApplication(drafting);
    const draft = await drafting.browser.post('/api/application/withdraw', { reason: 'Changed my mind.' });
    expect(draft.status).toBe(409);
    expect(draft.body.error.code).toBe('not_submitted');

    // A home bought with it: 409 in plain words, nothing changes.
    const owner = await submitted();
    expect((await admin.browser.patch(`/api/admin/applications/${owner.applicationId}/status`, { status: 'approved', preApproval: TERMS })).status).toBe(200);
    await app.db.insert(homes).values({
      userId: owner.userId,
      applicationId: owner.applicationId,
      address: '12 Elm Street, Springfield, IL 62701',
      purchaseDate: '2026-01-15',
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: 6.4,
      appreciationRate: 3.8,
    });
    const bought = await owner.browser.post('/api/application/withdraw', { reason: 'Too late.' });
    expect(bought.status).toBe(409);
    expect(bought.body.error).toMatchObject({ code: 'home_recorded' });
    expect(bought.body.error.message).toMatch(/^You bought your home with this application/);
    expect((await rowOf(owner.applicationId)).status).toBe('approved');
    const change = await owner.browser.post('/api/application/change-requests', { field: 'personal.phone', value: '(555) 987-6543', note: 'New number.' });
    expect(change.status).toBe(409);
    expect(change.body.error.code).toBe('home_recorded');
  });

  it('takes a change request to staff, who accept it (the answer changes, audited) or decline it with a reason; the buyer is mailed', async () => {
    const member = await submitted();
    const ask = (body: unknown) => member.browser.post('/api/application/change-requests', body);

    // Checked by the wizard's rules, and only the answers on offer.
    const bad = await ask({ field: 'personal.phone', value: 'call me', note: 'New number.' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.value).toBe('Enter a valid phone number');
    expect((await ask({ field: 'personal.ssnLast4', value: '1234', note: 'x' })).status).toBe(400);
    expect((await ask({ field: 'personal.phone', value: '(214) 555-0187', note: 'Same.' })).body.error.fields.value).toBe('That is already your answer.');
    expect((await ask({ field: 'employment.grossMonthlyIncome', value: '', note: 'No income.' })).status).toBe(400);

    const phone = await ask({ field: 'personal.phone', value: '(555) 987-6543', note: 'I have a new number.' });
    expect(phone.status).toBe(201);
    const [request] = phone.body.items;
    expect(request).toMatchObject({ title: 'Change Phone Number', valueText: '(555) 987-6543', state: 'open' });
    const twice = await ask({ field: 'personal.phone', value: '(555) 987-0000', note: 'Again.' });
    expect(twice.status).toBe(409);
    expect(twice.body.error.code).toBe('change_pending');
    const income = await ask({ field: 'employment.grossMonthlyIncome', value: '9,250', note: 'A raise.' });
    expect(income.status).toBe(201);
    const raise = income.body.items[1];
    expect(raise).toMatchObject({ value: 9250, valueText: '$9,250' });

    // The buyer's list holds only their own; staff see them in the review dialog.
    const stranger = await signUp(app);
    expect((await stranger.browser.get('/api/application/change-requests')).body.items).toEqual([]);
    const detail = await admin.browser.get(`/api/admin/applications/${member.applicationId}`);
    expect(detail.body.changeRequests.map((r: { id: string }) => r.id)).toEqual([request.id, raise.id]);

    const decide = (id: string, body: unknown) => admin.browser.post(`/api/admin/change-requests/${id}/decision`, body);
    expect((await decide(request.id, { decision: 'decline' })).body.error.fields.reason).toBe('Write the reason the applicant will see.');
    const accepted = await decide(request.id, { decision: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.personal.phone).toBe('(555) 987-6543');
    expect(accepted.body.changeRequests[0].state).toBe('accepted');
    const row = await rowOf(member.applicationId);
    expect(row.phone).toBe('(555) 987-6543');
    expect((row.draft as { personal: { phone: string } }).personal.phone).toBe('(555) 987-6543');
    const entries = await auditOf(member.applicationId);
    const update = entries.find((e) => e.action === 'update' && JSON.stringify(e.changes).includes('personal.phone'));
    expect(update).toBeDefined();
    expect(JSON.stringify(update!.changes)).not.toContain('987-6543');
    expect((await decide(request.id, { decision: 'accept' })).body.error.code).toBe('change_decided');

    const declined = await decide(raise.id, { decision: 'decline', reason: 'Send the new pay stub first.' });
    expect(declined.status).toBe(200);
    expect((await rowOf(member.applicationId)).annualIncome).toBe(8500 * 12);
    const [stored] = await app.db
      .select()
      .from(applicationChangeRequests)
      .where(and(eq(applicationChangeRequests.id, raise.id), eq(applicationChangeRequests.state, 'declined')));
    expect(stored.declineReason).toBe('Send the new pay stub first.');

    // 'Download my data' carries them.
    const exported = await member.browser.get('/api/me/export');
    expect(exported.body.changeRequests.map((r: { field: string; state: string }) => [r.field, r.state])).toEqual([
      ['personal.phone', 'accepted'],
      ['employment.grossMonthlyIncome', 'declined'],
    ]);

    await settleMailJobs(app);
    const mails = await mailsTo(app.db, member.account.email);
    expect(mails.map((m) => m.subject)).toEqual(expect.arrayContaining(['We changed an answer on your application', 'About the answer you asked to change']));
    expect(mails.find((m) => m.subject === 'About the answer you asked to change')!.text).toContain('Send the new pay stub first.');
    expect(await subjects(admin.account.email)).toContain('Ada asks to change an answer');
    expect((await mailsTo(app.db, admin.account.email)).every((m) => !m.text.includes('987-6543'))).toBe(true);
  });

  it('refuses a change request on a draft and an unknown decision', async () => {
    const drafting = await signUp(app);
    await fillApplication(drafting);
    const reply = await drafting.browser.post('/api/application/change-requests', { field: 'personal.phone', value: '(555) 987-6543', note: 'New.' });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('not_submitted');
    const nobody = await signUp(app);
    expect((await nobody.browser.post('/api/application/change-requests', { field: 'personal.phone', value: '(555) 987-6543', note: 'New.' })).status).toBe(
      404,
    );
    const unknown = await admin.browser.post(`/api/admin/change-requests/${crypto.randomUUID()}/decision`, { decision: 'accept' });
    expect(unknown.status).toBe(404);
  });
});
