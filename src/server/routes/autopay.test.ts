import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { ledgerToday } from '../../domain/homes/dates';
import { parseNacha, returnFile } from '../../domain/homes/nacha-parser.test-support';
import { formatCents } from '../../domain/format';
import { addDays } from '../../domain/ledger';
import { bankingDayOnOrBefore, nextBankingDay } from '../../domain/payments/bank-days';
import { AUTHORISATION_VERSION } from '../../domain/payments/bank-account';
import { achFiles, auditLog, bankAccounts, homes, ledgerEntries, processorPayments } from '../platform/db/schema';
import { runCharges } from '../modules/homes/charges';
import { runAchFiles, runAutopay, type AchDeps } from '../modules/payments';
import { signedInAdmin, signedInWithRole } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../test/harness';
import { insertTestHome } from '../test/home-fixtures';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * Autopay and the bank's day file over HTTP and on the job's own functions (docs/decisions/037-autopay-and-ach-files.md),
 * with the stand-in processor the server starts: the switch's rules, one debit per home and month however often and
 * however concurrently the job runs, a debit whose sender died sent again, and the day's NACHA file written once,
 * balanced, read back by an independent parser.
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
const MONTHLY = Math.round(agreementBounds(AGREEMENT).max * 100);
const ACCOUNT = {
  holderName: 'Ana Autopay',
  routingNumber: '110000000',
  accountNumber: '000123456789',
  accountType: 'checking',
  authorisationVersion: AUTHORISATION_VERSION,
  agreed: true,
};

// Next month's 1st: its debit goes out on the banking day on or before it, at 1 pm in Los Angeles.
const TODAY = ledgerToday();
const NEXT_DUE = `${addDays(`${TODAY.slice(0, 7)}-01`, 40).slice(0, 7)}-01`;
const DEBIT_ON = bankingDayOnOrBefore(NEXT_DUE);
const RUN_AT = new Date(`${DEBIT_ON}T20:00:00Z`);
// Bought on the 10th five months before: the next due date is agreement month 5.
const PURCHASE = new Date(Date.UTC(Number(NEXT_DUE.slice(0, 4)), Number(NEXT_DUE.slice(5, 7)) - 1 - 5, 10)).toISOString().slice(0, 10);

