import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { ledgerToday } from '../../domain/homes/dates';
import { checkQuoteAgainstLedger } from '../../domain/homes/exit-quote-check';
import { addDays } from '../../domain/ledger';
import { auditLog, homeExitQuotes, homes, homeValuations, ledgerEntries } from '../platform/db/schema';
import { runCharges } from '../modules/homes/charges';
import { appendLedgerEntries } from '../modules/homes';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';
import { pdfWords } from '../test/pdf-text';

/**
 * What docs/decisions/040-exit-quote-completion.md adds to exit quotes: the valuation on or before the quote day,
 * documents with a dispute (the documents' upload guard; the homeowner's and staff's downloads), the in-browser check
 * against the downloaded ledger to the cent, staff's withdrawal inside 14 days, and a buy-out's completion: the
 * buy-out payment as a ledger entry, the final statement as a PDF and in the mail.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const TOP = Math.round(agreementBounds(AGREEMENT).max * 100);
const today = () => ledgerToday();
const PDF = new TextEncoder().encode('%PDF-1.4\n% comparable sales\n');

async function uploadTo(browser: TestBrowser, quoteId: string, file: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
  const response = await fetch(`${browser.baseUrl}/api/me/home/dispute-documents?quote=${quoteId}`, {
    method: 'POST',
    headers: { origin: browser.origin, cookie: browser.cookieHeader },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { code: string } } };
}

describe('exit quotes: documents, the browser check, completion', () => {
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
    const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15', monthlyPaymentCents: TOP });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    await runCharges(app.db, { today: today() });
    await app.db.transaction((tx) =>
      appendLedgerEntries(tx, home.homeId, [{ kind: 'payment', amountCents: 2 * TOP + 999, effectiveOn: '2026-04-02', source: 'staff' }], admin.user.id),
    );
    return { ...owner, homeId: home.homeId };
  }
  const value = (homeId: string, valueCents: number, valuedOn = today()) =>
    admin.browser.post(`/api/admin/homes/${homeId}/valuations`, { valueCents, valuedOn, source: 'appraisal' });

  it('quotes from the valuation on or before the quote day, and the browser check matches it to the cent', async () => {
    const me = await homeowner();
    expect((await value(me.homeId, 47_000_000)).status).toBe(201);
    // A row dated later (written before the check of the ledger's calendar existed) is not the quote's.
    await app.db.insert(homeValuations).values({ homeId: me.homeId, valueCents: 99_000_000, valuedOn: addDays(today(), 3), source: 'index' });
    const quote = (await me.browser.post('/api/me/home/quotes', { kind: 'move' })).body;
    expect(quote).toMatchObject({ state: 'issued', valuation: { valueCents: 47_000_000 } });

    const ledger = (await me.browser.get('/api/me/home/ledger')).body;
    expect(await checkQuoteAgainstLedger(quote, ledger)).toMatchObject({ ok: true, text: expect.stringMatching(/matches to the cent/) });
    // A later payment does not move the check: it reads the ledger up to the quote's head.
    await app.db.transaction((tx) =>
      appendLedgerEntries(tx, me.homeId, [{ kind: 'payment', amountCents: 5000, effectiveOn: today(), source: 'staff' }], admin.user.id),
    );
    expect((await checkQuoteAgainstLedger(quote, (await me.browser.get('/api/me/home/ledger')).body)).ok).toBe(true);
    // A quote whose line was altered, or a ledger changed under it, does not match.
    const altered = { ...quote, lines: { ...quote.lines, feeCents: quote.lines.feeCents + 1 } };
    expect(await checkQuoteAgainstLedger(altered, ledger)).toMatchObject({ ok: false, text: expect.stringMatching(/does not match: Transfer fee/) });
    const forged = {
      ...ledger,
      entries: ledger.entries.map((e: { seq: number; amountCents: number }) => (e.seq === 1 ? { ...e, amountCents: e.amountCents + 1 } : e)),
    };
    expect((await checkQuoteAgainstLedger(quote, forged)).ok).toBe(false);
  });

  it('takes documents with a dispute, for the homeowner and staff only, through the upload guard', async () => {
    const me = await homeowner();
    await value(me.homeId, 48_000_000);
    const quote = (await me.browser.post('/api/me/home/quotes', { kind: 'cash_out' })).body;
    // Not before the dispute.
    expect((await uploadTo(me.browser, quote.id, { bytes: PDF, name: 'sales.pdf' })).status).toBe(409);
    await me.browser.post(`/api/me/home/quotes/${quote.id}/dispute`, { reason: 'Comparable sales are higher.' });

    const refused = await uploadTo(me.browser, quote.id, { bytes: new TextEncoder().encode('MZ not a document'), name: 'sales.pdf' });
    expect([refused.status, refused.body.error?.code]).toEqual([415, 'unsupported_file_type']);
    const stored = await uploadTo(me.browser, quote.id, { bytes: PDF, name: 'comparable sales.pdf' });
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body).toMatchObject({ name: 'comparable sales.pdf', contentType: 'application/pdf' });

    const other = await homeowner();
    expect((await uploadTo(other.browser, quote.id, { bytes: PDF, name: 'x.pdf' })).status).toBe(404);
    expect((await other.browser.get(`/api/me/home/dispute-documents/${stored.body.id}`)).status).toBe(404);

    const view = (await me.browser.get(`/api/me/home/quotes/${quote.id}`)).body;
    expect(view.dispute.documents).toEqual([expect.objectContaining({ id: stored.body.id, name: 'comparable sales.pdf' })]);
    expect(view.canAddDocuments).toBe(true);
    const mine = await me.browser.get(`/api/me/home/dispute-documents/${stored.body.id}`);
    expect([mine.status, new TextDecoder().decode(mine.bytes)]).toEqual([200, new TextDecoder().decode(PDF)]);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    const staffList = (await admin.browser.get(`/api/admin/homes/${me.homeId}/exit-quotes`)).body.quotes;
    expect(staffList[0].dispute.documents).toHaveLength(1);
    expect((await admin.browser.get(`/api/admin/dispute-documents/${stored.body.id}`)).status).toBe(200);
    const downloads = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me.homeId), eq(auditLog.action, 'download')));
    expect(downloads).toHaveLength(2);

    // Staff record an appraisal: the dispute is closed, no more documents.
    await value(me.homeId, 50_000_000);
    expect((await uploadTo(me.browser, quote.id, { bytes: PDF, name: 'late.pdf' })).status).toBe(409);
  });

  it('lets staff withdraw inside 14 days, completes a buy-out with its payment in the ledger and the final statement', async () => {
    const me = await homeowner();
    await value(me.homeId, 46_000_000);
    const first = (await me.browser.post('/api/me/home/quotes', { kind: 'buy_out' })).body;
    await me.browser.post(`/api/me/home/quotes/${first.id}/accept`, { moveDate: addDays(today(), 61), confirm: true });
    expect((await me.browser.get(`/api/me/home/quotes/${first.id}`)).body).toMatchObject({ canWithdraw: true, staffCanWithdraw: false });
    await app.db
      .update(homeExitQuotes)
      .set({ moveDate: addDays(today(), 10) })
      .where(eq(homeExitQuotes.id, first.id));
    expect((await admin.browser.get(`/api/admin/homes/${me.homeId}/exit-quotes`)).body.quotes[0]).toMatchObject({ canWithdraw: false, staffCanWithdraw: true });
    expect((await admin.browser.post(`/api/admin/exit-quotes/${first.id}/withdraw`, { reason: '' })).status).toBe(400);
    expect((await admin.browser.post(`/api/admin/exit-quotes/${first.id}/withdraw`, { reason: 'Asked by phone' })).body.state).toBe('withdrawn');

    const quote = (await me.browser.post('/api/me/home/quotes', { kind: 'buy_out' })).body;
    await me.browser.post(`/api/me/home/quotes/${quote.id}/accept`, { moveDate: addDays(today(), 60), confirm: true });
    expect((await me.browser.get(`/api/me/home/quotes/${quote.id}/final-statement`)).status).toBe(409);
    await app.db.update(homeExitQuotes).set({ moveDate: today() }).where(eq(homeExitQuotes.id, quote.id));
    const completed = await admin.browser.post(`/api/admin/exit-quotes/${quote.id}/complete`, { confirm: true });
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    const price = completed.body.finalTotalCents as number;
    expect(price).toBeGreaterThan(0);
    const money = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.effectiveOn, today())));
    expect(money.filter((e) => e.kind === 'buy_out').map((e) => e.amountCents)).toEqual([price]);
    expect(money.filter((e) => e.kind === 'payout')).toEqual([]);
    const movements = (await me.browser.get('/api/me/home')).body.movements as { kind: string; amountCents: number }[];
    expect(movements).toContainEqual(expect.objectContaining({ kind: 'buy_out', amountCents: price }));

    const pdf = await me.browser.get(`/api/me/home/quotes/${quote.id}/final-statement`);
    expect([pdf.status, pdf.headers.get('content-type')]).toEqual([200, 'application/pdf']);
    const words = pdfWords(Buffer.from(pdf.bytes!));
    expect(words).toContain('Final statement');
    expect(words).toContain('Buy-out price: paid');
    const other = await homeowner();
    expect((await other.browser.get(`/api/me/home/quotes/${quote.id}/final-statement`)).status).toBe(404);

    await settleMailJobs(app);
    const final = (await mailsTo(app.db, me.account.email)).find((m) => m.subject === 'Your final statement');
    expect(final?.text).toMatch(/Buy-out price: \$[\d,]+\.\d\d, paid\./);
  });
});
