import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeownerFigures } from '../../domain/calculators';
import { equityCredit, figuresInCents, myHomeSchema, myValuationsSchema, NO_HOME_MESSAGE } from '../../domain/homes/my-home';
import { chainVerdictText, ledgerFileSchema, verifyLedgerFile } from '../../domain/ledger';
import { applications, homes, homeTerms, homeValuations, users } from '../platform/db/schema';
import { runCharges } from '../modules/homes/charges';
import { appendLedgerEntries } from '../modules/homes/ledger';
import { signedInWithRole } from '../test/admin-client';
import { signUp, type Member } from '../test/application-client';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';

/**
 * The homeowner's own home, read-only (src/domain/api/home.ts): their agreement, the
 * figures of calculators.md 'Homeowner figures', this month's charge split, the payment
 * history, the valuations with the equity at each, and the ledger they can verify.
 * The home is always the session's: another homeowner's is never reachable.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const TERMS = [{ fromMonth: 1, monthlyPayment: 2_354 }];

/** Gives `member` a home written straight to the database (an approved application, the home, term 1), as 'Record purchase' leaves it. */
async function giveHome(app: TestServer, member: Member, { purchaseDate = '2025-01-15', address = '12 Elm Street, Springfield, IL 62701' } = {}) {
  return app.db.transaction(async (tx) => {
    await tx.update(users).set({ role: 'homeowner' }).where(eq(users.id, member.userId));
    const [application] = await tx
      .insert(applications)
      .values({
        userId: member.userId,
        status: 'approved',
        draft: { personal: {}, employment: {}, assets: {}, debts: {}, consents: {} },
        submittedAt: new Date(),
      })
      .returning({ id: applications.id });
    const [home] = await tx
      .insert(homes)
      .values({
        userId: member.userId,
        applicationId: application!.id,
        address,
        purchaseDate,
        priceCents: AGREEMENT.price * 100,
        downPaymentCents: AGREEMENT.downPayment * 100,
        mortgageRate: AGREEMENT.mortgageRate,
        appreciationRate: AGREEMENT.appreciationRate,
      })
      .returning({ id: homes.id });
    await tx.insert(homeTerms).values({ homeId: home!.id, fromMonth: 1, monthlyPaymentCents: TERMS[0].monthlyPayment * 100 });
    return home!.id;
  });
}

