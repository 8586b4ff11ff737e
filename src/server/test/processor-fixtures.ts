import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { agreementBounds } from '../../domain/calculators';
import { ledgerToday } from '../../domain/homes/dates';
import { AUTHORISATION_VERSION } from '../../domain/payments/bank-account';
import { homes, processorEvents } from '../platform/db/schema';
import { runCharges } from '../modules/homes/charges';
import { stripeSignatureHeader } from '../modules/payments';
import { signedInWithRole } from './admin-client';
import type { TestBrowser } from './auth-client';
import { readReply, waitFor, type TestServer } from './harness';
import { insertTestHome } from './home-fixtures';

/**
 * Homeowners with a bank account on the stand-in processor, and Stripe-signed events sent by hand, for the tests
 * of bank debits over HTTP (docs/decisions/032-processor-payments.md, 038-staff-processor-payments.md).
 */

const AGREEMENT = { price: 420_000, downPayment: 29_400, mortgageRate: 6.4, appreciationRate: 3.8 };
export const TEST_MONTHLY_CENTS = Math.round(agreementBounds(AGREEMENT).max * 100);

export const testBankAccount = (accountNumber = '000123456789') => ({
  holderName: 'Hana Home',
  routingNumber: '110000000',
  accountNumber,
  accountType: 'checking',
  authorisationVersion: AUTHORISATION_VERSION,
  agreed: true,
});

/** A signed-in homeowner with their home, billed up to today; with `verified`, a verified account on file. */
export async function processorHomeowner(app: TestServer, { account, verified = true }: { account?: string; verified?: boolean } = {}) {
  const owner = await signedInWithRole(app, 'homeowner');
  const home = await insertTestHome(app.db, { purchaseDate: '2026-01-15', monthlyPaymentCents: TEST_MONTHLY_CENTS });
  await app.db.update(homes).set({ userId: owner.user.id }).where(eq(homes.id, home.homeId));
  await runCharges(app.db, { today: ledgerToday() });
  if (account !== undefined) {
    expect((await owner.browser.post('/api/me/home/bank-account', testBankAccount(account))).status).toBe(201);
    if (verified) expect((await owner.browser.post('/api/me/home/bank-account/verify', { firstCents: 32, secondCents: 45 })).status).toBe(200);
  }
  return { ...owner, homeId: home.homeId };
}

/** Turns the 'Payments webhooks' switch on or off, as an admin does in settings. */
export async function setPaymentsSwitch(admin: { browser: TestBrowser }, on: boolean) {
  const settings = (await admin.browser.get('/api/admin/settings')).body;
  const reply = await admin.browser.put('/api/admin/settings', { ...settings, featureFlags: { ...settings.featureFlags, paymentsWebhooks: on } });
  expect(reply.status).toBe(200);
}

/**
 * Links `owner`'s bank account instantly (docs/decisions/046-instant-bank-verification.md): the start, the Sandbox
 * bank page's form posted as the browser posts it, and the return; answers the stored account as the reply shows it.
 */
export async function linkInstantly(owner: Awaited<ReturnType<typeof processorHomeowner>>, account = 'success_checking') {
  const start = { holderName: 'Hana Home', authorisationVersion: AUTHORISATION_VERSION, agreed: true };
  const link = await owner.browser.post('/api/me/home/bank-account/instant', start);
  expect(link.status).toBe(201);
  const atBank = await fetch(link.body.url, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ action: 'continue', account }),
  });
  const sessionId = new URL(atBank.headers.get('location')!).searchParams.get('session_id');
  const done = await owner.browser.post('/api/me/home/bank-account/instant/complete', { sessionId });
  expect(done.status).toBe(201);
  return done.body;
}

/** One key per click, as the pages make them. */
export const clickKey = () => `click-${crypto.randomUUID()}`;

/**
 * The webhook stores an event and answers `pending`; the applier applies it just after
 * (docs/decisions/044-payments-throughput.md). This waits for that and answers what it made of the event, as the
 * stored event says: applied, stale, unknown_payment, unknown_refund or ignored.
 */
export async function settledEventReply<R extends { status: number; body: { outcome?: string } }>(app: TestServer, eventId: unknown, reply: R): Promise<R> {
  if (reply.body?.outcome !== 'pending') return reply;
  const outcome = await waitFor(
    async () => {
      const [row] = await app.db
        .select({ outcome: processorEvents.outcome })
        .from(processorEvents)
        .where(eq(processorEvents.id, String(eventId)));
      return row && row.outcome !== 'pending' ? row.outcome : undefined;
    },
    { message: `event ${String(eventId)} to be applied` },
  );
  return { ...reply, body: { ...reply.body, outcome } };
}

/** Posts `event` to the webhook, signed with `secret` as Stripe signs; answers once it is applied (settledEventReply). */
export function sendSignedEvent(app: TestServer, secret: string, event: Record<string, unknown>) {
  const body = JSON.stringify({ object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, ...event });
  return fetch(`${app.url}/api/payments/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': stripeSignatureHeader(secret, body) },
    body,
  })
    .then(readReply)
    .then((reply) => settledEventReply(app, event.id, reply));
}
