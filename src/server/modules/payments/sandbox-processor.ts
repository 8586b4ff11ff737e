import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxCheckout } from './sandbox-checkout';
import { SandboxRefunds } from './sandbox-refunds';
import { obj, parseStripeForm, str, StripeApiError, type Params } from './sandbox-wire';
import { API_VERSION, SandboxTimers, SandboxWebhooks } from './sandbox-webhooks';

export { parseStripeForm } from './sandbox-wire';

/**
 * The stand-in processor (docs/decisions/032-processor-payments.md): a small HTTP server speaking
 * the subset of Stripe's REST API the adapter uses — form-encoded bodies, Stripe's object and
 * error shapes, the Idempotency-Key header — so `npm start`, the tests and e2e collect offline
 * through the real adapter and the official SDK. A debit settles after `settleMs`; the outcome
 * follows Stripe's documented ACH test account numbers (TEST_ACCOUNTS); micro-deposits are
 * Stripe's test amounts, 32 and 45 cents. Events are signed exactly as Stripe signs them and
 * resent, with a growing delay, until the endpoint answers 2xx (./sandbox-webhooks.ts).
 * Everything it touches is labelled 'Sandbox'. State is in memory: it is a test double, not a ledger.
 * The app runs it as its own process (./sandbox-main.ts, docs/decisions/045-sandbox-processor-process.md).
 */

/**
 * Stripe's ACH test account numbers (routing number 110000000) and what they do, as Stripe's 'Accept an ACH
 * Direct Debit payment' lists them under 'Test account numbers'
 * (https://docs.stripe.com/payments/ach-direct-debit/accept-a-payment, checked against it for
 * docs/decisions/038-staff-processor-payments.md). Not modelled: 000666666661 (the micro-deposits fail to be
 * sent) and 000777777771 (the account's weekly limit is exceeded). Any other number succeeds.
 */
export const TEST_ACCOUNTS: Readonly<Record<string, { outcome: 'succeeds' | 'fails' | 'disputed' | 'processing'; code?: string }>> = {
  '000123456789': { outcome: 'succeeds' },
  '000111111113': { outcome: 'fails', code: 'account_closed' },
  '000111111116': { outcome: 'fails', code: 'no_account' },
  '000222222227': { outcome: 'fails', code: 'insufficient_funds' },
  '000333333335': { outcome: 'fails', code: 'debit_not_authorized' },
  '000444444440': { outcome: 'fails', code: 'invalid_currency' },
  // 'The payment triggers a dispute': it succeeds, then the bank disputes it (our return).
  '000555555559': { outcome: 'disputed', code: 'debit_not_authorized' },
  // 'The payment stays in processing indefinitely.'
  '000000000009': { outcome: 'processing' },
};

/** Stripe's test micro-deposit amounts, in cents. */
export const MICRODEPOSIT_AMOUNTS = [32, 45] as const;
const MAX_VERIFY_ATTEMPTS = 10;

export interface SandboxOptions {
  secretKey: string;
  webhookSecret: string;
  /** Where events go; may be set after start (the app's own URL is known once it listens). */
  webhookUrl?: string;
  settleMs?: number;
  /** First resend after this; doubling, at most `maxDeliveries` tries. */
  retryMs?: number;
  maxDeliveries?: number;
  port?: number;
  host?: string;
}

export class SandboxProcessor {
  private server: Server | undefined;
  private readonly customers = new Map<string, Params>();
  private readonly paymentMethods = new Map<string, Params & { account_number: string }>();
  private readonly setupIntents = new Map<string, Params & { attempts: number }>();
  private readonly paymentIntents = new Map<string, Params>();
  private readonly refunds = new SandboxRefunds({
    intents: this.paymentIntents,
    id: (prefix) => this.id(prefix),
    emit: (type, object) => this.webhooks.emit(type, object),
    later: (work) => this.timers.later(this.settleMs, work),
  });
  private readonly checkout = new SandboxCheckout({
    customers: this.customers,
    paymentMethods: this.paymentMethods,
    setupIntents: this.setupIntents,
    id: (prefix) => this.id(prefix),
    origin: () => this.url,
  });
  private readonly idempotent = new Map<string, { fingerprint: string; status: number; body: string }>();
  private readonly timers = new SandboxTimers();
  private readonly webhooks: SandboxWebhooks;
  webhookUrl: string | undefined;
  settleMs: number;
  url = '';