describe('GET /api/me/home…: the homeowner’s own home', () => {
  let app: TestServer;
  let owner: Member;
  let other: Member;
  let stranger: Member;
  let ownerHome: string;
  let otherHome: string;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    [owner, other, stranger] = await Promise.all([signUp(app), signUp(app), signUp(app)]);
    ownerHome = await giveHome(app, owner);
    otherHome = await giveHome(app, other, { purchaseDate: '2025-03-10', address: '7 Oak Avenue, Portland, OR 97201' });
    // Purchased 15 Jan 2025: months 1–5 fall due 1 Feb … 1 Jun 2025.
    await runCharges(app.db, { today: '2025-06-20' });
    // Months 1–3 in full and $1,000 of month 4; a valuation after month 2 and a later one.
    await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        ownerHome,
        [
          { kind: 'payment', amountCents: 2 * 2_354_00, effectiveOn: '2025-03-03', source: 'staff', reference: `ref-${ownerHome}-1` },
          { kind: 'payment', amountCents: 2_354_00 + 1_000_00, effectiveOn: '2025-04-02', source: 'bank_csv', reference: `ref-${ownerHome}-2` },
        ],
        null,
      ),
    );
    await app.db.insert(homeValuations).values([
      { homeId: ownerHome, valueCents: 43_500_000, valuedOn: '2025-05-15', source: 'appraisal' },
      { homeId: ownerHome, valueCents: 42_600_000, valuedOn: '2025-03-15', source: 'index' },
    ]);
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('answers the agreement, the figures of homeownerFigures in cents, this month’s charge split and every charge’s state', async () => {
    const reply = await owner.browser.get('/api/me/home');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    const home = myHomeSchema.parse(reply.body);

    expect(home.home).toMatchObject({
      id: ownerHome,
      address: '12 Elm Street, Springfield, IL 62701',
      purchaseDate: '2025-01-15',
      state: 'active',
      priceCents: 42_000_000,
      downPaymentCents: 2_940_000,
      mortgageRate: 6.4,
      appreciationRate: 3.8,
      monthlyPaymentCents: 2_354_00,
      terms: [{ fromMonth: 1, startsOn: '2025-02-01', monthlyPaymentCents: 2_354_00 }],
    });
    const figures = homeownerFigures({ ...AGREEMENT, terms: TERMS, paidMonths: [1, 2, 3], billedMonths: 5, valuation: 435_000 });
    expect(home.figures).toEqual(figuresInCents(figures));
    // Not a tautology: the equity is the down payment plus three months of credit, and the value rose.
    expect(home.figures.equityPrincipalCents).toBe(Math.round(100 * (29_400 + [1, 2, 3].reduce((sum, k) => sum + equityCredit(AGREEMENT, TERMS, k), 0))));
    expect(home.figures.appreciationChange).toBeCloseTo(15_000 / 420_000, 12);
    expect(home.valuation).toEqual({ valueCents: 43_500_000, valuedOn: '2025-05-15', source: 'appraisal', sourceLabel: 'Appraisal' });

    // Newest first; month 4 part paid and month 5 unpaid are both long past their 10 days of grace.
    expect(home.charges.map((c) => [c.month, c.dueOn, c.amountCents, c.paidCents, c.state])).toEqual([
      [5, '2025-06-01', 2_354_00, 0, 'overdue'],
      [4, '2025-05-01', 2_354_00, 1_000_00, 'overdue'],
      [3, '2025-04-01', 2_354_00, 2_354_00, 'paid'],
      [2, '2025-03-01', 2_354_00, 2_354_00, 'paid'],
      [1, '2025-02-01', 2_354_00, 2_354_00, 'paid'],
    ]);
    expect(home.balanceCents).toBe(5 * 2_354_00 - (3 * 2_354_00 + 1_000_00));

    // This month's charge (month 5): equity credited, taxes and insurance for P ((1 % + 0.4 %) · 420,000 / 12 = $490), and the rest.
    const current = home.currentCharge!;
    expect(current).toMatchObject({ month: 5, dueOn: '2025-06-01', amountCents: 2_354_00, state: 'overdue' });
    expect(current.equityCreditCents).toBe(Math.round(100 * equityCredit(AGREEMENT, TERMS, 5)));
    expect(current.equityCreditCents).toBeGreaterThan(0);
    expect(current.taxesInsuranceCents).toBe(490_00);
    expect(current.equityCreditCents + current.taxesInsuranceCents + current.restCents).toBe(2_354_00);
    // Month 6 is billed next, after the charge run that has not come yet in this test.
    expect(home.nextCharge).toEqual({ month: 6, dueOn: '2025-07-01', amountCents: 2_354_00 });

    // The money received, newest first, with its date and the bank's reference.
    expect(home.movements.map((m) => [m.kind, m.effectiveOn, m.amountCents, m.reference])).toEqual([
      ['payment', '2025-04-02', 3_354_00, `ref-${ownerHome}-2`],
      ['payment', '2025-03-03', 4_708_00, `ref-${ownerHome}-1`],
    ]);
  });

  it('lists a returned payment and a refund beside the payments, and opens the month the returned payment had paid', async () => {
    const before = myHomeSchema.parse((await other.browser.get('/api/me/home')).body);
    const paidSeq = await app.db.transaction(async (tx) => {
      const [paid] = await appendLedgerEntries(
        tx,
        otherHome,
        [{ kind: 'payment', amountCents: 2_354_00, effectiveOn: '2025-04-05', source: 'bank_csv', reference: `ref-${otherHome}-r` }],
        null,
      );
      return paid!.seq;
    });
    await app.db.transaction((tx) =>
      appendLedgerEntries(
        tx,
        otherHome,
        [
          { kind: 'reversal', amountCents: 2_354_00, effectiveOn: '2025-04-09', reversesSeq: paidSeq, note: 'R01 insufficient funds' },
          { kind: 'payment', amountCents: 100_00, effectiveOn: '2025-04-10', source: 'staff', reference: `ref-${otherHome}-s` },
          { kind: 'refund', amountCents: 100_00, effectiveOn: '2025-04-11' },
        ],
        null,
      ),
    );
    const home = myHomeSchema.parse((await other.browser.get('/api/me/home')).body);
    expect(home.movements.map((m) => [m.kind, m.effectiveOn, m.amountCents, m.reference, m.reverses?.effectiveOn ?? null])).toEqual([
      ['refund', '2025-04-11', 100_00, null, null],
      ['payment', '2025-04-10', 100_00, `ref-${otherHome}-s`, null],
      ['payment_returned', '2025-04-09', 2_354_00, `ref-${otherHome}-r`, '2025-04-05'],
      ['payment', '2025-04-05', 2_354_00, `ref-${otherHome}-r`, null],
      ...before.movements.map((m) => [m.kind, m.effectiveOn, m.amountCents, m.reference, null]),
    ]);
    // The returned payment paid nothing: the months are as before it came.
    expect(home.charges.map((c) => c.paidCents)).toEqual(before.charges.map((c) => c.paidCents));
  });

  it('answers the valuations oldest first, from the purchase, each with the equity the ledger stood at on its date', async () => {
    const reply = await owner.browser.get('/api/me/home/valuations');
    expect(reply.status).toBe(200);
    const { points } = myValuationsSchema.parse(reply.body);
    const at = (paidMonths: number[], billedMonths: number, valuation: number) =>
      Math.round(100 * homeownerFigures({ ...AGREEMENT, terms: TERMS, paidMonths, billedMonths, valuation }).totalEquity);
    expect(points.map((p) => [p.valuedOn, p.source, p.valueCents, p.totalEquityCents])).toEqual([
      // No valuation at the purchase: the price, and the down payment as equity.
      ['2025-01-15', 'purchase', 42_000_000, 2_940_000],
      // 15 Mar: months 1–2 billed and paid (the payment of 3 Mar).
      ['2025-03-15', 'index', 42_600_000, at([1, 2], 2, 426_000)],
      // 15 May: months 1–4 billed, 1–3 paid.
      ['2025-05-15', 'appraisal', 43_500_000, at([1, 2, 3], 4, 435_000)],
    ]);
    expect(points[0].totalEquityCents).toBe(at([], 0, 420_000));
  });

  it('serves the whole ledger with its hashes as a JSON attachment that verifies, and names an entry changed after download', async () => {
    const reply = await owner.browser.get('/api/me/home/ledger');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toContain('application/json');
    expect(reply.headers.get('content-disposition')).toMatch(/^attachment; filename=".+-ledger-.+\.json"$/);
    expect(reply.headers.get('cache-control')).toContain('no-store');
    const file = ledgerFileSchema.parse(reply.body);
    expect(file.homeId).toBe(ownerHome);
    expect(file.entries.map((e) => e.kind)).toEqual(['charge', 'charge', 'charge', 'charge', 'charge', 'payment', 'payment']);
    expect(file.entries.every((e) => e.homeId === ownerHome)).toBe(true);
    const verdict = await verifyLedgerFile(reply.body);
    expect(verdict).toMatchObject({ ok: true, count: 7 });
    expect(chainVerdictText(verdict as Parameters<typeof chainVerdictText>[0])).toBe('The ledger is intact (7 entries).');

    const altered = structuredClone(file);
    altered.entries[5].amountCents += 1;
    expect(await verifyLedgerFile(altered)).toEqual({ ok: false, firstBrokenSeq: 6, reason: 'hash' });
  });

  it('gives each homeowner only their own home: nothing of another’s, and no route takes a home’s id', async () => {
    const mine = await other.browser.get('/api/me/home');
    expect(mine.status).toBe(200);
    expect(mine.body.home.id).toBe(otherHome);
    expect(mine.body.home.address).toBe('7 Oak Avenue, Portland, OR 97201');
    for (const path of ['/api/me/home', '/api/me/home/ledger', '/api/me/home/valuations']) {
      const reply = await other.browser.get(path);
      expect(reply.status, path).toBe(200);
      expect(JSON.stringify(reply.body), path).not.toContain(ownerHome);
      // An id in the query is no way in: the session's home answers.
      const asked = await other.browser.get(`${path}?homeId=${ownerHome}&id=${ownerHome}`);
      expect(JSON.stringify(asked.body), path).not.toContain(ownerHome);
    }
    const ledger = await other.browser.get('/api/me/home/ledger');
    expect(ledger.body.homeId).toBe(otherHome);
    // Nor in the path.
    for (const path of [`/api/me/home/${ownerHome}`, `/api/me/home/${ownerHome}/ledger`, `/api/me/home/ledger/${ownerHome}`]) {
      const reply = await other.browser.get(path);
      expect(reply.status, path).toBe(404);
      expect(JSON.stringify(reply.body), path).not.toContain('Elm Street');
    }
  });

  it('answers 403 no_home below the homeowner rank, 404 no_home to an admin without a home, and 401 without a session', async () => {
    const staff = await signedInWithRole(app, 'admin');
    for (const path of ['/api/me/home', '/api/me/home/ledger', '/api/me/home/valuations']) {
      const reply = await stranger.browser.get(path);
      expect([reply.status, reply.body.error.code], path).toEqual([403, 'no_home']);
      expect(reply.body.error.message).toBe(NO_HOME_MESSAGE);
      const admin = await staff.browser.get(path);
      expect([admin.status, admin.body.error.code, admin.body.error.message], path).toEqual([404, 'no_home', NO_HOME_MESSAGE]);
      const anonymous = await fetch(`${app.url}${path}`);
      expect(anonymous.status, path).toBe(401);
    }
  });
});
