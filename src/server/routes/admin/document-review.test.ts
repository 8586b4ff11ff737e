import { randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALREADY_ASKED_MESSAGE, REVIEW_REASON_NEEDED, SUPERSEDED_MESSAGE } from '../../../domain/application/document-review';
import { APPLICATION_CLOSED_MESSAGE } from '../../../domain/application/requests';
import { applicationRequests, auditLog, documents } from '../../platform/db/schema';
import { insertApplication } from '../../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { fillApplication, fixture, signUp, upload, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';

const pdf = (name: string) => ({ bytes: fixture('sample.pdf'), name, contentType: 'application/pdf' });
const reason = 'The statement is cut off at the bottom: please send all pages.';

interface ReviewDoc {
  id: string;
  type: string;
  originalName: string;
  url: string;
  replacesId: string | null;
  reviewState: string | null;
  reviewReason: string | null;
  reviewedBy: string | null;
  reviewedAt: string | null;
  supersededAt: string | null;
  versions: ReviewDoc[];
}

/**
 * Per-document review and versions (docs/product/back-office.md#document-review,
 * docs/product/application.md#document-review; docs/decisions/021-requests-and-messages.md):
 * Accepted or Needs attention with a reason that becomes a request in the same
 * transaction, audited; what the buyer sees; earlier versions listed and downloadable
 * by the reviewer; refusals.
 */
