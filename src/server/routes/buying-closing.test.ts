import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AGENT_STATE_CODES } from '../../domain/agents';
import { agreementBounds } from '../../domain/calculators';
import { monthlyRangeFor } from '../../domain/buying/homes';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays } from '../../domain/ledger/dates';
import { applications, auditLog, closingDocuments, closingMilestones, homes, preApprovals, users } from '../platform/db/schema';
import { insertApplication, statusBody } from '../test/admin-applications';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo, type TestBrowser } from '../test/auth-client';
import { startTestServer, uniqueEmail, type TestServer } from '../test/harness';
import { runMailJobsNow, settleMailJobs } from '../test/mail-jobs';
import { createStorage } from '../platform/storage/create-storage';

/**
 * The states served on a fresh install (docs/decisions/036-find-and-offer.md) and under contract to
 * closing (docs/decisions/042-closing.md): the acceptance opens the checklist, staff update its
 * milestones (never dated before the offer), an appraisal below the price flags the offer, and the
 * purchase is recorded from the offer. Pre-approval: $500,000 at most, $10,000 down.
 */

const RATE = 6.4;
const OTHER_ID = '00000000-0000-4000-8000-000000000000';

const homeBody = (overrides: Record<string, unknown> = {}) => ({
  street: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  listPrice: '420000',
  ...overrides,
});

const monthly = (priceCents: number) => {
  const range = monthlyRangeFor(priceCents, 1_000_000, RATE)!;
  return Math.round((range.minCents + range.maxCents) / 2) / 100;
};
const offerBody = (overrides: Record<string, unknown> = {}) => ({
  offerPrice: '415000',
  downPayment: '10000',
  monthlyPayment: String(monthly(41_500_000)),
  moveInDate: 'Flexible',
  ...overrides,
});

const PDF = new TextEncoder().encode('%PDF-1.4\n% inspection report\n');

/** POSTs one file to a milestone, as the checklist's upload does (multipart/form-data, field `file`). */
async function uploadTo(browser: TestBrowser, path: string, query: { offer: string; milestone: string }, file: { bytes: Uint8Array; name: string }) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file.bytes)], { type: 'application/octet-stream' }), file.name);
  const response = await fetch(`${browser.baseUrl}${path}?offer=${query.offer}&milestone=${query.milestone}`, {
    method: 'POST',
    headers: { origin: browser.origin, cookie: browser.cookieHeader },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> & { error?: { code: string } } };
}

