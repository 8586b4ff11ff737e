import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../platform/db/client';
import { verifyLedgerFile } from '../../domain/ledger';
import { runCharges } from '../modules/homes/charges';
import { runStatements } from '../modules/homes/statements';
import {
  accounts,
  applicationRequests,
  applications,
  documents,
  homes,
  homeValuations,
  mailOutbox,
  sessions,
  twoFactors,
  users,
  waitlistEntries,
} from '../platform/db/schema';
import { insertTestHome } from '../test/home-fixtures';
import { AUTH_TEST_ENV, mailsTo, TestBrowser } from '../test/auth-client';
import { fillApplication, fixture, signUp, storedFiles, upload } from '../test/application-client';
import { postJson, startTestServer, waitFor, waitlistSubmission, type TestServer } from '../test/harness';

describe("the user's own data: status, export, deletion", () => {
  let app: TestServer;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('follows the dashboard status from no application to draft, submitted, approved and has a home', async () => {
    const member = await signUp(app);
    const status = async () => (await member.browser.get('/api/me/status')).body;
    expect(await status()).toEqual({
      dashboardStatus: 'no_application',
      hasHome: false,
      hasSubmittedApplication: false,
      isApproved: false,
      role: 'guest',
      emailVerified: true,
      application: null,
      preApproval: null,
    });
    await member.browser.request('PUT', '/api/application', { personal: { firstName: 'Ada' } });
    expect(await status()).toMatchObject({ dashboardStatus: 'draft', application: { status: 'draft', submittedAt: null } });
    await fillApplication(member);
    await member.browser.post('/api/application/submit');
    const submitted = await status();
    expect(submitted).toMatchObject({ dashboardStatus: 'submitted', hasSubmittedApplication: true, role: 'applicant', application: { status: 'submitted' } });
    expect(Date.parse(submitted.application.submittedAt)).not.toBeNaN();
    await app.db.update(applications).set({ status: 'in_review' }).where(eq(applications.userId, member.userId));
    expect((await status()).dashboardStatus).toBe('submitted');
    await app.db.update(applications).set({ status: 'approved' }).where(eq(applications.userId, member.userId));
    expect(await status()).toMatchObject({ dashboardStatus: 'approved', isApproved: true, hasHome: false });
    await app.db.update(users).set({ role: 'homeowner' }).where(eq(users.id, member.userId));
    expect(await status()).toMatchObject({ dashboardStatus: 'has_home', hasHome: true });
  });

  it('exports everything stored about the user as a JSON file, SSN and birth date masked, no secrets', async () => {
    const member = await signUp(app);
    const email = member.account.email.toLowerCase();
    await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email, firstName: 'Waiting' }));
    await member.browser.request('PUT', '/api/application', { personal: { firstName: 'Ada', ssnLast4: '2468', dateOfBirth: '1988-03-04' } });
    await upload(member.browser, 'paystubs', { bytes: fixture('sample.pdf'), name: 'stub.pdf' });
    // What a reviewer asked of them, and a decline's reason, are theirs too (written here directly; the routes are tested elsewhere).
    const [{ id: applicationId }] = await app.db.select({ id: applications.id }).from(applications).where(eq(applications.userId, member.userId));
    await app.db.insert(applicationRequests).values({ applicationId, kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.' });
    await app.db.update(applications).set({ declineReason: 'The income does not cover the payments.' }).where(eq(applications.id, applicationId));

    const response = await fetch(`${app.url}/api/me/export`, { headers: { cookie: member.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="ownstead-my-data-\d{4}-\d{2}-\d{2}\.json"$/);
    const text = await response.text();
    const data = JSON.parse(text);
    expect(data.profile).toMatchObject({ id: member.userId, email, firstName: 'Grace', lastName: 'Hopper', role: 'guest' });
    expect(data.waitlistEntry).toMatchObject({ email, firstName: 'Waiting', intendedState: 'Texas' });
    expect(data.applications).toHaveLength(1);
    expect(data.applications[0]).toMatchObject({
      status: 'draft',
      draft: { personal: { firstName: 'Ada' } },
      sensitive: { ssnLast4: '•••• 2468', dateOfBirth: '••/••/1988' },
    });
    expect(data.applications[0].declineReason).toBe('The income does not cover the payments.');
    expect(data.requests).toEqual([
      expect.objectContaining({ applicationId, kind: 'document', documentType: 'paystubs', note: 'Your latest pay stub, please.', state: 'open', round: 1 }),
    ]);
    expect(data.documents).toEqual([expect.objectContaining({ type: 'paystubs', originalName: 'stub.pdf', contentType: 'application/pdf' })]);
    expect(data.signInMethods).toEqual([expect.objectContaining({ provider: 'credential' })]);
    expect(data.sessions.length).toBeGreaterThanOrEqual(1);
    expect(data.emails.map((m: { subject: string }) => m.subject)).toEqual(expect.arrayContaining([expect.stringContaining('Confirm your email')]));
    const [{ storageKey }] = await app.db.select().from(documents).where(eq(documents.userId, member.userId));
    for (const secret of ['1988-03-04', member.account.password, 'storageKey', storageKey, '"token"']) expect(text).not.toContain(secret);
    const [{ password }] = await app.db.select({ password: accounts.password }).from(accounts).where(eq(accounts.userId, member.userId));
    expect(text).not.toContain(password!);
  });

  it('refuses deletion with a wrong or missing password and keeps everything', async () => {
    const member = await signUp(app);
    const wrong = await member.browser.request('DELETE', '/api/me', { password: 'not-my-password' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('invalid_password');
    expect((await member.browser.request('DELETE', '/api/me', {})).status).toBe(400);
    const notJson = await fetch(`${app.url}/api/me`, {
      method: 'DELETE',
      headers: { cookie: member.browser.cookieHeader, origin: app.config.APP_URL, 'content-type': 'application/json' },
      body: '{"password": ',
    });
    expect(notJson.status).toBe(400);
    expect((await notJson.json()).error.code).toBe('invalid_json');
    expect((await member.browser.get('/api/me')).status).toBe(200);
  });

  it('deletes the account with its password: no rows, no files, signed out everywhere', async () => {
    const member = await signUp(app);
    const email = member.account.email.toLowerCase();
    await postJson(`${app.url}/api/waitlist`, waitlistSubmission({ email }));
    await fillApplication(member);
    await member.browser.post('/api/application/submit');
    await upload(member.browser, 'taxReturns', { bytes: fixture('sample.png'), name: 'tax.png' });
    const keys = (await app.db.select().from(documents).where(eq(documents.userId, member.userId))).map((d) => d.storageKey);
    expect(keys).toHaveLength(4);
    const secondDevice = new TestBrowser(app.url, app.config.APP_URL);
    await secondDevice.post('/api/auth/sign-in/email', { email, password: member.account.password });
    const filesBefore = storedFiles(app);

    const reply = await member.browser.request('DELETE', '/api/me', { password: member.account.password });
    expect(reply).toMatchObject({ status: 200, body: { ok: true } });
    expect(reply.headers.getSetCookie().some((c) => /session_token=;/.test(c) || /session_token=.*Max-Age=0/i.test(c))).toBe(true);

    for (const table of [users, sessions, accounts, twoFactors, applications, documents] as const) {
      const column = 'userId' in table ? table.userId : table.id;
      expect(await app.db.select().from(table).where(eq(column, member.userId)), 'rows left').toEqual([]);
    }
    expect(await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email))).toEqual([]);
    // No mail kept for the address but the confirmation of the deletion, which comes after it (docs/product/privacy.md#account-deletion).
    expect(
      await app.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.to, email), ne(mailOutbox.subject, 'Your Ownstead account has been deleted'))),
    ).toEqual([]);
    const goodbye = await waitFor(async () => (await mailsTo(app.db, email)).find((m) => m.subject === 'Your Ownstead account has been deleted'), {
      message: 'the confirmation of the deletion',
    });
    expect(goodbye.text).toContain('your home application, every document you uploaded, your waitlist entry');
    const [{ n }] = await queryRows<{ n: number }>(
      app.db,
      sql`SELECT count(*)::int AS n FROM applications a JOIN documents d ON d.application_id = a.id WHERE a.user_id = ${member.userId}`,
    );
    expect(n).toBe(0);
    for (const key of keys) expect(await app.server.storage.exists(key)).toBe(false);
    expect(storedFiles(app).length).toBe(filesBefore.length - 4);

    expect((await member.browser.get('/api/me')).status).toBe(401);
    expect((await secondDevice.get('/api/me')).status).toBe(401);
    const signIn = await new TestBrowser(app.url, app.config.APP_URL).post('/api/auth/sign-in/email', { email, password: member.account.password });
    expect(signIn.status).toBe(401);
  });

  it('keeps a homeowner’s account, with a plain answer, because their home’s records must be kept', async () => {
    const member = await signUp(app);
    const { homeId } = await insertTestHome(app.db);
    await app.db.update(homes).set({ userId: member.userId }).where(eq(homes.id, homeId));
    const reply = await member.browser.request('DELETE', '/api/me', { password: member.account.password });
    expect(reply.status).toBe(409);
    expect(reply.body.error).toMatchObject({
      code: 'has_home',
      message:
        'Your account holds your home’s agreement and payment records, which we must keep, so it cannot be deleted here. Write to us from Chat and we’ll help.',
    });
    expect((await member.browser.get('/api/me')).status).toBe(200);
    expect(await app.db.select({ id: users.id }).from(users).where(eq(users.id, member.userId))).toHaveLength(1);
  });

  it('exports a homeowner’s home: the agreement, terms, the ledger with its hashes, notices, changes and valuations', async () => {
    const member = await signUp(app);
    const { homeId } = await insertTestHome(app.db, { purchaseDate: '2025-01-15' });
    await app.db.update(homes).set({ userId: member.userId }).where(eq(homes.id, homeId));
    await app.db.update(users).set({ role: 'homeowner' }).where(eq(users.id, member.userId));
    await runCharges(app.db, { today: '2025-03-05' });
    // The month's statement run, without mail: February's statement (and January's it missed).
    await runStatements(
      { db: app.db, storage: app.server.storage, logger: app.server.logger, brand: { name: 'Ownstead' } },
      { today: '2025-03-05', mail: false },
    );
    await app.db.insert(homeValuations).values({ homeId, valueCents: 43_000_000, valuedOn: '2025-02-20', source: 'appraisal' });
    const notice = await member.browser.post('/api/me/home/notices', { kind: 'cash_out', requestedDate: '2030-01-02', note: 'Moving closer to family.' });
    expect(notice.status, JSON.stringify(notice.body)).toBe(201);

    const exported = (await member.browser.get('/api/me/export')).body;
    expect(exported.homes).toHaveLength(1);
    const [home] = exported.homes;
    expect(home).toMatchObject({ id: homeId, state: 'active', purchaseDate: '2025-01-15', terms: [expect.objectContaining({ fromMonth: 1 })] });
    expect(home.ledger.map((e: { kind: string; month: number }) => [e.kind, e.month])).toEqual([
      ['charge', 1],
      ['charge', 2],
    ]);
    // The file a homeowner can verify: the same chain the ledger download carries.
    expect(await verifyLedgerFile({ homeId, entries: home.ledger })).toMatchObject({ ok: true, count: 2 });
    expect(home.valuations).toEqual([{ valueCents: 43_000_000, valuedOn: '2025-02-20', source: 'appraisal' }]);
    expect(home.notices).toEqual([expect.objectContaining({ kind: 'cash_out', requestedDate: '2030-01-02', note: 'Moving closer to family.', state: 'sent' })]);
    expect(home.paymentChanges).toEqual([]);
    expect(home.statements).toEqual([
      { period: '2025-01', issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
      { period: '2025-02', issuedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) },
    ]);
    // No staff member's id rides along, but in the ledger's hashed entries, as the ledger download has them.
    expect(JSON.stringify({ ...home, ledger: [] })).not.toMatch(/createdBy|recordedBy|stateChangedBy|decidedBy|requestedBy/);

    // Someone without a home exports an empty list.
    expect((await (await signUp(app)).browser.get('/api/me/export')).body.homes).toEqual([]);
  });

  it('keeps the only admin from deleting themself', async () => {
    const member = await signUp(app);
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, member.userId));
    const reply = await member.browser.request('DELETE', '/api/me', { password: member.account.password });
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('last_admin');
  });
});
