import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_REQUEST_NEEDED_MESSAGE } from '../../../domain/application/requests';
import { applicationMessages, applicationRequestEvents, applicationRequests, applications, auditLog } from '../../platform/db/schema';
import { insertApplication, statusBody } from '../../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { fillApplication, signUp } from '../../test/application-client';
import { AUTH_TEST_ENV, mailsTo } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { settleMailJobs } from '../../test/mail-jobs';

const MISSING_INFO_SUBJECT = 'We need a little more information for your application';
const note = 'Please send your two latest pay stubs.';

/**
 * The reviewer's side of requests (docs/product/back-office.md#requests;
 * docs/decisions/021-requests-and-messages.md): add, withdraw, accept, reopen, their
 * history and audit entries, Missing Info needing an open request, the return to In
 * Review, 'Waiting for us' kept, and nobody but a two-factor admin.
 */
describe('admin requests: ask, withdraw, accept, reopen', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  const create = (applicationId: string, body: unknown) => admin.browser.post(`/api/admin/applications/${applicationId}/requests`, body);
  const act = (requestId: string, action: 'withdraw' | 'accept' | 'reopen', body: unknown = {}) =>
    admin.browser.post(`/api/admin/requests/${requestId}/${action}`, body);
  const setStatus = (applicationId: string, status: string) => admin.browser.patch(`/api/admin/applications/${applicationId}/status`, statusBody(status));
  const application = async (id: string) => (await app.db.select().from(applications).where(eq(applications.id, id)))[0];
  const requestsIn = (applicationId: string) =>
    app.db.select().from(applicationRequests).where(eq(applicationRequests.applicationId, applicationId)).orderBy(asc(applicationRequests.createdAt));
  const auditOf = (entityId: string) => app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id));
  /** The state the buyer's 'Send to reviewer' leaves (src/server/modules/applications/answer-request.ts, tested over HTTP in routes/requests.test.ts), written directly: the request answered, with its event. */
  async function answer(requestId: string, userId: string, at = new Date()) {
    await app.db
      .update(applicationRequests)
      .set({ state: 'answered', stateChangedAt: at, stateChangedBy: userId })
      .where(eq(applicationRequests.id, requestId));
    await app.db.insert(applicationRequestEvents).values({ requestId, action: 'answer', actorId: userId, at });
  }

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('asks for a document, an Other document and a correction; each is listed in the review record with its history and audited', async () => {
    const row = await insertApplication(app.db, { status: 'in_review' });

    const first = await create(row.id, { kind: 'document', documentType: 'paystubs', title: 'ignored', note });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ id: row.id, status: 'in_review' });
    expect(first.body.requests).toHaveLength(1);
    const paystubs = first.body.requests[0];
    expect(paystubs).toMatchObject({
      kind: 'document',
      documentType: 'paystubs',
      title: 'Pay Stubs',
      fields: null,
      documentId: null,
      note,
      state: 'open',
      round: 1,
    });
    expect(paystubs.events).toEqual([{ action: 'create', at: paystubs.createdAt, by: 'Ada Admin', note, fields: null }]);

    await create(row.id, { kind: 'document', documentType: 'other', title: ' Divorce decree ', note: 'The final decree, all pages.' });
    const third = await create(row.id, {
      kind: 'correction',
      fields: ['personal.phone', 'personal.currentAddress'],
      note: 'Your phone number has a digit missing.',
    });
    expect(third.status).toBe(201);
    expect(third.body.requests.map((r: { title: string }) => r.title)).toEqual(['Pay Stubs', 'Divorce decree', 'Correct: Phone Number, Current Address']);
    expect(third.body.requests[2]).toMatchObject({ kind: 'correction', documentType: null, fields: ['personal.phone', 'personal.currentAddress'] });

    // The same list in the review dialog's record.
    const detail = await admin.browser.get(`/api/admin/applications/${row.id}`);
    expect(detail.body.requests).toEqual(third.body.requests);

    const stored = await requestsIn(row.id);
    expect(stored.map((r) => [r.kind, r.documentType, r.title, r.fields, r.state, r.createdBy])).toEqual([
      ['document', 'paystubs', null, null, 'open', admin.user.id],
      ['document', 'other', 'Divorce decree', null, 'open', admin.user.id],
      ['correction', null, null, ['personal.phone', 'personal.currentAddress'], 'open', admin.user.id],
    ]);
    const audit = await auditOf(stored[0].id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'create',
      entityType: 'requests',
      actorId: admin.user.id,
      changes: { application: row.id, kind: 'document', documentType: 'paystubs', title: null, fields: null, note },
    });
    // Asking changes no status: status changes are deliberate.
    expect((await application(row.id)).status).toBe('in_review');
  });

  it('refuses a request that is not valid (400 with field messages) and stores nothing', async () => {
    const row = await insertApplication(app.db);
    const cases: [unknown, string][] = [
      [{ kind: 'document', documentType: 'paystubs' }, 'note'],
      [{ kind: 'document', documentType: 'paystubs', note: '   ' }, 'note'],
      [{ kind: 'document', documentType: 'paystubs', note: 'x'.repeat(1001) }, 'note'],
      [{ kind: 'document', documentType: 'other', note }, 'title'],
      [{ kind: 'document', documentType: 'passport', note }, 'documentType'],
      [{ kind: 'correction', fields: [], note }, 'fields'],
      [{ kind: 'correction', fields: ['certified'], note }, 'fields.0'],
      [{ kind: 'correction', fields: ['personal.phone', 'personal.phone'], note }, 'fields'],
      [{ kind: 'reminder', note }, 'kind'],
      [{}, 'kind'],
    ];
    for (const [body, field] of cases) {
      const reply = await create(row.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await requestsIn(row.id)).toEqual([]);
  });

  it('moves to Missing Info only with an open request (422 otherwise, nothing changed, no e-mail)', async () => {
    const member = await signUp(app);
    await fillApplication(member);
    const submitted = await member.browser.post('/api/application/submit');
    const id: string = submitted.body.id;

    const refused = await setStatus(id, 'missing_info');
    expect(refused.status).toBe(422);
    expect(refused.body.error).toEqual({ code: 'open_request_needed', message: OPEN_REQUEST_NEEDED_MESSAGE });
    expect(await application(id)).toMatchObject({ status: 'submitted', reviewedAt: null });
    expect(await auditOf(id)).toEqual([]);
    await settleMailJobs(app);
    expect((await mailsTo(app.db, member.account.email)).filter((m) => m.subject === MISSING_INFO_SUBJECT)).toEqual([]);

    const asked = await create(id, { kind: 'document', documentType: 'paystubs', note });
    const [request] = asked.body.requests;
    const moved = await setStatus(id, 'missing_info');
    expect(moved.status).toBe(200);
    expect(moved.body.status).toBe('missing_info');
    const mail = await waitFor(async () => (await mailsTo(app.db, member.account.email)).find((m) => m.subject === MISSING_INFO_SUBJECT), {
      message: 'the missing-info e-mail',
    });
    expect(mail.text).toContain('Hi Grace,');

    // Withdrawn, the request no longer counts: moving there again from elsewhere is refused.
    await act(request.id, 'withdraw');
    expect((await application(id)).status).toBe('in_review');
    expect((await setStatus(id, 'missing_info')).status).toBe(422);
    // An approved application can take no request: Missing Info from there is refused too.
    expect((await setStatus(id, 'approved')).status).toBe(200);
    expect((await setStatus(id, 'missing_info')).body.error.code).toBe('open_request_needed');
  });

  it('withdraws an open request; the last open one of a Missing Info application moves it back to In Review, audited', async () => {
    const row = await insertApplication(app.db, { status: 'in_review' });
    const a = (await create(row.id, { kind: 'document', documentType: 'bankStatements', note })).body.requests[0].id;
    const b = (await create(row.id, { kind: 'correction', fields: ['personal.phone'], note })).body.requests[1].id;
    expect((await setStatus(row.id, 'missing_info')).status).toBe(200);

    const first = await act(a, 'withdraw');
    expect(first.status).toBe(200);
    expect(first.body.status).toBe('missing_info');
    expect(first.body.requests.map((r: { state: string }) => r.state)).toEqual(['withdrawn', 'open']);
    expect(first.body.requests[0].events.map((e: { action: string; by: string }) => [e.action, e.by])).toEqual([
      ['create', 'Ada Admin'],
      ['withdraw', 'Ada Admin'],
    ]);
    expect((await auditOf(a)).map((e) => [e.action, e.changes])).toEqual([
      ['create', expect.objectContaining({ kind: 'document' })],
      ['withdraw', { application: row.id, state: { from: 'open', to: 'withdrawn' } }],
    ]);

    const last = await act(b, 'withdraw');
    expect(last.body.status).toBe('in_review');
    const stored = await application(row.id);
    expect(stored.status).toBe('in_review');
    expect(stored.waitingSince).not.toBeNull();
    expect((await auditOf(row.id)).map((e) => [e.action, e.actorId, e.changes])).toEqual([
      ['update', admin.user.id, { status: { from: 'in_review', to: 'missing_info' } }],
      ['update', admin.user.id, { status: { from: 'missing_info', to: 'in_review' }, because: 'the last open request was withdrawn' }],
    ]);

    // Withdrawn is final; only an open request can be withdrawn, only an answered one accepted or reopened.
    for (const [action, message] of [
      ['withdraw', 'Only an open request can be withdrawn.'],
      ['accept', 'Only an answered request can be accepted.'],
      ['reopen', 'Only an answered request can be reopened.'],
    ] as const) {
      const reply = await act(a, action, { note: 'again' });
      expect(reply.status, action).toBe(409);
      expect(reply.body.error).toEqual({ code: 'request_state', message });
    }
    expect((await auditOf(a)).map((e) => e.action)).toEqual(['create', 'withdraw']);
  });

  it('accepts an answered request, and reopens one with a new note in its next round; Waiting for us follows the answers', async () => {
    const row = await insertApplication(app.db, { status: 'in_review' });
    const [pay, phone] = [
      (await create(row.id, { kind: 'document', documentType: 'paystubs', note })).body.requests[0].id,
      (await create(row.id, { kind: 'correction', fields: ['personal.phone'], note: 'A digit is missing.' })).body.requests[1].id,
    ];
    // A third stays open throughout, so the application can stay in Missing Info.
    await create(row.id, { kind: 'document', documentType: 'governmentId', note: 'The back side, please.' });
    await setStatus(row.id, 'missing_info');
    expect((await application(row.id)).waitingSince).toBeNull();

    // An open request cannot be accepted nor reopened.
    expect((await act(pay, 'accept')).status).toBe(409);
    expect((await act(pay, 'reopen', { note: 'again' })).status).toBe(409);

    const answeredAt = new Date(Date.now() - 60_000);
    await answer(pay, row.userId, answeredAt);
    await answer(phone, row.userId);
    // The status change with answered requests keeps 'Waiting for us' at the oldest answer.
    await setStatus(row.id, 'in_review');
    expect((await setStatus(row.id, 'missing_info')).status).toBe(200);
    expect((await application(row.id)).waitingSince).toEqual(answeredAt);

    const accepted = await act(pay, 'accept');
    expect(accepted.status).toBe(200);
    expect(accepted.body.requests[0]).toMatchObject({ state: 'accepted', round: 1 });
    expect((await application(row.id)).waitingSince).not.toEqual(answeredAt);

    const reopened = await act(phone, 'reopen', { note: ' Still one digit short: 555-01234? ' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.status).toBe('missing_info');
    expect(reopened.body.requests[1]).toMatchObject({ state: 'open', round: 2, note: 'Still one digit short: 555-01234?' });
    expect(reopened.body.requests[1].events.map((e: { action: string; note: string | null }) => [e.action, e.note])).toEqual([
      ['create', 'A digit is missing.'],
      ['answer', null],
      ['reopen', 'Still one digit short: 555-01234?'],
    ]);
    // Nothing answered remains: the buyer's turn.
    expect((await application(row.id)).waitingSince).toBeNull();
    expect((await auditOf(phone)).map((e) => [e.action, e.changes])).toEqual([
      ['create', expect.anything()],
      [
        'reopen',
        {
          application: row.id,
          state: { from: 'answered', to: 'open' },
          round: { from: 1, to: 2 },
          note: 'Still one digit short: 555-01234?',
        },
      ],
    ]);
    expect((await act(phone, 'reopen', { note: '' })).status).toBe(400);
  });

  it('freezes the requests of an approved or declined application (409 application_closed)', async () => {
    const row = await insertApplication(app.db, { status: 'in_review' });
    const open = (await create(row.id, { kind: 'document', documentType: 'governmentId', note })).body.requests[0].id;
    for (const status of ['approved', 'declined']) {
      await setStatus(row.id, status);
      const asked = await create(row.id, { kind: 'document', documentType: 'paystubs', note });
      expect(asked.status, status).toBe(409);
      expect(asked.body.error.code).toBe('application_closed');
      expect((await act(open, 'withdraw')).body.error.code).toBe('application_closed');
    }
    expect((await requestsIn(row.id)).map((r) => r.state)).toEqual(['open']);
  });

  it('answers 404 for an unknown or draft application and an unknown request, malformed ids included', async () => {
    const draft = await insertApplication(app.db, { status: 'draft' });
    for (const id of [randomUUID(), draft.id, 'not-a-uuid']) {
      const reply = await create(id, { kind: 'document', documentType: 'paystubs', note });
      expect(reply.status, id).toBe(404);
    }
    for (const id of [randomUUID(), 'not-a-uuid']) for (const action of ['withdraw', 'accept'] as const) expect((await act(id, action)).status).toBe(404);
    expect(await requestsIn(draft.id)).toEqual([]);
  });

  it('refuses every request route to the applicant, even on their own application, and to an admin without two-factor', async () => {
    const member = await signUp(app);
    await fillApplication(member);
    const id: string = (await member.browser.post('/api/application/submit')).body.id;
    const request = (await create(id, { kind: 'document', documentType: 'paystubs', note })).body.requests[0].id;
    const noTwoFactor = await signedInWithRole(app, 'admin');
    for (const browser of [member.browser, noTwoFactor.browser]) {
      const replies = [
        await browser.post(`/api/admin/applications/${id}/requests`, { kind: 'document', documentType: 'paystubs', note }),
        await browser.post(`/api/admin/requests/${request}/withdraw`),
        await browser.post(`/api/admin/requests/${request}/accept`),
        await browser.post(`/api/admin/requests/${request}/reopen`, { note }),
        await browser.get(`/api/admin/applications/${id}`),
      ];
      expect(replies.map((r) => r.status)).toEqual([403, 403, 403, 403, 403]);
    }
    expect((await requestsIn(id)).map((r) => [r.state, r.round])).toEqual([['open', 1]]);
  });

  it('starts Waiting for us at submission', async () => {
    const member = await signUp(app);
    await fillApplication(member);
    const id: string = (await member.browser.post('/api/application/submit')).body.id;
    const row = await application(id);
    expect(row.waitingSince).toEqual(row.submittedAt);
  });

  it('keeps requests and messages well-formed in the database itself', async () => {
    const row = await insertApplication(app.db);
    const base = { applicationId: row.id, note };
    const refused = async (values: Record<string, unknown>) => {
      const error = await app.db
        .insert(applicationRequests)
        .values({ ...base, ...values } as typeof applicationRequests.$inferInsert)
        .then(
          () => null,
          (e: unknown) => e,
        );
      return error !== null;
    };
    expect(await refused({ kind: 'document' })).toBe(true);
    expect(await refused({ kind: 'document', documentType: 'paystubs', fields: ['personal.phone'] })).toBe(true);
    expect(await refused({ kind: 'document', documentType: 'other' })).toBe(true);
    expect(await refused({ kind: 'document', documentType: 'paystubs', title: 'A title' })).toBe(true);
    expect(await refused({ kind: 'correction', fields: [] })).toBe(true);
    expect(await refused({ kind: 'correction', fields: ['personal.phone'], note: 'x'.repeat(1001) })).toBe(true);
    expect(await refused({ kind: 'correction', fields: ['personal.phone'], state: 'reopened' })).toBe(true);
    expect(await refused({ kind: 'correction', fields: ['personal.phone'] })).toBe(false);
    expect(await refused({ kind: 'document', documentType: 'other', title: 'Divorce decree' })).toBe(false);

    const message = (values: Record<string, unknown>) =>
      app.db
        .insert(applicationMessages)
        .values({ applicationId: row.id, senderSide: 'applicant', body: 'Hello', ...values } as typeof applicationMessages.$inferInsert)
        .then(
          () => true,
          () => false,
        );
    expect(await message({})).toBe(true);
    expect(await message({ body: '' })).toBe(false);
    expect(await message({ body: 'x'.repeat(5001) })).toBe(false);
    expect(await message({ deletedAt: new Date() })).toBe(false);
    expect(await message({ body: '', deletedAt: new Date() })).toBe(true);
    expect(await message({ senderSide: 'bot' })).toBe(false);
    const [{ n }] = await app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(applicationMessages)
      .where(and(eq(applicationMessages.applicationId, row.id)));
    expect(n).toBe(2);
  });
});
