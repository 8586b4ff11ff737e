import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTHORISATION_VERSION } from '../../domain/payments/bank-account';
import { auditLog, bankAccounts, ledgerEntries, processorEvents, processorPayments } from '../platform/db/schema';
import { stripeSignatureHeader } from '../modules/payments';
import { signedInAdmin } from '../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../test/auth-client';
import { readReply, startTestServer, waitFor, type TestServer } from '../test/harness';
import { processorHomeowner, setPaymentsSwitch, settledEventReply, testBankAccount } from '../test/processor-fixtures';
import { settleMailJobs } from '../test/mail-jobs';

/**
 * Paying by bank debit over HTTP (docs/decisions/032-processor-payments.md), with the
 * stand-in processor the server starts itself, reached through the real adapter and the official SDK: the
 * switch, the bank account and its micro-deposits, pay-now's bounds and idempotency, and the signed webhook —
 * forged, replayed, out of order, about a payment we never sent.
 */

const WEBHOOK_SECRET = 'whsec_payments_route_test';
const ACCOUNT = testBankAccount();

describe('paying by bank debit', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    // Debits settle only when a test says so (sandboxProcessor.setSettleMs), so events can be sent by hand first.
    app = await startTestServer({ ...AUTH_TEST_ENV, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, SANDBOX_SETTLE_MS: '600000' });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const setSwitch = (on: boolean) => setPaymentsSwitch(admin, on);

  /** A signed-in homeowner with their home, billed up to today. */
  const homeowner = () => processorHomeowner(app);
  const verifiedHomeowner = (account = '000123456789') => processorHomeowner(app, { account });

  const key = () => `click-${crypto.randomUUID()}`;

  function sendEvent(event: Record<string, unknown>, { secret = WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {}) {
    const body = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, ...event });
    return fetch(`${app.url}/api/payments/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(secret, body, timestamp) },
      body,
    })
      .then(readReply)
      .then((reply) => settledEventReply(app, event.id, reply));
  }
  const intentEvent = (id: string, type: string, providerPaymentId: string, extra: Record<string, unknown> = {}) => ({
    id,
    type,
    data: { object: { id: providerPaymentId, object: 'payment_intent', metadata: {}, last_payment_error: null, ...extra } },
  });
  const ledgerOf = (homeId: string) =>
    app.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.homeId, homeId)))
      .orderBy(ledgerEntries.seq);

  it('with the switch off: no bank account, no pay-now, the webhook refused; the overview says so', async () => {
    await setSwitch(false);
    const owner = await homeowner();
    const overview = await owner.browser.get('/api/me/home/payments');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({ enabled: false, sandbox: true, bankAccount: null });
    for (const [path, body] of [
      ['/api/me/home/bank-account', ACCOUNT],
      ['/api/me/home/bank-account/verify', { firstCents: 32, secondCents: 45 }],
      ['/api/me/home/bank-account/remove', {}],
      ['/api/me/home/payments', { amountCents: 10_000, idempotencyKey: key() }],
    ] as const) {
      const reply = await owner.browser.post(path, body);
      expect([path, reply.status, reply.body.error.code]).toEqual([path, 409, 'payments_off']);
    }
    const hook = await sendEvent(intentEvent('evt_switch_off', 'payment_intent.succeeded', 'pi_switch_off'));
    expect(hook.status).toBe(409);
    expect(await app.db.select().from(processorEvents).where(eq(processorEvents.id, 'evt_switch_off'))).toEqual([]);
    await setSwitch(true);
  });

  it('adds a bank account with its authorisation, sealed and masked; refuses a bad routing or account number', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    const bad = await owner.browser.post('/api/me/home/bank-account', { ...ACCOUNT, routingNumber: '110000001', accountNumber: '12a', agreed: false });
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields).toMatchObject({
      routingNumber: expect.stringMatching(/not a valid routing number/),
      accountNumber: expect.stringMatching(/digits only/),
      agreed: expect.any(String),
    });
    const short = await owner.browser.post('/api/me/home/bank-account', { ...ACCOUNT, routingNumber: '11000000', accountNumber: '123' });
    expect(short.body.error.fields).toMatchObject({ routingNumber: expect.stringMatching(/nine digits/), accountNumber: expect.stringMatching(/4 to 17/) });
    expect(await app.db.select().from(bankAccounts).where(eq(bankAccounts.homeId, owner.homeId))).toEqual([]);

    const added = await owner.browser.request('POST', '/api/me/home/bank-account', ACCOUNT, { 'user-agent': 'PaymentsTest/1.0' });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ accountMasked: '•••• 6789', state: 'unverified', attemptsLeft: 3, sandbox: true });
    expect(JSON.stringify(added.body)).not.toContain('000123456789');
    const [row] = await app.db.select().from(bankAccounts).where(eq(bankAccounts.homeId, owner.homeId));
    expect(row!.accountNumberSealed).not.toContain('123456789');
    expect(row).toMatchObject({ authorisationVersion: AUTHORISATION_VERSION, authorisedUserAgent: 'PaymentsTest/1.0', accountLast4: '6789' });
    expect(row!.authorisationText).toMatch(/I authorise .* to debit the bank account above by ACH/);
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, owner.homeId));
    expect(JSON.stringify(audits)).not.toContain('000123456789');
    expect(JSON.stringify(audits)).toContain('•••• 6789');

    const again = await owner.browser.post('/api/me/home/bank-account', ACCOUNT);
    expect([again.status, again.body.error.code]).toEqual([409, 'bank_account_exists']);
  });

  it('locks the account after three wrong micro-deposit answers, and verifies with the right ones', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    expect((await owner.browser.post('/api/me/home/bank-account', ACCOUNT)).status).toBe(201);
    const first = await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 10, secondCents: 11 });
    expect([first.status, first.body.error.code]).toEqual([422, 'microdeposits_mismatch']);
    expect(first.body.error.fields.firstCents).toMatch(/2 tries left/);
    const second = await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 10, secondCents: 11 });
    expect(second.body.error.fields.firstCents).toMatch(/one try left/);
    const third = await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 10, secondCents: 11 });
    expect([third.status, third.body.error.code]).toEqual([409, 'verification_locked']);
    // Locked: even the right amounts do not open it; staff must.
    const right = await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 32, secondCents: 45 });
    expect([right.status, right.body.error.code]).toEqual([409, 'verification_locked']);
    expect((await owner.browser.get('/api/me/home/payments')).body.bankAccount).toMatchObject({ state: 'locked', attemptsLeft: 0 });
    const fraction = await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 3.5, secondCents: 100 });
    expect(Object.keys(fraction.body.error.fields).sort()).toEqual(['firstCents', 'secondCents']);

    const other = await verifiedHomeowner();
    expect((await other.browser.get('/api/me/home/payments')).body.bankAccount).toMatchObject({ state: 'verified' });
    // Removed at any time; a new one can then be added.
    expect((await other.browser.post('/api/me/home/bank-account/remove', {})).status).toBe(200);
    expect((await other.browser.get('/api/me/home/payments')).body.bankAccount).toBeNull();
  });

  it('pays now within $1 and what is owed plus next month, once per click, and posts only when it succeeds', async () => {
    await setSwitch(true);
    const owner = await verifiedHomeowner();
    const { payNow } = (await owner.browser.get('/api/me/home/payments')).body;
    expect(payNow.maxCents).toBe(payNow.owedCents + payNow.nextChargeCents);
    for (const amountCents of [0, -500, 100.5, 99, payNow.maxCents + 1]) {
      const reply = await owner.browser.post('/api/me/home/payments', { amountCents, idempotencyKey: key() });
      expect([amountCents, reply.status, Object.keys(reply.body.error.fields ?? {})]).toEqual([amountCents, 400, ['amountCents']]);
    }
    expect(await app.db.select().from(processorPayments).where(eq(processorPayments.homeId, owner.homeId))).toEqual([]);

    // A double click: two requests with one key are one payment.
    const click = key();
    const [a, b] = await Promise.all([
      owner.browser.post('/api/me/home/payments', { amountCents: 12_345, idempotencyKey: click }),
      owner.browser.post('/api/me/home/payments', { amountCents: 12_345, idempotencyKey: click }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(b.body.id).toBe(a.body.id);
    const rows = await app.db.select().from(processorPayments).where(eq(processorPayments.homeId, owner.homeId));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('processing');
    expect(rows[0]!.providerPaymentId).toMatch(/^pi_/);
    expect((await ledgerOf(owner.homeId)).filter((e) => e.kind === 'payment')).toEqual([]);

    // The processor settles (sped up here): the ledger gains the payment, the homeowner a mail.
    await app.server.sandboxProcessor!.setSettleMs(50);
    const quick = await owner.browser.post('/api/me/home/payments', { amountCents: 5_000, idempotencyKey: key() });
    await waitFor(async () => {
      const [row] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, quick.body.id));
      return row?.state === 'succeeded';
    });
    await app.server.sandboxProcessor!.setSettleMs(600_000);
    const payments = (await ledgerOf(owner.homeId)).filter((e) => e.kind === 'payment');
    expect(payments).toMatchObject([{ amountCents: 5_000, source: 'processor', reference: expect.stringMatching(/^pi_/) }]);
    const overview = (await owner.browser.get('/api/me/home/payments')).body;
    expect(overview.payments.find((p: { id: string }) => p.id === quick.body.id).steps.map((s: { state: string }) => s.state)).toEqual([
      'scheduled',
      'processing',
      'succeeded',
    ]);
    await settleMailJobs(app);
    const mails = await mailsTo(app.db, owner.account.email.toLowerCase());
    expect(mails.map((m) => m.subject)).toContain('Sandbox: Payment received: $50');
  });

  it('refuses a forged or stale signature and changes nothing; applies each event once, in any order', async () => {
    await setSwitch(true);
    const owner = await verifiedHomeowner();
    const made = await owner.browser.post('/api/me/home/payments', { amountCents: 20_000, idempotencyKey: key() });
    const [payment] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, made.body.id));
    const pi = payment!.providerPaymentId!;

    const forged = await sendEvent(intentEvent('evt_forged', 'payment_intent.succeeded', pi), { secret: 'whsec_someone_else' });
    expect([forged.status, forged.body.error.code]).toEqual([400, 'bad_signature']);
    const stale = await sendEvent(intentEvent('evt_stale', 'payment_intent.succeeded', pi), { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.status).toBe(400);
    const unsigned = await fetch(`${app.url}/api/payments/webhook`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }).then(
      readReply,
    );
    expect(unsigned.status).toBe(400);
    expect(await app.db.select().from(processorEvents).where(eq(processorEvents.id, 'evt_forged'))).toEqual([]);
    expect((await ledgerOf(owner.homeId)).filter((e) => e.kind === 'payment')).toEqual([]);

    // Succeeded arrives first, then a late 'processing', then the same success again.
    const succeeded = intentEvent('evt_ok_1', 'payment_intent.succeeded', pi);
    expect((await sendEvent(succeeded)).body).toEqual({ received: true, outcome: 'applied' });
    expect((await sendEvent(intentEvent('evt_late_processing', 'payment_intent.processing', pi))).body.outcome).toBe('stale');
    expect((await sendEvent(succeeded)).body.outcome).toBe('duplicate');
    expect((await ledgerOf(owner.homeId)).filter((e) => e.kind === 'payment')).toHaveLength(1);
    const [after] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, payment!.id));
    expect(after!.state).toBe('succeeded');

    // The bank returns it: a reversal naming the code, the charges open again.
    const dispute = {
      id: 'evt_return_1',
      type: 'charge.dispute.created',
      data: { object: { id: 'du_1', object: 'dispute', payment_intent: pi, reason: 'insufficient_funds' } },
    };
    expect((await sendEvent(dispute)).body.outcome).toBe('applied');
    expect((await sendEvent(dispute)).body.outcome).toBe('duplicate');
    const entries = await ledgerOf(owner.homeId);
    const paid = entries.find((e) => e.kind === 'payment')!;
    expect(entries.filter((e) => e.kind === 'reversal')).toMatchObject([
      { reversesSeq: paid.seq, amountCents: 20_000, note: expect.stringContaining('R01 Insufficient funds') },
    ]);
    const returned = (await owner.browser.get('/api/me/home/payments')).body.payments.find((p: { id: string }) => p.id === payment!.id);
    expect(returned).toMatchObject({ state: 'returned', returnCode: 'R01', reason: expect.stringContaining('Insufficient funds') });
    await settleMailJobs(app);
    const subjects = (await mailsTo(app.db, owner.account.email.toLowerCase())).map((m) => m.subject);
    expect(subjects).toContain('Sandbox: Your bank returned your payment of $200');
  });

  it('a failure posts nothing and says why; a return before its success posts both; an unknown payment is kept', async () => {
    await setSwitch(true);
    const owner = await verifiedHomeowner();
    const failing = await owner.browser.post('/api/me/home/payments', { amountCents: 3_000, idempotencyKey: key() });
    const [row] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, failing.body.id));
    const failed = intentEvent('evt_fail_1', 'payment_intent.payment_failed', row!.providerPaymentId!, {
      last_payment_error: { code: 'account_closed', type: 'invalid_request_error' },
    });
    expect((await sendEvent(failed)).body.outcome).toBe('applied');
    expect((await sendEvent(intentEvent('evt_fail_late_ok', 'payment_intent.succeeded', row!.providerPaymentId!))).body.outcome).toBe('stale');
    const shown = (await owner.browser.get('/api/me/home/payments')).body.payments.find((p: { id: string }) => p.id === row!.id);
    expect(shown).toMatchObject({
      state: 'failed',
      reason: 'Your bank said this account is closed.',
      whatToDo: expect.stringMatching(/add an account that is open/),
    });
    expect((await ledgerOf(owner.homeId)).filter((e) => e.kind === 'payment')).toEqual([]);

    const early = await owner.browser.post('/api/me/home/payments', { amountCents: 4_000, idempotencyKey: key() });
    const [earlyRow] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, early.body.id));
    const dispute = {
      id: 'evt_early_return',
      type: 'charge.dispute.created',
      data: { object: { id: 'du_2', object: 'dispute', payment_intent: earlyRow!.providerPaymentId, reason: 'debit_not_authorized' } },
    };
    expect((await sendEvent(dispute)).body.outcome).toBe('applied');
    expect((await sendEvent(intentEvent('evt_early_ok', 'payment_intent.succeeded', earlyRow!.providerPaymentId!))).body.outcome).toBe('stale');
    const kinds = (await ledgerOf(owner.homeId)).filter((e) => e.kind !== 'charge').map((e) => [e.kind, e.amountCents]);
    expect(kinds).toEqual([
      ['payment', 4_000],
      ['reversal', 4_000],
    ]);

    const unknown = await sendEvent(intentEvent('evt_unknown', 'payment_intent.succeeded', 'pi_we_never_sent'));
    expect(unknown.body).toEqual({ received: true, outcome: 'unknown_payment' });
    expect(await app.db.select().from(processorEvents).where(eq(processorEvents.id, 'evt_unknown'))).toMatchObject([
      { outcome: 'unknown_payment', providerPaymentId: 'pi_we_never_sent' },
    ]);
  });
});
