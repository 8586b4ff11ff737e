import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../domain/admin/settings';
import { agreementBounds } from '../../domain/calculators';
import { companyDayEnd, ledgerToday } from '../../domain/homes/dates';
import { addDays } from '../../domain/ledger';
import { runCharges } from '../modules/homes/charges';
import { auditLog, homeExitQuotes, homeNotices, homes, homeValuations, signatureEnvelopes } from '../platform/db/schema';
import { forgetCachedSettings, saveSettings } from '../platform/settings/settings-store';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';
import { pdfWords } from '../test/pdf-text';

/**
 * An exit quote's acceptance signed by the homeowner (docs/decisions/043-signed-exit-quotes.md): with e-signatures on,
 * 'Accept' sends the accepted quote with its move date for the homeowner's signature and nothing is accepted until it is
 * signed; then the quote is accepted, its valuation and fee locked and its 60-day notice scheduled. Declined, withdrawn
 * by staff or left past its deadline, the quote stays issued (and can be accepted again) with the reason. Only the
 * homeowner can sign it. With e-signatures off, acceptance is the confirmed button press as before.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const TOP = Math.round(agreementBounds(AGREEMENT).max * 100);
const today = () => ledgerToday();
const typed = (text: string) => ({ kind: 'typed' as const, text });

describe('exit quotes signed', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function setESign(on: boolean) {
    await saveSettings(app.db, { ...DEFAULT_SETTINGS, featureFlags: { ...DEFAULT_SETTINGS.featureFlags, eSign: on } }, admin.user.id);
    forgetCachedSettings(app.db);
  }

  /** A homeowner with an issued cash-out quote (a valuation of today: issued at once). */
  async function issuedQuote() {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15', monthlyPaymentCents: TOP });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    await runCharges(app.db, { today: today() });
    await app.db.insert(homeValuations).values({ homeId: home.homeId, valueCents: 500_000_00, valuedOn: today(), source: 'appraisal' });
    const asked = await owner.browser.post('/api/me/home/quotes', { kind: 'cash_out' });
    expect([asked.status, asked.body.state]).toEqual([201, 'issued']);
    return { ...owner, homeId: home.homeId, quoteId: asked.body.id as string, validUntil: asked.body.validUntil as string };
  }

  const quoteRow = async (id: string) => (await app.db.select().from(homeExitQuotes).where(eq(homeExitQuotes.id, id)))[0]!;
  const noticesOf = (homeId: string) => app.db.select().from(homeNotices).where(eq(homeNotices.homeId, homeId));
  const envelopeOf = async (id: string) => (await app.db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.id, id)))[0]!;
  const accept = (browser: TestBrowser, id: string, moveDate: string) => browser.post(`/api/me/home/quotes/${id}/accept`, { moveDate, confirm: true });

  async function sign(browser: TestBrowser, id: string) {
    const opened = await browser.post(`/api/envelopes/${id}/open`, {});
    if (opened.status !== 200) return opened;
    return browser.post(`/api/envelopes/${id}/sign`, {
      documentSha256: opened.body.documentSha256,
      consent: true,
      signature: typed('Hana Home'),
      fields: { initials: 'HH' },
    });
  }

  it('accepts the quote only once the homeowner signed the acceptance; nobody else can sign it', async () => {
    await setESign(true);
    const me = await issuedQuote();
    const moveDate = addDays(today(), 95);
    const accepted = await accept(me.browser, me.quoteId, moveDate);
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'signing', moveDate, canAccept: false, canWithdraw: false, signatureNote: null });
    expect(accepted.body.signing).toMatchObject({ expired: false });
    const envelopeId = accepted.body.signing.envelopeId as string;
    // Nothing is accepted yet: no notice, no lock recorded.
    expect(await noticesOf(me.homeId)).toEqual([]);
    expect((await quoteRow(me.quoteId)).acceptedAt).toBeNull();
    // The envelope: the accepted quote with its move date, signed by the homeowner alone, due by the quote's validity.
    const envelope = await envelopeOf(envelopeId);
    expect(envelope).toMatchObject({ kind: 'exit_quote', subjectId: me.quoteId, homeId: me.homeId, state: 'sent' });
    // (an envelope's 30 days, cut to the end of the quote's last valid day when that comes first)
    expect(envelope.expiresAt.getTime()).toBeLessThanOrEqual(companyDayEnd(me.validUntil).getTime());
    expect(envelope.expiresAt.getTime()).toBeGreaterThan(companyDayEnd(addDays(me.validUntil, -1)).getTime());
    const detail = (await me.browser.get(`/api/envelopes/${envelopeId}`)).body;
    expect(detail.signers.map((s: { role: string }) => s.role)).toEqual(['homeowner']);
    expect(JSON.stringify(detail.document)).toContain('My acceptance');
    expect(JSON.stringify(detail.document)).toContain('Sale and transfer costs');
    const document = await fetch(`${me.browser.baseUrl}/api/envelopes/${envelopeId}/file`, {
      headers: { cookie: me.browser.cookieHeader, origin: me.browser.origin },
    });
    const words = pdfWords(Buffer.from(await document.arrayBuffer()));
    expect(words).toContain('My acceptance');
    expect(words).toContain('How to check this');
    // Accepting again while it waits is refused.
    const twice = await accept(me.browser, me.quoteId, moveDate);
    expect([twice.status, twice.body.error.code]).toEqual([409, 'quote_state']);

    // Another homeowner can neither open nor sign it, nor accept the quote; staff cannot sign in the homeowner's place.
    const other = await issuedQuote();
    expect((await sign(other.browser, envelopeId)).status).toBe(404);
    expect((await accept(other.browser, me.quoteId, moveDate)).status).toBe(404);
    expect((await sign(admin.browser, envelopeId)).status).toBe(404);
    expect((await quoteRow(me.quoteId)).state).toBe('signing');

    await settleMailJobs(app);
    expect((await mailsTo(app.db, me.user.email)).map((m) => m.subject)).toContain(`Please sign: ${envelope.title}`);

    const signed = await sign(me.browser, envelopeId);
    expect([signed.status, signed.body.status]).toEqual([200, 'completed']);
    const quote = (await me.browser.get(`/api/me/home/quotes/${me.quoteId}`)).body;
    expect(quote).toMatchObject({ state: 'accepted', moveDate, signing: null, canWithdraw: true });
    const [notice] = await noticesOf(me.homeId);
    expect(notice).toMatchObject({ state: 'scheduled', scheduledDate: moveDate, kind: 'cash_out' });
    expect((await quoteRow(me.quoteId)).noticeId).toBe(notice!.id);
    const [audit] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, me.homeId), eq(auditLog.action, 'update')))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(audit!.changes).toMatchObject({ exitQuote: { id: me.quoteId, state: { from: 'signing', to: 'accepted' }, envelopeId } });
    await settleMailJobs(app);
    expect((await mailsTo(app.db, me.user.email)).map((m) => m.subject)).toEqual(
      expect.arrayContaining(['You accepted your exit quote', `Signed and sealed: ${envelope.title}`]),
    );
    // Staff see it accepted, with its date, as before.
    const waiting = (await admin.browser.get('/api/admin/exit-quotes')).body.quotes.find((q: { id: string }) => q.id === me.quoteId);
    expect(waiting).toMatchObject({ state: 'accepted', moveDate });
  });

  it('a declined or withdrawn acceptance leaves the quote issued, with the reason, and it can be accepted again', async () => {
    await setESign(true);
    const me = await issuedQuote();
    const first = await accept(me.browser, me.quoteId, addDays(today(), 70));
    const declined = await me.browser.post(`/api/envelopes/${first.body.signing.envelopeId}/decline`, { reason: 'I want a later date' });
    expect(declined.status).toBe(200);
    const afterDecline = (await me.browser.get(`/api/me/home/quotes/${me.quoteId}`)).body;
    expect(afterDecline).toMatchObject({ state: 'issued', moveDate: null, signing: null, canAccept: true });
    expect(afterDecline.signatureNote).toBe('You declined to sign your acceptance, so the quote was not accepted: I want a later date');
    expect(await noticesOf(me.homeId)).toEqual([]);
    await settleMailJobs(app);
    expect((await mailsTo(app.db, me.user.email)).map((m) => m.subject)).toContain('Your exit quote was not accepted');

    // Accepted again, then withdrawn by staff: issued again, told why.
    const second = await accept(me.browser, me.quoteId, addDays(today(), 90));
    expect(second.body.state).toBe('signing');
    expect(second.body.signing.envelopeId).not.toBe(first.body.signing.envelopeId);
    const voided = await admin.browser.post(`/api/admin/envelopes/${second.body.signing.envelopeId}/void`, { reason: 'Wrong move date' });
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const afterVoid = (await me.browser.get(`/api/me/home/quotes/${me.quoteId}`)).body;
    expect(afterVoid).toMatchObject({ state: 'issued', canAccept: true });
    expect(afterVoid.signatureNote).toBe('We withdrew your acceptance for signature, so the quote was not accepted: Wrong move date');
    expect(await noticesOf(me.homeId)).toEqual([]);
  });

  it('an acceptance left unsigned past its deadline cannot be signed or sent again; the quote can be accepted again', async () => {
    await setESign(true);
    const me = await issuedQuote();
    const third = await accept(me.browser, me.quoteId, addDays(today(), 65));
    const lapsedId = third.body.signing.envelopeId as string;
    // The deadline of a move date 65 days away: the end of the day it is 60 days away.
    expect((await envelopeOf(lapsedId)).expiresAt.toISOString()).toBe(companyDayEnd(addDays(today(), 5)).toISOString());
    const past = new Date(Date.now() - 60_000);
    await app.db.update(signatureEnvelopes).set({ expiresAt: past }).where(eq(signatureEnvelopes.id, lapsedId));
    await app.db.update(homeExitQuotes).set({ signingUntil: past }).where(eq(homeExitQuotes.id, me.quoteId));
    const lapsed = (await me.browser.get(`/api/me/home/quotes/${me.quoteId}`)).body;
    expect(lapsed).toMatchObject({ state: 'signing', signing: { expired: true }, canAccept: true });
    expect(lapsed.signatureNote).toMatch(
      /^Your acceptance was not signed by the end of .+, so the quote was not accepted\. You can accept it again while it is valid\.$/,
    );
    const late = await sign(me.browser, lapsedId);
    expect([late.status, late.body.error.code]).toEqual([409, 'envelope_closed']);
    const resent = await admin.browser.post(`/api/admin/envelopes/${lapsedId}/resend`, {});
    expect([resent.status, resent.body.error?.code]).toEqual([409, 'envelope_closed']);
    const fourth = await accept(me.browser, me.quoteId, addDays(today(), 80));
    expect(fourth.body.state).toBe('signing');
    expect((await envelopeOf(lapsedId)).state).toBe('voided');
    expect((await sign(me.browser, fourth.body.signing.envelopeId)).body.status).toBe('completed');
    expect((await quoteRow(me.quoteId)).state).toBe('accepted');
  });

  it('with e-signatures off, acceptance is the confirmed button press, audited, with no envelope', async () => {
    await setESign(false);
    const me = await issuedQuote();
    expect((await me.browser.get(`/api/me/home/quotes/${me.quoteId}`)).body.acceptanceSigned).toBe(false);
    const moveDate = addDays(today(), 61);
    const accepted = await accept(me.browser, me.quoteId, moveDate);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ state: 'accepted', moveDate, signing: null });
    expect(await app.db.select().from(signatureEnvelopes).where(eq(signatureEnvelopes.subjectId, me.quoteId))).toEqual([]);
    const [notice] = await noticesOf(me.homeId);
    expect(notice).toMatchObject({ state: 'scheduled', scheduledDate: moveDate });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, me.homeId));
    expect(audits.map((a) => a.changes)).toContainEqual(
      expect.objectContaining({ exitQuote: expect.objectContaining({ id: me.quoteId, state: { from: 'issued', to: 'accepted' }, confirmed: true }) }),
    );
  });
});
