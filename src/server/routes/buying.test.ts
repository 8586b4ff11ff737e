import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyRangeFor } from '../../domain/buying/homes';
import { auditLog, consideredHomes, lettersOfIntent, offers, preApprovals } from '../platform/db/schema';
import { insertApplication, statusBody } from '../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, uniqueEmail, type TestServer } from '../test/harness';
import { settleMailJobs } from '../test/mail-jobs';
import { forgetCachedSettings, getSettings, saveSettings } from '../platform/settings/settings-store';
import { pdfWords } from '../test/pdf-text';

/**
 * Find and Offer (docs/decisions/036-find-and-offer.md): an approved buyer's homes with their fit,
 * 'Make an offer' as a letter of intent staff decide, the offer's states, and every refusal with
 * nothing written. Pre-approval: $500,000 at most, $10,000 down; we buy in Texas only here.
 */

const RATE = 6.4;
const OTHER_ID = '00000000-0000-4000-8000-000000000000';

const homeBody = (overrides: Record<string, unknown> = {}) => ({
  street: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  listingUrl: 'https://listings.example.com/12-elm',
  listPrice: '$420,000',
  beds: '3',
  baths: '2.5',
  squareFeet: '1,850',
  notes: 'Near the park',
  ...overrides,
});

/** A monthly payment in the middle of the slider for the price at the down payment, in dollars. */
const midMonthly = (priceCents: number, downCents: number) => {
  const range = monthlyRangeFor(priceCents, downCents, RATE)!;
  return Math.round((range.minCents + range.maxCents) / 2) / 100;
};

const offerBody = (overrides: Record<string, unknown> = {}) => ({
  offerPrice: '415000',
  downPayment: '10000',
  monthlyPayment: String(midMonthly(41_500_000, 1_000_000)),
  moveInDate: 'Q3 2026',
  notes: 'Flexible on closing',
  ...overrides,
});

