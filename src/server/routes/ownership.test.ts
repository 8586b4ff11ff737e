import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { TOTP, URI } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, documents, users } from '../platform/db/schema';
import { signedInAdmin } from '../test/admin-client';
import { AUTH_TEST_ENV, TestBrowser } from '../test/auth-client';
import { fixture, signUp, upload, type Member } from '../test/application-client';
import { startTestServer, type TestServer } from '../test/harness';

describe("another user's application and documents", () => {
  let app: TestServer;
  let owner: Member;
  let other: Member;
  let documentId: string;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    owner = await signUp(app);
    other = await signUp(app);
    await owner.browser.request('PUT', '/api/application', { personal: { firstName: 'Owner', ssnLast4: '1111' } });
    documentId = (await upload(owner.browser, 'governmentId', { bytes: fixture('sample.pdf'), name: 'owner-id.pdf' })).body.id;
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 404 to every route given the other user's document id, and changes nothing", async () => {
    const download = await other.browser.get(`/api/documents/${documentId}`);
    expect(download.status).toBe(404);
    expect(download.body.error.code).toBe('not_found');
    const remove = await other.browser.request('DELETE', `/api/documents/${documentId}`);
    expect(remove.status).toBe(404);
    expect(await app.db.select().from(documents).where(eq(documents.id, documentId))).toHaveLength(1);
    // The same answer as an id that does not exist, or is not an id at all.
    expect((await other.browser.get('/api/documents/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await other.browser.get('/api/documents/not-a-uuid')).status).toBe(404);
    expect((await owner.browser.get(`/api/documents/${documentId}`)).status).toBe(200);
  });

  it("never shows or changes the other user's application through the user's own routes", async () => {
    const mine = await other.browser.get('/api/application');
    expect(mine.body).toMatchObject({ id: null, documents: [], sensitive: { ssnLast4: null } });
    expect(JSON.stringify(mine.body)).not.toContain('Owner');
    await other.browser.request('PUT', '/api/application', { personal: { firstName: 'Other' } });
    await upload(other.browser, 'governmentId', { bytes: fixture('sample.png'), name: 'other.png' });
    const theirs = await owner.browser.get('/api/application');
    expect(theirs.body.draft.personal.firstName).toBe('Owner');
    expect(theirs.body.documents.map((d: { id: string }) => d.id)).toEqual([documentId]);
    const status = await other.browser.get('/api/me/status');
    expect(status.body.application.id).not.toBe(theirs.body.id);
  });

  it('lets an admin with two-factor read any document; an admin without it gets 404 like anyone else', async () => {
    const admin = await signUp(app);
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    expect((await admin.browser.get(`/api/documents/${documentId}`)).status).toBe(404);

    const enabled = await admin.browser.post('/api/auth/two-factor/enable', { password: admin.account.password });
    const totp = URI.parse(enabled.body.totpURI) as TOTP;
    expect((await admin.browser.post('/api/auth/two-factor/verify-totp', { code: totp.generate() })).status).toBe(200);
    const read = await admin.browser.get(`/api/documents/${documentId}`);
    expect(read.status).toBe(200);
    expect(read.headers.get('content-disposition')).toContain('owner-id.pdf');
    // Reading is not deleting: only the owner removes a document.
    expect((await admin.browser.request('DELETE', `/api/documents/${documentId}`)).status).toBe(404);
  });

  it("answers 404 to an admin session that did not pass the second factor, like to anyone else's (the admin area's own rule)", async () => {
    // The account has two-factor, this session never passed it (a password sign-in racing enrolment): auth/guards.ts isAdmin says no.
    const { user } = await signedInAdmin(app);
    const ctx = await app.server.auth.$context;
    const raced = await ctx.internalAdapter.createSession(user.id);
    const signature = createHmac('sha256', ctx.secret).update(raced.token).digest('base64');
    const session = new TestBrowser(app.url, app.config.APP_URL);
    session.cookies.set(ctx.authCookies.sessionToken.name, encodeURIComponent(`${raced.token}.${signature}`));
    expect((await session.get('/api/me')).body).toMatchObject({ role: 'admin', twoFactorEnabled: true });
    expect((await session.get('/api/admin/ping')).body.error.code).toBe('two_factor_required');
    const download = await session.get(`/api/documents/${documentId}`);
    expect(download.status).toBe(404);
    expect(download.body.error.code).toBe('not_found');
    expect(
      await app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, documentId), eq(auditLog.actorId, user.id))),
    ).toEqual([]);
  });

  it('answers 401 to a visitor without a session', async () => {
    const anonymous = new TestBrowser(app.url, app.config.APP_URL);
    expect((await anonymous.get(`/api/documents/${documentId}`)).status).toBe(401);
    expect((await anonymous.request('DELETE', `/api/documents/${documentId}`)).status).toBe(401);
    expect((await upload(anonymous, 'governmentId', { bytes: fixture('sample.png'), name: 'x.png' })).status).toBe(401);
  });
});
