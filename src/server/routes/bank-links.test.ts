import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerToday } from '../../domain/homes/dates';
import { nextBankingDay } from '../../domain/payments/bank-days';
import { AUTHORISATION_VERSION } from '../../domain/payments/bank-account';
import { auditLog, bankAccounts, bankLinks, processorPayments } from '../platform/db/schema';
import { writeDayFile, type AchDeps } from '../modules/payments';
import { signedInAdmin } from '../test/admin-client';
import { AUTH_TEST_ENV } from '../test/auth-client';
import { startTestServer, type TestServer } from '../test/harness';
import { processorHomeowner, setPaymentsSwitch, TEST_MONTHLY_CENTS } from '../test/processor-fixtures';

/**
 * 'Connect your bank instantly' over HTTP (docs/decisions/046-instant-bank-verification.md), through the real
 * adapter and the stand-in's hosted Sandbox bank page: the authorisation recorded before the redirect, the account
 * stored verified on return (once: a replay or another home's session changes nothing), a cancelled or unfinished
 * link storing nothing, the bank collector never offering it, and the switch.
 */

const MONTHLY = TEST_MONTHLY_CENTS;
const START = { holderName: 'Hana Home', authorisationVersion: AUTHORISATION_VERSION, agreed: true };

describe('instant bank verification', () => {
  let app: TestServer;
  let admin: Awaited<ReturnType<typeof signedInAdmin>>;

  beforeAll(async () => {
    app = await startTestServer({ ...AUTH_TEST_ENV, SANDBOX_SETTLE_MS: '600000' });
    admin = await signedInAdmin(app);
  });
  afterAll(async () => {
    await app?.stop();
  });

  const setSwitch = (on: boolean) => setPaymentsSwitch(admin, on);

  const homeowner = () => processorHomeowner(app);
  type Owner = Awaited<ReturnType<typeof homeowner>>;

  /** What the browser does at the processor's page: posts its form, and follows the redirect back. */
  async function atBank(url: string, form: Record<string, string>) {
    const reply = await fetch(url, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(form),
    });
    const location = reply.headers.get('location');
    return { status: reply.status, back: location ? new URL(location) : null };
  }

  async function started(owner: Owner) {
    const reply = await owner.browser.request('POST', '/api/me/home/bank-account/instant', START, { 'user-agent': 'InstantTest/1.0' });
    expect(reply.status).toBe(201);
    return reply.body as { id: string; url: string };
  }

  async function linked(owner: Owner, account = 'success_checking') {
    const link = await started(owner);
    const { back } = await atBank(link.url, { action: 'continue', account });
    return { link, sessionId: back!.searchParams.get('session_id')! };
  }

  const accountsOf = (homeId: string) => app.db.select().from(bankAccounts).where(eq(bankAccounts.homeId, homeId));

  it('with the switch off, refuses every instant route; on, the overview offers it', async () => {
    await setSwitch(false);
    const owner = await homeowner();
    for (const [path, body] of [
      ['/api/me/home/bank-account/instant', START],
      ['/api/me/home/bank-account/instant/complete', { sessionId: 'cs_test_switchedoff' }],
      ['/api/me/home/bank-account/instant/cancel', { linkId: crypto.randomUUID() }],
    ] as const) {
      const reply = await owner.browser.post(path, body);
      expect([path, reply.status, reply.body.error.code]).toEqual([path, 409, 'payments_off']);
    }
    expect((await owner.browser.get('/api/me/home/payments')).body).toMatchObject({ enabled: false, instantVerification: false });
    await setSwitch(true);
    expect((await owner.browser.get('/api/me/home/payments')).body).toMatchObject({ enabled: true, instantVerification: true, collector: 'processor' });
  });

  it('records the authorisation before the redirect, and stores the linked account verified on return, once', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    const bad = await owner.browser.post('/api/me/home/bank-account/instant', { holderName: '', authorisationVersion: AUTHORISATION_VERSION, agreed: false });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['agreed', 'holderName']);
    const old = await owner.browser.post('/api/me/home/bank-account/instant', { ...START, authorisationVersion: '2020-01-01' });
    expect([old.status, Object.keys(old.body.error.fields)]).toEqual([400, ['agreed']]);
    expect(await app.db.select().from(bankLinks).where(eq(bankLinks.homeId, owner.homeId))).toEqual([]);

    const link = await started(owner);
    expect(new URL(link.url).origin).toBe(app.server.sandboxProcessor!.url);
    const [open] = await app.db.select().from(bankLinks).where(eq(bankLinks.id, link.id));
    expect(open).toMatchObject({
      state: 'open',
      holderName: 'Hana Home',
      authorisationVersion: AUTHORISATION_VERSION,
      authorisedUserAgent: 'InstantTest/1.0',
      sandbox: true,
    });
    expect(open!.authorisationText).toMatch(/I authorise .* to debit the bank account above by ACH/);
    expect(open!.authorisedIp).toBeTruthy();
    const page = await fetch(link.url);
    expect(await page.text()).toContain('Sandbox bank — choose a test account to link');

    const { status, back } = await atBank(link.url, { action: 'continue', account: 'success_checking' });
    expect(status).toBe(303);
    expect(`${back!.origin}${back!.pathname}`).toBe(`${app.config.APP_URL}/dashboard/home`);
    expect(back!.searchParams.get('bank_link')).toBe('done');
    const sessionId = back!.searchParams.get('session_id')!;
    expect(sessionId).toMatch(/^cs_test_/);

    const done = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({
      holderName: 'Hana Home',
      accountMasked: '•••• 6789',
      routingNumber: '110000000',
      accountType: 'checking',
      state: 'verified',
      verification: 'instant',
      authorisationVersion: AUTHORISATION_VERSION,
      sandbox: true,
    });
    const [row] = await accountsOf(owner.homeId);
    expect(row).toMatchObject({
      accountNumberSealed: null,
      accountLast4: '6789',
      verification: 'instant',
      state: 'verified',
      authorisedUserAgent: 'InstantTest/1.0',
    });
    expect(row!.authorisedAt.toISOString()).toBe(open!.authorisedAt.toISOString());
    expect((await app.db.select().from(bankLinks).where(eq(bankLinks.id, link.id)))[0]).toMatchObject({ state: 'completed', bankAccountId: row!.id });
    const audits = await app.db.select().from(auditLog).where(eq(auditLog.entityId, owner.homeId));
    expect(audits.map((entry) => (entry.changes as { verification?: string; state?: unknown }).state)).toEqual(expect.arrayContaining(['open', 'verified']));
    expect(JSON.stringify(audits)).not.toContain('000123456789');

    // Replayed: the same return URL again changes nothing.
    const replay = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId });
    expect([replay.status, replay.body.error.code]).toEqual([409, 'bank_link_used']);
    // Another homeowner with this session id: as unknown as any other.
    const other = await homeowner();
    const stolen = await other.browser.post('/api/me/home/bank-account/instant/complete', { sessionId });
    expect([stolen.status, stolen.body.error.code]).toEqual([404, 'bank_link_unknown']);
    expect(await accountsOf(other.homeId)).toEqual([]);
    expect(await accountsOf(owner.homeId)).toHaveLength(1);
    const shape = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId: 'not a session' });
    expect([shape.status, Object.keys(shape.body.error.fields)]).toEqual([400, ['sessionId']]);

    // Verified at once: autopay can be turned on and 'Pay now' debits it.
    expect((await owner.browser.post('/api/me/home/autopay', { on: true })).status).toBe(200);
    const pay = await owner.browser.post('/api/me/home/payments', { amountCents: 10_000, idempotencyKey: `click-${crypto.randomUUID()}` });
    expect([pay.status, pay.body.state, pay.body.accountMasked]).toEqual([201, 'processing', '•••• 6789']);
    // One account per home: a second link is refused before the processor is asked.
    const second = await owner.browser.post('/api/me/home/bank-account/instant', START);
    expect([second.status, second.body.error.code]).toEqual([409, 'bank_account_exists']);
  });

  it('stores one account when the same return arrives twice at once', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    const { sessionId } = await linked(owner, 'success_savings');
    const replies = await Promise.all([0, 1].map(() => owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId })));
    expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409]);
    expect(replies.find((reply) => reply.status === 409)!.body.error.code).toBe('bank_link_used');
    const rows = await accountsOf(owner.homeId);
    expect(rows.map((row) => [row.accountType, row.accountLast4])).toEqual([['savings', '4321']]);
  });

  it('stores nothing for a link not finished at the bank, or refused by it', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    const link = await started(owner);
    const sessionId = (await app.db.select().from(bankLinks).where(eq(bankLinks.id, link.id)))[0]!.providerSessionId;
    const early = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId });
    expect([early.status, early.body.error.code]).toEqual([422, 'bank_link_unfinished']);
    expect((await atBank(link.url, { action: 'continue', account: 'failure' })).status).toBe(422);
    const refused = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId });
    expect([refused.status, refused.body.error.code]).toEqual([422, 'bank_link_unfinished']);
    expect(await accountsOf(owner.homeId)).toEqual([]);
    // Still open: the homeowner can go back to the bank's page and finish.
    await atBank(link.url, { action: 'continue', account: 'success_checking' });
    expect((await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId })).status).toBe(201);
  });

  it('cancels: back from the bank without an account, the session is closed and nothing is stored', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    const link = await started(owner);
    const { back } = await atBank(link.url, { action: 'cancel' });
    expect(back!.searchParams.get('bank_link')).toBe('cancelled');
    expect(back!.searchParams.get('link')).toBe(link.id);
    const other = await homeowner();
    const stolen = await other.browser.post('/api/me/home/bank-account/instant/cancel', { linkId: link.id });
    expect([stolen.status, stolen.body.error.code]).toEqual([404, 'bank_link_unknown']);
    expect((await owner.browser.post('/api/me/home/bank-account/instant/cancel', { linkId: link.id })).status).toBe(200);
    // Twice is once.
    expect((await owner.browser.post('/api/me/home/bank-account/instant/cancel', { linkId: link.id })).status).toBe(200);
    const [row] = await app.db.select().from(bankLinks).where(eq(bankLinks.id, link.id));
    expect(row).toMatchObject({ state: 'cancelled', bankAccountId: null });
    const cancels = await app.db.select().from(auditLog).where(eq(auditLog.entityId, owner.homeId));
    expect(cancels.filter((entry) => entry.action === 'cancel')).toHaveLength(1);
    // The bank's page is closed; the session's return is refused.
    expect((await atBank(link.url, { action: 'continue', account: 'success_checking' })).status).toBe(410);
    const late = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId: row!.providerSessionId });
    expect([late.status, late.body.error.code]).toEqual([409, 'bank_link_used']);
    expect(await accountsOf(owner.homeId)).toEqual([]);
  });

  it('is never offered while the bank collects, and a bank debit never needs a number it lacks', async () => {
    await setSwitch(true);
    const owner = await homeowner();
    const { sessionId } = await linked(owner);
    expect((await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId })).status).toBe(201);
    const config = app.config as { PAYMENTS_COLLECTOR: 'processor' | 'bank' };
    config.PAYMENTS_COLLECTOR = 'bank';
    try {
      const fresh = await homeowner();
      expect((await fresh.browser.get('/api/me/home/payments')).body).toMatchObject({ instantVerification: false, collector: 'bank' });
      const start = await fresh.browser.post('/api/me/home/bank-account/instant', START);
      expect([start.status, start.body.error.code]).toEqual([409, 'instant_unavailable']);
      expect(await app.db.select().from(bankLinks).where(eq(bankLinks.homeId, fresh.homeId))).toEqual([]);
      // An account linked before the bank collected: 'Pay now' says how to go on, and nothing is scheduled.
      const pay = await owner.browser.post('/api/me/home/payments', { amountCents: 10_000, idempotencyKey: `click-${crypto.randomUUID()}` });
      expect([pay.status, pay.body.error.code]).toEqual([409, 'bank_account_state']);
      expect(pay.body.error.message).toMatch(/routing and account numbers/);
      // An autopay debit of it waiting for the day's file: not written into it (no number to debit), said so.
      const [account] = await accountsOf(owner.homeId);
      const [debit] = await app.db
        .insert(processorPayments)
        .values({
          homeId: owner.homeId,
          bankAccountId: account!.id,
          amountCents: MONTHLY,
          idempotencyKey: 'autopay-instant-1',
          origin: 'autopay',
          month: 1,
          collector: 'bank',
          sandbox: false,
        })
        .returning();
      const deps: AchDeps = {
        db: app.db,
        cipher: app.server.cipher,
        payments: app.server.payments,
        logger: app.server.logger,
        brand: { name: 'Ownstead' },
        config: app.config,
      };
      expect(await writeDayFile(deps, nextBankingDay(ledgerToday()), new Date())).toBeNull();
      const [after] = await app.db.select().from(processorPayments).where(eq(processorPayments.id, debit!.id));
      expect(after).toMatchObject({ state: 'failed', failureCode: 'cancelled', achFileId: null });
    } finally {
      config.PAYMENTS_COLLECTOR = 'processor';
    }
  });
});