describe('admin document review and versions', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  const review = (documentId: string, body: unknown) => admin.browser.request('PUT', `/api/admin/documents/${documentId}/review`, body);
  const detail = async (applicationId: string) => (await admin.browser.get(`/api/admin/applications/${applicationId}`)).body as { documents: ReviewDoc[] };
  const docRow = async (id: string) => (await app.db.select().from(documents).where(eq(documents.id, id)))[0];
  const auditOf = (entityId: string) => app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id));
  const requestsOf = (applicationId: string) =>
    app.db.select().from(applicationRequests).where(eq(applicationRequests.applicationId, applicationId)).orderBy(asc(applicationRequests.createdAt));

  async function submitted(): Promise<Member & { applicationId: string }> {
    const member = await signUp(app);
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit', {});
    expect(reply.status).toBe(200);
    return { ...member, applicationId: reply.body.id };
  }
  const currentOf = async (applicationId: string, type: string) =>
    app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, applicationId), eq(documents.type, type as 'paystubs')))
      .orderBy(asc(documents.createdAt));
  /** A file row of an application written straight to the database (a draft's, a closed one's). */
  async function insertDocument(applicationId: string, userId: string) {
    const [row] = await app.db
      .insert(documents)
      .values({
        applicationId,
        userId,
        type: 'paystubs',
        storageKey: `documents/${applicationId}/${randomUUID()}`,
        originalName: 'stub.pdf',
        contentType: 'application/pdf',
        sizeBytes: 10,
      })
      .returning();
    return row;
  }

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('Needs attention writes the verdict and a request for that file in one go, audited; the buyer sees the reason, never who; Accepted later leaves the request', async () => {
    const member = await submitted();
    const [statement] = await currentOf(member.applicationId, 'bankStatements');

    const marked = await review(statement.id, { state: 'needs_attention', reason: `  ${reason} ` });
    expect(marked.status).toBe(200);
    const shown = (marked.body.documents as ReviewDoc[]).find((d) => d.id === statement.id)!;
    expect(shown).toMatchObject({ reviewState: 'needs_attention', reviewReason: reason, reviewedBy: 'Ada Admin', versions: [] });
    expect(shown.reviewedAt).not.toBeNull();
    // The request it raised: of the file's type, for that file, its note the reason; open.
    expect(marked.body.requests).toHaveLength(1);
    expect(marked.body.requests[0]).toMatchObject({
      kind: 'document',
      documentType: 'bankStatements',
      title: 'Bank Statements',
      documentId: statement.id,
      note: reason,
      state: 'open',
    });

    expect(await docRow(statement.id)).toMatchObject({ reviewState: 'needs_attention', reviewReason: reason, reviewedBy: admin.user.id });
    const [request] = await requestsOf(member.applicationId);
    expect(request).toMatchObject({ documentId: statement.id, note: reason, state: 'open', createdBy: admin.user.id });
    const reviewAudit = await auditOf(statement.id);
    expect(reviewAudit.at(-1)).toMatchObject({
      action: 'review',
      entityType: 'documents',
      actorId: admin.user.id,
      changes: { application: member.applicationId, type: 'bankStatements', state: { from: null, to: 'needs_attention' }, reason, request: request.id },
    });
    expect((await auditOf(request.id))[0]).toMatchObject({ action: 'create', entityType: 'requests', changes: { document: statement.id, note: reason } });

    // The buyer: the verdict and its reason on the file, the request on the To do list; no reviewer named anywhere.
    const view = await member.browser.get('/api/application');
    const mine = view.body.documents.find((d: { id: string }) => d.id === statement.id);
    expect(mine).toMatchObject({ reviewState: 'needs_attention', reviewReason: reason });
    expect(mine).not.toHaveProperty('reviewedBy');
    expect(JSON.stringify(view.body)).not.toContain(admin.user.id);
    const todo = await member.browser.get('/api/application/requests');
    expect(todo.body.requests).toEqual([expect.objectContaining({ id: request.id, documentId: statement.id, note: reason, state: 'open' })]);

    // Asking twice for the same file while its request is open is refused; nothing more is written.
    const twice = await review(statement.id, { state: 'needs_attention', reason: 'Another reason' });
    expect(twice.status).toBe(409);
    expect(twice.body.error).toEqual({ code: 'already_asked', message: ALREADY_ASKED_MESSAGE });
    expect(await requestsOf(member.applicationId)).toHaveLength(1);

    // Re-marking Accepted: the reason goes, the request it raised stays as it was.
    const accepted = await review(statement.id, { state: 'accepted' });
    expect(accepted.status).toBe(200);
    expect(await docRow(statement.id)).toMatchObject({ reviewState: 'accepted', reviewReason: null });
    expect((await requestsOf(member.applicationId)).map((r) => r.state)).toEqual(['open']);
    expect((await auditOf(statement.id)).at(-1)).toMatchObject({ action: 'review', changes: { state: { from: 'needs_attention', to: 'accepted' } } });
    const after = await member.browser.get('/api/application');
    expect(after.body.documents.find((d: { id: string }) => d.id === statement.id)).toMatchObject({ reviewState: 'accepted', reviewReason: null });
  });

  it('the answer to a file’s request is its new version: the reviewer sees both, downloads the earlier one, and accepts the new', async () => {
    const member = await submitted();
    const [stub] = await currentOf(member.applicationId, 'paystubs');
    const marked = await review(stub.id, { state: 'needs_attention', reason: 'This pay stub is from last year.' });
    const requestId: string = marked.body.requests[0].id;

    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(fixture('sample.pdf'))], { type: 'application/pdf' }), 'stub-march.pdf');
    const uploaded = await fetch(`${member.browser.baseUrl}/api/application/documents?type=paystubs&request=${requestId}`, {
      method: 'POST',
      headers: { origin: member.browser.origin, cookie: member.browser.cookieHeader },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const fresh = (await uploaded.json()) as { id: string; replacesId: string; reviewState: null };
    expect(fresh).toMatchObject({ replacesId: stub.id, reviewState: null });
    expect((await docRow(stub.id)).supersededAt).not.toBeNull();

    // The buyer lists the current file only.
    const view = await member.browser.get('/api/application');
    expect(view.body.documents.filter((d: { type: string }) => d.type === 'paystubs').map((d: { id: string }) => d.id)).toEqual([fresh.id]);

    // The reviewer: the new file, and under it the earlier version with when it was replaced and its old verdict.
    const record = await detail(member.applicationId);
    expect(record.documents.some((d) => d.id === stub.id)).toBe(false);
    const current = record.documents.find((d) => d.id === fresh.id)!;
    expect(current.versions).toHaveLength(1);
    expect(current.versions[0]).toMatchObject({ id: stub.id, originalName: 'paystubs.pdf', reviewState: 'needs_attention', url: `/api/documents/${stub.id}` });
    expect(current.versions[0].supersededAt).not.toBeNull();
    const download = await fetch(`${app.url}${current.versions[0].url}`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(download.status).toBe(200);
    expect(
      Buffer.from(await download.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect((await auditOf(stub.id)).at(-1)).toMatchObject({ action: 'download', actorId: admin.user.id });

    // An earlier version is not reviewed any more; the new one is.
    const old = await review(stub.id, { state: 'accepted' });
    expect(old.status).toBe(409);
    expect(old.body.error).toEqual({ code: 'document_superseded', message: SUPERSEDED_MESSAGE });
    const accepted = await review(fresh.id, { state: 'accepted' });
    expect(accepted.status).toBe(200);
    expect((accepted.body.documents as ReviewDoc[]).find((d) => d.id === fresh.id)).toMatchObject({ reviewState: 'accepted', versions: [{ id: stub.id }] });

    // A plain new version after that: three in the chain, newest first.
    expect((await upload(member.browser, 'paystubs', pdf('stub-april.pdf'))).status).toBe(201);
    const chain = (await detail(member.applicationId)).documents.find((d) => d.type === 'paystubs')!;
    expect([chain.originalName, ...chain.versions.map((v) => v.originalName)]).toEqual(['stub-april.pdf', 'stub-march.pdf', 'paystubs.pdf']);
  });

  it('lists several current files of a type for the buyer and the reviewer', async () => {
    const member = await submitted();
    const asked = await admin.browser.post(`/api/admin/applications/${member.applicationId}/requests`, {
      kind: 'document',
      documentType: 'bankStatements',
      note: 'The last three months, one file each.',
    });
    const requestId: string = asked.body.requests[0].id;
    for (const name of ['may.pdf', 'june.pdf']) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(fixture('sample.pdf'))], { type: 'application/pdf' }), name);
      const reply = await fetch(`${member.browser.baseUrl}/api/application/documents?type=bankStatements&request=${requestId}`, {
        method: 'POST',
        headers: { origin: member.browser.origin, cookie: member.browser.cookieHeader },
        body: form,
      });
      expect(reply.status).toBe(201);
    }
    const view = await member.browser.get('/api/application');
    expect(view.body.documents.filter((d: { type: string }) => d.type === 'bankStatements').map((d: { originalName: string }) => d.originalName)).toEqual([
      'bankStatements.pdf',
      'may.pdf',
      'june.pdf',
    ]);
    const record = await detail(member.applicationId);
    expect(record.documents.filter((d) => d.type === 'bankStatements').map((d) => d.originalName)).toEqual(['bankStatements.pdf', 'may.pdf', 'june.pdf']);
  });

  it('refuses a missing or empty reason with the field message, and an unknown state; nothing is written', async () => {
    const member = await submitted();
    const [id] = await currentOf(member.applicationId, 'governmentId');
    const cases: [unknown, string, string | RegExp][] = [
      [{ state: 'needs_attention' }, 'reason', REVIEW_REASON_NEEDED],
      [{ state: 'needs_attention', reason: '   ' }, 'reason', REVIEW_REASON_NEEDED],
      [{ state: 'needs_attention', reason: 'x'.repeat(1001) }, 'reason', /1,000 characters/],
      [{ state: 'rejected' }, 'state', /Accepted or Needs attention/],
      [{}, 'state', /Accepted or Needs attention/],
    ];
    for (const [body, field, message] of cases) {
      const reply = await review(id.id, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(reply.body.error.fields[field], JSON.stringify(body)).toMatch(message);
    }
    expect(await docRow(id.id)).toMatchObject({ reviewState: null, reviewedAt: null });
    expect(await requestsOf(member.applicationId)).toEqual([]);
  });

  it('answers 409 application_closed once approved or declined, 404 for a draft’s file or an unknown one', async () => {
    for (const status of ['approved', 'declined'] as const) {
      const closed = await insertApplication(app.db, { status });
      const file = await insertDocument(closed.id, closed.userId);
      const reply = await review(file.id, { state: 'needs_attention', reason });
      expect(reply.status).toBe(409);
      expect(reply.body.error).toEqual({ code: 'application_closed', message: APPLICATION_CLOSED_MESSAGE });
      expect(await docRow(file.id)).toMatchObject({ reviewState: null });
      expect(await requestsOf(closed.id)).toEqual([]);
    }
    const draft = await insertApplication(app.db, { status: 'draft' });
    const draftFile = await insertDocument(draft.id, draft.userId);
    expect((await review(draftFile.id, { state: 'accepted' })).status).toBe(404);
    expect(await docRow(draftFile.id)).toMatchObject({ reviewState: null });
    const unknown = await review(randomUUID(), { state: 'accepted' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe('not_found');
  });

  it('writes nothing when a part of the change fails: verdict, request and audit entries are one transaction', async () => {
    const member = await submitted();
    const [file] = await currentOf(member.applicationId, 'governmentId');
    // A trigger is the owner's to add (the app serves as a role that may not).
    await app.server.database.asOwner(async (owner) => {
      await owner.execute(sql`CREATE FUNCTION test_refuse_review() RETURNS trigger AS $$
        BEGIN IF NEW.action = 'review' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`);
      await owner.execute(sql`CREATE TRIGGER test_refuse_review BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION test_refuse_review()`);
    });
    try {
      const reply = await review(file.id, { state: 'needs_attention', reason });
      expect(reply.status).toBe(500);
    } finally {
      await app.server.database.asOwner(async (owner) => {
        await owner.execute(sql`DROP TRIGGER test_refuse_review ON audit_log`);
        await owner.execute(sql`DROP FUNCTION test_refuse_review()`);
      });
    }
    expect(await docRow(file.id)).toMatchObject({ reviewState: null, reviewReason: null, reviewedBy: null });
    expect(await requestsOf(member.applicationId)).toEqual([]);
    expect((await auditOf(file.id)).filter((a) => a.action === 'review')).toEqual([]);
  });

  it('is for two-factor admins only: 401 signed out, 403 for a homeowner, and the owner cannot review their own file', async () => {
    const member = await submitted();
    const [file] = await currentOf(member.applicationId, 'governmentId');
    const anonymous = await fetch(`${app.url}/api/admin/documents/${file.id}/review`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: app.config.APP_URL },
      body: JSON.stringify({ state: 'accepted' }),
    });
    expect(anonymous.status).toBe(401);
    const homeowner = await signedInWithRole(app, 'homeowner');
    expect((await homeowner.browser.request('PUT', `/api/admin/documents/${file.id}/review`, { state: 'accepted' })).status).toBe(403);
    expect((await member.browser.request('PUT', `/api/admin/documents/${file.id}/review`, { state: 'accepted' })).status).toBe(403);
    expect(await docRow(file.id)).toMatchObject({ reviewState: null });
  });
});