describe('served states and the closing checklist', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function approvedBuyer() {
    const signedIn = await signedInWithRole(app, 'applicant');
    const row = await insertApplication(app.db, { userId: signedIn.user.id, status: 'in_review', firstName: 'Cora', lastName: 'Closing' });
    const approved = await admin.browser.patch(`/api/admin/applications/${row!.id}/status`, statusBody('approved'));
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    return { ...signedIn, applicationId: row!.id };
  }
  type Buyer = Awaited<ReturnType<typeof approvedBuyer>>;

  async function addHome(buyer: Buyer, overrides: Record<string, unknown> = {}) {
    const reply = await buyer.browser.post('/api/me/considered-homes', homeBody(overrides));
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    return reply.body as { id: string; fit: { stateServed: boolean } };
  }

  /** A buyer's offer taken to 'accepted': the letter approved, submitted, countered at $410,000, the counter accepted. */
  async function acceptedOffer() {
    const buyer = await approvedBuyer();
    const home = await addHome(buyer);
    const made = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const id = made.body.id as string;
    expect((await admin.browser.get(`/api/admin/offers/${id}/closing`)).body.error.code).toBe('offer_state');
    const letters = await admin.browser.get(`/api/admin/letters?q=${encodeURIComponent(buyer.user.email)}&status=all`);
    const letterId = letters.body.items[0].id as string;
    expect((await admin.browser.patch(`/api/admin/letters/${letterId}/status`, { status: 'approved' })).status).toBe(200);
    expect((await admin.browser.post(`/api/admin/offers/${id}/status`, { status: 'submitted' })).status).toBe(200);
    const answerBy = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin.browser.post(`/api/admin/offers/${id}/status`, { status: 'countered', counterPrice: '410000', answerBy })).status).toBe(200);
    const accepted = await buyer.browser.post(`/api/me/offers/${id}/counter`, { answer: 'accept' });
    expect(accepted.status).toBe(200);
    return { buyer, id, offer: accepted.body };
  }

  const milestone = (overrides: Record<string, unknown> = {}) => ({ status: 'in_progress', owner: 'staff', dueOn: addDays(ledgerToday(), 5), ...overrides });

  it('serves every state while no partner agent exists, then only the states partner agents serve', async () => {
    const buyer = await approvedBuyer();
    const away = await addHome(buyer, { street: '1 Strip Blvd', city: 'Reno', state: 'NV', zip: '89501', listPrice: '300000' });
    expect(away.fit.stateServed).toBe(true);
    const terms = (await buyer.browser.get('/api/me/considered-homes')).body.terms;
    expect(terms.servedStates).toEqual([...AGENT_STATE_CODES].sort());

    const agent = await admin.browser.post('/api/admin/agents', {
      name: 'Maria Lopez',
      brokerage: 'Lone Star Realty',
      licenceNumber: 'TX-0654321',
      email: uniqueEmail('agent'),
      phone: '(512) 555-0142',
      states: 'TX',
    });
    expect(agent.status).toBe(201);
    const mine = await buyer.browser.get('/api/me/considered-homes');
    expect(mine.body.terms.servedStates).toEqual(['TX']);
    expect(mine.body.homes[0].fit.stateServed).toBe(false);
    const refused = await buyer.browser.post(
      `/api/me/considered-homes/${away.id}/offer`,
      offerBody({ offerPrice: '300000', monthlyPayment: String(monthly(30_000_000)) }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.error.fields).toEqual({ state: 'We don’t buy homes in Nevada yet.' });
  });

  it('opens the checklist on acceptance at the agreed price, dated from today, the same for the buyer and staff', async () => {
    const { buyer, id, offer } = await acceptedOffer();
    const today = ledgerToday();
    expect(offer.closing.agreedPriceCents).toBe(41_000_000);
    expect(offer.closing.appraisalBelowPrice).toBe(false);
    expect(offer.closing.milestones.map((m: { kind: string; owner: string; dueOn: string; status: string }) => [m.kind, m.owner, m.dueOn, m.status])).toEqual([
      ['inspection', 'buyer', addDays(today, 10), 'to_do'],
      ['appraisal', 'staff', addDays(today, 21), 'to_do'],
      ['title', 'staff', addDays(today, 30), 'to_do'],
      ['insurance', 'buyer', addDays(today, 30), 'to_do'],
      ['walk_through', 'buyer', addDays(today, 44), 'to_do'],
      ['closing', 'staff', addDays(today, 45), 'to_do'],
    ]);
    const staff = await admin.browser.get(`/api/admin/offers/${id}/closing`);
    expect(staff.status).toBe(200);
    expect(staff.body).toEqual(offer.closing);
    expect((await buyer.browser.get('/api/me/offers')).body.offers[0].closing).toEqual(offer.closing);
    // Staff only: the buyer cannot update it, nor read another offer's.
    expect((await buyer.browser.put(`/api/admin/offers/${id}/closing/inspection`, milestone())).status).toBe(403);
    expect((await admin.browser.get(`/api/admin/offers/${OTHER_ID}/closing`)).status).toBe(404);
    expect((await admin.browser.put(`/api/admin/offers/${OTHER_ID}/closing/inspection`, milestone())).status).toBe(404);
    expect((await admin.browser.put(`/api/admin/offers/${id}/closing/moving_day`, milestone())).status).toBe(404);
  });

  it('refuses a due date before the offer under its field and changes nothing', async () => {
    const { id } = await acceptedOffer();
    const refused = await admin.browser.put(`/api/admin/offers/${id}/closing/title`, milestone({ dueOn: addDays(ledgerToday(), -1) }));
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['dueOn']);
    expect(refused.body.error.fields.dueOn).toMatch(/^The date can’t be before the offer, made on [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/);
    const bad = await admin.browser.put(`/api/admin/offers/${id}/closing/title`, { status: 'finished', owner: 'seller', dueOn: '2026-02-30' });
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['dueOn', 'owner', 'status']);
    const [title] = await app.db
      .select()
      .from(closingMilestones)
      .where(and(eq(closingMilestones.offerId, id), eq(closingMilestones.kind, 'title')));
    expect(title).toMatchObject({ status: 'to_do', owner: 'staff', dueOn: addDays(ledgerToday(), 30) });
  });

  it('records findings and a milestone done (audited, on the timeline, mailed); an appraisal below the price flags the offer', async () => {
    const { buyer, id } = await acceptedOffer();
    const due = addDays(ledgerToday(), 3);
    const done = await admin.browser.put(`/api/admin/offers/${id}/closing/inspection`, {
      ...milestone({ status: 'done', owner: 'buyer', dueOn: due }),
      findings: 'The water heater is near its end.',
      appraisedValue: '1',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.milestones[0]).toMatchObject({
      kind: 'inspection',
      status: 'done',
      dueOn: due,
      completedOn: ledgerToday(),
      findings: 'The water heater is near its end.',
      appraisedValueCents: null,
    });
    const [entry] = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'offers'), eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(entry!.changes).toMatchObject({ milestone: 'inspection', status: { from: 'to_do', to: 'done' }, dueOn: { to: due } });

    const low = await admin.browser.put(`/api/admin/offers/${id}/closing/appraisal`, milestone({ status: 'done', appraisedValue: '$405,000' }));
    expect(low.body.appraisalBelowPrice).toBe(true);
    expect(low.body.milestones[1].appraisedValueCents).toBe(40_500_000);
    const listed = await admin.browser.get(`/api/admin/offers?q=${encodeURIComponent(buyer.user.email)}&status=all`);
    expect(listed.body.items[0]).toMatchObject({ id, agreedPriceCents: 41_000_000, appraisalBelowPrice: true, purchasedHomeId: null });
    const fair = await admin.browser.put(`/api/admin/offers/${id}/closing/appraisal`, milestone({ status: 'done', appraisedValue: '410000' }));
    expect(fair.body.appraisalBelowPrice).toBe(false);

    const timeline = (await buyer.browser.get('/api/me/offers')).body.offers[0].events;
    expect(timeline.filter((e: { kind: string }) => e.kind === 'milestone_done').map((e: { milestone: string }) => e.milestone)).toEqual([
      'inspection',
      'appraisal',
    ]);
    await settleMailJobs(app);
    const mails = await mailsTo(app.db, buyer.user.email);
    const closingMails = mails.filter((m) => m.subject === 'A step of your closing is done: 12 Elm St, Austin, TX 78701');
    expect(closingMails.map((m) => m.text.match(/(Inspection|Appraisal) is done\./)?.[0]).sort()).toEqual(['Appraisal is done.', 'Inspection is done.']);
  });

  it('counts approved buyers by stage in the pipeline, from approval to keys', async () => {
    const counts = async () => {
      const reply = await admin.browser.get('/api/admin/offers/pipeline');
      expect(reply.status).toBe(200);
      expect(reply.headers.get('cache-control')).toBe('no-store');
      return reply.body as Record<string, number>;
    };
    const start = await counts();
    const who = {} as Buyer;
    const moved = async (stage: string) => {
      const now = await counts();
      const delta = Object.fromEntries(Object.keys(now).map((k) => [k, now[k]! - start[k]!]));
      expect(delta, stage).toEqual({ approved: 0, searching: 0, offer: 0, under_contract: 0, closing: 0, homeowner: 0, [stage]: 1 });
      // The people behind the count: the buyer is listed in that stage only, since today, with what to open.
      for (const other of Object.keys(now)) {
        const list = await admin.browser.get(`/api/admin/pipeline?stage=${other}&q=${encodeURIComponent(who.user.email)}`);
        expect(list.status).toBe(200);
        expect(list.headers.get('cache-control')).toBe('no-store');
        expect(list.body.total, `${stage} listed under ${other}`).toBe(other === stage ? 1 : 0);
      }
      const [row] = (await admin.browser.get(`/api/admin/pipeline?stage=${stage}&q=${encodeURIComponent(who.user.email)}`)).body.items;
      expect(row).toMatchObject({ applicationId: who.applicationId, buyerEmail: who.user.email, stage, since: ledgerToday(), daysInStage: 0 });
      return row as { offerId: string | null; homeId: string | null; address: string | null };
    };
    const buyer = await approvedBuyer();
    Object.assign(who, buyer);
    expect(await moved('approved')).toMatchObject({ offerId: null, homeId: null, address: null });
    const home = await addHome(buyer);
    await moved('searching');
    const made = await buyer.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    expect(await moved('offer')).toMatchObject({ offerId: made.body.id, homeId: null, address: '12 Elm St, Austin, TX 78701' });
    const letters = await admin.browser.get(`/api/admin/letters?q=${encodeURIComponent(buyer.user.email)}&status=all`);
    await admin.browser.patch(`/api/admin/letters/${letters.body.items[0].id}/status`, { status: 'approved' });
    await admin.browser.post(`/api/admin/offers/${made.body.id}/status`, { status: 'submitted' });
    expect((await admin.browser.post(`/api/admin/offers/${made.body.id}/status`, { status: 'accepted' })).body.closing.agreedPriceCents).toBe(41_500_000);
    await moved('under_contract');
    await admin.browser.put(`/api/admin/offers/${made.body.id}/closing/closing`, milestone({ status: 'in_progress' }));
    await moved('closing');
    const recorded = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/home`, {
      address: '12 Elm St, Austin, TX 78701',
      purchaseDate: ledgerToday(),
      priceCents: 41_500_000,
      downPaymentCents: 1_000_000,
      mortgageRate: RATE,
      appreciationRate: 3.8,
      monthlyPaymentCents: Math.round(agreementBounds({ price: 415_000, downPayment: 10_000, mortgageRate: RATE, appreciationRate: 3.8 }).min * 100),
      offerId: made.body.id,
    });
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    expect(await moved('homeowner')).toMatchObject({ offerId: null, homeId: recorded.body.id });
    expect((await buyer.browser.get('/api/admin/offers/pipeline')).status).toBe(403);
    expect((await buyer.browser.get('/api/admin/pipeline')).status).toBe(403);
  });

  it('lists the people of a stage with their days in it, paged, sorted and searched by name or e-mail', async () => {
    const family = `Pipe${Date.now().toString(36)}`;
    const today = ledgerToday();
    const buyers: Buyer[] = [];
    for (const [i, days] of [3, 7, 1].entries()) {
      const buyer = await approvedBuyer();
      await app.db
        .update(users)
        .set({ firstName: `Ann${i}`, lastName: family })
        .where(eq(users.id, buyer.user.id));
      // Approved `days` days ago, at noon in the ledger's calendar.
      await app.db
        .update(preApprovals)
        .set({ createdAt: sql`(${addDays(today, -days)}::date + time '12:00') at time zone 'America/Los_Angeles'` })
        .where(eq(preApprovals.applicationId, buyer.applicationId));
      buyers.push(buyer);
    }
    const page = async (query: string) => {
      const reply = await admin.browser.get(`/api/admin/pipeline?stage=approved&q=${family}&${query}`);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      return reply.body as { items: { buyerName: string; daysInStage: number; since: string }[]; total: number; page: number };
    };
    const first = await page('pageSize=2');
    expect(first.total).toBe(3);
    expect(first.items.map((r) => [r.buyerName, r.daysInStage, r.since])).toEqual([
      [`Ann1 ${family}`, 7, addDays(today, -7)],
      [`Ann0 ${family}`, 3, addDays(today, -3)],
    ]);
    expect((await page('pageSize=2&page=2')).items.map((r) => r.daysInStage)).toEqual([1]);
    expect((await page('dir=asc')).items.map((r) => r.daysInStage)).toEqual([1, 3, 7]);
    expect((await page('sort=name&dir=asc')).items.map((r) => r.buyerName)).toEqual([0, 1, 2].map((i) => `Ann${i} ${family}`));
    // A whole e-mail address finds that buyer; part of a name finds the name; ID prefixes too.
    const byEmail = await admin.browser.get(`/api/admin/pipeline?stage=approved&q=${encodeURIComponent(buyers[2]!.user.email.toUpperCase())}`);
    expect(byEmail.body.items.map((r: { buyerName: string }) => r.buyerName)).toEqual([`Ann2 ${family}`]);
    const byId = await admin.browser.get(`/api/admin/pipeline?stage=approved&q=${buyers[0]!.applicationId.slice(0, 13)}`);
    expect(byId.body.items.map((r: { applicationId: string }) => r.applicationId)).toEqual([buyers[0]!.applicationId]);
    // Not a stage, not a page: refused under the field.
    const bad = await admin.browser.get('/api/admin/pipeline?stage=sold&page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['page', 'stage']);
  });

  it('keeps documents on a milestone, from the buyer and staff, checked like application documents and audited', async () => {
    const { buyer, id } = await acceptedOffer();
    const mine = (milestone: string, file = { bytes: PDF, name: 'inspection report.pdf' }) =>
      uploadTo(buyer.browser, '/api/me/closing-documents', { offer: id, milestone }, file);

    // Checked by content: not a PDF, JPEG or PNG is 415; an empty file 400; nothing kept of either.
    const refused = await mine('inspection', { bytes: new TextEncoder().encode('MZ not a document'), name: 'report.pdf' });
    expect([refused.status, refused.body.error?.code]).toEqual([415, 'unsupported_file_type']);
    const empty = await mine('inspection', { bytes: new Uint8Array(), name: 'report.pdf' });
    expect([empty.status, empty.body.error?.code]).toEqual([400, 'empty_file']);
    expect(await app.db.select().from(closingDocuments).where(eq(closingDocuments.offerId, id))).toEqual([]);

    const stored = await mine('inspection');
    expect(stored.status, JSON.stringify(stored.body)).toBe(201);
    expect(stored.body).toMatchObject({ name: 'inspection report.pdf', contentType: 'application/pdf', uploadedBy: 'buyer', sizeBytes: PDF.length });
    const binder = await uploadTo(admin.browser, '/api/admin/closing-documents', { offer: id, milestone: 'insurance' }, { bytes: PDF, name: 'binder.pdf' });
    expect(binder.status, JSON.stringify(binder.body)).toBe(201);
    expect(binder.body.uploadedBy).toBe('staff');

    // Both sides see each milestone's documents on the same checklist.
    const docsOf = (closing: { milestones: { kind: string; documents: { id: string }[] }[] }, kind: string) =>
      closing.milestones.find((m) => m.kind === kind)!.documents.map((d) => d.id);
    const buyerView = (await buyer.browser.get('/api/me/offers')).body.offers[0].closing;
    const staffView = (await admin.browser.get(`/api/admin/offers/${id}/closing`)).body;
    expect(buyerView).toEqual(staffView);
    expect(docsOf(staffView, 'inspection')).toEqual([stored.body.id]);
    expect(docsOf(staffView, 'insurance')).toEqual([binder.body.id]);
    expect(docsOf(staffView, 'title')).toEqual([]);

    // Downloads: the buyer their own, staff any; another buyer's is 404 like one that does not exist.
    const got = await buyer.browser.get(`/api/me/closing-documents/${binder.body.id}`);
    expect([got.status, new TextDecoder().decode(got.bytes)]).toEqual([200, new TextDecoder().decode(PDF)]);
    expect(got.headers.get('cache-control')).toBe('private, no-store');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect((await admin.browser.get(`/api/admin/closing-documents/${stored.body.id}`)).status).toBe(200);
    const other = await acceptedOffer();
    expect((await other.buyer.browser.get(`/api/me/closing-documents/${stored.body.id}`)).status).toBe(404);
    expect((await other.buyer.browser.get(`/api/me/closing-documents/${OTHER_ID}`)).status).toBe(404);
    expect((await uploadTo(other.buyer.browser, '/api/me/closing-documents', { offer: id, milestone: 'title' }, { bytes: PDF, name: 'x.pdf' })).status).toBe(
      404,
    );
    expect((await buyer.browser.get(`/api/admin/closing-documents/${stored.body.id}`)).status).toBe(403);

    // Audited under the offer: two uploads, two downloads.
    const entries = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'offers'), eq(auditLog.entityId, id)));
    const documentEntries = entries.filter((e) => (e.changes as { closingDocument?: unknown } | null)?.closingDocument);
    expect(documentEntries.map((e) => e.action).sort()).toEqual(['create', 'create', 'download', 'download']);

    // Not on a milestone that is not one, nor before the offer is accepted.
    const badKind = await mine('survey');
    expect([badKind.status, Object.keys((badKind.body.error as unknown as { fields: object }).fields)]).toEqual([400, ['milestone']]);
    const early = await approvedBuyer();
    const home = await addHome(early);
    const made = await early.browser.post(`/api/me/considered-homes/${home.id}/offer`, offerBody());
    const tooSoon = await uploadTo(early.browser, '/api/me/closing-documents', { offer: made.body.id, milestone: 'inspection' }, { bytes: PDF, name: 'x.pdf' });
    expect([tooSoon.status, tooSoon.body.error?.code]).toEqual([409, 'offer_state']);

    // Deleting the buyer's account removes the rows and the files.
    const keys = (await app.db.select().from(closingDocuments).where(eq(closingDocuments.offerId, id))).map((d) => d.storageKey);
    expect(keys).toHaveLength(2);
    const storage = createStorage(app.config);
    expect(await storage.get(keys[0]!)).toBeDefined();
    expect((await admin.browser.delete(`/api/admin/users/${buyer.user.id}`)).status).toBe(200);
    expect(await app.db.select().from(closingDocuments).where(eq(closingDocuments.offerId, id))).toEqual([]);
    for (const key of keys) expect(await storage.get(key), key).toBeUndefined();
  });

  it('starts the purchase from the accepted offer and records which offer it came from', async () => {
    const { buyer, id } = await acceptedOffer();
    const other = await acceptedOffer();
    const start = await admin.browser.get(`/api/admin/applications/${buyer.applicationId}/home`);
    expect(start.body.defaults).toMatchObject({
      address: '12 Elm St, Austin, TX 78701',
      priceCents: 41_000_000,
      downPaymentCents: 1_000_000,
      monthlyPaymentCents: Math.round(monthly(41_500_000) * 100),
      offerId: id,
    });
    const body = (offerId: string) => ({
      address: start.body.defaults.address,
      purchaseDate: ledgerToday(),
      priceCents: 41_000_000,
      downPaymentCents: 1_000_000,
      mortgageRate: RATE,
      appreciationRate: 3.8,
      monthlyPaymentCents: Math.round(agreementBounds({ price: 410_000, downPayment: 10_000, mortgageRate: RATE, appreciationRate: 3.8 }).min * 100),
      offerId,
    });
    const wrong = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/home`, body(other.id));
    expect(wrong.status, JSON.stringify(wrong.body)).toBe(409);
    expect(wrong.body.error.code).toBe('offer_state');
    expect(await app.db.select().from(homes).where(eq(homes.userId, buyer.user.id))).toEqual([]);

    const recorded = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/home`, body(id));
    expect(recorded.status, JSON.stringify(recorded.body)).toBe(201);
    const [home] = await app.db.select().from(homes).where(eq(homes.userId, buyer.user.id));
    expect(home!.offerId).toBe(id);
    const listed = await admin.browser.get(`/api/admin/offers?q=${encodeURIComponent(buyer.user.email)}&status=all`);
    expect(listed.body.items[0].purchasedHomeId).toBe(home!.id);
  });

  it('takes the review loop to the closing: staff ask an approved buyer for a document, the buyer sends it, staff accept, still approved', async () => {
    const { buyer, id } = await acceptedOffer();
    const asked = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/requests`, {
      kind: 'document',
      documentType: 'other',
      title: 'Proof of funds for closing',
      note: 'A bank statement showing the down payment, please.',
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    expect(asked.body).toMatchObject({ status: 'approved', requestsOpen: true, waitingSince: null });
    const requestId = asked.body.requests.at(-1).id as string;

    // The buyer's To do list has it, and they are mailed about it.
    const todo = await buyer.browser.get('/api/application/requests');
    expect(todo.body.status).toBe('approved');
    expect(todo.body.requests.map((r: { id: string; state: string; title: string }) => [r.id, r.state, r.title])).toEqual([
      [requestId, 'open', 'Proof of funds for closing'],
    ]);
    await runMailJobsNow(app);
    expect((await mailsTo(app.db, buyer.user.email)).map((m) => m.subject)).toContain('We need one more thing for your home application');

    // The buyer uploads the file to the request and sends it.
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'statement.pdf');
    const uploaded = await fetch(`${buyer.browser.baseUrl}/api/application/documents?type=other&request=${requestId}`, {
      method: 'POST',
      headers: { origin: buyer.browser.origin, cookie: buyer.browser.cookieHeader },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const sent = await buyer.browser.post(`/api/application/requests/${requestId}/answer`, { comment: 'Here it is.' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ status: 'approved', requests: [{ id: requestId, state: 'answered' }] });

    // Staff accept it; the approval, its pre-approval and the accepted offer stay as they were.
    const accepted = await admin.browser.post(`/api/admin/requests/${requestId}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(accepted.body).toMatchObject({ status: 'approved', waitingSince: null, requests: [{ id: requestId, state: 'accepted' }] });
    expect(accepted.body.preApproval).toMatchObject({ maxPriceCents: 50_000_000 });
    expect((await buyer.browser.get('/api/me/offers')).body.offers[0]).toMatchObject({ id, status: 'accepted' });
    const [row] = await app.db.select({ status: applications.status }).from(applications).where(eq(applications.id, buyer.applicationId));
    expect(row.status).toBe('approved');

    const audit = await app.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, requestId)).orderBy(auditLog.id);
    expect(audit.map((a) => a.action)).toEqual(['create', 'answer', 'accept']);
    // The approval is the application's one status move.
    const entries = await app.db
      .select({ changes: auditLog.changes })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, buyer.applicationId), eq(auditLog.entityType, 'applications')))
      .orderBy(auditLog.id);
    const moves = entries.map((e) => (e.changes as { status?: unknown } | null)?.status).filter(Boolean);
    expect(moves).toEqual([{ from: 'in_review', to: 'approved' }]);
  });

  it('keeps an approved application without an offer under way closed to requests', async () => {
    const buyer = await approvedBuyer();
    const asked = await admin.browser.post(`/api/admin/applications/${buyer.applicationId}/requests`, {
      kind: 'document',
      documentType: 'paystubs',
      note: 'Pay stub.',
    });
    expect(asked.status).toBe(409);
    expect(asked.body.error.code).toBe('application_closed');
    expect((await admin.browser.get(`/api/admin/applications/${buyer.applicationId}`)).body.requestsOpen).toBe(false);
  });
});
