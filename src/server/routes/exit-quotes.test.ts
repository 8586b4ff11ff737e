import { pdfWords } from '../test/pdf-text';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds, exitQuote } from '../../domain/calculators';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays, exitBalances } from '../../domain/ledger';
import { auditLog, homeExitQuotes, homeNotices, homes, ledgerEntries } from '../platform/db/schema';
import { runCharges } from '../modules/homes/charges';
import { appendLedgerEntries } from '../modules/homes';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * Exit quotes end to end over HTTP (docs/decisions/034-exit-quotes.md): asked without a recent valuation
 * (valuing), issued when staff record one, disputed once, reissued from an appraisal, accepted with a
 * 60-day move date (the notice scheduled), completed from the locked valuation and that day's ledger
 * (payout, home closed) — and each refusal a homeowner can meet: another's quote, a closed home, a second dispute, a late or early acceptance.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const TOP = Math.round(agreementBounds(AGREEMENT).max * 100);
const PURCHASE = '2026-01-15';
const today = () => ledgerToday();

describe('exit quotes', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function homeowner() {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: PURCHASE, monthlyPaymentCents: TOP });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    await runCharges(app.db, { today: today() });
    return { ...owner, homeId: home.homeId };
  }
  const value = (homeId: string, valueCents: number, source = 'appraisal', valuedOn = today()) =>
    admin.browser.post(`/api/admin/homes/${homeId}/valuations`, { valueCents, valuedOn, source });

  it('values first, issues, takes one dispute, reissues from an appraisal, accepts and completes to the cent', async () => {
    const me = await homeowner();
    // One payment: some months paid, the rest in arrears.
    await app.db.transaction((tx) =>
      appendLedgerEntries(tx, me.homeId, [{ kind: 'payment', amountCents: 3 * TOP + 1234, effectiveOn: '2026-05-02', source: 'staff' }], admin.user.id),
    );

    const options = await me.browser.get('/api/me/home/exit');
    expect(options.status).toBe(200);
    expect(options.body).toMatchObject({ estimate: true, valuation: null, transferFee: { type: 'percentage', amount: 2 } });
    expect(options.body.ways.map((w: { kind: string }) => w.kind)).toEqual(['move', 'cash_out', 'buy_out']);

    // No valuation within 90 days: staff are asked, the homeowner told when to expect it.
    const asked = await me.browser.post('/api/me/home/quotes', { kind: 'cash_out' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ state: 'valuing', lines: null, totalCents: null });
    expect(asked.body.expectedBy > today()).toBe(true);
    const id = asked.body.id as string;
    expect((await admin.browser.get('/api/admin/exit-quotes')).body.quotes.map((q: { id: string }) => q.id)).toContain(id);

    // A valuation dated in the future is refused under its field.
    const future = await value(me.homeId, 50_000_000, 'broker_opinion', addDays(today(), 2));
    expect([future.status, future.body.error.fields.valuedOn]).toEqual([400, 'Date cannot be in the future.']);

    expect((await value(me.homeId, 50_000_000, 'broker_opinion')).status).toBe(201);
    const issued = (await me.browser.get(`/api/me/home/quotes/${id}`)).body;
    expect(issued).toMatchObject({
      state: 'issued',
      quotedOn: today(),
      validUntil: addDays(today(), 30),
      valuation: { valueCents: 50_000_000, source: 'broker_opinion' },
    });

    // The quote is exitQuote over the ledger as stored with it.
    const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, me.homeId));
    const balances = exitBalances(entries, today());
    expect(balances.arrearsCents).toBeGreaterThan(0);
    const expected = exitQuote({
      ...AGREEMENT,
      terms: [{ fromMonth: 1, monthlyPayment: TOP / 100 }],
      paidMonths: balances.allocation.paidMonths,
      billedMonths: balances.allocation.billedMonths,
      valuation: 500_000,
      kind: 'cashOut',
      transferFee: { type: 'percentage', amount: 2 },
      arrearsCents: balances.arrearsCents,
      creditCents: balances.creditCents,
    });
    expect(expected.kind).toBe('cashOut');
    if (expected.kind !== 'cashOut') return;
    expect(issued.totalCents).toBe(expected.payoutCents);
    expect(issued.lines).toMatchObject({ costsCents: expected.costsCents, equityOutCents: expected.equityOutCents, arrearsCents: balances.arrearsCents });
    expect(issued.lines.equityOutCents - issued.lines.arrearsCents + issued.lines.creditCents).toBe(issued.totalCents);
    expect(issued.lines.downPaymentCents + issued.lines.equityCreditedCents + issued.lines.appreciationCents).toBe(issued.lines.totalEquityCents);
    expect(issued.headHash).toBe(entries.sort((a, b) => b.seq - a.seq)[0]!.hash);

    const pdf = await fetch(`${me.browser.baseUrl}/api/me/home/quotes/${id}/pdf`, { headers: { cookie: me.browser.cookieHeader, origin: me.browser.origin } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // What a reader of the file reads: its checks, and the ledger head it was built on.
    const words = pdfWords(bytes);
    expect(words).toContain('How to check this');
    expect(words).toContain('Its hash (SHA-256):');

    // Another homeowner sees nothing of it.
    const other = await homeowner();
    expect((await other.browser.get(`/api/me/home/quotes/${id}`)).status).toBe(404);
    expect((await other.browser.post(`/api/me/home/quotes/${id}/dispute`, { reason: 'Mine now' })).status).toBe(404);

    // Dispute once.
    const disputed = await me.browser.post(`/api/me/home/quotes/${id}/dispute`, { reason: 'Three houses on my street sold for more.' });
    expect(disputed.body).toMatchObject({ state: 'disputed', canAccept: false });
    const again = await me.browser.post(`/api/me/home/quotes/${id}/dispute`, { reason: 'Again' });
    expect([again.status, again.body.error.fields?.reason]).toEqual([400, expect.stringMatching(/once/)]);
    expect((await me.browser.post(`/api/me/home/quotes/${id}/accept`, { moveDate: addDays(today(), 61), confirm: true })).status).toBe(409);

    // Staff record an appraisal: a new quote replaces the disputed one.
    expect((await value(me.homeId, 52_000_000)).status).toBe(201);
    const after = (await me.browser.get('/api/me/home/exit')).body;
    const fresh = after.quotes.find((q: { replacesId: string | null }) => q.replacesId === id);
    expect(fresh).toMatchObject({ state: 'issued', valuation: { valueCents: 52_000_000, source: 'appraisal' }, canAccept: true });
    expect(after.quotes.find((q: { id: string }) => q.id === id)).toMatchObject({ state: 'superseded' });
    expect(after.estimate).toBe(false);

    // Accept: not under 60 days, then with a date 60 days away.
    const soon = await me.browser.post(`/api/me/home/quotes/${fresh.id}/accept`, { moveDate: addDays(today(), 59), confirm: true });
    expect([soon.status, soon.body.error.fields.moveDate]).toEqual([400, expect.stringMatching(/at least 60 days/)]);
    const moveDate = addDays(today(), 60);
    const accepted = await me.browser.post(`/api/me/home/quotes/${fresh.id}/accept`, { moveDate, confirm: true });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'accepted', moveDate, canWithdraw: true });
    const [notice] = await app.db.select().from(homeNotices).where(eq(homeNotices.homeId, me.homeId));
    expect(notice).toMatchObject({ state: 'scheduled', scheduledDate: moveDate, kind: 'cash_out' });

    // Completion waits for the move date.
    expect((await admin.browser.post(`/api/admin/exit-quotes/${fresh.id}/complete`, { confirm: true })).status).toBe(409);
    await app.db.update(homeExitQuotes).set({ moveDate: today() }).where(eq(homeExitQuotes.id, fresh.id));
    // A later valuation does not move the locked one.
    expect((await value(me.homeId, 60_000_000)).status).toBe(201);
    const preview = await admin.browser.get(`/api/admin/exit-quotes/${fresh.id}/completion`);
    expect(preview.body).toMatchObject({ canComplete: true, lines: { valuationCents: 52_000_000 } });
    const completed = await admin.browser.post(`/api/admin/exit-quotes/${fresh.id}/complete`, { confirm: true });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toMatchObject({ state: 'completed', completedOn: today(), finalTotalCents: preview.body.totalCents });
    const payouts = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.kind, 'payout')));
    expect(payouts.map((p) => p.amountCents)).toEqual(preview.body.totalCents > 0 ? [preview.body.totalCents] : []);
    const [home] = await app.db.select().from(homes).where(eq(homes.id, me.homeId));
    expect(home).toMatchObject({ state: 'closed', closedOn: today() });

    // A closed home takes no quote.
    const closed = await me.browser.post('/api/me/home/quotes', { kind: 'move' });
    expect([closed.status, closed.body.error.code]).toEqual([409, 'home_closed']);

    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'homes'), eq(auditLog.entityId, me.homeId)));
    expect(audits.filter((a) => JSON.stringify(a.changes).includes('exitQuote')).length).toBeGreaterThanOrEqual(5);
    await settleMailJobs(app);
    const subjects = (await mailsTo(app.db, me.account.email)).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'We are valuing your home',
        'Your exit quote is ready',
        'We received your dispute',
        'Your new exit quote is ready',
        'You accepted your exit quote',
        'Your final statement',
      ]),
    );
  });

  it('refuses acceptance after expiry, a homeowner withdrawal inside 14 days, and a fixed fee above the home value', async () => {
    const me = await homeowner();
    await value(me.homeId, 45_000_000);
    const quote = (await me.browser.post('/api/me/home/quotes', { kind: 'move' })).body;
    expect(quote).toMatchObject({ state: 'issued', transferFee: { type: 'percentage', amount: 2 } });
    await app.db
      .update(homeExitQuotes)
      .set({ validUntil: addDays(today(), -1) })
      .where(eq(homeExitQuotes.id, quote.id));
    const late = await me.browser.post(`/api/me/home/quotes/${quote.id}/accept`, { moveDate: addDays(today(), 70), confirm: true });
    expect([late.status, late.body.error.fields?.moveDate]).toEqual([400, expect.stringMatching(/expired/)]);

    const buy = (await me.browser.post('/api/me/home/quotes', { kind: 'buy_out' })).body;
    expect(buy.lines.buyOutPriceCents).toBe(buy.totalCents);
    expect((await me.browser.post(`/api/me/home/quotes/${buy.id}/accept`, { moveDate: addDays(today(), 70), confirm: true })).status).toBe(200);
    await app.db
      .update(homeExitQuotes)
      .set({ moveDate: addDays(today(), 13) })
      .where(eq(homeExitQuotes.id, buy.id));
    const tooLate = await me.browser.post(`/api/me/home/quotes/${buy.id}/withdraw`, { reason: 'Changed my mind' });
    expect([tooLate.status, tooLate.body.error.fields?.reason]).toEqual([400, expect.stringMatching(/14 days/)]);
    const byStaff = await admin.browser.post(`/api/admin/exit-quotes/${buy.id}/withdraw`, { reason: 'Asked by phone' });
    expect(byStaff.body).toMatchObject({ state: 'withdrawn', withdrawReason: 'Asked by phone' });
    const [notice] = await app.db.select().from(homeNotices).where(eq(homeNotices.homeId, me.homeId));
    expect(notice!.state).toBe('cancelled');

    const current = (await admin.browser.get('/api/admin/settings')).body;
    const saved = await admin.browser.put('/api/admin/settings', { ...current, transferFeeConfig: { type: 'fixed', amount: 500_000 } });
    expect(saved.status).toBe(200);
    const refused = await me.browser.post('/api/me/home/quotes', { kind: 'move' });
    expect([refused.status, refused.body.error.code]).toEqual([409, 'transfer_fee_invalid']);
    expect(refused.body.error.message).toMatch(/more than your home is worth/);
    await admin.browser.put('/api/admin/settings', current);
  });
});
