import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../domain/admin/settings';
import { ledgerToday } from '../../domain/homes/dates';
import { addDays } from '../../domain/ledger';
import { returnFile } from '../../domain/homes/nacha-parser.test-support';
import { runLateFees } from '../modules/homes/fees';
import { appendLedgerEntries } from '../modules/homes/ledger';
import { verifyLedgers } from '../modules/homes/verify-ledgers';
import { auditLog, feeWaiverRequests, homes, ledgerEntries } from '../platform/db/schema';
import { forgetCachedSettings } from '../platform/settings/settings-store';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * Late fees and their waivers over HTTP (calculators.md 'Fees'; src/server/modules/homes/fees.ts): the warning
 * before a fee, the fee job (one fee per overdue charge, however often and however many run it), the
 * homeowner's waiver requests (the first in 12 months at once, a later one to staff), staff's grant, refusal
 * and direct waiver, and the settings that drive them.
 */

const TODAY = ledgerToday();
const CHARGE = 236_500;

describe('late fees and waivers', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer(AUTH_TEST_ENV);
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  /** A signed-in homeowner whose home was bought today (nothing billed by the charge run yet). */
  async function homeowner() {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: TODAY, monthlyPaymentCents: CHARGE });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    return { ...owner, homeId: home.homeId };
  }

  /** Month `month`'s charge, due today (written as the charge run would, to control its date). */
  const bill = (homeId: string, month: number) =>
    app.db.transaction((tx) => appendLedgerEntries(tx, homeId, [{ kind: 'charge', amountCents: CHARGE, month, effectiveOn: TODAY }], null));

  /** The fee job as it would run the day after today's deadline (grace 10 days). */
  const feeRun = () => runLateFees(app.db, { today: addDays(TODAY, 11), chargesToday: TODAY });

  const feesOf = (homeId: string) =>
    app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, homeId), eq(ledgerEntries.kind, 'fee')))
      .orderBy(asc(ledgerEntries.seq));

  it('warns before the fee, makes exactly one fee per overdue charge after the grace, and never another', async () => {
    const me = await homeowner();
    await bill(me.homeId, 1);

    const before = await me.browser.get('/api/me/home');
    expect(before.status).toBe(200);
    // 'Pay by … to avoid a $118.25 late fee': 5 % of $2,365.00, due today + 10 days.
    expect(before.body.lateFeeWarning).toEqual({ payBy: addDays(TODAY, 10), feeCents: 11_825, month: 1 });
    expect(before.body.fees).toEqual([]);

    // On the deadline itself nothing is made yet.
    await runLateFees(app.db, { today: addDays(TODAY, 10), chargesToday: TODAY });
    expect(await feesOf(me.homeId)).toEqual([]);

    // Two instances at once, then again: one fee.
    await Promise.all([feeRun(), feeRun()]);
    await feeRun();
    const fees = await feesOf(me.homeId);
    expect(fees.map((f) => [f.month, f.amountCents, f.effectiveOn])).toEqual([[1, 11_825, addDays(TODAY, 11)]]);
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.entityId, me.homeId), eq(auditLog.action, 'create')));
    expect(audits.filter((a) => (a.changes as { kind?: string }).kind === 'fee')).toHaveLength(1);

    const after = await me.browser.get('/api/me/home');
    expect(after.body.lateFeeWarning).toBeNull();
    expect(after.body.fees).toEqual([expect.objectContaining({ seq: fees[0]!.seq, month: 1, amountCents: 11_825, paidCents: 0, state: 'open', waiver: null })]);
    expect(after.body.balanceCents).toBe(CHARGE + 11_825);

    // The chain, the projections and the signed checks hold with the new kind.
    const report = await verifyLedgers(app.db, { homeId: me.homeId, projections: true });
    expect(report.broken).toEqual([]);
    expect(report.projectionProblems).toEqual([]);
  });

  it('grants the first waiver request in 12 months at once; the next goes to staff, who refuse or grant with a reason', async () => {
    const me = await homeowner();
    await bill(me.homeId, 1);
    await feeRun();
    const [first] = await feesOf(me.homeId);

    const granted = await me.browser.post('/api/me/home/fee-waivers', { seq: first!.seq, reason: 'I was in hospital.' });
    expect(granted.status).toBe(201);
    expect(granted.body).toMatchObject({ state: 'granted', automatic: true, reason: 'I was in hospital.' });
    const page = await me.browser.get('/api/me/home');
    expect(page.body.fees[0]).toMatchObject({ seq: first!.seq, state: 'waived', waiver: { state: 'granted' } });
    expect(page.body.movements[0]).toMatchObject({ kind: 'fee_waived', amountCents: 11_825 });
    expect(page.body.balanceCents).toBe(CHARGE);
    const [reversal] = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.reversesSeq, first!.seq)));
    expect(reversal!.note).toContain('I was in hospital.');
    await settleMailJobs(app);
    expect((await mailsTo(app.db, me.account.email))[0]!.subject).toMatch(/late fee of \$118\.25 is waived/);

    // Asked twice, or already waived: 409.
    const again = await me.browser.post('/api/me/home/fee-waivers', { seq: first!.seq, reason: 'Again' });
    expect([again.status, again.body.error.code]).toEqual([409, 'already_reversed']);

    // A second fee within 12 months: waits for staff.
    await bill(me.homeId, 2);
    await feeRun();
    const second = (await feesOf(me.homeId))[1]!;
    const pending = await me.browser.post('/api/me/home/fee-waivers', { seq: second.seq, reason: 'My bank was late.' });
    expect(pending.status).toBe(201);
    expect(pending.body).toMatchObject({ state: 'pending', automatic: false });
    const dupe = await me.browser.post('/api/me/home/fee-waivers', { seq: second.seq, reason: 'Please' });
    expect([dupe.status, dupe.body.error.code]).toEqual([409, 'waiver_requested']);

    const list = await admin.browser.get('/api/admin/fee-waivers');
    expect(list.status).toBe(200);
    const item = list.body.items.find((i: { homeId: string }) => i.homeId === me.homeId);
    expect(item).toMatchObject({ feeSeq: second.seq, amountCents: 11_825, reason: 'My bank was late.', month: 2 });

    const badReason = await admin.browser.post(`/api/admin/fee-waivers/${item.id}/refuse`, { reason: '   ' });
    expect([badReason.status, badReason.body.error.fields]).toEqual([400, { reason: 'Reason is required.' }]);
    const refused = await admin.browser.post(`/api/admin/fee-waivers/${item.id}/refuse`, { reason: 'Second late payment this year.' });
    expect(refused.status).toBe(200);
    expect(refused.body.items.some((i: { id: string }) => i.id === item.id)).toBe(false);
    const decidedTwice = await admin.browser.post(`/api/admin/fee-waivers/${item.id}/grant`, { reason: 'Changed my mind' });
    expect([decidedTwice.status, decidedTwice.body.error.code]).toEqual([409, 'waiver_decided']);
    const shown = await me.browser.get('/api/me/home');
    expect(shown.body.fees[0]).toMatchObject({
      seq: second.seq,
      state: 'open',
      waiver: { state: 'refused', decisionReason: 'Second late payment this year.' },
    });
    await settleMailJobs(app);
    const refusedMail = (await mailsTo(app.db, me.account.email))[0]!;
    expect(refusedMail.subject).toBe('About your late fee waiver request');
    expect(refusedMail.text).toContain('Second late payment this year.');

    // A third, granted by staff: the fee is reversed naming staff's reason.
    await bill(me.homeId, 3);
    await feeRun();
    const third = (await feesOf(me.homeId))[2]!;
    await me.browser.post('/api/me/home/fee-waivers', { seq: third.seq, reason: 'Bank holiday.' });
    const [row] = await app.db
      .select()
      .from(feeWaiverRequests)
      .where(and(eq(feeWaiverRequests.homeId, me.homeId), eq(feeWaiverRequests.feeSeq, third.seq)));
    const grant = await admin.browser.post(`/api/admin/fee-waivers/${row!.id}/grant`, { reason: 'Goodwill.' });
    expect(grant.status).toBe(200);
    const waivedNow = await me.browser.get('/api/me/home');
    expect(waivedNow.body.fees[0]).toMatchObject({ seq: third.seq, state: 'waived', waiver: { state: 'granted', decisionReason: 'Goodwill.' } });
    const decisions = await app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.entityId, me.homeId)));
    expect(decisions.map((d) => d.action)).toEqual(expect.arrayContaining(['approve', 'decline', 'reverse']));
  });

  it("answers 404 for another homeowner's fee, 400 for a bad reason, and 400/409 to staff waiving what is not an open fee", async () => {
    const owner = await homeowner();
    await bill(owner.homeId, 1);
    await feeRun();
    const [fee] = await feesOf(owner.homeId);
    const other = await homeowner();
    await bill(other.homeId, 1);
    // The other homeowner's seq 2 does not exist; their seq 1 is a charge: both 404, and nothing is written.
    for (const seq of [fee!.seq, 1]) {
      const reply = await other.browser.post('/api/me/home/fee-waivers', { seq, reason: 'Not mine' });
      expect([reply.status, reply.body.error.code]).toEqual([404, 'not_found']);
    }
    expect(await app.db.select().from(feeWaiverRequests).where(eq(feeWaiverRequests.homeId, other.homeId))).toEqual([]);

    for (const body of [{ seq: fee!.seq, reason: '' }, { seq: fee!.seq, reason: 'x'.repeat(301) }, { seq: 0, reason: 'ok' }, { seq: fee!.seq }]) {
      const reply = await owner.browser.post('/api/me/home/fee-waivers', body);
      expect([reply.status, reply.body.error.code]).toEqual([400, 'validation_failed']);
    }

    const notAFee = await admin.browser.post(`/api/admin/homes/${owner.homeId}/ledger/fee-waivers`, { seq: 1, reason: 'Goodwill' });
    expect([notAFee.status, notAFee.body.error.fields]).toEqual([400, { seq: 'Entry 1 is not a late fee.' }]);
    const waived = await admin.browser.post(`/api/admin/homes/${owner.homeId}/ledger/fee-waivers`, { seq: fee!.seq, reason: 'Goodwill' });
    expect(waived.status).toBe(201);
    expect(waived.body.entries.at(-1)).toMatchObject({ kind: 'reversal', reversesSeq: fee!.seq, note: 'Late fee waived: Goodwill' });
    const twice = await admin.browser.post(`/api/admin/homes/${owner.homeId}/ledger/fee-waivers`, { seq: fee!.seq, reason: 'Goodwill' });
    expect([twice.status, twice.body.error.code]).toEqual([409, 'already_reversed']);
  });

  it('validates the grace and late-fee settings with a message per field, and uses what is saved', async () => {
    const bad = await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, graceDays: 45, lateFee: { type: 'percentage', amount: 30 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toEqual({
      graceDays: 'Grace period is at most 28 days (a month).',
      'lateFee.amount': 'A late fee is at most 25% of the charge.',
    });
    const fixed = await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, graceDays: -1, lateFee: { type: 'fixed', amount: 1_000.5 } });
    expect(fixed.body.error.fields).toEqual({ graceDays: 'Grace period cannot be negative.', 'lateFee.amount': 'A fixed late fee is at most $1,000.' });
    const cents = await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, lateFee: { type: 'fixed', amount: 10.005 } });
    expect(cents.body.error.fields).toEqual({ 'lateFee.amount': 'Late fee takes at most two decimals.' });

    const saved = await admin.browser.put('/api/admin/settings', { ...DEFAULT_SETTINGS, graceDays: 5, lateFee: { type: 'fixed', amount: 35 } });
    expect(saved.status).toBe(200);
    forgetCachedSettings(app.db);
    try {
      const me = await homeowner();
      await bill(me.homeId, 1);
      expect((await me.browser.get('/api/me/home')).body.lateFeeWarning).toEqual({ payBy: addDays(TODAY, 5), feeCents: 3_500, month: 1 });
      await runLateFees(app.db, { today: addDays(TODAY, 6), chargesToday: TODAY });
      expect((await feesOf(me.homeId)).map((f) => f.amountCents)).toEqual([3_500]);
    } finally {
      await admin.browser.put('/api/admin/settings', DEFAULT_SETTINGS);
      forgetCachedSettings(app.db);
    }
  });

  it('previews then applies a NACHA return file: each returned payment reversed naming its code, an unknown trace shown, a bad record 422', async () => {
    const me = await homeowner();
    await bill(me.homeId, 1);
    const trace = `12100035${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    await app.db.transaction((tx) =>
      appendLedgerEntries(tx, me.homeId, [{ kind: 'payment', amountCents: CHARGE, effectiveOn: TODAY, reference: trace, source: 'bank_csv' }], null),
    );
    expect((await me.browser.get('/api/me/home')).body.charges[0].state).toBe('paid');
    const file = returnFile([
      { code: 'R01', amount: CHARGE, trace },
      { code: 'R02', amount: 5_000, trace: '121000359999999' },
    ]);

    const preview = await admin.browser.post('/api/admin/payments/nacha-returns/preview', { file });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ applied: false, newCount: 1, unknownCount: 1, problems: [] });
    expect(preview.body.rows.map((r: { status: string; returnCode: string }) => [r.returnCode, r.status])).toEqual([
      ['R01', 'new'],
      ['R02', 'unknown'],
    ]);
    expect(
      await app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.kind, 'reversal'))),
    ).toEqual([]);

    const applied = await admin.browser.post('/api/admin/payments/nacha-returns', { file });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ applied: true, newCount: 1, unknownCount: 1 });
    const [reversal] = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.kind, 'reversal')));
    expect(reversal!.note).toBe('Returned by the bank, R01: Insufficient funds: the account did not have enough money.');
    const page = await me.browser.get('/api/me/home');
    expect(page.body.charges[0]).toMatchObject({ month: 1, paidCents: 0 });
    expect(page.body.movements[0]).toMatchObject({ kind: 'payment_returned', reference: trace });

    // Again: already done, nothing new.
    const again = await admin.browser.post('/api/admin/payments/nacha-returns', { file });
    expect(again.body.rows.map((r: { status: string }) => r.status)).toEqual(['done', 'unknown']);
    expect(
      await app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.homeId, me.homeId), eq(ledgerEntries.kind, 'reversal'))),
    ).toHaveLength(1);

    const broken = file.replace('799R01', '799X01');
    const refused = await admin.browser.post('/api/admin/payments/nacha-returns', { file: broken });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'nacha_invalid']);
    expect(refused.body.error.fields.file).toContain('Line 4: "X01" is not a return reason code');
    const empty = await admin.browser.post('/api/admin/payments/nacha-returns/preview', { file: '' });
    expect([empty.status, empty.body.error.fields]).toEqual([400, { file: 'The file is empty.' }]);
  });
});
