import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerToday } from '../../../domain/homes/dates';
import { auditLog, bankAccounts, ledgerEntries, processorPayments, processorRefunds } from '../../platform/db/schema';
import { signedInAdmin } from '../../test/admin-client';
import { AUTH_TEST_ENV, mailsTo } from '../../test/auth-client';
import { startTestServer, waitFor, type TestServer } from '../../test/harness';
import { settleMailJobs } from '../../test/mail-jobs';
import { clickKey, linkInstantly, processorHomeowner, sendSignedEvent } from '../../test/processor-fixtures';

/**
 * Staff's side of bank debits over HTTP (docs/decisions/038-staff-processor-payments.md), with the stand-in
 * processor the server starts: the views, retry of a failed debit, refunds through the processor (posted to the
 * ledger when it confirms them), unlocking a locked verification, and each refusal.
 */

const SECRET = 'whsec_staff_payments_test';

describe('staff and bank debits', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, STRIPE_WEBHOOK_SECRET: SECRET, SANDBOX_SETTLE_MS: '600000' });
    admin = await signedInAdmin(app);
    const settings = (await admin.browser.get('/api/admin/settings')).body;
    await admin.browser.put('/api/admin/settings', { ...settings, featureFlags: { ...settings.featureFlags, paymentsWebhooks: true } });
  });
  afterAll(async () => {
    await app?.stop();
  });

  const send = (event: Record<string, unknown>) => sendSignedEvent(app, SECRET, event);
  const paymentRow = async (id: string) => (await app.db.select().from(processorPayments).where(eq(processorPayments.id, id)))[0]!;
  const auditsOf = (homeId: string, action: string) =>
    app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, homeId), eq(auditLog.action, action)));

  /** A debit of `amountCents` the processor said failed (insufficient funds). */
  async function failedDebit(owner: Awaited<ReturnType<typeof processorHomeowner>>, amountCents = 10_000) {
    const made = await owner.browser.post('/api/me/home/payments', { amountCents, idempotencyKey: clickKey() });
    expect(made.status).toBe(201);
    const row = await paymentRow(made.body.id);
    const event = {
      id: `evt_fail_${row.id}`,
      type: 'payment_intent.payment_failed',
      data: {
        object: { id: row.providerPaymentId, object: 'payment_intent', amount: amountCents, metadata: {}, last_payment_error: { code: 'insufficient_funds' } },
      },
    };
    expect((await send(event)).body.outcome).toBe('applied');
    return row.id;
  }

  /** A debit that succeeded at the stand-in (settled quickly) and is in the ledger. */
  async function succeededDebit(owner: Awaited<ReturnType<typeof processorHomeowner>>, amountCents: number) {
    await app.server.sandboxProcessor!.setSettleMs(30);
    const made = await owner.browser.post('/api/me/home/payments', { amountCents, idempotencyKey: clickKey() });
    await waitFor(async () => (await paymentRow(made.body.id)).state === 'succeeded', { message: 'the debit to succeed' });
    return made.body.id as string;
  }

  it('refuses every staff route to a homeowner (403)', async () => {
    const owner = await processorHomeowner(app);
    const id = crypto.randomUUID();
    for (const path of ['/api/admin/processor-payments?view=failed', '/api/admin/processor-payments/exceptions', '/api/admin/bank-accounts']) {
      expect([path, (await owner.browser.get(path)).status]).toEqual([path, 403]);
    }
    for (const path of [
      `/api/admin/processor-payments/${id}/retry`,
      `/api/admin/processor-payments/${id}/refunds`,
      `/api/admin/homes/${owner.homeId}/bank-account/unlock`,
    ]) {
      const reply = await owner.browser.post(path, { amountCents: 100, reason: 'x', idempotencyKey: clickKey() });
      expect([path, reply.status]).toEqual([path, 403]);
    }
  });

  it('shows a failed debit with its reason, retries it once as a new audited debit, refuses a retry of anything else', async () => {
    await app.server.sandboxProcessor!.setSettleMs(600_000);
    const owner = await processorHomeowner(app, { account: '000123456789' });
    const failedId = await failedDebit(owner);

    const failedView = await admin.browser.get('/api/admin/processor-payments?view=failed&pageSize=100');
    expect(failedView.status).toBe(200);
    expect(failedView.body.items.find((p: { id: string }) => p.id === failedId)).toMatchObject({
      homeId: owner.homeId,
      amountCents: 10_000,
      state: 'failed',
      accountMasked: '•••• 6789',
      reason: 'Your bank said there was not enough money in the account.',
      retriedBy: null,
      refundableCents: 0,
      sandbox: true,
    });
    expect(JSON.stringify(failedView.body)).not.toContain('000123456789');

    // Not failed: a debit still processing cannot be retried.
    const processing = await owner.browser.post('/api/me/home/payments', { amountCents: 2_000, idempotencyKey: clickKey() });
    const notFailed = await admin.browser.post(`/api/admin/processor-payments/${processing.body.id}/retry`, {});
    expect([notFailed.status, notFailed.body.error.code]).toEqual([409, 'not_failed']);
    const unknown = await admin.browser.post(`/api/admin/processor-payments/${crypto.randomUUID()}/retry`, {});
    expect(unknown.status).toBe(404);
    const listed = (await admin.browser.get('/api/admin/processor-payments?view=processing&pageSize=100')).body.items;
    expect(listed.map((p: { id: string }) => p.id)).toContain(processing.body.id);

    const [first, second] = await Promise.all([
      admin.browser.post(`/api/admin/processor-payments/${failedId}/retry`, {}),
      admin.browser.post(`/api/admin/processor-payments/${failedId}/retry`, {}),
    ]);
    const statuses = [first.status, second.status].sort();
    expect(statuses).toEqual([201, 409]);
    const retry = first.status === 201 ? first.body : second.body;
    expect(retry).toMatchObject({ state: 'processing', amountCents: 10_000, retryOf: failedId });
    expect((first.status === 409 ? first : second).body.error.code).toBe('already_retried');
    expect(await app.db.select().from(processorPayments).where(eq(processorPayments.retryOf, failedId))).toHaveLength(1);
    expect((await paymentRow(retry.id)).providerPaymentId).toMatch(/^pi_/);
    expect(await auditsOf(owner.homeId, 'retry')).toMatchObject([{ changes: { payment: retry.id, retryOf: failedId, amountCents: 10_000 } }]);
    const after = (await admin.browser.get('/api/admin/processor-payments?view=failed&pageSize=100')).body.items;
    expect(after.find((p: { id: string }) => p.id === failedId).retriedBy).toBe(retry.id);
  });

  it('refuses a retry when the account is not verified or the amount is no longer owed', async () => {
    await app.server.sandboxProcessor!.setSettleMs(600_000);
    const removed = await processorHomeowner(app, { account: '000123456789' });
    const removedFailed = await failedDebit(removed);
    expect((await removed.browser.post('/api/me/home/bank-account/remove', {})).status).toBe(200);
    const noAccount = await admin.browser.post(`/api/admin/processor-payments/${removedFailed}/retry`, {});
    expect([noAccount.status, noAccount.body.error.code]).toEqual([409, 'bank_account_state']);

    const paidUp = await processorHomeowner(app, { account: '000123456789' });
    const paidFailed = await failedDebit(paidUp);
    const owed = (await paidUp.browser.get('/api/me/home/payments')).body.payNow.owedCents as number;
    const paid = await admin.browser.post(`/api/admin/homes/${paidUp.homeId}/ledger/payments`, {
      amountCents: owed,
      receivedOn: ledgerToday(),
      reference: null,
      memo: 'Paid by transfer',
    });
    expect(paid.status).toBe(201);
    const notOwed = await admin.browser.post(`/api/admin/processor-payments/${paidFailed}/retry`, {});
    expect([notOwed.status, notOwed.body.error.code]).toEqual([409, 'not_owed']);
    expect(await app.db.select().from(processorPayments).where(eq(processorPayments.retryOf, paidFailed))).toEqual([]);
    expect(await auditsOf(paidUp.homeId, 'retry')).toEqual([]);
  });

  it('refunds a succeeded debit through the processor: at most what was paid, once per click, in the ledger when confirmed', async () => {
    const owner = await processorHomeowner(app, { account: '000123456789' });
    const paymentId = await succeededDebit(owner, 20_000);
    const url = `/api/admin/processor-payments/${paymentId}/refunds`;

    for (const [body, field] of [
      [{ amountCents: 20_001, reason: 'Overpaid', idempotencyKey: clickKey() }, /at most \$200:/],
      [{ amountCents: 0, reason: 'Overpaid', idempotencyKey: clickKey() }, /more than \$0/],
      [{ amountCents: 10.5, reason: 'Overpaid', idempotencyKey: clickKey() }, /whole cents/],
      [{ amountCents: -5, reason: 'Overpaid', idempotencyKey: clickKey() }, /more than \$0/],
    ] as const) {
      const reply = await admin.browser.post(url, body);
      expect([reply.status, reply.body.error.fields?.amountCents]).toEqual([400, expect.stringMatching(field)]);
    }
    const noReason = await admin.browser.post(url, { amountCents: 100, reason: '  ', idempotencyKey: clickKey() });
    expect(noReason.body.error.fields).toMatchObject({ reason: 'Reason is required.' });
    expect(await app.db.select().from(processorRefunds).where(eq(processorRefunds.paymentId, paymentId))).toEqual([]);

    await app.server.sandboxProcessor!.setSettleMs(30);
    const key = clickKey();
    const [a, b] = await Promise.all([
      admin.browser.post(url, { amountCents: 5_000, reason: 'Paid twice this month.', idempotencyKey: key }),
      admin.browser.post(url, { amountCents: 5_000, reason: 'Paid twice this month.', idempotencyKey: key }),
    ]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await app.db.select().from(processorRefunds).where(eq(processorRefunds.paymentId, paymentId))).toHaveLength(1);
    expect(a.body).toMatchObject({ refundableCents: 15_000, refunds: [{ amountCents: 5_000, reason: 'Paid twice this month.' }] });
    const refund = await waitFor(async () => {
      const [row] = await app.db.select().from(processorRefunds).where(eq(processorRefunds.paymentId, paymentId));
      return row?.state === 'succeeded' && row;
    });
    const entries = await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, owner.homeId));
    expect(entries.filter((e) => e.kind === 'refund')).toMatchObject([
      { amountCents: 5_000, seq: refund.ledgerSeq, reference: expect.stringMatching(/^re_/), note: expect.stringContaining('Paid twice this month.') },
    ]);
    expect(await auditsOf(owner.homeId, 'refund')).toMatchObject([{ changes: { payment: paymentId, amountCents: 5_000, state: 'pending' } }]);
    await settleMailJobs(app);
    expect((await mailsTo(app.db, owner.account.email.toLowerCase())).map((m) => m.subject)).toContain('Sandbox: Refund sent: $50');

    const above = await admin.browser.post(url, { amountCents: 15_001, reason: 'The rest', idempotencyKey: clickKey() });
    expect(above.body.error.fields.amountCents).toMatch(/at most \$150:/);

    // A refund the processor then fails posts nothing, and its amount may be refunded again.
    await app.server.sandboxProcessor!.setSettleMs(600_000);
    const pending = await admin.browser.post(url, { amountCents: 15_000, reason: 'The rest', idempotencyKey: clickKey() });
    expect(pending.body.refundableCents).toBe(0);
    const [row] = await app.db
      .select()
      .from(processorRefunds)
      .where(and(eq(processorRefunds.paymentId, paymentId), eq(processorRefunds.state, 'pending')));
    const failed = await send({
      id: `evt_refund_failed_${row!.id}`,
      type: 'refund.updated',
      data: {
        object: {
          id: row!.providerRefundId,
          object: 'refund',
          amount: 15_000,
          payment_intent: 'pi_x',
          status: 'failed',
          failure_reason: 'lost_or_stolen_card',
          metadata: {},
        },
      },
    });
    expect(failed.body.outcome).toBe('applied');
    const view = (await admin.browser.get('/api/admin/processor-payments?view=succeeded&pageSize=100')).body.items.find(
      (p: { id: string }) => p.id === paymentId,
    );
    expect(view).toMatchObject({ refundableCents: 15_000, refunds: [{ state: 'succeeded' }, { state: 'failed', failureReason: 'lost_or_stolen_card' }] });
    expect((await app.db.select().from(ledgerEntries).where(eq(ledgerEntries.homeId, owner.homeId))).filter((e) => e.kind === 'refund')).toHaveLength(1);

    const notSucceeded = await admin.browser.post(`/api/admin/processor-payments/${await failedDebit(owner, 1_000)}/refunds`, {
      amountCents: 100,
      reason: 'No',
      idempotencyKey: clickKey(),
    });
    expect([notSucceeded.status, notSucceeded.body.error.code]).toEqual([409, 'not_refundable']);
  });

  it('keeps events about money we never moved and shows them as exceptions', async () => {
    const payment = await send({
      id: 'evt_staff_unknown_payment',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_staff_never_sent', object: 'payment_intent', amount: 4_321, metadata: {}, last_payment_error: null } },
    });
    expect(payment.body.outcome).toBe('unknown_payment');
    const refund = await send({
      id: 'evt_staff_unknown_refund',
      type: 'refund.updated',
      data: {
        object: { id: 're_staff_never_asked', object: 'refund', amount: 1_234, payment_intent: 'pi_staff_never_sent', status: 'succeeded', metadata: {} },
      },
    });
    expect(refund.body.outcome).toBe('unknown_refund');
    const list = await admin.browser.get('/api/admin/processor-payments/exceptions?pageSize=100');
    expect(list.status).toBe(200);
    expect(list.body.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: 'evt_staff_unknown_payment', outcome: 'unknown_payment', providerPaymentId: 'pi_staff_never_sent', amountCents: 4_321 }),
        expect.objectContaining({ id: 'evt_staff_unknown_refund', outcome: 'unknown_refund', providerRefundId: 're_staff_never_asked', amountCents: 1_234 }),
      ]),
    );
  });

  it("shows each home's bank account masked; unlocks a locked verification once, audited", async () => {
    const none = await processorHomeowner(app);
    const locked = await processorHomeowner(app, { account: '000123456789', verified: false });
    for (let i = 0; i < 3; i += 1) await locked.browser.post('/api/me/home/bank-account/verify', { firstCents: 10, secondCents: 11 });
    expect((await app.db.select().from(bankAccounts).where(eq(bankAccounts.homeId, locked.homeId)))[0]!.state).toBe('locked');

    const lockedList = await admin.browser.get('/api/admin/bank-accounts?state=locked&pageSize=100');
    expect(lockedList.body.items.find((h: { homeId: string }) => h.homeId === locked.homeId)).toMatchObject({
      state: 'locked',
      accountMasked: '•••• 6789',
      attemptsLeft: 0,
    });
    expect(JSON.stringify(lockedList.body)).not.toContain('000123456789');
    const noneList = await admin.browser.get('/api/admin/bank-accounts?state=none&pageSize=100');
    expect(noneList.body.items.find((h: { homeId: string }) => h.homeId === none.homeId)).toMatchObject({ state: 'none', accountMasked: null });
    expect((await admin.browser.get('/api/admin/bank-accounts?state=sideways')).status).toBe(400);

    const unlocked = await admin.browser.post(`/api/admin/homes/${locked.homeId}/bank-account/unlock`, {});
    expect(unlocked.status).toBe(200);
    expect((await locked.browser.get('/api/me/home/payments')).body.bankAccount).toMatchObject({ state: 'unverified', attemptsLeft: 3 });
    expect(await auditsOf(locked.homeId, 'unlock')).toMatchObject([{ changes: { state: { from: 'locked', to: 'unverified' } } }]);
    const again = await admin.browser.post(`/api/admin/homes/${locked.homeId}/bank-account/unlock`, {});
    expect([again.status, again.body.error.code]).toEqual([409, 'not_locked']);
    const noAccount = await admin.browser.post(`/api/admin/homes/${none.homeId}/bank-account/unlock`, {});
    expect([noAccount.status, noAccount.body.error.code]).toEqual([404, 'no_bank_account']);
    expect((await locked.browser.post('/api/me/home/bank-account/verify', { firstCents: 32, secondCents: 45 })).body.state).toBe('verified');
  });

  it('shows how each account was verified: micro-deposits, or instantly with no whole number stored', async () => {
    const deposits = await processorHomeowner(app, { account: '000123456789' });
    const instant = await processorHomeowner(app);
    await linkInstantly(instant);
    expect((await app.db.select().from(bankAccounts).where(eq(bankAccounts.homeId, instant.homeId)))[0]).toMatchObject({ accountNumberSealed: null });

    const list = await admin.browser.get('/api/admin/bank-accounts?state=verified&pageSize=100');
    expect(list.status).toBe(200);
    const rowOf = (homeId: string) => list.body.items.find((h: { homeId: string }) => h.homeId === homeId);
    expect(rowOf(deposits.homeId)).toMatchObject({ state: 'verified', verification: 'microdeposits', accountMasked: '•••• 6789', accountType: 'checking' });
    expect(rowOf(instant.homeId)).toMatchObject({ state: 'verified', verification: 'instant', accountMasked: '•••• 6789', accountType: 'checking' });
    expect(JSON.stringify(list.body)).not.toContain('000123456789');
    const noneList = await admin.browser.get('/api/admin/bank-accounts?state=none&pageSize=100');
    expect(noneList.body.items.every((h: { verification: unknown }) => h.verification === null)).toBe(true);
  });
});
