import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, WebhookSignatureError } from './provider';
import { MICRODEPOSIT_AMOUNTS, parseStripeForm, SandboxProcessor } from './sandbox-processor';
import { createStripeAdapter } from './stripe-adapter';
import { stripeSignatureHeader } from './stripe-signature';

/**
 * The stand-in processor through the real adapter and the official SDK: the API subset, the
 * Idempotency-Key, Stripe's test account numbers, and webhooks signed as Stripe signs them and
 * resent until acknowledged.
 */

const SECRET = 'whsec_unit_test_secret';
const KEY = 'sk_test_sandbox_unit';

describe('the Stripe signature scheme', () => {
  const stripe = new Stripe('sk_test_x');
  const payload = JSON.stringify({ id: 'evt_1', object: 'event', type: 'payment_intent.succeeded', data: { object: { id: 'pi_1' } }, created: 1 });

  it('is what the SDK’s constructEvent accepts', () => {
    const event = stripe.webhooks.constructEvent(payload, stripeSignatureHeader(SECRET, payload), SECRET, 300);
    expect(event.id).toBe('evt_1');
  });

  it('refuses another secret, a changed body and a timestamp older than five minutes', () => {
    expect(() => stripe.webhooks.constructEvent(payload, stripeSignatureHeader('whsec_other', payload), SECRET, 300)).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload.replace('pi_1', 'pi_2'), stripeSignatureHeader(SECRET, payload), SECRET, 300)).toThrow();
    const old = Math.floor(Date.now() / 1000) - 301;
    expect(() => stripe.webhooks.constructEvent(payload, stripeSignatureHeader(SECRET, payload, old), SECRET, 300)).toThrow(/tolerance/i);
  });

  it('is checked by the adapter before the body is read', () => {
    const adapter = createStripeAdapter({ secretKey: KEY, webhookSecret: SECRET, sandbox: true });
    expect(() => adapter.verifyWebhook(payload, undefined)).toThrow(WebhookSignatureError);
    expect(() => adapter.verifyWebhook('not json at all', stripeSignatureHeader('whsec_other', 'not json at all'))).toThrow(WebhookSignatureError);
    expect(adapter.verifyWebhook(payload, stripeSignatureHeader(SECRET, payload))).toMatchObject({ id: 'evt_1', kind: 'succeeded', providerPaymentId: 'pi_1' });
  });
});

describe('Stripe form bodies', () => {
  it('nest as Stripe nests them', () => {
    expect(parseStripeForm('a=1&b[c]=2&b[d][e]=x%20y&list[]=1&list[]=2&arr[0]=p&arr[1]=q')).toEqual({
      a: '1',
      b: { c: '2', d: { e: 'x y' } },
      list: ['1', '2'],
      arr: ['p', 'q'],
    });
  });
});