describe('find and offer', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
    const agent = await admin.browser.post('/api/admin/agents', {
      name: 'Maria Lopez',
      brokerage: 'Lone Star Realty',
      licenceNumber: 'TX-0654321',
      email: uniqueEmail('agent'),
      phone: '(512) 555-0142',
      states: 'TX',
    });
    expect(agent.status).toBe(201);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A signed-in buyer, approved by staff with the standard terms. */
  async function approvedBuyer() {
    const signedIn = await signedInWithRole(app, 'applicant');
    const row = await insertApplication(app.db, { userId: signedIn.user.id, status: 'in_review', firstName: 'Olive', lastName: 'Offer' });
    const approved = await admin.browser.patch(`/api/admin/applications/${row!.id}/status`, statusBody('approved'));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { ...signedIn, applicationId: row!.id };
  }
  type Buyer = Awaited<ReturnType<typeof approvedBuyer>>;

  async function addHome(buyer: Buyer, overrides: Record<string, unknown> = {}) {
    const reply = await buyer.browser.post('/api/me/considered-homes', homeBody(overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { id: string; fit: { withinPrice: boolean; stateServed: boolean; monthlyMinCents: number; monthlyMaxCents: number } };
  }
  const offersOf = (userId: string) => app.db.select().from(offers).where(eq(offers.userId, userId));
  const lettersOf = (email: string) => app.db.select().from(lettersOfIntent).where(eq(lettersOfIntent.emailKey, email.toLowerCase()));
  const subjects = async (email: string) => (await mailsTo(app.db, email)).map((m) => m.subject);
  const auditsOf = (entityId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'offers'), eq(auditLog.entityId, entityId)));

  it('refuses homes before an approval and says so', async () => {
    const applicant = await signedInWithRole(app, 'applicant');
    await insertApplication(app.db, { userId: applicant.user.id, status: 'submitted' });
    const mine = await applicant.browser.get('/api/me/considered-homes');
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('no-store');
    expect(mine.body).toEqual({ approved: false, terms: null, homes: [] });
    const refused = await applicant.browser.post('/api/me/considered-homes', homeBody());
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('not_approved');
    expect(await app.db.select().from(consideredHomes).where(eq(consideredHomes.userId, applicant.user.id))).toEqual([]);
  });

  it('adds homes with their fit and monthly range at the buyer’s down payment, edits and removes them, audited', async () => {
    const buyer = await approvedBuyer();
    const fits = await addHome(buyer);
    expect(fits.fit).toEqual({ withinPrice: true, stateServed: true, ...rangeOf(42_000_000) });
    expect(fits).toMatchObject({ listPriceCents: 42_000_000, beds: 3, baths: 2.5, squareFeet: 1850, listingUrl: 'https://listings.example.com/12-elm' });
    const over = await addHome(buyer, { street: '9 Oak Ave', listPrice: '650000' });
    expect(over.fit).toMatchObject({ withinPrice: false, stateServed: true });
    const away = await addHome(buyer, { street: '1 Strip Blvd', city: 'Reno', state: 'NV', zip: '89501', listPrice: '300000' });
    expect(away.fit).toMatchObject({ withinPrice: true, stateServed: false });

    const mine = await buyer.browser.get('/api/me/considered-homes');
    expect(mine.body.terms).toMatchObject({ maxPriceCents: 50_000_000, downPaymentCents: 1_000_000, mortgageRate: RATE, servedStates: ['TX'], expired: false });
    expect(mine.body.homes.map((h: { id: string }) => h.id)).toEqual([fits.id, over.id, away.id]);

    const edited = await buyer.browser.put(`/api/me/considered-homes/${over.id}`, homeBody({ street: '9 Oak Ave', listPrice: '480000' }));
    expect(edited.status).toBe(200);
    expect(edited.body.fit.withinPrice).toBe(true);
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'considered_homes'), eq(auditLog.action, 'update'), eq(auditLog.entityId, over.id)));
    expect(entry!.changes).toEqual({ listPriceCents: { from: 65_000_000, to: 48_000_000 } });

    expect((await buyer.browser.delete(`/api/me/considered-homes/${away.id}`)).status).toBe(200);
    expect((await buyer.browser.get('/api/me/considered-homes')).body.homes).toHaveLength(2);

    function rangeOf(priceCents: number) {
      const range = monthlyRangeFor(priceCents, 1_000_000, RATE)!;
      return { monthlyMinCents: range.minCents, monthlyMaxCents: range.maxCents };
    }
  });

  it('refuses bad home fields under each field and writes nothing', async () => {
    const buyer = await approvedBuyer();
    const refused = await buyer.browser.post(
      '/api/me/considered-homes',
      homeBody({ listingUrl: 'javascript:alert(1)', state: 'XX', zip: '7870', listPrice: '0', baths: '2.3', street: '' }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields).sort()).toEqual(['baths', 'listPrice', 'listingUrl', 'state', 'street', 'zip']);
    expect(refused.body.error.fields.listingUrl).toBe('Enter the listing’s web address, starting with https://');
    expect(await app.db.select().from(consideredHomes).where(eq(consideredHomes.userId, buyer.user.id))).toEqual([]);
  });

  it('answers 404 for another buyer’s home and offer', async () => {
    const owner = await approvedBuyer();
    const other = await approvedBuyer();
    const home = await addHome(owner);
    expect((await other.browser.put(`/api/me/considered-homes/${home.id}`, homeBody())).status).toBe(404);
    expect((await other.browser.delete(`/api/me/considered-homes/${home.id}`)).status).toBe(404);
    expect((await other.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody())).status).toBe(404);
    const made = await owner.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    expect(made.status).toBe(201);
    expect((await other.browser.post(`/api/me/offers/${made.body.id}/withdraw`)).status).toBe(404);
    expect((await other.browser.post(`/api/me/offers/${made.body.id}/counter`, { answer: 'accept' })).status).toBe(404);
    expect((await other.browser.get('/api/me/offers')).body.offers).toEqual([]);
    expect((await owner.browser.post(`/api/me/considered-homes/${OTHER_ID}/offer`, offerBody())).status).toBe(404);
  });

  it('refuses an offer above the approval, in a state not served, or outside the slider, under its field, with nothing written', async () => {
    const buyer = await approvedBuyer();
    const home = await addHome(buyer);
    const away = await addHome(buyer, { city: 'Reno', state: 'NV', zip: '89501' });
    const over = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody({ offerPrice: '500001', monthlyPayment: '2500' }));
    expect(over.status).toBe(400);
    expect(over.body.error.fields.offerPrice).toBe('Your offer is above your approval of $500,000.');
    const low = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody({ downPayment: '8000' }));
    expect(low.body.error.fields).toEqual({ downPayment: 'The down payment must be at least 2% of the offer price: $8,300 or more.' });
    const monthly = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody({ monthlyPayment: '9000' }));
    expect(Object.keys(monthly.body.error.fields)).toEqual(['monthlyPayment']);
    expect(monthly.body.error.fields.monthlyPayment).toMatch(/^For this price and down payment the monthly payment is between \$[\d,.]+ and \$[\d,.]+\.$/);
    const notServed = await buyer.browser.post(`/api/me/considered-homes/${away.id}/offer`, offerBody());
    expect(notServed.status).toBe(400);
    expect(notServed.body.error.fields).toEqual({ state: 'We don’t buy homes in Nevada yet.' });
    expect(await offersOf(buyer.user.id)).toEqual([]);
    expect(await lettersOf(buyer.user.email)).toEqual([]);
  });

  it('refuses an offer on an expired pre-approval', async () => {
    const buyer = await approvedBuyer();
    const home = await addHome(buyer);
    await app.db.update(preApprovals).set({ issuedOn: '2019-10-03', expiresOn: '2020-01-01' }).where(eq(preApprovals.applicationId, buyer.applicationId));
    const refused = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: 'pre_approval_expired',
      message: 'Your pre-approval expired on Jan 1, 2020. Ask us to renew it before you make an offer.',
    });
    expect(await offersOf(buyer.user.id)).toEqual([]);
  });

  it('makes the offer a buyer’s letter of intent with its PDF; one live offer; staff decline with a reason, and the buyer may offer again', async () => {
    const buyer = await approvedBuyer();
    const home = await addHome(buyer);
    const made = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'letter_pending', address: '12 Elm St, Austin, TX 78701', offerPriceCents: 41_500_000, moveInDate: 'Q3 2026' });
    expect(made.body.events.map((e: { kind: string }) => e.kind)).toEqual(['letter_sent']);

    const [letter] = await lettersOf(buyer.user.email);
    expect(letter).toMatchObject({
      source: 'buyer',
      status: 'pending',
      propertyAddress: '12 Elm St, Austin, TX 78701',
      propertyValue: 415000,
      intendedState: 'Texas',
    });
    const listed = await admin.browser.get(`/api/admin/letters/${letter!.id}`);
    expect(listed.body).toMatchObject({ source: 'buyer', hasPdf: true });
    const pdf = await admin.browser.get(`/api/admin/letters/${letter!.id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdfWords(pdf.bytes!)).toContain('12 Elm St, Austin, TX 78701');

    const second = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    expect(second.status).toBe(409);
    expect(second.body.error.code).toBe('offer_live');
    expect(await offersOf(buyer.user.id)).toHaveLength(1);

    const noReason = await admin.browser.patch(`/api/admin/letters/${letter!.id}/status`, { status: 'declined' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields).toEqual({ reason: 'Tell the buyer why their letter is declined.' });
    expect((await lettersOf(buyer.user.email))[0]!.status).toBe('pending');

    const declined = await admin.browser.patch(`/api/admin/letters/${letter!.id}/status`, { status: 'declined', reason: 'The seller took another offer.' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ status: 'declined', decisionReason: 'The seller took another offer.' });
    const [offer] = await offersOf(buyer.user.id);
    expect(offer).toMatchObject({ status: 'letter_declined', declineReason: 'The seller took another offer.' });
    expect((await admin.browser.patch(`/api/admin/letters/${letter!.id}/status`, { status: 'approved' })).body.error.code).toBe('offer_state');

    await settleMailJobs(app);
    const mails = await mailsTo(app.db, buyer.user.email);
    expect(mails.map((m) => m.subject)).toContain('Your letter of intent was declined: 12 Elm St, Austin, TX 78701');
    expect(mails.find((m) => m.subject.startsWith('Your letter of intent was declined'))!.text).toContain(
      'We declined your letter of intent: The seller took another offer.',
    );
    expect((await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody())).status).toBe(201);
  });

  it('moves the offer through staff approval, submission and a counter the buyer accepts, each audited, mailed and on the timeline', async () => {
    const buyer = await approvedBuyer();
    const home = await addHome(buyer);
    const made = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    const [letter] = await lettersOf(buyer.user.email);
    const move = (body: Record<string, unknown>) => admin.browser.post(`/api/admin/offers/${made.body.id}/status`, body);

    expect((await move({ status: 'submitted' })).body.error.code).toBe('offer_state');
    expect((await admin.browser.patch(`/api/admin/letters/${letter!.id}/status`, { status: 'approved' })).status).toBe(200);
    const staffList = await admin.browser.get(`/api/admin/offers?q=${encodeURIComponent(buyer.user.email)}`);
    expect(staffList.body.items.map((o: { id: string; status: string }) => [o.id, o.status])).toEqual([[made.body.id, 'draft']]);

    expect((await move({ status: 'countered', counterPrice: '425000', answerBy: new Date(Date.now() + 86_400_000).toISOString() })).body.error.code).toBe(
      'offer_state',
    );
    expect((await move({ status: 'submitted' })).body.status).toBe('submitted');
    const past = await move({ status: 'countered', counterPrice: '425000', answerBy: new Date(Date.now() - 60_000).toISOString() });
    expect(past.status).toBe(400);
    expect(past.body.error.fields).toEqual({ answerBy: 'The answer-by time must be in the future.' });
    const missing = await move({ status: 'countered' });
    expect(Object.keys(missing.body.error.fields).sort()).toEqual(['answerBy', 'counterPrice']);
    const answerBy = new Date(Date.now() + 2 * 86_400_000).toISOString();
    const countered = await move({ status: 'countered', counterPrice: '425000', answerBy });
    expect(countered.body).toMatchObject({ status: 'countered', counterPriceCents: 42_500_000, counterAnswerBy: answerBy });

    const accepted = await buyer.browser.post(`/api/me/offers/${made.body.id}/counter`, { answer: 'accept' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.status).toBe('accepted');
    expect(accepted.body.events.map((e: { kind: string }) => e.kind)).toEqual(['letter_sent', 'letter_approved', 'submitted', 'countered', 'counter_accepted']);
    expect((await buyer.browser.post(`/api/me/offers/${made.body.id}/withdraw`)).body.error.code).toBe('offer_state');
    expect((await auditsOf(made.body.id)).map((a) => a.action).sort()).toEqual(['accept', 'approve', 'counter', 'create', 'submit']);

    await settleMailJobs(app);
    expect(await subjects(buyer.user.email)).toEqual(
      expect.arrayContaining([
        'We received your offer: 12 Elm St, Austin, TX 78701',
        'Your letter of intent is approved: 12 Elm St, Austin, TX 78701',
        'Your offer went to the seller: 12 Elm St, Austin, TX 78701',
        'The seller countered your offer: 12 Elm St, Austin, TX 78701',
        'You accepted the counter-offer: 12 Elm St, Austin, TX 78701',
      ]),
    );
    // An accepted offer is still live: no second offer.
    expect((await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody())).body.error.code).toBe('offer_live');
  });

  it('refuses a counter answered after its time, changing nothing; the buyer may withdraw', async () => {
    const buyer = await approvedBuyer();
    const home = await addHome(buyer);
    const made = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    const [letter] = await lettersOf(buyer.user.email);
    await admin.browser.patch(`/api/admin/letters/${letter!.id}/status`, { status: 'approved' });
    await admin.browser.post(`/api/admin/offers/${made.body.id}/status`, { status: 'submitted' });
    await admin.browser.post(`/api/admin/offers/${made.body.id}/status`, {
      status: 'countered',
      counterPrice: '430000',
      answerBy: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await app.db
      .update(offers)
      .set({ counterAnswerBy: new Date(Date.now() - 60_000) })
      .where(eq(offers.id, made.body.id));
    const late = await buyer.browser.post(`/api/me/offers/${made.body.id}/counter`, { answer: 'accept' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('counter_expired');
    expect(late.body.error.fields.answer).toMatch(/^The time to answer this counter-offer ended on /);
    expect((await offersOf(buyer.user.id))[0]!.status).toBe('countered');

    const withdrawn = await buyer.browser.post(`/api/me/offers/${made.body.id}/withdraw`);
    expect(withdrawn.body.status).toBe('withdrawn');
    expect((await buyer.browser.get('/api/me/offers')).body.offers[0].events.at(-1).kind).toBe('withdrawn');
  });

  it('sends the buyer’s letter of intent to them for signature when e-signatures are on', async () => {
    const settings = await getSettings(app.db, { fresh: true });
    const setESign = async (eSign: boolean) => {
      await saveSettings(app.db, { ...settings, featureFlags: { ...settings.featureFlags, eSign } }, admin.user.id);
      forgetCachedSettings(app.db);
    };
    await setESign(true);
    try {
      const buyer = await approvedBuyer();
      const home = await addHome(buyer);
      const made = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const envelopes = (await buyer.browser.get('/api/envelopes')).body.envelopes as { kind: string; status: string }[];
      expect(envelopes.map((e) => [e.kind, e.status])).toEqual([['letter', 'sent']]);
    } finally {
      await setESign(false);
    }
    // Off, a letter is not sent: staff send it from the letters page if they wish.
    const later = await approvedBuyer();
    const home = await addHome(later);
    expect((await later.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody())).status).toBe(201);
    expect((await later.browser.get('/api/envelopes')).body.envelopes).toEqual([]);
  });
});