describe('autopay and the day file', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;
  let deps: AchDeps;
  let outbox: string;

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, SANDBOX_SETTLE_MS: '100' });
    admin = await signedInAdmin(app);
    outbox = path.join(app.config.DATA_DIR, 'nacha-outbox');
    deps = { db: app.db, cipher: app.server.cipher, payments: app.server.payments, logger: app.server.logger, brand: { name: 'Ownstead' }, config: app.config };
    const settings = (await admin.browser.get('/api/admin/settings')).body;
    expect((await admin.browser.put('/api/admin/settings', { ...settings, featureFlags: { ...settings.featureFlags, paymentsWebhooks: true } })).status).toBe(
      200,
    );
  });
  afterAll(async () => {
    await app?.stop();
  });

  async function homeowner({ verified = true } = {}) {
    const owner = await signedInWithRole(app, 'homeowner');
    const home = await insertTestHome(app.db, { purchaseDate: PURCHASE, monthlyPaymentCents: MONTHLY });
    await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
    await runCharges(app.db, { today: TODAY });
    expect((await owner.browser.post('/api/me/home/bank-account', ACCOUNT)).status).toBe(201);
    if (verified) expect((await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 45, secondCents: 32 })).status).toBe(200);
    return { ...owner, homeId: home.homeId };
  }

  const debitsOf = (homeId: string) =>
    app.db
      .select()
      .from(processorPayments)
      .where(and(eq(processorPayments.homeId, homeId), eq(processorPayments.origin, 'autopay')));

  it('turns on only with a verified account, turns off at any time, audits both and shows staff the state', async () => {
    const owner = await homeowner({ verified: false });
    const early = await owner.browser.post('/api/me/home/autopay', { on: true });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('bank_account_state');
    expect((await owner.browser.post('/api/me/home/autopay', { on: 'yes' })).status).toBe(400);
    expect((await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 45, secondCents: 32 })).status).toBe(200);

    const on = await owner.browser.post('/api/me/home/autopay', { on: true });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ on: true, nextDebit: { month: 5, dueOn: NEXT_DUE, debitOn: DEBIT_ON, amountCents: MONTHLY } });
    expect((await owner.browser.post('/api/me/home/autopay', { on: true })).body.on).toBe(true);
    const overview = await owner.browser.get('/api/me/home/payments');
    expect(overview.body.autopay).toMatchObject({ on: true });

    const staff = await admin.browser.get('/api/admin/payments/autopay?pageSize=100');
    expect(staff.status).toBe(200);
    expect(staff.body.items.find((item: { homeId: string }) => item.homeId === owner.homeId)).toMatchObject({
      accountMasked: '•••• 6789',
      accountState: 'verified',
      autopay: { on: true },
    });
    expect(JSON.stringify(staff.body)).not.toContain('000123456789');
    expect((await owner.browser.get('/api/admin/payments/autopay')).status).toBe(403);

    expect((await owner.browser.post('/api/me/home/autopay', { on: false })).body).toEqual({ on: false, since: null, nextDebit: null });
    const audits = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'payments'), eq(auditLog.entityId, owner.homeId)));
    const toggles = audits.filter((a) => (a.changes as Record<string, unknown>).autopay);
    expect(toggles.map((a) => (a.changes as { autopay: { to: boolean } }).autopay.to)).toEqual([true, false]);

    // Off, the job debits nothing for the home.
    await runAutopay(deps, { now: RUN_AT });
    expect(await debitsOf(owner.homeId)).toEqual([]);
  });

  it('is refused while the payments switch is off', async () => {
    const owner = await homeowner();
    const settings = (await admin.browser.get('/api/admin/settings')).body;
    await admin.browser.put('/api/admin/settings', { ...settings, featureFlags: { ...settings.featureFlags, paymentsWebhooks: false } });
    try {
      const off = await owner.browser.post('/api/me/home/autopay', { on: true });
      expect(off.status).toBe(409);
      expect(off.body.error.code).toBe('payments_off');
    } finally {
      await admin.browser.put('/api/admin/settings', settings);
    }
  });

  it('debits each month once on its banking day, run twice and at once, and posts it only when it succeeded', async () => {
    const owner = await homeowner();
    expect((await owner.browser.post('/api/me/home/autopay', { on: true })).status).toBe(200);
    // The day before the debit day: nothing yet.
    await runAutopay(deps, { now: new Date(`${addDays(DEBIT_ON, -1)}T20:00:00Z`) });
    expect(await debitsOf(owner.homeId)).toEqual([]);

    await Promise.all([runAutopay(deps, { now: RUN_AT }), runAutopay(deps, { now: RUN_AT })]);
    await runAutopay(deps, { now: RUN_AT });
    const debits = await debitsOf(owner.homeId);
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ month: 5, amountCents: MONTHLY, collector: 'processor' });
    expect(debits[0]!.providerPaymentId).toMatch(/^pi_/);

    // The stand-in settles it and signs its event: then, and only then, the ledger has the payment.
    await waitFor(async () => (await debitsOf(owner.homeId))[0]?.state === 'succeeded');
    const payments = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, owner.homeId), eq(ledgerEntries.kind, 'payment')));
    expect(payments).toEqual([expect.objectContaining({ amountCents: MONTHLY, source: 'processor', reference: debits[0]!.providerPaymentId })]);
    const timeline = (await owner.browser.get('/api/me/home/payments')).body.payments;
    expect(timeline[0].steps.map((s: { state: string }) => s.state)).toEqual(['scheduled', 'processing', 'succeeded']);
  });

  it('sends again a debit whose sender died after it was recorded, once', async () => {
    const owner = await homeowner();
    expect((await owner.browser.post('/api/me/home/autopay', { on: true })).status).toBe(200);
    const [account] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.homeId, owner.homeId));
    // What a kill -9 between the commit and the processor's answer leaves: scheduled, no processor id.
    await app.db.insert(processorPayments).values({
      homeId: owner.homeId,
      bankAccountId: account!.id,
      amountCents: MONTHLY,
      idempotencyKey: 'autopay-5',
      origin: 'autopay',
      month: 5,
      sandbox: true,
      scheduledAt: new Date(Date.now() - 10 * 60_000),
    });
    const report = await runAutopay(deps, { now: RUN_AT });
    expect(report.resent).toBeGreaterThanOrEqual(1);
    const debits = await debitsOf(owner.homeId);
    expect(debits).toHaveLength(1);
    expect(debits[0]!.providerPaymentId).toMatch(/^pi_/);
    expect(['processing', 'succeeded']).toContain(debits[0]!.state);
  });

  it("writes the day's NACHA file of the bank's debits once, balanced, and staff download it (audited)", async () => {
    const bank: AchDeps = { ...deps, config: { ...app.config, PAYMENTS_COLLECTOR: 'bank' } };
    const owners = [await homeowner(), await homeowner()];
    for (const owner of owners) expect((await owner.browser.post('/api/me/home/autopay', { on: true })).status).toBe(200);
    // A home of the earlier tests has its month already: only these two are new, and they wait for the file.
    await runAutopay(bank, { now: RUN_AT });
    for (const owner of owners)
      expect(await debitsOf(owner.homeId)).toEqual([expect.objectContaining({ collector: 'bank', state: 'scheduled', providerPaymentId: null })]);

    const [first, second] = await Promise.all([runAchFiles(bank, { now: RUN_AT, force: true }), runAchFiles(bank, { now: RUN_AT, force: true })]);
    expect(first.file?.id).toBeDefined();
    expect(second.file?.id).toBe(first.file!.id);
    expect(await app.db.select().from(achFiles)).toHaveLength(1);
    const file = first.file!;
    expect(file).toMatchObject({ businessDay: DEBIT_ON, effectiveDate: nextBankingDay(DEBIT_ON), debitCount: 2, totalDebitCents: 2 * MONTHLY });
    expect(file.totalCreditCents).toBe(file.totalDebitCents);

    // Read back by a parser that shares no code with the writer: WEB, recurring, balanced by the offsetting credit, blocked to 10.
    const dropped = await readFile(path.join(outbox, file.fileName), 'ascii');
    expect(await readdir(outbox)).toEqual([file.fileName]);
    const parsed = parseNacha(dropped);
    expect(parsed.lines.length % 10).toBe(0);
    expect(parsed.batches).toHaveLength(1);
    const [batch] = parsed.batches;
    expect(batch).toMatchObject({ serviceClass: '200', sec: 'WEB' });
    const debitEntries = batch!.entries.filter((e) => e.code === '27');
    expect(debitEntries.map((e) => e.amount)).toEqual([MONTHLY, MONTHLY]);
    expect(debitEntries.every((e) => e.discretionary === 'R ')).toBe(true);
    expect(batch!.control.debit).toBe(batch!.control.credit);
    expect(parsed.control).toMatchObject({ batches: 1, count: 3, debit: 2 * MONTHLY, credit: 2 * MONTHLY });

    for (const owner of owners) {
      const [debit] = await debitsOf(owner.homeId);
      expect(debit).toMatchObject({ state: 'processing', achFileId: file.id });
      expect(debitEntries.map((e) => e.trace)).toContain(debit!.traceNumber);
    }
    // Two banking days after the effective date, not returned: settled, posted with the trace the return file names.
    await runAchFiles(bank, { now: new Date(`${nextBankingDay(nextBankingDay(file.effectiveDate))}T20:00:00Z`) });
    for (const owner of owners) {
      const [debit] = await debitsOf(owner.homeId);
      expect(debit!.state).toBe('succeeded');
      const posted = await app.db
        .select()
        .from(ledgerEntries)
        .where(and(eq(ledgerEntries.homeId, owner.homeId), eq(ledgerEntries.kind, 'payment')));
      expect(posted).toEqual([expect.objectContaining({ source: 'bank', reference: debit!.traceNumber, amountCents: MONTHLY })]);
    }

    const list = await admin.browser.get('/api/admin/payments/ach-files');
    expect(list.body.files[0]).toMatchObject({ id: file.id, debitCount: 2 });
    const download = await fetch(`${app.url}/api/admin/payments/ach-files/${file.id}`, { headers: { cookie: admin.browser.cookieHeader } });
    expect(download.status).toBe(200);
    expect(download.headers.get('cache-control')).toContain('no-store');
    expect(await download.text()).toBe(dropped);
    const downloads = await app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'download'), eq(auditLog.entityId, file.id)));
    expect(downloads).toHaveLength(1);
    expect((await admin.browser.get(`/api/admin/payments/ach-files/${crypto.randomUUID()}`)).status).toBe(404);
  });

  it("marks a debit the bank's return file names returned, in words, and mails the homeowner", async () => {
    const bank: AchDeps = { ...deps, config: { ...app.config, PAYMENTS_COLLECTOR: 'bank' } };
    const [early, settled] = [await homeowner(), await homeowner()];
    for (const owner of [early, settled]) expect((await owner.browser.post('/api/me/home/autopay', { on: true })).status).toBe(200);
    await runAutopay(bank, { now: RUN_AT });
    // The debit day's file was written by the test before: these two go in the next banking day's.
    const fileDay = nextBankingDay(DEBIT_ON);
    const { file } = await runAchFiles(bank, { now: new Date(`${fileDay}T20:00:00Z`), force: true });
    expect(file?.debitCount).toBe(2);
    const [earlyDebit] = await debitsOf(early.homeId);
    const [settledDebit] = await debitsOf(settled.homeId);
    const money = formatCents(MONTHLY);

    // A return that beats the settling day: the debit posts its payment and the reversal together.
    const earlyReturn = returnFile([{ code: 'R02', amount: MONTHLY, trace: earlyDebit!.traceNumber! }]);
    const preview = await admin.browser.post('/api/admin/payments/nacha-returns/preview', { file: earlyReturn });
    expect(preview.body).toMatchObject({ newCount: 1, unknownCount: 0, applied: false });
    expect((await debitsOf(early.homeId))[0]!.state).toBe('processing');
    expect((await admin.browser.post('/api/admin/payments/nacha-returns', { file: earlyReturn })).body).toMatchObject({ newCount: 1, applied: true });

    // Settling day: the other succeeds and posts; the returned one is not settled.
    const settling = await runAchFiles(bank, { now: new Date(`${nextBankingDay(nextBankingDay(file!.effectiveDate))}T20:00:00Z`) });
    expect(settling.settled).toBe(1);
    expect((await debitsOf(settled.homeId))[0]!.state).toBe('succeeded');
    const lateReturn = returnFile([
      { code: 'R01', amount: MONTHLY, trace: settledDebit!.traceNumber! },
      { code: 'R02', amount: MONTHLY, trace: earlyDebit!.traceNumber! },
    ]);
    const applied = await admin.browser.post('/api/admin/payments/nacha-returns', { file: lateReturn });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ newCount: 1, applied: true });
    expect(applied.body.rows.map((r: { status: string }) => r.status)).toEqual(['new', 'done']);

    for (const [owner, code, words] of [
      [settled, 'R01', 'Insufficient funds'],
      [early, 'R02', 'Account closed'],
    ] as const) {
      const [debit] = await debitsOf(owner.homeId);
      expect(debit).toMatchObject({ state: 'returned', returnCode: code });
      const payment = (await owner.browser.get('/api/me/home/payments')).body.payments.find((p: { id: string }) => p.id === debit!.id);
      expect(payment.steps.map((s: { state: string }) => s.state)).toEqual(['scheduled', 'processing', 'succeeded', 'returned']);
      expect(payment).toMatchObject({ state: 'returned', returnCode: code, reason: `Your bank returned it: ${code}, ${words}.` });
      // The payment it posted is reversed, naming the code in words: the month is open again.
      const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, owner.homeId));
      const posted = entries.filter((e) => e.kind === 'payment');
      expect(posted).toEqual([expect.objectContaining({ source: 'bank', reference: debit!.traceNumber, amountCents: MONTHLY })]);
      expect(entries.filter((e) => e.kind === 'reversal')).toEqual([
        expect.objectContaining({ reversesSeq: posted[0]!.seq, amountCents: MONTHLY, note: expect.stringContaining(`${code} ${words}`) }),
      ]);
    }
    await settleMailJobs(app);
    for (const owner of [early, settled]) {
      const subjects = (await mailsTo(app.db, owner.account.email.toLowerCase())).map((m) => m.subject);
      expect(subjects).toContain(`Your bank returned your payment of ${money}`);
    }

    // The same file again: nothing more.
    const again = await admin.browser.post('/api/admin/payments/nacha-returns', { file: lateReturn });
    expect(again.body).toMatchObject({ newCount: 0, applied: true });
    expect(again.body.rows.map((r: { status: string }) => r.status)).toEqual(['done', 'done']);
    const reversals = await app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, early.homeId), eq(ledgerEntries.kind, 'reversal')));
    expect(reversals).toHaveLength(1);
  });
});
