import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { earliestNoticeDate } from '../../domain/homes/changes';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays, chargeDueOn, monthsDueBy } from '../../domain/ledger';
import { auditLog, homeNotices, homePaymentChanges, homes, homeTerms, homeValuations, ledgerEntries } from '../platform/db/schema';
import { runCharges } from '../modules/homes/charges';
import { loadHomeFigures } from '../modules/homes/home-figures';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * 'Adjust Monthly Payment' and 'Transfer' (docs/product/dashboard.md#adjust-monthly-payment, #transfer): the homeowner
 * asks, staff decide;
 * every rule of src/server/modules/homes/changes.ts and notices.ts — the slider's bounds and steps, one pending
 * request and one open notice, the next unbilled month, the 60 days, the payout, the
 * closed home the charge run leaves alone — and that a homeowner reaches only their own home.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const BOUNDS = agreementBounds(AGREEMENT);
const stepCents = (steps: number) => Math.round((BOUNDS.max - steps * BOUNDS.step) * 100);
const TOP = stepCents(0);
const LOWER = stepCents(6);
const PURCHASE = '2026-01-15';

describe('payment changes and 60-day notices', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A signed-in homeowner with their home (the agreement above, paying the slider's top), billed up to today. */
  async function homeowner({ bill = true }: { bill?: boolean } = {}) {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: PURCHASE, monthlyPaymentCents: TOP });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    if (bill) await runCharges(app.db, { today: ledgerToday() });
    return { ...owner, homeId: home.homeId };
  }

  const charges = (homeId: string) =>
    app.db
      .select({ month: ledgerEntries.month, amountCents: ledgerEntries.amountCents, seq: ledgerEntries.seq })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, homeId), eq(ledgerEntries.kind, 'charge')))
      .orderBy(asc(ledgerEntries.month));
  const auditsOf = (homeId: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'homes'), eq(auditLog.entityId, homeId)));
  const billedNow = monthsDueBy(PURCHASE, ledgerToday());

  it('answers 403 no_home to a user without a home (404 to an admin without one), and shows a homeowner their own home', async () => {
    const guest = await signedInWithRole(app, 'applicant');
    const none = await guest.browser.get('/api/me/home/changes');
    expect(none.status).toBe(403);
    expect(none.body.error.code).toBe('no_home');
    const staff = await signedInWithRole(app, 'admin');
    for (const [method, path, body] of [
      ['get', '/api/me/home/changes'],
      ['post', '/api/me/home/payment-changes', { monthlyPaymentCents: TOP }],
      ['post', '/api/me/home/notices', { kind: 'move', requestedDate: '2030-01-02' }],
    ] as const) {
      const reply = method === 'get' ? await staff.browser.get(path) : await staff.browser.post(path, body);
      expect([reply.status, reply.body.error?.code], path).toEqual([404, 'no_home']);
    }

    const me = await homeowner();
    const reply = await me.browser.get('/api/me/home/changes');
    expect(reply.status).toBe(200);
    expect(reply.headers.get('cache-control')).toBe('no-store');
    const loaded = (await loadHomeFigures(app.db, me.homeId))!;
    expect(reply.body).toMatchObject({
      homeId: me.homeId,
      state: 'active',
      agreement: { priceCents: 42_000_000, downPaymentCents: 2_940_000, mortgageRate: 6.4, appreciationRate: 3.8 },
      currentPaymentCents: TOP,
      nextMonth: billedNow + 1,
      accessibleEquityCents: Math.round(loaded.figures.accessibleEquity * 100),
      earliestNoticeDate: addDays(ledgerToday(), 60),
      paymentChanges: [],
      notices: [],
    });
  });

  it('takes a payment only on the slider, within its bounds and not the current one', async () => {
    const me = await homeowner();
    const ask = (body: unknown) => me.browser.post('/api/me/home/payment-changes', body);
    const offStep = await ask({ monthlyPaymentCents: LOWER + 250 });
    expect(offStep.status).toBe(400);
    expect(offStep.body.error.fields.monthlyPaymentCents).toMatch(/\$5 steps/);
    const below = await ask({ monthlyPaymentCents: Math.round(BOUNDS.min * 100) - 500 });
    expect(below.status).toBe(400);
    expect(below.body.error.fields.monthlyPaymentCents).toMatch(/must be between/);
    const above = await ask({ monthlyPaymentCents: TOP + 500 });
    expect(above.status).toBe(400);
    const same = await ask({ monthlyPaymentCents: TOP });
    expect(same.status).toBe(400);
    expect(same.body.error.fields.monthlyPaymentCents).toMatch(/current monthly payment/);
    expect((await ask({ monthlyPaymentCents: 1234.5 })).status).toBe(400);
    expect((await ask({})).status).toBe(400);
    expect(await app.db.select().from(homePaymentChanges).where(eq(homePaymentChanges.homeId, me.homeId))).toEqual([]);

    const bottom = await ask({ monthlyPaymentCents: Math.round((BOUNDS.max - Math.round((BOUNDS.max - BOUNDS.min) / BOUNDS.step) * BOUNDS.step) * 100) });
    expect(bottom.status, JSON.stringify(bottom.body)).toBe(201);
  });

  it('keeps one pending request at a time; the homeowner withdraws their own, and no one else can', async () => {
    const me = await homeowner();
    const other = await homeowner();
    const first = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ homeId: me.homeId, monthlyPaymentCents: LOWER, state: 'pending', fromMonth: null });
    const second = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: stepCents(2) });
    expect(second.status).toBe(409);
    expect(second.body.error.message).toMatch(/already asked for a new payment/);

    // Another homeowner cannot withdraw it, nor see it.
    const foreign = await other.browser.post(`/api/me/home/payment-changes/${first.body.id}/withdraw`, {});
    expect(foreign.status).toBe(404);
    expect((await other.browser.get('/api/me/home/changes')).body.paymentChanges).toEqual([]);

    const withdrawn = await me.browser.post(`/api/me/home/payment-changes/${first.body.id}/withdraw`, {});
    expect(withdrawn.status).toBe(200);
    expect((await me.browser.get('/api/me/home/changes')).body.paymentChanges).toEqual([expect.objectContaining({ id: first.body.id, state: 'withdrawn' })]);
    expect((await me.browser.post(`/api/me/home/payment-changes/${first.body.id}/withdraw`, {})).status).toBe(409);
    expect((await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: stepCents(2) })).status).toBe(201);
    expect((await auditsOf(me.homeId)).map((a) => a.action).sort()).toEqual(['create', 'create', 'withdraw']);
  });

  it('approves a change from the next unbilled month: the next charge bills it, earlier charges stay', async () => {
    const me = await homeowner();
    const before = await charges(me.homeId);
    expect(before).toHaveLength(billedNow);
    expect(before.every((c) => c.amountCents === TOP)).toBe(true);

    const asked = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    const pending = await admin.browser.get('/api/admin/home-changes');
    expect(pending.body.paymentChanges).toContainEqual(
      expect.objectContaining({ id: asked.body.id, homeId: me.homeId, currentPaymentCents: TOP, monthlyPaymentCents: LOWER }),
    );

    const approved = await admin.browser.post(`/api/admin/payment-changes/${asked.body.id}/approve`, {});
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    expect(approved.body).toMatchObject({ state: 'approved', fromMonth: billedNow + 1 });
    expect(await app.db.select().from(homeTerms).where(eq(homeTerms.homeId, me.homeId)).orderBy(asc(homeTerms.fromMonth))).toEqual([
      expect.objectContaining({ fromMonth: 1, monthlyPaymentCents: TOP, paymentChangeId: null }),
      expect.objectContaining({ fromMonth: billedNow + 1, monthlyPaymentCents: LOWER, paymentChangeId: asked.body.id, createdBy: admin.user.id }),
    ]);
    expect((await admin.browser.post(`/api/admin/payment-changes/${asked.body.id}/approve`, {})).status).toBe(409);
    expect((await auditsOf(me.homeId)).find((a) => a.action === 'approve')?.changes).toMatchObject({
      term: { fromMonth: billedNow + 1, monthlyPaymentCents: { from: TOP, to: LOWER } },
    });
    expect((await admin.browser.get('/api/admin/home-changes')).body.paymentChanges.map((c: { id: string }) => c.id)).not.toContain(asked.body.id);
    expect((await me.browser.get('/api/me/home/changes')).body).toMatchObject({ currentPaymentCents: LOWER, nextMonth: billedNow + 1 });

    // The next charge run: the new month at the new payment; the months before unchanged.
    await runCharges(app.db, { today: chargeDueOn(PURCHASE, billedNow + 1) });
    const after = await charges(me.homeId);
    expect(after.slice(0, billedNow)).toEqual(before);
    expect(after[billedNow]).toMatchObject({ month: billedNow + 1, amountCents: LOWER });

    await settleMailJobs(app);
    const [mail] = await mailsTo(app.db, me.account.email);
    expect(mail!.subject).toMatch(/new monthly payment .* is approved/);
    expect(mail!.text).toContain(`month ${billedNow + 1}`);
  });

  it("lets a second approval before that month is billed take the first one's place, and never touches billed months", async () => {
    const me = await homeowner();
    const first = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    await admin.browser.post(`/api/admin/payment-changes/${first.body.id}/approve`, {});
    const second = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: stepCents(2) });
    expect(second.status).toBe(201);
    const approved = await admin.browser.post(`/api/admin/payment-changes/${second.body.id}/approve`, {});
    expect(approved.body).toMatchObject({ state: 'approved', fromMonth: billedNow + 1 });
    expect(await app.db.select().from(homeTerms).where(eq(homeTerms.homeId, me.homeId)).orderBy(asc(homeTerms.fromMonth))).toEqual([
      expect.objectContaining({ fromMonth: 1, monthlyPaymentCents: TOP }),
      expect.objectContaining({ fromMonth: billedNow + 1, monthlyPaymentCents: stepCents(2), paymentChangeId: second.body.id }),
    ]);
    await runCharges(app.db, { today: chargeDueOn(PURCHASE, billedNow + 2) });
    const billed = await charges(me.homeId);
    expect(billed.slice(0, billedNow).every((c) => c.amountCents === TOP)).toBe(true);
    expect(billed.slice(billedNow).map((c) => c.amountCents)).toEqual([stepCents(2), stepCents(2)]);
    // Now month billedNow + 1 is billed: the next change starts after it.
    const third = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    expect((await admin.browser.post(`/api/admin/payment-changes/${third.body.id}/approve`, {})).body.fromMonth).toBe(billedNow + 3);
  });

  it('declines with a required reason the homeowner reads', async () => {
    const me = await homeowner();
    const asked = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    const empty = await admin.browser.post(`/api/admin/payment-changes/${asked.body.id}/decline`, { reason: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.fields.reason).toMatch(/reason is required/i);
    const declined = await admin.browser.post(`/api/admin/payment-changes/${asked.body.id}/decline`, { reason: 'Two payments are overdue.' });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({ state: 'declined', reason: 'Two payments are overdue.', fromMonth: null });
    expect(await app.db.select().from(homeTerms).where(eq(homeTerms.homeId, me.homeId))).toHaveLength(1);
    expect((await auditsOf(me.homeId)).map((a) => a.action)).toContain('decline');
    await settleMailJobs(app);
    const [mail] = await mailsTo(app.db, me.account.email);
    expect(mail!.text).toContain('Two payments are overdue.');
  });

  it('refuses staff actions to anyone but an admin', async () => {
    const me = await homeowner();
    const asked = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    expect((await me.browser.post(`/api/admin/payment-changes/${asked.body.id}/approve`, {})).status).toBe(403);
    expect((await me.browser.get('/api/admin/home-changes')).status).toBe(403);
    expect((await me.browser.get(`/api/admin/homes/${me.homeId}/changes`)).status).toBe(403);
    const notice = await me.browser.post('/api/me/home/notices', { kind: 'cash_out', requestedDate: earliestNoticeDate() });
    expect((await me.browser.post(`/api/admin/notices/${notice.body.id}/acknowledge`, {})).status).toBe(403);
    expect((await me.browser.post(`/api/admin/notices/${notice.body.id}/cancel`, { reason: 'Mine' })).status).toBe(403);
    const [row] = await app.db.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, asked.body.id));
    expect(row!.state).toBe('pending');
  });

  it('refuses a notice date less than 60 days away with the field message, and takes exactly 60 days', async () => {
    const me = await homeowner();
    const earliest = addDays(ledgerToday(), 60);
    const early = await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: addDays(ledgerToday(), 30) });
    expect(early.status).toBe(400);
    expect(early.body.error.fields.requestedDate).toBe(`Choose a date at least 60 days away: ${earliest} or later. Transfers need 60 days' notice.`);
    const dayShort = await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: addDays(ledgerToday(), 59) });
    expect(dayShort.status).toBe(400);
    const unreal = await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: '2027-02-30' });
    expect(unreal.body.error.fields.requestedDate).toMatch(/real date/);
    expect((await me.browser.post('/api/me/home/notices', { kind: 'sell', requestedDate: earliest })).body.error.fields.kind).toBeTruthy();
    expect(await app.db.select().from(homeNotices).where(eq(homeNotices.homeId, me.homeId))).toEqual([]);

    const sent = await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: earliest, note: '  Moving to Denver  ' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body).toMatchObject({ kind: 'move', requestedDate: earliest, state: 'sent', note: 'Moving to Denver' });
  });

  it('keeps the estimated payout: the accessible equity at the latest valuation; one notice in progress', async () => {
    const me = await homeowner();
    await app.db.insert(homeValuations).values({ homeId: me.homeId, valueCents: 46_000_000, valuedOn: ledgerToday(), source: 'appraisal' });
    const loaded = (await loadHomeFigures(app.db, me.homeId))!;
    const expected = Math.round(loaded.figures.accessibleEquity * 100);
    expect(expected).toBeGreaterThan(0);
    expect((await me.browser.get('/api/me/home/changes')).body.accessibleEquityCents).toBe(expected);

    const sent = await me.browser.post('/api/me/home/notices', { kind: 'cash_out', requestedDate: earliestNoticeDate() });
    expect(sent.body.estimatedPayoutCents).toBe(expected);
    const again = await me.browser.post('/api/me/home/notices', { kind: 'buy_out', requestedDate: addDays(earliestNoticeDate(), 10) });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toMatch(/notice in progress/);
    await settleMailJobs(app);
    const [mail] = await mailsTo(app.db, me.account.email);
    expect(mail!.subject).toBe('We received your 60-day notice');
  });

  it('walks a notice through acknowledge, schedule and complete: payout entry, home closed, no more charges', async () => {
    const me = await homeowner();
    await app.db.insert(homeValuations).values({ homeId: me.homeId, valueCents: 47_000_000, valuedOn: ledgerToday(), source: 'appraisal' });
    const sent = await me.browser.post('/api/me/home/notices', { kind: 'cash_out', requestedDate: earliestNoticeDate() });
    const id = sent.body.id as string;
    const step = (action: string, body: unknown = {}) => admin.browser.post(`/api/admin/notices/${id}/${action}`, body);

    expect((await step('schedule', { scheduledDate: earliestNoticeDate() })).status).toBe(409);
    expect((await step('complete')).status).toBe(409);
    const acknowledged = await step('acknowledge');
    expect(acknowledged.status).toBe(200);
    expect(acknowledged.body.state).toBe('acknowledged');
    expect((await step('acknowledge')).status).toBe(409);
    expect((await step('schedule', { scheduledDate: addDays(ledgerToday(), -1) })).body.error.fields.scheduledDate).toMatch(/past/);
    const scheduled = await step('schedule', { scheduledDate: earliestNoticeDate() });
    expect(scheduled.body).toMatchObject({ state: 'scheduled', scheduledDate: earliestNoticeDate() });
    expect((await me.browser.get('/api/me/home/changes')).body.notices[0]).toMatchObject({ id, state: 'scheduled', scheduledDate: earliestNoticeDate() });

    // A pending payment change goes with the home.
    const asked = await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER });
    const equity = Math.round((await loadHomeFigures(app.db, me.homeId))!.figures.accessibleEquity * 100);
    expect(equity).toBeGreaterThan(0);
    const completed = await step('complete');
    expect(completed.status, JSON.stringify(completed.body)).toBe(200);
    expect(completed.body).toMatchObject({ state: 'completed', payoutCents: equity });

    const payouts = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.kind, 'payout')));
    expect(payouts).toEqual([expect.objectContaining({ amountCents: equity, effectiveOn: ledgerToday(), recordedBy: admin.user.id })]);
    const [home] = await app.db.select().from(homes).where(eq(homes.id, me.homeId));
    expect(home).toMatchObject({ state: 'closed', closedOn: ledgerToday() });
    const [change] = await app.db.select().from(homePaymentChanges).where(eq(homePaymentChanges.id, asked.body.id));
    expect(change!.state).toBe('declined');

    const chargesBefore = await charges(me.homeId);
    await runCharges(app.db, { today: chargeDueOn(PURCHASE, billedNow + 3) });
    expect(await charges(me.homeId)).toEqual(chargesBefore);
    expect((await step('cancel', { reason: 'Too late' })).status).toBe(409);
    expect((await me.browser.post('/api/me/home/payment-changes', { monthlyPaymentCents: LOWER })).status).toBe(409);
    expect((await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: earliestNoticeDate() })).status).toBe(409);

    const audits = await auditsOf(me.homeId);
    expect(audits.filter((a) => a.actorId === admin.user.id).map((a) => (a.changes as { notice?: { state?: { to: string } } }).notice?.state?.to)).toEqual(
      expect.arrayContaining(['acknowledged', 'scheduled', 'completed']),
    );
    await settleMailJobs(app);
    const subjects = (await mailsTo(app.db, me.account.email)).map((m) => m.subject);
    expect(subjects).toEqual(expect.arrayContaining(['We received your 60-day notice', 'Your 60-day notice is acknowledged', 'Your transfer is completed']));
    expect(subjects.some((s) => s.startsWith('Your transfer is scheduled for'))).toBe(true);
  });

  it('completes with the payout staff entered', async () => {
    const me = await homeowner();
    const sent = await me.browser.post('/api/me/home/notices', { kind: 'buy_out', requestedDate: earliestNoticeDate() });
    const id = sent.body.id as string;
    await admin.browser.post(`/api/admin/notices/${id}/acknowledge`, {});
    await admin.browser.post(`/api/admin/notices/${id}/schedule`, { scheduledDate: earliestNoticeDate() });
    expect((await admin.browser.post(`/api/admin/notices/${id}/complete`, { payoutCents: -5 })).status).toBe(400);
    expect((await admin.browser.post(`/api/admin/notices/${id}/complete`, { payoutCents: 12.5 })).status).toBe(400);
    const done = await admin.browser.post(`/api/admin/notices/${id}/complete`, { payoutCents: 1_234_500 });
    expect(done.body).toMatchObject({ state: 'completed', payoutCents: 1_234_500 });
    const [payout] = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.kind, 'payout')));
    expect(payout!.amountCents).toBe(1_234_500);
  });

  it('cancels only with a reason the homeowner reads; a new notice can follow', async () => {
    const me = await homeowner({ bill: false });
    const sent = await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: earliestNoticeDate() });
    const id = sent.body.id as string;
    const noReason = await admin.browser.post(`/api/admin/notices/${id}/cancel`, {});
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.fields.reason).toBeTruthy();
    const cancelled = await admin.browser.post(`/api/admin/notices/${id}/cancel`, { reason: 'You asked us to on the phone.' });
    expect(cancelled.body).toMatchObject({ state: 'cancelled', cancelReason: 'You asked us to on the phone.' });
    expect((await app.db.select().from(homes).where(eq(homes.id, me.homeId)))[0]!.state).toBe('active');
    expect((await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: earliestNoticeDate() })).status).toBe(201);
    await settleMailJobs(app);
    const cancelMail = (await mailsTo(app.db, me.account.email)).find((m) => m.subject === 'Your 60-day notice was cancelled');
    expect(cancelMail!.text).toContain('You asked us to on the phone.');
  });

  it("shows staff a home's changes and 404s an unknown home", async () => {
    const me = await homeowner();
    await me.browser.post('/api/me/home/notices', { kind: 'move', requestedDate: earliestNoticeDate() });
    const reply = await admin.browser.get(`/api/admin/homes/${me.homeId}/changes`);
    expect(reply.status).toBe(200);
    expect(reply.body.notices).toEqual([expect.objectContaining({ state: 'sent', kind: 'move' })]);
    expect((await admin.browser.get('/api/admin/home-changes')).body.notices).toContainEqual(expect.objectContaining({ homeId: me.homeId, state: 'sent' }));
    expect((await admin.browser.get('/api/admin/homes/00000000-0000-4000-8000-000000000000/changes')).status).toBe(404);
    expect((await admin.browser.post('/api/admin/notices/00000000-0000-4000-8000-000000000000/acknowledge', {})).status).toBe(404);
  });
});
