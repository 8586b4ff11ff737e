import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays, verifyChain } from '../../domain/ledger';
import { queryRows } from '../platform/db/client';
import { applications, homes, homeTerms, partnerAgents, preApprovals, users } from '../platform/db/schema';
import { pipelineCounts } from '../modules/buying';
import { loadHomeFigures } from '../modules/homes/home-figures';
import { chainEntryOf, ledgerOf, nodeSha256Hex } from '../modules/homes/ledger';
import { AUTH_TEST_ENV, TestBrowser } from '../test/auth-client';
import { createTestDatabase, startTestServer, type TestDatabase, type TestServer } from '../test/harness';
import { describeSeed, seed } from './seed';
import { BUYING_STAGES } from './seed-buying';
import { homeownersWithoutHome } from './seed-homes';

/**
 * `npm run seed`'s homeowners (README.md#demo-data): approved applications turned into homes with
 * years of charges and payments written through the ledger service, so every chain
 * verifies and every home's figures compute; one homeowner can sign in and finds their
 * statement; a second run adds nothing.
 */

const COUNTS = { users: 40, applications: 36, waitlist: 2, adminWaitlist: 1, letters: 1, withDocuments: 0 };

describe('npm run seed: homeowners', () => {
  let database: TestDatabase;
  let app: TestServer | undefined;
  afterAll(async () => {
    await app?.stop();
    await database?.dispose();
  });

  it('creates homes with years of history whose chains verify and whose figures compute', { timeout: 180_000 }, async () => {
    database = await createTestDatabase();
    const env = { ...database.env, NODE_ENV: 'test', LOG_LEVEL: 'silent' };
    const first = await seed(env, { counts: COUNTS });
    expect(first.homes.homes).toBeGreaterThanOrEqual(3);
    expect(first.homeowner?.password.length).toBeGreaterThanOrEqual(20);
    expect(describeSeed(first)).toContain(`Demo homeowner:  ${first.homeowner!.email}`);
    expect(describeSeed(first)).toContain(`Passphrase:      ${first.homeowner!.password}`);

    const again = await seed(env, { counts: COUNTS });
    expect(again.status).toBe('already-seeded');
    expect(again.homes.homes).toBe(0);

    app = await startTestServer(AUTH_TEST_ENV, { database });
    const db = app.db;
    const all = await db.select().from(homes);
    expect(all).toHaveLength(first.homes.homes);
    const today = ledgerToday();
    let overdue = 0;
    let late = 0;
    for (const home of all) {
      const entries = await ledgerOf(db, home.id);
      expect(await verifyChain(entries.map(chainEntryOf), nodeSha256Hex)).toMatchObject({ ok: true, count: entries.length });
      const loaded = (await loadHomeFigures(db, home.id, today))!;
      // Bought one to four years ago: a charge for every month fallen due since.
      expect(loaded.allocation.billedMonths).toBeGreaterThanOrEqual(11);
      expect(Number.isFinite(loaded.figures.totalEquity)).toBe(true);
      expect(loaded.figures.equityPrincipal).toBeGreaterThan(home.downPaymentCents / 100);
      if (loaded.allocation.charges.some((charge) => charge.state === 'overdue')) overdue += 1;
      // A payment more than 10 days after its month's due date (the seed's references end in the month).
      const dueByMonth = new Map(entries.filter((e) => e.kind === 'charge').map((e) => [e.month, e.effectiveOn]));
      const lateOnes = entries.filter((e) => e.kind === 'payment' && e.effectiveOn > addDays(dueByMonth.get(Number(e.reference!.split('-').at(-1)))!, 10));
      if (lateOnes.length > 0) late += 1;
      const [owner] = await db.select({ role: users.role }).from(users).where(eq(users.id, home.userId));
      expect(owner!.role).toBe('homeowner');
    }
    expect(overdue).toBe(1);
    expect(late).toBeGreaterThan(0);
    expect(await homeownersWithoutHome(db)).toBe(0);
    // One home changed its payment: two terms.
    const [{ n }] = await queryRows<{ n: number }>(db, sql`SELECT count(DISTINCT home_id)::int AS n FROM ${homeTerms} WHERE from_month > 1`);
    expect(n).toBe(1);

    // The demo homeowner signs in and finds last month's statement (made on the 2nd or later).
    const browser = new TestBrowser(app.url, app.config.APP_URL);
    expect((await browser.post('/api/auth/sign-in/email', { email: first.homeowner!.email, password: first.homeowner!.password })).status).toBe(200);
    expect((await browser.get('/api/me')).body).toMatchObject({ role: 'homeowner' });
    const statements = await browser.get('/api/me/home/statements');
    expect(statements.status).toBe(200);
    expect(statements.body.statements).toHaveLength(Number(today.slice(8)) >= 2 ? 1 : 0);
    expect(first.homes.statements).toBe(Number(today.slice(8)) >= 2 ? first.homes.homes : 0);

    // The demo homeowner gets a quote at once (a recent valuation, a payment history), disputes it and accepts it.
    const options = (await browser.get('/api/me/home/exit')).body;
    expect(options).toMatchObject({ estimate: false, closed: false });
    const quote = await browser.post('/api/me/home/quotes', { kind: 'cash_out' });
    expect(quote.body).toMatchObject({ state: 'issued', canDispute: true, canAccept: true });
    expect(quote.body.paidMonths.length).toBeGreaterThan(0);
    expect((await browser.post(`/api/me/home/quotes/${quote.body.id}/dispute`, { reason: 'Two houses nearby sold for more.' })).body.state).toBe('disputed');
    const second = await browser.post('/api/me/home/quotes', { kind: 'move' });
    expect((await browser.post(`/api/me/home/quotes/${second.body.id}/accept`, { moveDate: addDays(today, 60), confirm: true })).body.state).toBe('accepted');

    // Buyers between approval and keys, one per stage, and partner agents (docs/decisions/042-closing.md).
    expect(first.buyers).toBe(BUYING_STAGES.length);
    expect(describeSeed(first)).toContain(`and ${first.buyers} buyers between approval and keys`);
    const pipeline = await pipelineCounts(db);
    for (const stage of BUYING_STAGES) expect(pipeline[stage], stage).toBeGreaterThanOrEqual(1);
    expect(pipeline.homeowner).toBe(first.homes.homes);
    expect((await db.select().from(partnerAgents)).length).toBeGreaterThanOrEqual(3);
    // Each buyer's approval is the day of their pre-approval, after they applied: the story reads in order.
    const approvals = await db
      .select({ issuedOn: preApprovals.issuedOn, reviewedAt: applications.reviewedAt, submittedAt: applications.submittedAt })
      .from(preApprovals)
      .innerJoin(applications, eq(applications.id, preApprovals.applicationId));
    expect(approvals.length).toBeGreaterThanOrEqual(BUYING_STAGES.length);
    for (const approval of approvals) {
      expect(approval.reviewedAt!.toISOString().slice(0, 10)).toBe(approval.issuedOn);
      expect(approval.submittedAt!.getTime()).toBeLessThan(approval.reviewedAt!.getTime());
    }

    // Each of them signs in with the printed passphrase and finds their stage: a newcomer follows one from approval to keys.
    const signIn = first.buyerSignIn!;
    expect(signIn.password.length).toBeGreaterThanOrEqual(20);
    expect(signIn.buyers.map((b) => b.stage)).toEqual([...BUYING_STAGES]);
    expect(describeSeed(first)).toContain(`Passphrase (each):  ${signIn.password}`);
    for (const { stage, email } of signIn.buyers) {
      expect(describeSeed(first)).toContain(email);
      const buyer = new TestBrowser(app.url, app.config.APP_URL);
      expect((await buyer.post('/api/auth/sign-in/email', { email, password: signIn.password })).status, stage).toBe(200);
      expect((await buyer.get('/api/me/status')).body.preApproval, stage).toMatchObject({ maxPriceCents: expect.any(Number) });
      const homesListed = (await buyer.get('/api/me/considered-homes')).body.homes;
      expect(homesListed.length, stage).toBe(stage === 'approved' ? 0 : 2);
      const offers = (await buyer.get('/api/me/offers')).body.offers;
      const expected = { approved: null, searching: null, offer: 'submitted', under_contract: 'accepted', closing: 'accepted' }[stage];
      expect(offers[0]?.status ?? null, stage).toBe(expected);
      if (expected === 'accepted') expect(offers[0].closing.milestones, stage).toHaveLength(6);
    }
  });
});