  constructor(private readonly options: SandboxOptions) {
    this.webhookUrl = options.webhookUrl;
    this.webhooks = new SandboxWebhooks(
      this.timers,
      options,
      () => this.webhookUrl,
      (prefix) => this.id(prefix),
    );
    this.settleMs = options.settleMs ?? 5_000;
  }

  async start(): Promise<string> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(this.options.port ?? 0, this.options.host ?? '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    this.url = `http://127.0.0.1:${port}`;
    return this.url;
  }

  async stop(): Promise<void> {
    this.timers.stop();
    if (this.server) {
      this.server.closeAllConnections();
      await new Promise<void>((resolve) => this.server!.close(() => resolve()));
    }
  }

  /** Events not yet acknowledged with a 2xx (tests and the back office's sandbox note read it). */
  undelivered(): number {
    return this.webhooks.undelivered();
  }

  /** Debits (PaymentIntents) made: a repeat of an Idempotency-Key makes none (the crash tests count them). */
  debitCount(): number {
    return this.paymentIntents.size;
  }

  private id(prefix: string) {
    return `${prefix}_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const reply = (status: number, payload: unknown) => {
      const text = JSON.stringify(payload);
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': this.id('req'), 'stripe-version': API_VERSION });
      res.end(text);
      return text;
    };
    // The hosted bank-link page a browser reaches (docs/decisions/046-instant-bank-verification.md): no API key.
    const url = new URL(req.url ?? '/', 'http://sandbox');
    if (SandboxCheckout.isHostedPath(url.pathname)) return this.checkout.serve(req.method ?? 'GET', url.pathname, body, res);
    try {
      if (req.headers.authorization !== `Bearer ${this.options.secretKey}`) {
        throw new StripeApiError(401, 'invalid_request_error', 'Invalid API Key provided.');
      }
      const method = req.method ?? 'GET';
      const path = new URL(req.url ?? '/', 'http://sandbox').pathname;
      const key = str(req.headers['idempotency-key']);
      const fingerprint = createHash('sha256').update(`${method} ${path} ${body}`).digest('hex');
      if (method === 'POST' && key) {
        const seen = this.idempotent.get(key);
        if (seen) {
          if (seen.fingerprint !== fingerprint) {
            throw new StripeApiError(
              400,
              'idempotency_error',
              `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            );
          }
          res.writeHead(seen.status, { 'content-type': 'application/json', 'idempotent-replayed': 'true', 'stripe-version': API_VERSION });
          res.end(seen.body);
          return;
        }
      }
      const params = parseStripeForm(method === 'POST' ? body : url.search.slice(1));
      const result = this.route(method, path, params);
      const text = reply(200, result);
      if (method === 'POST' && key) this.idempotent.set(key, { fingerprint, status: 200, body: text });
    } catch (error) {
      const e = error instanceof StripeApiError ? error : new StripeApiError(500, 'api_error', 'An unexpected error occurred in the sandbox processor.');
      const text = reply(e.status, {
        error: { type: e.type, message: e.message, ...(e.code ? { code: e.code } : {}), ...(e.param ? { param: e.param } : {}) },
      });
      const key = str(req.headers['idempotency-key']);
      // Stripe keeps a key's result when the request ran, errors included (not a 5xx or a refused key).
      if (req.method === 'POST' && key && e.status < 500 && e.status !== 401 && e.type !== 'idempotency_error') {
        this.idempotent.set(key, { fingerprint: createHash('sha256').update(`${req.method} ${req.url} ${body}`).digest('hex'), status: e.status, body: text });
      }
    }
  }

  private missing(param: string): never {
    throw new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
  }

  private route(method: string, path: string, params: Params): unknown {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/customers') return this.createCustomer(params);
    if (method === 'POST' && path === '/v1/setup_intents') return this.createSetupIntent(params);
    if (method === 'POST' && (match = /^\/v1\/setup_intents\/([^/]+)\/verify_microdeposits$/.exec(path))) return this.verifyMicrodeposits(match[1]!, params);
    if (method === 'POST' && (match = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(path))) return this.detach(match[1]!);
    if (method === 'POST' && path === '/v1/payment_intents') return this.createPaymentIntent(params);
    if (method === 'GET' && (match = /^\/v1\/payment_intents\/([^/]+)$/.exec(path))) {
      const intent = this.paymentIntents.get(match[1]!);
      if (!intent) throw new StripeApiError(404, 'invalid_request_error', `No such payment_intent: '${match[1]}'`, 'resource_missing', 'intent');
      return intent;
    }
    if (method === 'POST' && path === '/v1/refunds') return this.refunds.create(params);
    if (path.startsWith('/v1/checkout/sessions')) {
      const answer = this.checkout.route(method, path, params);
      if (answer !== undefined) return answer;
    }
    throw new StripeApiError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  private createCustomer(params: Params) {
    const customer = {
      id: this.id('cus'),
      object: 'customer',
      created: Math.floor(Date.now() / 1000),
      email: str(params.email) ?? null,
      name: str(params.name) ?? null,
      metadata: obj(params.metadata),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createSetupIntent(params: Params) {
    const customer = str(params.customer);
    if (!customer) this.missing('customer');
    if (!this.customers.has(customer))
      throw new StripeApiError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing', 'customer');
    const data = obj(params.payment_method_data);
    const bank = obj(data.us_bank_account);
    const routing = str(bank.routing_number);
    const account = str(bank.account_number);
    if (str(data.type) !== 'us_bank_account') this.missing('payment_method_data[type]');
    if (!routing || !/^\d{9}$/.test(routing)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Routing number must have 9 digits.',
        'routing_number_invalid',
        'payment_method_data[us_bank_account][routing_number]',
      );
    }
    if (!account || !/^\d{4,17}$/.test(account)) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Invalid account number.',
        'account_number_invalid',
        'payment_method_data[us_bank_account][account_number]',
      );
    }
    const acceptance = obj(obj(params.mandate_data).customer_acceptance);
    if (str(params.confirm) === 'true' && !str(acceptance.type)) this.missing('mandate_data[customer_acceptance][type]');
    const paymentMethod = {
      id: this.id('pm'),
      object: 'payment_method',
      type: 'us_bank_account',
      customer,
      billing_details: { name: str(obj(data.billing_details).name) ?? null },
      us_bank_account: {
        account_holder_type: str(bank.account_holder_type) ?? 'individual',
        account_type: str(bank.account_type) ?? 'checking',
        bank_name: 'STRIPE TEST BANK',
        last4: account.slice(-4),
        routing_number: routing,
      },
      livemode: false,
      account_number: account,
    };
    this.paymentMethods.set(paymentMethod.id, paymentMethod);
    const intent = {
      id: this.id('seti'),
      object: 'setup_intent',
      customer,
      payment_method: paymentMethod.id,
      payment_method_types: ['us_bank_account'],
      mandate: this.id('mandate'),
      status: 'requires_action',
      next_action: {
        type: 'verify_with_microdeposits',
        verify_with_microdeposits: {
          arrival_date: Math.floor(Date.now() / 1000) + 86_400,
          hosted_verification_url: `${this.url}/sandbox/verify`,
          microdeposit_type: 'amounts',
        },
      },
      livemode: false,
      attempts: 0,
    };
    this.setupIntents.set(intent.id, intent);
    return publicIntent(intent);
  }

  private verifyMicrodeposits(id: string, params: Params) {
    const intent = this.setupIntents.get(id);
    if (!intent) throw new StripeApiError(404, 'invalid_request_error', `No such setupintent: '${id}'`, 'resource_missing', 'intent');
    if (intent.status === 'succeeded') {
      throw new StripeApiError(400, 'invalid_request_error', 'This SetupIntent has already been verified.', 'setup_intent_unexpected_state');
    }
    if (intent.attempts >= MAX_VERIFY_ATTEMPTS) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'You have exceeded the number of allowed verification attempts.',
        'payment_method_microdeposit_verification_attempts_exceeded',
      );
    }
    const amounts = (Array.isArray(params.amounts) ? params.amounts : []).map(Number).sort((a, b) => a - b);
    if (amounts.length !== 2) this.missing('amounts');
    intent.attempts += 1;
    if (amounts[0] !== MICRODEPOSIT_AMOUNTS[0] || amounts[1] !== MICRODEPOSIT_AMOUNTS[1]) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The amounts provided do not match the amounts that were sent to the bank account.',
        'payment_method_microdeposit_verification_amounts_mismatch',
      );
    }
    intent.status = 'succeeded';
    intent.next_action = null;
    return publicIntent(intent);
  }

  private detach(id: string) {
    const method = this.paymentMethods.get(id);
    if (!method) throw new StripeApiError(404, 'invalid_request_error', `No such PaymentMethod: '${id}'`, 'resource_missing', 'payment_method');
    method.customer = null;
    const { account_number: _omit, ...shown } = method;
    return shown;
  }

  private createPaymentIntent(params: Params) {
    const amount = Number(str(params.amount));
    if (!Number.isInteger(amount) || amount < 50) {
      throw new StripeApiError(400, 'invalid_request_error', 'Amount must be at least $0.50 usd.', 'amount_too_small', 'amount');
    }
    const methodId = str(params.payment_method);
    if (!methodId) this.missing('payment_method');
    const method = this.paymentMethods.get(methodId);
    if (!method || method.customer !== str(params.customer)) {
      throw new StripeApiError(400, 'invalid_request_error', `No such PaymentMethod: '${methodId}'`, 'resource_missing', 'payment_method');
    }
    const verified = [...this.setupIntents.values()].some((intent) => intent.payment_method === methodId && intent.status === 'succeeded');
    if (!verified) {
      throw new StripeApiError(400, 'invalid_request_error', 'The bank account has not been verified.', 'payment_method_unverified', 'payment_method');
    }
    const intent: Params = {
      id: this.id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: str(params.currency) ?? 'usd',
      customer: str(params.customer),
      payment_method: methodId,
      payment_method_types: ['us_bank_account'],
      metadata: obj(params.metadata),
      status: 'processing',
      last_payment_error: null,
      latest_charge: this.id('py'),
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    };
    this.paymentIntents.set(intent.id as string, intent);
    this.webhooks.emit('payment_intent.processing', { ...intent });
    this.timers.later(this.settleMs, () => this.settle(intent, method.account_number));
    return intent;
  }

  private settle(intent: Params, accountNumber: string) {
    const outcome = TEST_ACCOUNTS[accountNumber] ?? { outcome: 'succeeds' };
    if (outcome.outcome === 'processing') return;
    if (outcome.outcome === 'fails') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'invalid_request_error',
        code: outcome.code,
        message: `The payment failed: ${outcome.code?.replace(/_/g, ' ')}.`,
        payment_method: { id: intent.payment_method, type: 'us_bank_account' },
      };
      this.webhooks.emit('payment_intent.payment_failed', { ...intent });
      return;
    }
    intent.status = 'succeeded';
    intent.amount_received = intent.amount;
    this.webhooks.emit('payment_intent.succeeded', { ...intent });
    if (outcome.outcome === 'disputed') {
      this.timers.later(this.settleMs, () =>
        this.webhooks.emit('charge.dispute.created', {
          id: this.id('du'),
          object: 'dispute',
          amount: intent.amount,
          charge: intent.latest_charge,
          payment_intent: intent.id,
          reason: outcome.code,
          status: 'lost',
          livemode: false,
        }),
      );
    }
  }
}

function publicIntent(intent: Params & { attempts: number }) {
  const { attempts: _attempts, ...shown } = intent;
  return shown;
}
