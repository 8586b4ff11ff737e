import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, waitlistEntries } from '../../platform/db/schema';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV } from '../../test/auth-client';
import { postJson, startTestServer, uniqueEmail, waitlistSubmission, type HttpReply, type TestServer } from '../../test/harness';

describe('/api/admin/waitlist', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  const list = (query: Record<string, string> = {}): Promise<HttpReply> => admin.browser.get(`/api/admin/waitlist?${new URLSearchParams(query)}`);
  const idsOf = (reply: HttpReply) => reply.body.items.map((e: { id: string }) => e.id) as string[];
  const auditOf = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'waitlist'), eq(auditLog.entityId, entityId)));
  const add = (body: Record<string, unknown>) => admin.browser.post('/api/admin/waitlist', body);
  /** A public submission over HTTP, as the /waitlist page sends it; answers the entry's id. */
  const submitPublic = async (overrides: Parameters<typeof waitlistSubmission>[0] = {}) => {
    const submission = waitlistSubmission(overrides);
    expect((await postJson(`${app.url}/api/waitlist`, submission)).body).toEqual({ status: 'success' });
    const [entry] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, submission.email.toLowerCase()));
    return { submission, id: entry.id };
  };

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, WAITLIST_RATE_LIMIT_MAX: '1000' });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('lists a public submission as docs/product/waitlist.md#admin-list maps it and details every field with labels', async () => {
    const { submission, id } = await submitPublic({ email: uniqueEmail('Public.Person') });
    const reply = await list({ q: submission.email });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ total: 1, totalCapped: false, page: 1 });
    expect(reply.body.items[0]).toEqual({
      id,
      createdAt: expect.any(String),
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: submission.email,
      phone: '(214) 555-0187',
      interestedIn: 'buying',
      intendedState: 'Texas',
      source: 'public',
      location: 'Dallas, TX',
      timeline: 'Within 6 months',
      downPaymentRange: '$25K',
      monthlyPaymentRange: '$1,800-$2,000',
    });

    const detail = await admin.browser.get(`/api/admin/waitlist/${id}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      id,
      source: 'public',
      cityState: 'Dallas, TX',
      homeType: 'new',
      buyingTimeline: '6months',
      priceRange: '300-400k',
      downPayment: '$25K',
      monthlyPaymentRange: '$1,800-$2,000',
      priority: 'higher-equity',
      housingStatus: 'renter',
      interests: 'Co-owning a starter home near good schools.',
      contactConsent: true,
      clientTimestamp: '2025-03-14T15:09:26.535Z',
      submissionCount: 1,
      createdBy: null,
      labels: {
        interestedIn: 'Buying',
        homeType: 'New Home',
        buyingTimeline: 'Within 6 months',
        priceRange: '$300k - $400k',
        priority: 'Higher equity & appreciation share',
        housingStatus: 'Renter',
      },
    });
    expect(Date.parse(detail.body.receivedAt)).not.toBeNaN();

    // A repeat submission updates the entry: counted, and the detail shows it.
    await postJson(`${app.url}/api/waitlist`, { ...submission, buyingTimeline: 'immediately' });
    expect((await admin.browser.get(`/api/admin/waitlist/${id}`)).body).toMatchObject({ submissionCount: 2, timeline: 'Immediately' });
  });

  it('adds an applicant (source admin, audited) that lists as typed; refuses a listed address (409) and bad input (400)', async () => {
    const email = uniqueEmail('Staff.Added');
    const reply = await add({
      firstName: 'Rita',
      lastName: 'Refi',
      email,
      phone: '(512) 555-0111',
      interestedIn: 'refinancing',
      downPaymentRange: 'about 20k',
      monthlyPaymentRange: 'under $2,000',
      location: 'Austin, TX',
      timeline: 'Next spring',
      intendedState: 'Texas',
    });
    expect(reply.status).toBe(201);
    const [row] = await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, reply.body.id));
    expect(row).toMatchObject({
      source: 'admin',
      email,
      emailKey: email.toLowerCase(),
      interestedIn: 'refinancing',
      timeline: 'Next spring',
      cityState: 'Austin, TX',
      downPayment: 'about 20k',
      monthlyPaymentRange: 'under $2,000',
      intendedState: 'Texas',
      createdBy: admin.account.email.toLowerCase(),
      buyingTimeline: null,
      contactConsent: false,
    });
    expect((await list({ q: email })).body.items[0]).toEqual({
      id: row.id,
      createdAt: expect.any(String),
      firstName: 'Rita',
      lastName: 'Refi',
      email,
      phone: '(512) 555-0111',
      interestedIn: 'refinancing',
      intendedState: 'Texas',
      source: 'admin',
      location: 'Austin, TX',
      timeline: 'Next spring',
      downPaymentRange: 'about 20k',
      monthlyPaymentRange: 'under $2,000',
    });
    const [entry] = await auditOf(row.id);
    expect(entry).toMatchObject({ action: 'create', actorId: admin.user.id, changes: { email, interestedIn: 'refinancing', timeline: 'Next spring' } });

    // Only the three required fields: the rest stays empty.
    const minimal = await add({ firstName: 'Min', lastName: 'Imal', email: uniqueEmail('minimal') });
    expect(minimal.status).toBe(201);
    expect(minimal.body).toMatchObject({ interestedIn: null, phone: null, timeline: null, location: null, intendedState: null, source: 'admin' });

    const before = (await app.db.select({ n: count() }).from(waitlistEntries))[0].n;
    const taken = await add({ firstName: 'Again', lastName: 'Refi', email: email.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.body.error.fields).toHaveProperty('email');
    const { submission } = await submitPublic();
    expect((await add({ firstName: 'Public', lastName: 'Twin', email: submission.email })).status).toBe(409);

    const bad = await add({ firstName: '', email: 'nope', interestedIn: 'renting', timeline: 'x'.repeat(201), intendedState: 'TX', phone: 'later' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'firstName', 'intendedState', 'interestedIn', 'lastName', 'phone', 'timeline']);
    expect((await app.db.select({ n: count() }).from(waitlistEntries))[0].n).toBe(before + 1);
  });

  it('filters by interest (public entries count as buying), searches name, e-mail and ID, and pages', async () => {
    const tag = `wl${Date.now().toString(36)}`;
    const { id: publicId } = await submitPublic({ lastName: `Pub${tag}`, email: uniqueEmail(`pub.${tag}`) });
    const investor = (await add({ firstName: 'Ivy', lastName: `Inv${tag}`, email: uniqueEmail(`inv.${tag}`), interestedIn: 'investing' })).body.id;
    const buyer = (await add({ firstName: 'Bo', lastName: `Buy${tag}`, email: uniqueEmail(`buy.${tag}`), interestedIn: 'buying' })).body.id;

    expect(idsOf(await list({ q: tag }))).toEqual([buyer, investor, publicId]);
    expect(idsOf(await list({ q: tag, interest: 'buying' }))).toEqual([buyer, publicId]);
    expect(idsOf(await list({ q: tag, interest: 'investing' }))).toEqual([investor]);
    expect(idsOf(await list({ q: tag, interest: 'refinancing' }))).toEqual([]);
    expect(idsOf(await list({ q: `IVY INV${tag.toUpperCase()}` }))).toEqual([investor]);
    expect(idsOf(await list({ q: investor.slice(0, 8) }))).toContain(investor);
    expect(idsOf(await list({ q: investor }))).toEqual([investor]);
    expect(idsOf(await list({ q: tag, sort: 'name', dir: 'asc' }))).toEqual([publicId, buyer, investor]);
    const second = await list({ q: tag, pageSize: '2', page: '2' });
    expect(second.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(idsOf(second)).toEqual([publicId]);
    expect((await list({ q: tag, from: new Date(Date.now() + 86_400_000).toISOString().slice(0, 10) })).body.total).toBe(0);
    expect((await list({ interest: 'renting' })).status).toBe(400);
  });

  it('deletes an entry with an audit entry; 404 for it after and for an unknown or malformed id', async () => {
    const { id, submission } = await submitPublic();
    const reply = await admin.browser.delete(`/api/admin/waitlist/${id}`);
    expect(reply.status).toBe(200);
    expect(await app.db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id))).toEqual([]);
    expect((await list({ q: submission.email })).body.total).toBe(0);
    const [entry] = await auditOf(id);
    expect(entry).toMatchObject({ action: 'delete', actorId: admin.user.id, changes: { email: submission.email, source: 'public' } });

    expect((await admin.browser.delete(`/api/admin/waitlist/${id}`)).status).toBe(404);
    expect((await admin.browser.get(`/api/admin/waitlist/${id}`)).status).toBe(404);
    expect((await admin.browser.get('/api/admin/waitlist/not-a-uuid')).status).toBe(404);
    expect((await admin.browser.delete('/api/admin/waitlist/not-a-uuid')).status).toBe(404);
  });

  it('exports the current filter as CSV with every field, formulas neutralised, and audits the export', async () => {
    const tag = `csv${Date.now().toString(36)}`;
    await add({ firstName: '+SUM(1,2)', lastName: tag, email: uniqueEmail(`csv.${tag}`), location: '@cmd', timeline: '-1', interestedIn: 'investing' });
    await submitPublic({ lastName: tag, email: uniqueEmail(`csvpub.${tag}`) });
    const response = await fetch(`${app.url}/api/admin/waitlist/export?q=${tag}`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="waitlist-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = (await response.text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'ID,Date,Source,First Name,Last Name,Email,Phone,Interested In,Intended State,Location,Timeline,Down Payment Range,Monthly Payment Range,' +
        'Home Type,Price Range,Priority,Housing Status,Interests,Contact Consent,Submissions,Last Received,Added By',
    );
    expect(lines).toHaveLength(3);
    // Newest first: the public submission, then the admin's.
    expect(lines[1]).toContain(`,public,Ada,${tag},`);
    expect(lines[1]).toContain(
      ',Buying,TX,"Dallas, TX",Within 6 months,$25K,"$1,800-$2,000",New Home,$300k - $400k,Higher equity & appreciation share,Renter,',
    );
    expect(lines[1]).toContain(',true,1,');
    expect(lines[2]).toContain(`,admin,"'+SUM(1,2)",${tag},`);
    expect(lines[2]).toContain(",Investing,,'@cmd,'-1,");

    const exports = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'waitlist'), eq(auditLog.action, 'export')));
    expect(exports.map((e) => (e.changes as { filter: { q: string } }).filter.q)).toContain(tag);
  });

  it('exports a list of many batches whole, in its order, each row once; an abandoned download frees its connection', async () => {
    const tag = `many${Date.now().toString(36)}`;
    const total = 2_345;
    await app.db.execute(sql`insert into waitlist_entries (source, first_name, last_name, email, email_key)
      select 'admin', 'Row', ${tag}, ${tag} || '.' || lpad(g::text, 5, '0') || '@example.com', ${tag} || '.' || lpad(g::text, 5, '0') || '@example.com'
      from generate_series(1, ${total}) g`);
    const exportCsv = () => fetch(`${app.url}/api/admin/waitlist/export?q=${tag}&sort=email&dir=asc`, { headers: { cookie: admin.browser.cookieHeader } });
    const lines = (await (await exportCsv()).text())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
      .slice(1);
    expect(lines).toHaveLength(total);
    const emails = lines.map((line) => line.split(',')[5]);
    expect(emails).toEqual(emails.toSorted());
    expect(new Set(emails).size).toBe(total);
    expect(emails[0]).toBe(`${tag}.00001@example.com`);

    // More abandoned downloads than the server has database connections: each gives its connection back.
    for (let i = 0; i < 25; i += 1) {
      const response = await exportCsv();
      const reader = response.body!.getReader();
      await reader.read();
      await reader.cancel();
    }
    const again = await exportCsv();
    expect(again.status).toBe(200);
    expect((await again.text()).trim().split('\r\n')).toHaveLength(total + 1);
  });

  it('answers 403 to a signed-in non-admin', async () => {
    const { browser } = await signedInWithRole(app, 'applicant');
    expect((await browser.get('/api/admin/waitlist')).status).toBe(403);
    expect((await browser.post('/api/admin/waitlist', { firstName: 'A', lastName: 'B', email: uniqueEmail() })).status).toBe(403);
  });
});
