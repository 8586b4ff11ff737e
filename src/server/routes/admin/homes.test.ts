import { and, count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../../domain/calculators';
import { addDays, todayIso } from '../../../domain/homes/admin-homes';
import { ledgerToday } from '../../../domain/homes/dates';
import { applications, auditLog, homes, homeTerms, homeValuations, users } from '../../platform/db/schema';
import { insertApplication } from '../../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../../test/admin-client';
import { AUTH_TEST_ENV, linkIn, mailsTo } from '../../test/auth-client';
import { startTestServer, type TestServer } from '../../test/harness';
import { settleMailJobs } from '../../test/mail-jobs';

/**
 * The back office's homes (docs/decisions/022-homes-and-ledger.md): 'Record
 * purchase' from an approved application writes the home, its first term, the purchase's
 * valuation, the buyer's role, the audit entries and the welcome e-mail in one
 * transaction; bad input writes nothing. Then the list, its search and export, and valuations.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const BOUNDS = agreementBounds(AGREEMENT);
/** A slider position three steps below the top, in cents. */
const S_CENTS = Math.round((BOUNDS.max - 3 * BOUNDS.step) * 100);

const purchase = (overrides: Record<string, unknown> = {}) => ({
  address: '12 Elm Street, Springfield, IL 62701',
  purchaseDate: addDays(todayIso(), -20),
  priceCents: 42_000_000,
  downPaymentCents: 2_940_000,
  mortgageRate: 6.4,
  appreciationRate: 3.8,
  monthlyPaymentCents: S_CENTS,
  ...overrides,
});

describe('homes: record purchase, list, valuations', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** An approved application with its property, owned by a new applicant. */
  async function approved(status: 'approved' | 'in_review' | 'declined' = 'approved', name = { firstName: 'Grace', lastName: 'Hopper' }) {
    const row = await insertApplication(app.db, { status, ...name });
    await app.db
      .update(applications)
      .set({ propertyAddress: '12 Elm Street, Springfield, IL 62701', propertyValue: 420_000, downPayment: 29_400 })
      .where(eq(applications.id, row.id));
    await app.db.update(users).set({ firstName: name.firstName, lastName: name.lastName }).where(eq(users.id, row.userId));
    const [owner] = await app.db.select().from(users).where(eq(users.id, row.userId));
    return { applicationId: row.id, userId: row.userId, email: owner!.email };
  }

  const record = (applicationId: string, body: unknown) => admin.browser.post(`/api/admin/applications/${applicationId}/home`, body);
  const homesOf = (applicationId: string) => app.db.select().from(homes).where(eq(homes.applicationId, applicationId));
  const audits = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'homes'), eq(auditLog.entityId, entityId)))
      .orderBy(desc(auditLog.id));
  const tableCounts = async () => ({
    homes: (await app.db.select({ n: count() }).from(homes))[0]!.n,
    terms: (await app.db.select({ n: count() }).from(homeTerms))[0]!.n,
    valuations: (await app.db.select({ n: count() }).from(homeValuations))[0]!.n,
    audit: (await app.db.select({ n: count() }).from(auditLog).where(eq(auditLog.entityType, 'homes')))[0]!.n,
  });

  it("starts the form from the application's property and the settings' rate", async () => {
    const buyer = await approved();
    const reply = await admin.browser.get(`/api/admin/applications/${buyer.applicationId}/home`);
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    expect(reply.body).toEqual({
      homeId: null,
      canRecord: true,
      defaults: {
        address: '12 Elm Street, Springfield, IL 62701',
        priceCents: 42_000_000,
        downPaymentCents: 2_940_000,
        mortgageRate: 6.4,
        appreciationRate: 3.8,
        purchaseDate: todayIso(),
        // No accepted offer: the application's own property starts the form.
        offerId: null,
        monthlyPaymentCents: null,
      },
    });
    const pending = await approved('in_review');
    expect((await admin.browser.get(`/api/admin/applications/${pending.applicationId}/home`)).body.canRecord).toBe(false);
  });

  it('records a purchase: the home, month 1 of its terms, the purchase valuation, the role, the audit and the welcome e-mail', async () => {
    const buyer = await approved();
    const reply = await record(buyer.applicationId, purchase());
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    expect(reply.body).toMatchObject({
      address: '12 Elm Street, Springfield, IL 62701',
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: 6.4,
      appreciationRate: 3.8,
      monthlyPaymentCents: S_CENTS,
      valueCents: 42_000_000,
      state: 'active',
      userId: buyer.userId,
      applicationId: buyer.applicationId,
      firstName: 'Grace',
      email: buyer.email,
      terms: [{ fromMonth: 1, monthlyPaymentCents: S_CENTS, paymentChangeId: null }],
      valuations: [{ valueCents: 42_000_000, valuedOn: purchase().purchaseDate, source: 'purchase', note: null }],
    });

    const [home] = await homesOf(buyer.applicationId);
    expect(home).toMatchObject({ id: reply.body.id, userId: buyer.userId, priceCents: 42_000_000, createdBy: admin.user.id, state: 'active' });
    const terms = await app.db.select().from(homeTerms).where(eq(homeTerms.homeId, home!.id));
    expect(terms).toEqual([expect.objectContaining({ fromMonth: 1, monthlyPaymentCents: S_CENTS, createdBy: admin.user.id })]);
    const [owner] = await app.db.select().from(users).where(eq(users.id, buyer.userId));
    expect(owner!.role).toBe('homeowner');

    const [created] = await audits(home!.id);
    expect(created).toMatchObject({
      action: 'create',
      actorId: admin.user.id,
      changes: expect.objectContaining({ applicationId: buyer.applicationId, priceCents: 42_000_000, monthlyPaymentCents: S_CENTS }),
    });
    const [roleEntry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'users'), eq(auditLog.entityId, buyer.userId)));
    expect(roleEntry).toMatchObject({ action: 'update', changes: expect.objectContaining({ role: { from: 'applicant', to: 'homeowner' } }) });

    await settleMailJobs(app);
    const [welcome] = await mailsTo(app.db, buyer.email);
    expect(welcome).toBeDefined();
    expect(welcome!.subject).toBe('Welcome home: your Ownstead dashboard is ready');
    expect(welcome!.text).toContain('Hi Grace,');
    expect(welcome!.text).toContain('12 Elm Street');
    expect(linkIn(welcome!.text, '/dashboard')).toBeTruthy();
    expect(welcome!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

    // Twice: 409, nothing more written.
    const before = await tableCounts();
    const again = await record(buyer.applicationId, purchase());
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('home_exists');
    expect(await tableCounts()).toEqual(before);
    expect((await admin.browser.get(`/api/admin/applications/${buyer.applicationId}/home`)).body).toMatchObject({ homeId: home!.id, canRecord: false });

    // The application stays Approved: its status no longer changes.
    const moved = await admin.browser.patch(`/api/admin/applications/${buyer.applicationId}/status`, { status: 'in_review' });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe('home_recorded');
    expect((await app.db.select().from(applications).where(eq(applications.id, buyer.applicationId)))[0]!.status).toBe('approved');
  });

  it('leaves an admin buyer an admin', async () => {
    const buyer = await approved();
    await app.db.update(users).set({ role: 'admin' }).where(eq(users.id, buyer.userId));
    expect((await record(buyer.applicationId, purchase())).status).toBe(201);
    expect((await app.db.select().from(users).where(eq(users.id, buyer.userId)))[0]!.role).toBe('admin');
  });

  it('answers 400 with a message for every bad field and writes nothing', async () => {
    const buyer = await approved();
    const before = await tableCounts();
    const cases: [Record<string, unknown>, string][] = [
      [{ address: '' }, 'address'],
      [{ address: 'x'.repeat(201) }, 'address'],
      [{ address: 'Elm\u0000Street' }, 'address'],
      [{ purchaseDate: '2025-02-30' }, 'purchaseDate'],
      [{ purchaseDate: '1999-12-31' }, 'purchaseDate'],
      [{ purchaseDate: addDays(todayIso(), 91) }, 'purchaseDate'],
      [{ purchaseDate: 'yesterday' }, 'purchaseDate'],
      [{ priceCents: 0 }, 'priceCents'],
      [{ priceCents: -5 }, 'priceCents'],
      [{ priceCents: 420000.5 }, 'priceCents'],
      [{ priceCents: '42000000' }, 'priceCents'],
      [{ downPaymentCents: 0 }, 'downPaymentCents'],
      [{ downPaymentCents: 42_000_000 }, 'downPaymentCents'],
      [{ downPaymentCents: 50_000_000 }, 'downPaymentCents'],
      [{ mortgageRate: 0 }, 'mortgageRate'],
      [{ mortgageRate: 30 }, 'mortgageRate'],
      [{ mortgageRate: 6.4321 }, 'mortgageRate'],
      [{ appreciationRate: -20 }, 'appreciationRate'],
      [{ appreciationRate: 31 }, 'appreciationRate'],
      [{ monthlyPaymentCents: Math.round(BOUNDS.max * 100) + 500 }, 'monthlyPaymentCents'],
      [{ monthlyPaymentCents: Math.round(BOUNDS.min * 100) - 500 }, 'monthlyPaymentCents'],
      [{ monthlyPaymentCents: S_CENTS + 100 }, 'monthlyPaymentCents'],
      [{ monthlyPaymentCents: null }, 'monthlyPaymentCents'],
    ];
    for (const [change, field] of cases) {
      const reply = await record(buyer.applicationId, purchase(change));
      expect(reply.status, `${JSON.stringify(change)} → ${JSON.stringify(reply.body)}`).toBe(400);
      expect(reply.body.error.fields?.[field], JSON.stringify(change)).toEqual(expect.any(String));
    }
    const between = await record(buyer.applicationId, purchase({ monthlyPaymentCents: S_CENTS + 100 }));
    expect(between.body.error.fields.monthlyPaymentCents).toMatch(/\$5 steps/);
    const outside = await record(buyer.applicationId, purchase({ monthlyPaymentCents: Math.round(BOUNDS.max * 100) + 500 }));
    expect(outside.body.error.fields.monthlyPaymentCents).toMatch(/^The monthly payment must be between \$[\d,.]+ and \$[\d,.]+\.$/);
    expect(await tableCounts()).toEqual(before);
    expect((await app.db.select().from(users).where(eq(users.id, buyer.userId)))[0]!.role).toBe('applicant');
  });

  it('answers 409 for an application that is not approved, 404 for none, 403 to a non-admin', async () => {
    for (const status of ['in_review', 'declined'] as const) {
      const buyer = await approved(status);
      const reply = await record(buyer.applicationId, purchase());
      expect(reply.status).toBe(409);
      expect(reply.body.error.code).toBe('not_approved');
      expect(await homesOf(buyer.applicationId)).toEqual([]);
    }
    expect((await record('00000000-0000-4000-8000-000000000000', purchase())).status).toBe(404);

    const buyer = await approved();
    for (const role of ['applicant', 'homeowner'] as const) {
      const { browser } = await signedInWithRole(app, role);
      expect((await browser.post(`/api/admin/applications/${buyer.applicationId}/home`, purchase())).status).toBe(403);
      expect((await browser.get('/api/admin/homes')).status).toBe(403);
    }
    expect(await homesOf(buyer.applicationId)).toEqual([]);
  });

  it('refuses to make someone a homeowner by hand, or to take it from someone with a home', async () => {
    const plain = await approved();
    const byHand = await admin.browser.patch(`/api/admin/users/${plain.userId}`, { role: 'homeowner' });
    expect(byHand.status).toBe(409);
    expect(byHand.body.error).toMatchObject({ code: 'homeowner_needs_home', message: expect.stringContaining('Record purchase') });
    expect((await app.db.select().from(users).where(eq(users.id, plain.userId)))[0]!.role).toBe('applicant');

    expect((await record(plain.applicationId, purchase())).status).toBe(201);
    const taken = await admin.browser.patch(`/api/admin/users/${plain.userId}`, { role: 'guest' });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('has_home');
    // A homeowner can still be made an admin, and back.
    expect((await admin.browser.patch(`/api/admin/users/${plain.userId}`, { role: 'admin' })).status).toBe(200);
    expect((await admin.browser.patch(`/api/admin/users/${plain.userId}`, { role: 'homeowner' })).status).toBe(200);
  });

  it('lists homes newest first, searches by address, name, e-mail and ID, filters by state, exports CSV (audited)', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    const first = await approved('approved', { firstName: 'Ida', lastName: `Lovelace${tag}` });
    const second = await approved('approved', { firstName: 'Alan', lastName: 'Turing' });
    const one = (await record(first.applicationId, purchase({ address: `1 ${tag} Road, Austin, TX` }))).body;
    const two = (await record(second.applicationId, purchase({ address: '2 Oak Lane, Denver, CO' }))).body;

    const page = await admin.browser.get('/api/admin/homes?pageSize=2');
    expect(page.status).toBe(200);
    expect(page.body.items.map((h: { id: string }) => h.id)).toEqual([two.id, one.id]);
    expect(page.body.items[0]).toMatchObject({ address: '2 Oak Lane, Denver, CO', firstName: 'Alan', monthlyPaymentCents: S_CENTS, valueCents: 42_000_000 });

    const ids = async (query: string) => (await admin.browser.get(`/api/admin/homes?${query}`)).body.items.map((h: { id: string }) => h.id);
    expect(await ids(`q=${tag}%20road`)).toEqual([one.id]);
    expect(await ids(`q=lovelace${tag}`)).toEqual([one.id]);
    expect(await ids(`q=${encodeURIComponent(second.email.toUpperCase())}`)).toEqual([two.id]);
    expect(await ids(`q=${two.id.slice(0, 8)}`)).toEqual([two.id]);
    expect(await ids(`q=${tag}&state=closed`)).toEqual([]);
    expect(await ids(`q=${tag}&state=active`)).toEqual([one.id]);
    expect((await admin.browser.get('/api/admin/homes?state=sold')).status).toBe(400);

    const csv = await admin.browser.get(`/api/admin/homes/export?q=${tag}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    const lines = String(csv.body).trim().split(/\r\n/);
    expect(lines[0]).toBe(
      'ID,Recorded At,Address,Purchase Date,First Name,Last Name,Email,Price,Down Payment,Monthly Payment,Latest Value,Valued On,State,Application ID',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`1 ${tag} Road`);
    expect(lines[1]).toContain('420000.00,29400.00');
    const [exported] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'homes'), eq(auditLog.action, 'export')))
      .orderBy(desc(auditLog.id));
    expect((exported!.changes as { filter: { q: string } }).filter.q).toBe(tag);
  });

  it('records valuations: the latest by date counts; bad values answer 400 and write nothing; audited', async () => {
    const buyer = await approved();
    const home = (await record(buyer.applicationId, purchase())).body;
    const url = `/api/admin/homes/${home.id}/valuations`;

    const added = await admin.browser.post(url, {
      valueCents: 45_000_050,
      valuedOn: addDays(ledgerToday(), -2),
      source: 'appraisal',
      note: 'Spring appraisal',
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    expect(added.body.valueCents).toBe(45_000_050);
    expect(added.body.valuations.map((v: { source: string }) => v.source)).toEqual(['appraisal', 'purchase']);
    // An older one is kept but does not count.
    const older = await admin.browser.post(url, { valueCents: 43_000_000, valuedOn: addDays(ledgerToday(), -10), source: 'index' });
    expect(older.status).toBe(201);
    expect(older.body.valueCents).toBe(45_000_050);
    expect(older.body.valuations.map((v: { source: string }) => v.source)).toEqual(['appraisal', 'index', 'purchase']);
    const [entry] = await audits(home.id);
    expect(entry).toMatchObject({
      action: 'create',
      actorId: admin.user.id,
      changes: { valuation: expect.objectContaining({ valueCents: 43_000_000, source: 'index' }) },
    });

    const before = await tableCounts();
    const bad: [Record<string, unknown>, string][] = [
      [{ valueCents: 0 }, 'valueCents'],
      [{ valueCents: 12.5 }, 'valueCents'],
      [{ valuedOn: addDays(ledgerToday(), 1) }, 'valuedOn'],
      [{ valuedOn: addDays(ledgerToday(), -21) }, 'valuedOn'],
      [{ valuedOn: '2025-13-01' }, 'valuedOn'],
      [{ source: 'purchase' }, 'source'],
      [{ source: 'guess' }, 'source'],
      [{ note: 'n'.repeat(501) }, 'note'],
    ];
    for (const [change, field] of bad) {
      const reply = await admin.browser.post(url, { valueCents: 44_000_000, valuedOn: ledgerToday(), source: 'broker_opinion', ...change });
      expect(reply.status, JSON.stringify(change)).toBe(400);
      expect(reply.body.error.fields?.[field], JSON.stringify(change)).toEqual(expect.any(String));
    }
    expect(await tableCounts()).toEqual(before);
    expect(
      (
        await admin.browser.post('/api/admin/homes/00000000-0000-4000-8000-000000000000/valuations', {
          valueCents: 1,
          valuedOn: ledgerToday(),
          source: 'index',
        })
      ).status,
    ).toBe(404);
    expect((await admin.browser.get(`/api/admin/homes/${home.id}`)).body).toMatchObject({ id: home.id, valueCents: 45_000_050 });
    expect((await admin.browser.get('/api/admin/homes/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });
});