describe('the stand-in processor through the adapter', () => {
  let sandbox: SandboxProcessor;
  let receiver: Server;
  const received: { type: string; signature: string; body: string }[] = [];
  let refuseFirst = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        if (refuseFirst > 0) {
          refuseFirst -= 1;
          res.writeHead(500).end();
          return;
        }
        received.push({ type: (JSON.parse(body) as { type: string }).type, signature: String(req.headers['stripe-signature']), body });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    sandbox = new SandboxProcessor({
      secretKey: KEY,
      webhookSecret: SECRET,
      webhookUrl: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      settleMs: 50,
      retryMs: 30,
    });
    await sandbox.start();
  });
  afterAll(async () => {
    await sandbox?.stop();
    receiver?.close();
  });

  const adapter = () => createStripeAdapter({ secretKey: KEY, webhookSecret: SECRET, apiBase: sandbox.url, sandbox: true });
  const mandate = { ip: '203.0.113.9', userAgent: 'test', acceptedAt: new Date() };

  async function verifiedAccount(accountNumber: string) {
    const provider = adapter();
    const { customerId } = await provider.createCustomer({ email: 'a@example.com', name: 'Ada Owner', homeId: 'h1' });
    const setup = await provider.setupBankAccount({
      customerId,
      holderName: 'Ada Owner',
      routingNumber: '110000000',
      accountNumber,
      accountType: 'checking',
      mandate,
    });
    expect(setup.status).toBe('requires_verification');
    expect(await provider.verifyMicrodeposits(setup.setupId, [10, 11])).toEqual({ ok: false, reason: 'mismatch' });
    expect(await provider.verifyMicrodeposits(setup.setupId, [...MICRODEPOSIT_AMOUNTS])).toEqual({ ok: true });
    return { provider, customerId, setup };
  }

  it('refuses a wrong API key in Stripe’s error shape', async () => {
    const provider = createStripeAdapter({ secretKey: 'sk_test_wrong', webhookSecret: SECRET, apiBase: sandbox.url, sandbox: true });
    await expect(provider.createCustomer({ email: 'a@example.com', name: 'A', homeId: 'h' })).rejects.toBeInstanceOf(ProviderError);
  });

  it('debits a verified account once per idempotency key and signs the events it sends', async () => {
    const { provider, customerId, setup } = await verifiedAccount('000123456789');
    const debit = { customerId, paymentMethodId: setup.paymentMethodId, setupId: setup.setupId, amountCents: 12_345, idempotencyKey: 'key-1', paymentId: 'p1' };
    const [first, second] = await Promise.all([provider.debit(debit), provider.debit(debit)]);
    expect(first.status).toBe('processing');
    expect(second.providerPaymentId).toBe(first.providerPaymentId);
    await expect(provider.debit({ ...debit, amountCents: 100 })).rejects.toThrow(/same parameters/);
    await waitUntil(() => received.some((e) => e.type === 'payment_intent.succeeded' && e.body.includes(first.providerPaymentId)));
    const succeeded = received.find((e) => e.type === 'payment_intent.succeeded' && e.body.includes(first.providerPaymentId))!;
    expect(provider.verifyWebhook(succeeded.body, succeeded.signature)).toMatchObject({ kind: 'succeeded', providerPaymentId: first.providerPaymentId });
    expect(received.filter((e) => e.body.includes(first.providerPaymentId) && e.type === 'payment_intent.processing')).toHaveLength(1);
  });

  it('fails on Stripe’s insufficient-funds test account, and resends what was not acknowledged', async () => {
    const { provider, customerId, setup } = await verifiedAccount('000222222227');
    refuseFirst = 2;
    const { providerPaymentId } = await provider.debit({
      customerId,
      paymentMethodId: setup.paymentMethodId,
      setupId: setup.setupId,
      amountCents: 5_000,
      idempotencyKey: 'key-2',
      paymentId: 'p2',
    });
    await waitUntil(() => received.some((e) => e.type === 'payment_intent.payment_failed' && e.body.includes(providerPaymentId)));
    const failed = received.find((e) => e.type === 'payment_intent.payment_failed' && e.body.includes(providerPaymentId))!;
    expect(provider.verifyWebhook(failed.body, failed.signature)).toMatchObject({ kind: 'failed', failureCode: 'insufficient_funds', returnCode: 'R01' });
    // Both refused deliveries were sent again and acknowledged.
    await waitUntil(() => sandbox.undelivered() === 0);
    expect(
      received
        .filter((e) => e.body.includes(providerPaymentId))
        .map((e) => e.type)
        .sort(),
    ).toEqual(['payment_intent.payment_failed', 'payment_intent.processing']);
  });

  it('refuses a debit from an unverified account', async () => {
    const provider = adapter();
    const { customerId } = await provider.createCustomer({ email: 'b@example.com', name: 'B', homeId: 'h2' });
    const setup = await provider.setupBankAccount({
      customerId,
      holderName: 'B',
      routingNumber: '110000000',
      accountNumber: '000123456789',
      accountType: 'savings',
      mandate,
    });
    await expect(
      provider.debit({
        customerId,
        paymentMethodId: setup.paymentMethodId,
        setupId: setup.setupId,
        amountCents: 5_000,
        idempotencyKey: 'key-3',
        paymentId: 'p3',
      }),
    ).rejects.toMatchObject({ code: 'payment_method_unverified' });
  });
});

async function waitUntil(check: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
