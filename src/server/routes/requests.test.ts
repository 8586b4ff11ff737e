import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applicationRequestEvents, applications, auditLog, documents } from '../platform/db/schema';
import { signedInAdmin } from '../test/admin-client';
import { fillApplication, fixture, signUp, upload, type Member } from '../test/application-client';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';

const pdf = (name = 'stub.pdf') => ({ bytes: fixture('sample.pdf'), name, contentType: 'application/pdf' });

/**
 * The buyer's side of requests (docs/decisions/021-requests-and-messages.md;
 * docs/product/application.md#after-submission-the-to-do-page, #documents): the To do list, a correction of
 * exactly the named answers, an upload answering a document request, the return to
 * In Review, versions after submission, and nobody else's requests.
 */
describe('the buyer answers requests', () => {
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
  async function ask(applicationId: string, body: unknown): Promise<string> {
    const reply = await admin.browser.post(`/api/admin/applications/${applicationId}/requests`, body);
    expect(reply.status).toBe(201);
    return reply.body.requests.at(-1).id;
  }
  const status = async (id: string) => (await app.db.select().from(applications).where(eq(applications.id, id)))[0];
  const uploadTo = async (member: Member, requestId: string, type = 'paystubs', name?: string) => {
    const form = new FormData();
    const file = pdf(name);
    form.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.contentType }), file.name);
    const response = await fetch(`${member.browser.baseUrl}/api/application/documents?type=${type}&request=${requestId}`, {
      method: 'POST',
      headers: { origin: member.browser.origin, cookie: member.browser.cookieHeader },
      body: form,
    });
    return { status: response.status, body: await response.json() };
  };

  it('lists the open requests, takes an upload and a correction, and moves Missing Info back to In Review with the buyer as actor', async () => {
    const member = await submitted();
    const paystub = await ask(member.applicationId, { kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.' });
    const phone = await ask(member.applicationId, { kind: 'correction', fields: ['personal.phone'], note: 'The phone number has a digit missing.' });
    expect((await admin.browser.patch(`/api/admin/applications/${member.applicationId}/status`, { status: 'missing_info' })).status).toBe(200);

    const dashboard = await member.browser.get('/api/me/status');
    expect(dashboard.body.application).toMatchObject({
      status: 'missing_info',
      openRequests: [
        { id: paystub, title: 'Pay Stubs' },
        { id: phone, title: 'Correct: Phone Number' },
      ],
      declineReason: null,
    });

    const list = await member.browser.get('/api/application/requests');
    expect(list.status).toBe(200);
    expect(list.body.status).toBe('missing_info');
    expect(list.body.requests.map((r: { id: string; state: string; title: string }) => [r.id, r.state, r.title])).toEqual([
      [paystub, 'open', 'Pay Stubs'],
      [phone, 'open', 'Correct: Phone Number'],
    ]);

    // Sending before a file is there is refused.
    expect((await member.browser.post(`/api/application/requests/${paystub}/answer`, {})).body.error.code).toBe('no_file');
    // A document of another type does not answer it; a correction is not an upload.
    expect((await uploadTo(member, paystub, 'bankStatements')).body.error.code).toBe('request_kind');
    const uploaded = await uploadTo(member, paystub);
    expect(uploaded.status).toBe(201);
    const [row] = await app.db.select().from(documents).where(eq(documents.id, uploaded.body.id));
    expect(row).toMatchObject({ requestId: paystub, supersededAt: null, replacesId: null });
    // The earlier pay stub is kept: several files of one type after submission.
    const paystubs = await app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, member.applicationId), eq(documents.type, 'paystubs')));
    expect(paystubs).toHaveLength(2);

    const sent = await member.browser.post(`/api/application/requests/${paystub}/answer`, { comment: 'Here it is.' });
    expect(sent.status).toBe(200);
    expect(sent.body.requests.find((r: { id: string }) => r.id === paystub).state).toBe('answered');
    expect((await status(member.applicationId)).status).toBe('missing_info');
    expect((await member.browser.post(`/api/application/requests/${paystub}/answer`, {})).body.error.code).toBe('request_state');

    // Only the named field: anything else, or a bad value, is refused with field messages.
    const other = await member.browser.put(`/api/application/requests/${phone}/correction`, {
      values: { 'personal.phone': '555-123-4567', 'personal.email': 'x@example.com' },
    });
    expect(other.status).toBe(400);
    expect(other.body.error.fields).toHaveProperty(['personal.email']);
    const missing = await member.browser.put(`/api/application/requests/${phone}/correction`, { values: {} });
    expect(missing.body.error.fields).toHaveProperty(['personal.phone']);
    const bad = await member.browser.put(`/api/application/requests/${phone}/correction`, { values: { 'personal.phone': 'call me' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields['personal.phone']).toBe('Enter a valid phone number');
    const tooLong = await member.browser.put(`/api/application/requests/${phone}/correction`, { values: { 'personal.phone': '5'.repeat(41) } });
    expect(tooLong.body.error.fields['personal.phone']).toMatch(/at most 40/);

    const fixed = await member.browser.put(`/api/application/requests/${phone}/correction`, { values: { 'personal.phone': '(555) 987-6543' } });
    expect(fixed.status).toBe(200);
    const after = await status(member.applicationId);
    expect(after.status).toBe('in_review');
    expect((after.draft as { personal: { phone: string } }).personal.phone).toBe('(555) 987-6543');
    // The back office's record shows the corrected answer.
    expect(after.phone).toBe('(555) 987-6543');
    expect(after.waitingSince).not.toBeNull();

    const events = await app.db
      .select()
      .from(applicationRequestEvents)
      .where(eq(applicationRequestEvents.requestId, phone))
      .orderBy(asc(applicationRequestEvents.id));
    expect(events.at(-1)).toMatchObject({ action: 'answer', actorId: member.userId, fields: ['personal.phone'] });
    const audit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, phone)).orderBy(asc(auditLog.id));
    expect(audit.at(-1)).toMatchObject({ action: 'answer', actorId: member.userId, entityType: 'requests' });
    expect(JSON.stringify(audit)).not.toContain('987-6543');
    const moved = await app.db.select().from(auditLog).where(eq(auditLog.entityId, member.applicationId)).orderBy(asc(auditLog.id));
    expect(moved.at(-1)).toMatchObject({ actorId: member.userId, changes: { status: { from: 'missing_info', to: 'in_review' } } });
    const uploadAudit = await app.db.select().from(auditLog).where(eq(auditLog.entityId, uploaded.body.id));
    expect(uploadAudit).toHaveLength(1);
    expect(uploadAudit[0]).toMatchObject({ action: 'create', entityType: 'documents', actorId: member.userId });

    // Everything else stays read-only after submission.
    expect((await member.browser.request('PUT', '/api/application', {})).status).toBe(409);
  });

  it('keeps earlier versions after submission and allows at most 10 current files of a type', async () => {
    const member = await submitted();
    const [first] = await app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, member.applicationId), eq(documents.type, 'bankStatements')));
    const again = await upload(member.browser, 'bankStatements', pdf('statement-2.pdf'));
    expect(again.status).toBe(201);
    const rows = await app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, member.applicationId), eq(documents.type, 'bankStatements')))
      .orderBy(asc(documents.createdAt));
    expect(rows).toHaveLength(2);
    expect(rows[0].id).toBe(first.id);
    expect(rows[0].supersededAt).not.toBeNull();
    expect(rows[1]).toMatchObject({ replacesId: first.id, supersededAt: null });
    const download = await fetch(`${app.url}/api/documents/${first.id}`, { headers: { cookie: member.browser.cookieHeader } });
    expect(download.status).toBe(200);

    const request = await ask(member.applicationId, { kind: 'document', documentType: 'bankStatements', note: 'Every month of this year, please.' });
    for (let i = 2; i <= 10; i += 1) expect((await uploadTo(member, request, 'bankStatements', `month-${i}.pdf`)).status).toBe(201);
    const eleventh = await uploadTo(member, request, 'bankStatements', 'month-11.pdf');
    expect(eleventh.status).toBe(409);
    expect(eleventh.body.error.code).toBe('too_many_files');
  });

  it('takes a file of type Other only for a request that asks for one, titled by it', async () => {
    const member = await submitted();
    const decree = await ask(member.applicationId, { kind: 'document', documentType: 'other', title: 'Divorce decree', note: 'The final decree, all pages.' });
    const plain = await upload(member.browser, 'other', pdf('decree.pdf'));
    expect(plain.status).toBe(400);
    const answered = await uploadTo(member, decree, 'other', 'decree.pdf');
    expect(answered.status).toBe(201);
    expect(answered.body).toMatchObject({ type: 'other', title: 'Divorce decree' });
    expect((await member.browser.post(`/api/application/requests/${decree}/answer`, {})).status).toBe(200);
    const view = await member.browser.get('/api/application');
    expect(view.body.documents.find((d: { id: string }) => d.id === answered.body.id)).toMatchObject({ type: 'other', title: 'Divorce decree' });
  });

  it("answers 404 for another user's requests and keeps them unchanged", async () => {
    const owner = await submitted();
    const paystub = await ask(owner.applicationId, { kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.' });
    const phone = await ask(owner.applicationId, { kind: 'correction', fields: ['personal.phone'], note: 'The phone number has a digit missing.' });
    const stranger = await submitted();
    expect((await stranger.browser.get('/api/application/requests')).body.requests).toEqual([]);
    expect((await stranger.browser.put(`/api/application/requests/${phone}/correction`, { values: { 'personal.phone': '555-000-0000' } })).status).toBe(404);
    expect((await stranger.browser.post(`/api/application/requests/${paystub}/answer`, {})).status).toBe(404);
    expect((await uploadTo(stranger, paystub)).status).toBe(404);
    expect((await stranger.browser.post(`/api/application/requests/not-an-id/answer`, {})).status).toBe(404);
    const list = await owner.browser.get('/api/application/requests');
    expect(list.body.requests.map((r: { state: string }) => r.state)).toEqual(['open', 'open']);
  });

  it("shows a declined application's reason on the dashboard, and no open requests", async () => {
    const member = await submitted();
    await ask(member.applicationId, { kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.' });
    const reason = 'The income does not cover the monthly payment yet.';
    expect((await admin.browser.patch(`/api/admin/applications/${member.applicationId}/status`, { status: 'declined', reason })).status).toBe(200);
    const dashboard = await member.browser.get('/api/me/status');
    expect(dashboard.body.application).toMatchObject({ status: 'declined', declineReason: reason, openRequests: [] });
    expect((await member.browser.get('/api/application/requests')).body).toEqual({ status: null, requests: [] });
  });

  it('refuses a signed-out caller', async () => {
    const anonymous = await fetch(`${app.url}/api/application/requests`);
    expect(anonymous.status).toBe(401);
  });
});
