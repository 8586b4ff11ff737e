import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from './provider';
import { SandboxProcessor } from './sandbox-processor';
import { createStripeAdapter } from './stripe-adapter';

/**
 * The stand-in's Checkout Sessions in setup mode (docs/decisions/046-instant-bank-verification.md), through the
 * official SDK and the real adapter: create, retrieve with expand, expire, Stripe's error shape, and the hosted
 * 'Sandbox bank' page a browser posts to, which redirects to success_url or cancel_url.
 */

const KEY = 'sk_test_sandbox_checkout_unit';
const APP = 'http://127.0.0.1:9/dashboard/home';

describe('the stand-in processor’s hosted bank link', () => {
  let sandbox: SandboxProcessor;
  let stripe: Stripe;
  let adapter: ReturnType<typeof createStripeAdapter>;

  beforeAll(async () => {
    sandbox = new SandboxProcessor({ secretKey: KEY, webhookSecret: 'whsec_unit', settleMs: 600_000 });
    const url = new URL(await sandbox.start());
    stripe = new Stripe(KEY, { host: url.hostname, port: url.port, protocol: 'http', telemetry: false, maxNetworkRetries: 0 });
    adapter = createStripeAdapter({ secretKey: KEY, webhookSecret: 'whsec_unit', apiBase: url.href, sandbox: true });
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  const start = async (linkId = 'link-1') => {
    const { customerId } = await adapter.createCustomer({ email: 'hana@example.com', name: 'Hana Home', homeId: 'home-1' });
    const link = await adapter.startBankLink({
      customerId,
      linkId,
      successUrl: `${APP}?bank_link=done&session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${APP}?bank_link=cancelled&link=${linkId}`,
    });
    return { customerId, ...link };
  };
  const submit = (url: string, form: Record<string, string>) =>
    fetch(url, { method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) });

  it('creates a setup-mode session whose page is on the stand-in, and refuses what Stripe refuses', async () => {
    const { sessionId, url, customerId } = await start();
    expect(sessionId).toMatch(/^cs_test_/);
    expect(new URL(url).origin).toBe(sandbox.url);
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    expect(session).toMatchObject({ object: 'checkout.session', mode: 'setup', status: 'open', customer: customerId, metadata: { linkId: 'link-1' } });
    expect(session.payment_method_options?.us_bank_account).toMatchObject({ verification_method: 'instant' });
    expect(typeof session.setup_intent).toBe('string');

    await expect(
      stripe.checkout.sessions.create({ mode: 'setup', customer: customerId, allowed_payment_method_types: ['us_bank_account'] }),
    ).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      code: 'parameter_missing',
      param: 'success_url',
    });
    await expect(
      stripe.checkout.sessions.create({
        mode: 'setup',
        customer: 'cus_nobody',
        success_url: APP,
        cancel_url: APP,
        allowed_payment_method_types: ['us_bank_account'],
      }),
    ).rejects.toMatchObject({ code: 'resource_missing', param: 'customer' });
    await expect(stripe.checkout.sessions.retrieve('cs_test_nothing')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(adapter.bankLinkResult('cs_test_nothing')).rejects.toBeInstanceOf(ProviderError);
  });

  it('serves an accessible Sandbox page without the API key, and links the account chosen', async () => {
    const { sessionId, url } = await start();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('Sandbox bank — choose a test account to link');
    expect(html).toContain('<html lang="en">');
    expect(html).not.toMatch(/<script|<link|src=/);

    // Nothing chosen: the error is next to the accounts, the session still open.
    const none = await submit(url, { action: 'continue' });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Choose an account to link, or cancel.');
    // The account the bank refuses: said on the page, nothing linked.
    const refused = await submit(url, { action: 'continue', account: 'failure' });
    expect(refused.status).toBe(422);
    expect((await adapter.bankLinkResult(sessionId)).status).toBe('open');
    expect((await adapter.bankLinkResult(sessionId)).account).toBeNull();

    const linked = await submit(url, { action: 'continue', account: 'success_savings' });
    expect(linked.status).toBe(303);
    expect(linked.headers.get('location')).toBe(`${APP}?bank_link=done&session_id=${sessionId}`);
    const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent', 'setup_intent.payment_method'] });
    expect(session.status).toBe('complete');
    const intent = session.setup_intent as Stripe.SetupIntent;
    expect(intent.status).toBe('succeeded');
    const method = intent.payment_method as Stripe.PaymentMethod;
    expect(method.us_bank_account).toMatchObject({ routing_number: '110000000', last4: '4321', account_type: 'savings' });
    expect(JSON.stringify(session)).not.toContain('000123454321');
    expect(await adapter.bankLinkResult(sessionId)).toMatchObject({
      status: 'complete',
      linkId: 'link-1',
      account: { setupId: intent.id, paymentMethodId: method.id, routingNumber: '110000000', last4: '4321', accountType: 'savings', holderName: 'Hana Home' },
    });
    // Linked once: the page says so, and cannot link again.
    expect(await (await fetch(url)).text()).toContain('You have already linked an account here.');
    await expect(adapter.cancelBankLink(sessionId)).rejects.toMatchObject({ code: 'checkout_session_unexpected_state' });
  });

  it('debits the linked account like any verified one', async () => {
    const { sessionId, url, customerId } = await start();
    await submit(url, { action: 'continue', account: 'success_checking' });
    const { account } = await adapter.bankLinkResult(sessionId);
    const debit = await adapter.debit({
      customerId,
      paymentMethodId: account!.paymentMethodId,
      setupId: account!.setupId,
      amountCents: 10_000,
      idempotencyKey: 'debit-linked-1',
      paymentId: 'payment-1',
    });
    expect(debit.status).toBe('processing');
  });

  it('Cancel goes back to cancel_url; an expired session can no longer be finished', async () => {
    const { sessionId, url } = await start('link-2');
    const cancelled = await submit(url, { action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${APP}?bank_link=cancelled&link=link-2`);
    await adapter.cancelBankLink(sessionId);
    expect((await adapter.bankLinkResult(sessionId)).status).toBe('expired');
    const late = await submit(url, { action: 'continue', account: 'success_checking' });
    expect(late.status).toBe(410);
    expect((await adapter.bankLinkResult(sessionId)).account).toBeNull();
  });
});
