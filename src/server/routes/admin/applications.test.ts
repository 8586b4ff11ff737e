import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEARCH_PAGES_AHEAD } from '../../../domain/admin/lists';
import { DEFAULT_SETTINGS } from '../../../domain/admin/settings';
import { forgetCachedSettings } from '../../platform/settings/settings-store';
import { applications, auditLog, documents, settings, users } from '../../platform/db/schema';
import { insertApplication, daysAgo, statusBody } from '../../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { fillApplication, signUp, type Member } from '../../test/application-client';
import { AUTH_TEST_ENV, linkIn, mailsTo, TestBrowser } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { runMailJobsNow, settleMailJobs } from '../../test/mail-jobs';

const STATUS_SUBJECTS = [
  'Your home application is in our review queue',
  'Your home application is being reviewed',
  'Your home application is approved',
  'An update on your home application',
  'We need a little more information for your application',
];

/** A text no other row of this file contains (and not hex, so it is never read as an id). */
let counter = 0;
const uniqueTag = () => `zq${Date.now().toString(36)}${(counter += 1)}x`;

describe('admin applications: list, search, export, review, status, notes', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  const list = (query: Record<string, string | number>) =>
    admin.browser.get(`/api/admin/applications?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`);
  const ids = (reply: { body: { items: { id: string }[] } }) => reply.body.items.map((item) => item.id);
  const auditOf = (entityId: string) => app.db.select().from(auditLog).where(eq(auditLog.entityId, entityId)).orderBy(asc(auditLog.id));
  const statusMails = async (email: string) => (await mailsTo(app.db, email)).filter((m) => STATUS_SUBJECTS.includes(m.subject));

  /** A user who signed up, filled in everything, uploaded the three documents and submitted. */
  async function submittedApplicant(): Promise<Member & { applicationId: string }> {
    const member = await signUp(app);
    await fillApplication(member);
    const reply = await member.browser.post('/api/application/submit');
    expect(reply.status).toBe(200);
    return { ...member, applicationId: reply.body.id };
  }

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists submitted applications newest first, page by page, and never a draft', async () => {
    const tag = uniqueTag();
    const ann = await insertApplication(app.db, { firstName: 'Ann', lastName: tag, submittedAt: daysAgo(3), propertyValue: 350000 });
    const bob = await insertApplication(app.db, { firstName: 'Bob', lastName: tag, submittedAt: daysAgo(2), status: 'in_review', assignee: 'Sam Reviewer' });
    const cy = await insertApplication(app.db, { firstName: 'Cy', lastName: tag, submittedAt: daysAgo(1), status: 'approved' });
    const draft = await insertApplication(app.db, { firstName: 'Dee', lastName: tag, status: 'draft' });

    const first = await list({ q: tag, pageSize: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 3, totalCapped: false });
    expect(ids(first)).toEqual([cy.id, bob.id]);
    expect(first.body.items[1]).toEqual({
      id: bob.id,
      submittedAt: bob.submittedAt!.toISOString(),
      firstName: 'Bob',
      lastName: tag,
      email: bob.email,
      propertyValue: null,
      status: 'in_review',
      assignee: 'Sam Reviewer',
      // Written straight to the database without it: not in 'Waiting for us' (docs/product/back-office.md#waiting-for-us).
      waitingSince: null,
      // No conversation yet: nothing unread (docs/product/application.md#conversation).
      unread: 0,
    });
    const second = await list({ q: tag, pageSize: 2, page: 2 });
    expect(ids(second)).toEqual([ann.id]);
    expect(second.body.items[0].propertyValue).toBe(350000);

    const all = await list({ pageSize: 100 });
    expect(all.body.items.length).toBeGreaterThanOrEqual(3);
    expect(all.body.items.every((item: { status: string }) => item.status !== 'draft')).toBe(true);
    expect(ids(all)).not.toContain(draft.id);
    expect((await list({ q: draft.id })).body.total).toBe(0);
  });

  it('gives the exact total of the whole list and of a status, which follows every insert and status change', async () => {
    const exact = async (status?: string) => {
      const [row] = await app.db
        .execute<{ n: string | number }>(
          status ? sql`select count(*) as n from applications where status = ${status}` : sql`select count(*) as n from applications where status <> 'draft'`,
        )
        .then((r) => (r as unknown as { rows: { n: string | number }[] }).rows);
      return Number(row.n);
    };
    const totals = async () => ({ all: (await list({})).body, approved: (await list({ status: 'approved' })).body });
    const before = await totals();
    expect(before.all).toMatchObject({ total: await exact(), totalCapped: false });
    expect(before.approved).toMatchObject({ total: await exact('approved'), totalCapped: false });

    const row = await insertApplication(app.db, { lastName: uniqueTag(), status: 'in_review', submittedAt: daysAgo(1) });
    await insertApplication(app.db, { lastName: uniqueTag(), status: 'draft' });
    await app.db.update(applications).set({ status: 'approved' }).where(eq(applications.id, row.id));
    const after = await totals();
    expect(after.all.total).toBe(before.all.total + 1);
    expect(after.approved.total).toBe(before.approved.total + 1);
    expect(after.all.total).toBe(await exact());
    // Past the last page: no rows, still the total.
    expect((await list({ page: 99_999 })).body).toMatchObject({ items: [], total: await exact(), totalCapped: false });
    expect((await list({ page: 99_999, status: 'approved' })).body).toMatchObject({ items: [], total: await exact('approved') });
  });

  it('searches by any part of the name, by e-mail and by the start of the id or the whole id', async () => {
    const tag = uniqueTag();
    const row = await insertApplication(app.db, { firstName: 'Marguerite', lastName: `${tag}son`, email: `m.${tag}@Example.org` });
    await insertApplication(app.db, { firstName: 'Other', lastName: `${tag}berg`, email: `o.${tag}@example.org` });

    expect(ids(await list({ q: `${tag}so` }))).toEqual([row.id]);
    expect(ids(await list({ q: `guerite ${tag}` }))).toEqual([row.id]);
    expect(ids(await list({ q: `M.${tag}@EXAMPLE` }))).toEqual([row.id]);
    expect((await list({ q: tag })).body.total).toBe(2);
    expect(ids(await list({ q: row.id.slice(0, 8) }))).toContain(row.id);
    expect(ids(await list({ q: row.id.toUpperCase() }))).toEqual([row.id]);
    // The user's % and _ are taken literally.
    expect((await list({ q: `${tag}%` })).body.total).toBe(0);
    expect((await list({ q: `m_${tag}` })).body.total).toBe(0);
  });

  it('while searching, counts the matches a few pages past the one shown, and pages through every match once in order', async () => {
    const tag = uniqueTag();
    // Thirty matches, two submitted at the same moment on each day: the id breaks the tie.
    const rows = [];
    for (let day = 0; day < 15; day += 1) {
      for (const first of ['Ann', 'Bo'])
        rows.push(await insertApplication(app.db, { firstName: first, lastName: tag, submittedAt: daysAgo(day + 1, Date.UTC(2025, 0, 31)) }));
    }
    await insertApplication(app.db, { lastName: tag, status: 'draft' });
    const newestFirst = rows
      .map((r) => ({ id: r.id, at: r.submittedAt!.getTime() }))
      .sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
      .map((r) => r.id);

    const ahead = SEARCH_PAGES_AHEAD;
    const first = await list({ q: tag, pageSize: 2 });
    expect(first.body).toMatchObject({ page: 1, total: 2 * (1 + ahead), totalCapped: true }); // 'Page 1 of 2+'
    const seen: string[] = [];
    for (let page = 1; page <= 15; page += 1) {
      const reply = await list({ q: tag, pageSize: 2, page });
      expect(reply.status).toBe(200);
      seen.push(...ids(reply));
      // Capped while 30 matches reach past the pages counted; exact once the count reaches the last match.
      const capped = 2 * (page + ahead) < 30;
      expect(reply.body.totalCapped, `page ${page}`).toBe(capped);
      expect(reply.body.total, `page ${page}`).toBe(capped ? 2 * (page + ahead) : 30);
    }
    expect(seen).toEqual(newestFirst);
    // Past the last match: no rows, and still the count.
    expect((await list({ q: tag, pageSize: 2, page: 16 })).body).toMatchObject({ items: [], total: 30, totalCapped: false });
    expect((await list({ q: tag, pageSize: 2, page: 40 })).body).toMatchObject({ items: [], total: 30, totalCapped: false });
    // Oldest first reads the same walk backwards.
    expect(ids(await list({ q: tag, pageSize: 3, dir: 'asc' }))).toEqual(newestFirst.slice(-3).reverse());
  });

  it('filters by status and by the submitted date range (both ends inclusive)', async () => {
    const tag = uniqueTag();
    const at = (iso: string) => new Date(iso);
    const submitted = await insertApplication(app.db, { lastName: tag, status: 'submitted', submittedAt: at('2024-01-10T12:00:00Z') });
    const inReview = await insertApplication(app.db, { lastName: tag, status: 'in_review', submittedAt: at('2024-01-20T12:00:00Z') });
    const approved = await insertApplication(app.db, { lastName: tag, status: 'approved', submittedAt: at('2024-02-05T23:30:00Z') });
    const declined = await insertApplication(app.db, { lastName: tag, status: 'declined', submittedAt: at('2024-02-06T00:30:00Z') });
    const missing = await insertApplication(app.db, { lastName: tag, status: 'missing_info', submittedAt: at('2024-03-01T00:00:00Z') });

    for (const [status, row] of [
      ['submitted', submitted],
      ['in_review', inReview],
      ['approved', approved],
      ['declined', declined],
      ['missing_info', missing],
    ] as const) {
      expect(ids(await list({ q: tag, status })), status).toEqual([row.id]);
    }
    expect((await list({ q: tag, status: 'all' })).body.total).toBe(5);
    expect(ids(await list({ q: tag, from: '2024-01-15', to: '2024-02-05' }))).toEqual([approved.id, inReview.id]);
    expect(ids(await list({ q: tag, from: '2024-02-06' }))).toEqual([missing.id, declined.id]);
    expect(ids(await list({ q: tag, to: '2024-01-10', dir: 'asc' }))).toEqual([submitted.id]);
  });

  it('sorts by name, e-mail, property value, status and assignee, either way, empty values last', async () => {
    const tag = uniqueTag();
    const young = await insertApplication(app.db, {
      firstName: 'Yara',
      lastName: 'Young',
      email: `c.${tag}@example.com`,
      propertyValue: 300000,
      status: 'submitted',
      assignee: 'Bea',
      submittedAt: daysAgo(3),
    });
    const adams = await insertApplication(app.db, {
      firstName: 'Abe',
      lastName: 'Adams',
      email: `a.${tag}@example.com`,
      propertyValue: null,
      status: 'approved',
      assignee: null,
      submittedAt: daysAgo(2),
    });
    const miller = await insertApplication(app.db, {
      firstName: 'Mia',
      lastName: 'Miller',
      email: `b.${tag}@example.com`,
      propertyValue: 500000,
      status: 'in_review',
      assignee: 'Al',
      submittedAt: daysAgo(1),
    });
    const sorted = async (sort: string, dir: string) => ids(await list({ q: tag, sort, dir }));

    expect(await sorted('name', 'asc')).toEqual([adams.id, miller.id, young.id]);
    expect(await sorted('name', 'desc')).toEqual([young.id, miller.id, adams.id]);
    expect(await sorted('email', 'asc')).toEqual([adams.id, miller.id, young.id]);
    expect(await sorted('property_value', 'desc')).toEqual([miller.id, young.id, adams.id]);
    expect(await sorted('property_value', 'asc')).toEqual([young.id, miller.id, adams.id]);
    expect(await sorted('status', 'asc')).toEqual([adams.id, miller.id, young.id]);
    expect(await sorted('assignee', 'asc')).toEqual([miller.id, young.id, adams.id]);
    expect(await sorted('submitted_at', 'asc')).toEqual([young.id, adams.id, miller.id]);
  });

  it('answers 400 with field messages to bad list parameters', async () => {
    const bad: [Record<string, string | number>, string][] = [
      [{ page: 0 }, 'page'],
      [{ page: 'two' }, 'page'],
      [{ pageSize: 1000 }, 'pageSize'],
      [{ sort: 'ssn_last4' }, 'sort'],
      [{ dir: 'up' }, 'dir'],
      [{ status: 'draft' }, 'status'],
      [{ from: '07/03/2025' }, 'from'],
      [{ from: '2025-02-30' }, 'from'],
      [{ to: '2025-13-01' }, 'to'],
      [{ from: '2025-03-02', to: '2025-03-01' }, 'to'],
      [{ q: 'x'.repeat(101) }, 'q'],
    ];
    for (const [query, field] of bad) {
      const reply = await list(query);
      expect(reply.status, JSON.stringify(query)).toBe(400);
      expect(reply.body.error.code).toBe('validation_failed');
      expect(Object.keys(reply.body.error.fields), JSON.stringify(query)).toContain(field);
    }
    expect((await admin.browser.get('/api/admin/applications/export?sort=nope')).status).toBe(400);
  });

  it('shows the review dialog: every answer, the date of birth in full, the SSN digits masked, the consent and certification times, the documents', async () => {
    const member = await submittedApplicant();
    const reply = await admin.browser.get(`/api/admin/applications/${member.applicationId}`);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      id: member.applicationId,
      status: 'submitted',
      reviewedAt: null,
      notes: null,
      assignee: null,
      declineReason: null,
      accountEmail: member.account.email,
      personal: {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.com',
        phone: '(214) 555-0187',
        dateOfBirth: '1990-12-10',
        ssnLast4: '•••• 6789',
        currentAddress: '12 Elm Street, Dallas, TX 75201',
        yearsAtAddress: 3.5,
      },
      employment: {
        status: 'employed',
        employer: 'Babbage & Co',
        jobTitle: 'Engineer',
        startDate: '2019-06-01',
        businessName: null,
        businessStartDate: null,
        annualIncome: 102000,
      },
      financial: {
        savings: 57000.5,
        bankBalances: 42000,
        investments: 15000.5,
        retirementAccounts: 60000,
        creditCardDebt: 150,
        studentLoans: 320,
        autoLoans: 0,
        otherLoans: null,
      },
      property: { address: '400 Oak Lane, Austin, TX', desiredValue: 420000, downPayment: 29400 },
      consents: { creditPull: true, eConsent: true },
    });
    // Every answer the applicant gave, the consent and certification times included (docs/product/application.md#back-office-record).
    expect(Date.now() - Date.parse(reply.body.consents.consentedAt)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(reply.body.consents.certifiedAt)).toBeLessThan(60_000);
    expect(Date.now() - Date.parse(reply.body.submittedAt)).toBeLessThan(60_000);
    const docs = await app.db.select().from(documents).where(eq(documents.applicationId, member.applicationId));
    expect(reply.body.documents).toHaveLength(3);
    expect(reply.body.documents.map((d: { type: string }) => d.type).sort()).toEqual(['bankStatements', 'governmentId', 'paystubs']);
    const bank = reply.body.documents.find((d: { type: string }) => d.type === 'bankStatements');
    const bankRow = docs.find((d) => d.type === 'bankStatements')!;
    expect(bank).toEqual({
      id: bankRow.id,
      type: 'bankStatements',
      title: 'Bank Statements',
      originalName: 'bankStatements.pdf',
      contentType: 'application/pdf',
      sizeBytes: bankRow.sizeBytes,
      createdAt: bankRow.createdAt.toISOString(),
      url: `/api/documents/${bankRow.id}`,
      replacesId: null,
      // Not reviewed yet, never replaced (docs/product/back-office.md#document-review).
      reviewState: null,
      reviewReason: null,
      reviewedAt: null,
      reviewedBy: null,
      supersededAt: null,
      versions: [],
    });
  });

  it('answers 404 for a draft, an unknown id and a malformed id (never 500)', async () => {
    const draft = await insertApplication(app.db, { status: 'draft' });
    for (const id of [draft.id, '00000000-0000-4000-8000-000000000000', 'not-a-uuid', "1' or '1'='1"]) {
      const path = `/api/admin/applications/${encodeURIComponent(id)}`;
      expect((await admin.browser.get(path)).status, id).toBe(404);
      expect((await admin.browser.patch(`${path}/status`, statusBody('approved'))).status, id).toBe(404);
      expect((await admin.browser.patch(`${path}/notes`, { notes: 'x' })).status, id).toBe(404);
    }
    const [row] = await app.db.select().from(applications).where(eq(applications.id, draft.id));
    expect(row).toMatchObject({ status: 'draft', reviewedAt: null, notes: null });
    expect(await auditOf(draft.id)).toEqual([]);
  });

  it('changes the status (stamping reviewed_at, audited in the same change), e-mails the applicant on every change (In Review included), and leaves the role alone', async () => {
    const member = await submittedApplicant();
    const path = `/api/admin/applications/${member.applicationId}/status`;

    const before = Date.now();
    const review = await admin.browser.patch(path, { status: 'in_review' });
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ id: member.applicationId, status: 'in_review', personal: { firstName: 'Ada' } });
    expect(Date.parse(review.body.reviewedAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await app.db.select().from(applications).where(eq(applications.id, member.applicationId));
    expect(row.status).toBe('in_review');
    expect(row.reviewedAt!.toISOString()).toBe(review.body.reviewedAt);
    let audit = await auditOf(member.applicationId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: 'update',
      entityType: 'applications',
      actorId: admin.user.id,
      actorEmail: admin.account.email.toLowerCase(),
      changes: { status: { from: 'submitted', to: 'in_review' } },
    });
    // Every status change e-mails the applicant (docs/product/application.md#e-mails-about-your-application), sent by a job.
    await settleMailJobs(app);
    expect((await statusMails(member.account.email)).map((m) => m.subject)).toEqual(['Your home application is being reviewed']);

    const approved = await admin.browser.patch(path, statusBody('approved'));
    expect(approved.body.status).toBe('approved');
    expect(Date.parse(approved.body.reviewedAt)).toBeGreaterThanOrEqual(Date.parse(review.body.reviewedAt));
    audit = await auditOf(member.applicationId);
    expect(audit.map((a) => [a.action, a.changes])).toEqual([
      ['update', { status: { from: 'submitted', to: 'in_review' } }],
      ['approve', { status: { from: 'in_review', to: 'approved' } }],
    ]);
    await settleMailJobs(app);
    const mail = (await statusMails(member.account.email))[0];
    expect(mail.subject).toBe('Your home application is approved');
    expect(mail.text).toContain('Hi Grace,');
    expect(mail.text).toContain(`${app.config.APP_URL.replace(/\/+$/, '')}/dashboard`);
    expect(mail.text).not.toContain('Lovelace');
    // Approval raises no role (docs/product/back-office.md#application-status: an admin makes a homeowner from the users page); the user's dashboard shows it.
    expect((await app.db.select({ role: users.role }).from(users).where(eq(users.id, member.userId)))[0].role).toBe('applicant');
    expect((await member.browser.get('/api/me/status')).body).toMatchObject({ dashboardStatus: 'approved', isApproved: true, role: 'applicant' });

    // Missing Info needs an open request (docs/product/back-office.md#application-status), and an approved application takes none.
    expect((await admin.browser.patch(path, { status: 'missing_info' })).status).toBe(422);
    await admin.browser.patch(path, { status: 'in_review' });
    await settleMailJobs(app);
    const asked = await admin.browser.post(`/api/admin/applications/${member.applicationId}/requests`, {
      kind: 'document',
      documentType: 'paystubs',
      note: 'Your latest pay stub, please.',
    });
    expect(asked.status).toBe(201);
    expect((await admin.browser.patch(path, { status: 'missing_info' })).status).toBe(200);
    await settleMailJobs(app);
    await admin.browser.patch(path, { status: 'declined', reason: 'The income does not cover the payments.' });
    await settleMailJobs(app);
    expect((await statusMails(member.account.email)).map((m) => m.subject).reverse()).toEqual([
      'Your home application is being reviewed',
      'Your home application is approved',
      'Your home application is being reviewed',
      'We need a little more information for your application',
      'An update on your home application',
    ]);
    // The Missing Info e-mail (and any listing open requests) sends the buyer to the to-do list that names what is needed; the others to the dashboard.
    const actionOf = (text: string) => ['/apply/requests', '/dashboard'].find((path) => linkIn(text, path));
    const links = Object.fromEntries((await statusMails(member.account.email)).map((m) => [m.subject, actionOf(m.text)]));
    expect(links).toEqual({
      'Your home application is being reviewed': '/dashboard',
      'Your home application is approved': '/dashboard',
      'We need a little more information for your application': '/apply/requests',
      'An update on your home application': '/dashboard',
    });
    expect((await auditOf(member.applicationId)).map((a) => a.action)).toEqual(['update', 'approve', 'update', 'update', 'decline']);
    expect((await app.db.select({ role: users.role }).from(users).where(eq(users.id, member.userId)))[0].role).toBe('applicant');

    // Choosing the status it already has changes nothing: no entry, no e-mail, reviewed_at kept.
    const [declinedRow] = await app.db.select().from(applications).where(eq(applications.id, member.applicationId));
    const again = await admin.browser.patch(path, { status: 'declined', reason: 'Another reason.' });
    expect(again.body.reviewedAt).toBe(declinedRow.reviewedAt!.toISOString());
    await settleMailJobs(app);
    expect(await auditOf(member.applicationId)).toHaveLength(5);
    expect(await statusMails(member.account.email)).toHaveLength(5);
  });

  it('refuses a status that is not a review status, or a body that is not JSON (400)', async () => {
    const row = await insertApplication(app.db);
    const path = `/api/admin/applications/${row.id}/status`;
    for (const body of [{ status: 'draft' }, { status: 'done' }, {}, { status: null }]) {
      const reply = await admin.browser.patch(path, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.error.fields).toHaveProperty('status');
    }
    const raw = await fetch(`${app.url}${path}`, {
      method: 'PATCH',
      headers: { origin: app.config.APP_URL, cookie: admin.browser.cookieHeader, 'content-type': 'application/json' },
      body: '{status',
    });
    expect(raw.status).toBe(400);
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0].status).toBe('submitted');
    expect(await auditOf(row.id)).toEqual([]);
  });

  it('sends no status e-mail when the settings turn them off, and sends them to the account address otherwise', async () => {
    const quiet = await insertApplication(app.db);
    const loud = await insertApplication(app.db);
    const ownerEmail = async (userId: string) => (await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0].email;
    try {
      await app.db.insert(settings).values({ key: 'app', value: { ...DEFAULT_SETTINGS, statusEmails: false } });
      forgetCachedSettings(app.db);
      const reply = await admin.browser.patch(`/api/admin/applications/${quiet.id}/status`, statusBody('approved'));
      expect(reply.body.status).toBe('approved');
      // The job reads the setting when it runs: wait for it before the setting goes back.
      await settleMailJobs(app);
      expect(await mailsTo(app.db, await ownerEmail(quiet.userId))).toEqual([]);
      expect((await auditOf(quiet.id)).map((a) => a.action)).toEqual(['approve']);
      // A new request is mailed either way, as the settings' text says (src/domain/admin/status-mail.ts, statusEmailsHelp).
      const asking = await insertApplication(app.db, { status: 'in_review' });
      const request = await admin.browser.post(`/api/admin/applications/${asking.id}/requests`, {
        kind: 'document',
        documentType: 'paystubs',
        note: 'The latest two.',
      });
      expect(request.status, JSON.stringify(request.body)).toBe(201);
      // Its mail waits for the window of requests opened together (request-notification.ts): run it now.
      await runMailJobsNow(app);
      expect((await mailsTo(app.db, await ownerEmail(asking.userId))).map((m) => m.subject)).toEqual(['We need one more thing for your home application']);
    } finally {
      await app.db.delete(settings).where(eq(settings.key, 'app'));
      forgetCachedSettings(app.db);
    }
    await admin.browser.patch(`/api/admin/applications/${loud.id}/status`, statusBody('approved'));
    const mail = await waitFor(async () => (await mailsTo(app.db, await ownerEmail(loud.userId)))[0], { message: 'the approval e-mail' });
    expect(mail.subject).toBe('Your home application is approved');
  });

  it('declines only with a reason (at most 1,000 characters), stores and audits it, shows it in the record, and clears it when the application leaves Declined', async () => {
    const row = await insertApplication(app.db, { status: 'in_review' });
    const path = `/api/admin/applications/${row.id}/status`;
    for (const body of [
      { status: 'declined' },
      { status: 'declined', reason: '   ' },
      { status: 'declined', reason: 'x'.repeat(1001) },
      { status: 'declined', reason: 7 },
    ]) {
      const refused = await admin.browser.patch(path, body);
      expect(refused.status, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(refused.body.error.fields).toHaveProperty('reason');
    }
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0]).toMatchObject({ status: 'in_review', declineReason: null });
    expect(await auditOf(row.id)).toEqual([]);

    const reason = 'Your income does not yet cover the monthly payments for this home.';
    const declined = await admin.browser.patch(path, { status: 'declined', reason: `  ${reason}  ` });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', declineReason: reason });
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0].declineReason).toBe(reason);
    expect((await admin.browser.get(`/api/admin/applications/${row.id}`)).body.declineReason).toBe(reason);
    expect((await auditOf(row.id)).map((a) => [a.action, a.changes])).toEqual([
      ['decline', { status: { from: 'in_review', to: 'declined' }, declineReason: { from: null, to: reason } }],
    ]);
    // The buyer's e-mail carries the reason, as written.
    const declineMail = await waitFor(
      async () =>
        (await mailsTo(app.db, (await app.db.select({ email: users.email }).from(users).where(eq(users.id, row.userId)))[0].email)).find(
          (m) => m.subject === 'An update on your home application',
        ),
      {
        message: 'the decline e-mail',
      },
    );
    expect(declineMail.text).toContain(`Our reviewer's note: ${reason}`);

    // Any other status ignores a reason sent along, and leaving Declined clears the stored one, audited.
    const reopened = await admin.browser.patch(path, { status: 'in_review', reason: 'ignored' });
    expect(reopened.status).toBe(200);
    expect(reopened.body.declineReason).toBeNull();
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0].declineReason).toBeNull();
    expect((await auditOf(row.id)).map((a) => [a.action, a.changes]).at(-1)).toEqual([
      'update',
      { status: { from: 'declined', to: 'in_review' }, declineReason: { from: reason, to: null } },
    ]);
    const approved = await admin.browser.patch(path, statusBody('approved', { reason: 'ignored' }));
    expect(approved.body.declineReason).toBeNull();
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0].declineReason).toBeNull();
  });

  it('will not reopen a declined application when its owner has started another one (409, nothing changed)', async () => {
    const declined = await insertApplication(app.db, { status: 'declined', reviewedAt: daysAgo(1) });
    await insertApplication(app.db, { userId: declined.userId, status: 'draft' });
    const reply = await admin.browser.patch(`/api/admin/applications/${declined.id}/status`, statusBody('approved'));
    expect(reply.status).toBe(409);
    expect(reply.body.error.code).toBe('another_active_application');
    expect((await app.db.select().from(applications).where(eq(applications.id, declined.id)))[0].status).toBe('declined');
    expect(await auditOf(declined.id)).toEqual([]);
  });

  it('saves the admin notes with an audit entry; unchanged notes write nothing; too long is a 400', async () => {
    const row = await insertApplication(app.db);
    const path = `/api/admin/applications/${row.id}/notes`;
    const saved = await admin.browser.patch(path, { notes: 'Called the employer: confirmed.' });
    expect(saved.status).toBe(200);
    expect(saved.body.notes).toBe('Called the employer: confirmed.');
    expect((await admin.browser.get(`/api/admin/applications/${row.id}`)).body.notes).toBe('Called the employer: confirmed.');
    expect(await auditOf(row.id)).toMatchObject([
      { action: 'update', entityType: 'applications', actorId: admin.user.id, changes: { notes: { from: null, to: 'Called the employer: confirmed.' } } },
    ]);
    const [{ updatedAt }] = await app.db.select().from(applications).where(eq(applications.id, row.id));

    await admin.browser.patch(path, { notes: 'Called the employer: confirmed.' });
    expect(await auditOf(row.id)).toHaveLength(1);
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0].updatedAt).toEqual(updatedAt);

    const tooLong = await admin.browser.patch(path, { notes: 'x'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.error.fields.notes).toMatch(/10,000/);
    expect((await admin.browser.patch(path, { notes: 42 })).status).toBe(400);

    const long = 'y'.repeat(10_000);
    expect((await admin.browser.patch(path, { notes: long })).body.notes).toBe(long);
    const cleared = await admin.browser.patch(path, { notes: '' });
    expect(cleared.body.notes).toBeNull();
    const entries = await auditOf(row.id);
    expect(entries).toHaveLength(3);
    expect((entries[1].changes as { notes: { to: string } }).notes.to).toHaveLength(1001);
    expect(entries[2].changes).toMatchObject({ notes: { to: null } });
    // Notes change nothing else.
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0]).toMatchObject({ status: 'submitted', reviewedAt: null });
  });

  it('exports the filtered list as CSV, formulas neutralised, no SSN or birth date, and records the export', async () => {
    const tag = uniqueTag();
    const formula = await insertApplication(app.db, {
      firstName: '=cmd|calc',
      lastName: tag,
      submittedAt: daysAgo(2),
      propertyValue: 425000.5,
      notes: 'Said "hi", twice',
    });
    const plain = await insertApplication(app.db, { firstName: 'Plain', lastName: tag, submittedAt: daysAgo(1), status: 'approved' });
    await insertApplication(app.db, { firstName: 'Hidden', lastName: tag, status: 'draft' });

    const response = await fetch(`${app.url}/api/admin/applications/export?q=${tag}&sort=submitted_at&dir=desc`, {
      headers: { cookie: admin.browser.cookieHeader },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = (await response.text()).replace(/^\uFEFF/, '');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'ID,Submitted At,Status,First Name,Last Name,Email,Phone,Employment Status,Employer,Job Title,Annual Income,Savings,Retirement Accounts,' +
        'Credit Card Debt,Student Loans,Property Address,Property Value,Down Payment,Assignee,Reviewed At,Waiting Since,Notes',
    );
    expect(lines).toHaveLength(3);
    expect(lines[1].startsWith(`${plain.id},${plain.submittedAt!.toISOString()},Approved,Plain,${tag},`)).toBe(true);
    expect(lines[2]).toContain(`${formula.id},${formula.submittedAt!.toISOString()},Submitted,'=cmd|calc,${tag},`);
    expect(lines[2]).toContain(',425000.5,');
    expect(lines[2].endsWith(',"Said ""hi"", twice"')).toBe(true);
    expect(text).not.toMatch(/,=cmd/);
    expect(text).not.toContain('Hidden');
    expect(text.toLowerCase()).not.toMatch(/ssn|birth/);

    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'export'), sql`${auditLog.changes}->'filter'->>'q' = ${tag}`));
    expect(entry).toMatchObject({
      entityType: 'applications',
      actorId: admin.user.id,
      changes: {
        filter: { q: tag, status: 'all', from: null, to: null, assigned: 'anyone', waiting: 'any', sort: 'submitted_at', dir: 'desc' },
        format: 'csv',
        rows: 2,
        rowsCapped: false,
      },
    });
  });

  it('records every document download, by an admin or the owner, and serves no file it cannot record', async () => {
    const member = await submittedApplicant();
    const [doc] = await app.db
      .select()
      .from(documents)
      .where(and(eq(documents.applicationId, member.applicationId), eq(documents.type, 'paystubs')));
    const download = (browser: TestBrowser) => fetch(`${app.url}/api/documents/${doc.id}`, { headers: { cookie: browser.cookieHeader } });

    const byAdmin = await download(admin.browser);
    expect(byAdmin.status).toBe(200);
    expect((await byAdmin.arrayBuffer()).byteLength).toBe(doc.sizeBytes);
    const byOwner = await download(member.browser);
    expect(byOwner.status).toBe(200);
    await byOwner.arrayBuffer();
    expect(await auditOf(doc.id)).toMatchObject([
      { action: 'download', entityType: 'documents', actorId: admin.user.id, changes: { applicationId: member.applicationId, type: 'paystubs' } },
      { action: 'download', entityType: 'documents', actorId: member.userId, changes: { applicationId: member.applicationId, type: 'paystubs' } },
    ]);

    // Without its audit entry, no download.
    await app.asOwner(sql`alter table audit_log rename to audit_log_away`);
    try {
      const refused = await download(admin.browser);
      expect(refused.status).toBe(500);
      expect(refused.headers.get('content-type')).not.toBe('application/pdf');
      await refused.arrayBuffer();
    } finally {
      await app.asOwner(sql`alter table audit_log_away rename to audit_log`);
    }
    expect(await auditOf(doc.id)).toHaveLength(2);
  });

  it('answers 401 without a session and 403 to a signed-in non-admin', async () => {
    const row = await insertApplication(app.db);
    const { browser } = await signedInWithRole(app, 'homeowner');
    const anonymous = new TestBrowser(app.url, app.config.APP_URL);
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/admin/applications'],
      ['GET', '/api/admin/applications/export'],
      ['GET', `/api/admin/applications/${row.id}`],
      ['PATCH', `/api/admin/applications/${row.id}/status`, statusBody('approved')],
      ['PATCH', `/api/admin/applications/${row.id}/notes`, { notes: 'x' }],
      ['GET', '/api/admin/dashboard'],
    ];
    for (const [method, path, body] of routes) {
      expect((await anonymous.request(method, path, body)).status, `${method} ${path}`).toBe(401);
      expect((await browser.request(method, path, body)).status, `${method} ${path}`).toBe(403);
    }
    expect((await app.db.select().from(applications).where(eq(applications.id, row.id)))[0]).toMatchObject({ status: 'submitted', notes: null });
  });
});
