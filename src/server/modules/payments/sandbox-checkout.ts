import type { ServerResponse } from 'node:http';
import { obj, parseStripeForm, str, StripeApiError, type Params } from './sandbox-wire';

/**
 * The stand-in processor's Checkout Sessions in setup mode (docs/decisions/046-instant-bank-verification.md): the
 * subset the adapter uses — create, retrieve with `expand`, expire — in Stripe's object and error shapes, and the
 * hosted page at the session's `url`, clearly labelled 'Sandbox', where the homeowner picks one of the test accounts
 * (BANK_LINK_TEST_ACCOUNTS) and is sent back to `success_url` or `cancel_url`. Linking an account makes a verified
 * `us_bank_account` PaymentMethod and a succeeded SetupIntent, as Financial Connections does: debits from it follow
 * the ACH test account numbers of ./sandbox-processor.ts like any other.
 */

/**
 * The accounts the Sandbox bank offers, modelled on the accounts of Stripe's 'Test Institution' (docs.stripe.com
 * 'Test Financial Connections'): a checking and a savings account that link, one that links but whose debits fail
 * for insufficient funds (Stripe's ACH test number 000222222227), and one the bank refuses to link.
 */
export const BANK_LINK_TEST_ACCOUNTS = [
  { id: 'success_checking', label: 'Success', detail: 'Checking •••• 6789', accountType: 'checking', accountNumber: '000123456789' },
  { id: 'success_savings', label: 'Success', detail: 'Savings •••• 4321', accountType: 'savings', accountNumber: '000123454321' },
  {
    id: 'insufficient_funds',
    label: 'Insufficient funds',
    detail: 'Checking •••• 2227: links, its debits fail',
    accountType: 'checking',
    accountNumber: '000222222227',
  },
  { id: 'failure', label: 'Failure', detail: 'The bank refuses to link this account', accountType: 'checking', accountNumber: null },
] as const;
/** Stripe's test routing number: what every Sandbox bank account is at. */
const TEST_ROUTING = '110000000';
const HOSTED = /^\/c\/pay\/(cs_test_[A-Za-z0-9]+)$/;

type Session = Params & { id: string; status: 'open' | 'complete' | 'expired'; success_url: string; cancel_url: string; setup_intent: string };

export class SandboxCheckout {
  private readonly sessions = new Map<string, Session>();

  constructor(
    private readonly world: {
      customers: ReadonlyMap<string, Params>;
      paymentMethods: Map<string, Params & { account_number: string }>;
      setupIntents: Map<string, Params & { attempts: number }>;
      id: (prefix: string) => string;
      /** The stand-in's own origin, where the hosted page is served. */
      origin: () => string;
    },
  ) {}

  /** The hosted page's paths: served without the API key, as a browser reaches them. */
  static isHostedPath(path: string): boolean {
    return HOSTED.test(path);
  }

  /** `/v1/checkout/sessions…` of the REST API; undefined when the path is not one of them. */
  route(method: string, path: string, params: Params): unknown {
    let match: RegExpExecArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') return this.create(params);
    if (method === 'GET' && (match = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path))) return this.retrieve(match[1]!, params);
    if (method === 'POST' && (match = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(path))) return this.expire(match[1]!);
    return undefined;
  }

  private missing(param: string): never {
    throw new StripeApiError(400, 'invalid_request_error', `Missing required param: ${param}.`, 'parameter_missing', param);
  }

  private create(params: Params): Params {
    if (str(params.mode) !== 'setup') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The Sandbox processor only makes Checkout Sessions in `setup` mode.',
        'parameter_invalid_string',
        'mode',
      );
    }
    const customer = str(params.customer);
    if (!customer) this.missing('customer');
    if (!this.world.customers.has(customer)) {
      throw new StripeApiError(400, 'invalid_request_error', `No such customer: '${customer}'`, 'resource_missing', 'customer');
    }
    const successUrl = str(params.success_url);
    if (!successUrl) this.missing('success_url');
    const cancelUrl = str(params.cancel_url);
    if (!cancelUrl) this.missing('cancel_url');
    for (const [param, url] of [
      ['success_url', successUrl],
      ['cancel_url', cancelUrl],
    ] as const) {
      if (!/^https?:\/\/[^\s]+$/.test(url)) throw new StripeApiError(400, 'invalid_request_error', `Not a valid URL`, 'url_invalid', param);
    }
    const types = [params.allowed_payment_method_types, params.payment_method_types].flatMap((list) => (Array.isArray(list) ? list : []));
    if (!types.includes('us_bank_account')) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The Sandbox processor links bank accounts only: pass `us_bank_account` in `allowed_payment_method_types`.',
        'parameter_invalid_empty',
        'allowed_payment_method_types',
      );
    }
    const options = obj(obj(params.payment_method_options).us_bank_account);
    const verification = str(options.verification_method) ?? 'automatic';
    const permissions = obj(options.financial_connections).permissions;
    if (Array.isArray(permissions) && !permissions.includes('payment_method')) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'The `payment_method` permission must be included.',
        'parameter_invalid_empty',
        'payment_method_options[us_bank_account][financial_connections][permissions]',
      );
    }
    const now = Math.floor(Date.now() / 1000);
    const intent = {
      id: this.world.id('seti'),
      object: 'setup_intent',
      customer,
      payment_method: null as string | null,
      payment_method_types: ['us_bank_account'],
      payment_method_options: { us_bank_account: { verification_method: verification } },
      mandate: null as string | null,
      status: 'requires_payment_method',
      next_action: null,
      last_setup_error: null,
      usage: 'off_session',
      livemode: false,
      attempts: 0,
    };
    this.world.setupIntents.set(intent.id, intent);
    const id = `cs_test_${this.world.id('x').slice(2)}`;
    const session: Session = {
      id,
      object: 'checkout.session',
      mode: 'setup',
      ui_mode: 'hosted_page',
      status: 'open',
      currency: str(params.currency) ?? null,
      customer,
      metadata: obj(params.metadata),
      allowed_payment_method_types: ['us_bank_account'],
      payment_method_types: ['us_bank_account'],
      payment_method_options: {
        us_bank_account: {
          verification_method: verification,
          financial_connections: { permissions: Array.isArray(permissions) ? permissions : ['payment_method'] },
        },
      },
      payment_status: 'no_payment_required',
      setup_intent: intent.id,
      success_url: successUrl,
      cancel_url: cancelUrl,
      url: `${this.world.origin()}/c/pay/${id}`,
      created: now,
      expires_at: now + 86_400,
      livemode: false,
    };
    this.sessions.set(id, session);
    return { ...session };
  }

  private session(id: string): Session {
    const session = this.sessions.get(id);
    if (!session) throw new StripeApiError(404, 'invalid_request_error', `No such checkout.session: '${id}'`, 'resource_missing', 'session');
    return session;
  }

  private retrieve(id: string, params: Params): Params {
    const session = this.session(id);
    const expand = (Array.isArray(params.expand) ? params.expand : []).filter((path): path is string => typeof path === 'string');
    const shown: Params = { ...session };
    if (expand.includes('setup_intent')) {
      const { attempts: _attempts, ...intent } = this.world.setupIntents.get(session.setup_intent)!;
      shown.setup_intent = intent;
      const methodId = str(intent.payment_method);
      if (expand.includes('setup_intent.payment_method') && methodId) {
        const { account_number: _number, ...method } = this.world.paymentMethods.get(methodId)!;
        intent.payment_method = method;
      }
    }
    return shown;
  }

  private expire(id: string): Params {
    const session = this.session(id);
    if (session.status !== 'open') {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Only Checkout Sessions with a status in ["open"] can be expired.',
        'checkout_session_unexpected_state',
      );
    }
    session.status = 'expired';
    session.url = null;
    return { ...session };
  }

  /** The hosted page: GET shows it; POST is its form (Continue or Cancel). */
  serve(method: string, path: string, body: string, res: ServerResponse): void {
    const session = this.sessions.get(HOSTED.exec(path)![1]!);
    if (!session) return page(res, 404, notice('This bank link does not exist.', null));
    if (session.status === 'complete') return page(res, 200, notice('You have already linked an account here.', backTo(session, 'success')));
    if (session.status === 'expired') return page(res, 410, notice('This bank link has expired or was cancelled.', backTo(session, 'cancel')));
    if (method === 'GET') return page(res, 200, chooser(session, null, null));
    if (method !== 'POST') return page(res, 405, notice('This page takes GET and POST only.', null));
    const form = parseStripeForm(body);
    if (str(form.action) === 'cancel') return redirect(res, session.cancel_url);
    const chosen = BANK_LINK_TEST_ACCOUNTS.find((account) => account.id === str(form.account));
    if (!chosen) return page(res, 400, chooser(session, null, 'Choose an account to link, or cancel.'));
    if (!chosen.accountNumber) return page(res, 422, chooser(session, chosen.id, 'Your bank refused to link this account. Choose another, or cancel.'));
    const customer = this.world.customers.get(str(session.customer)!)!;
    const intent = this.world.setupIntents.get(session.setup_intent)!;
    const linked = {
      id: this.world.id('pm'),
      object: 'payment_method',
      type: 'us_bank_account',
      customer: str(session.customer)!,
      billing_details: { name: str(customer.name) ?? null, email: str(customer.email) ?? null },
      us_bank_account: {
        account_holder_type: 'individual',
        account_type: chosen.accountType,
        bank_name: 'SANDBOX BANK',
        financial_connections_account: this.world.id('fca'),
        fingerprint: this.world.id('fp').slice(3, 19),
        last4: chosen.accountNumber.slice(-4),
        routing_number: TEST_ROUTING,
        status_details: null,
      },
      livemode: false,
      account_number: chosen.accountNumber,
    };
    this.world.paymentMethods.set(linked.id, linked);
    intent.payment_method = linked.id;
    intent.mandate = this.world.id('mandate');
    intent.status = 'succeeded';
    session.status = 'complete';
    session.url = null;
    return redirect(res, session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id));
  }
}

function backTo(session: Session, which: 'success' | 'cancel'): string {
  return which === 'success' ? session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) : session.cancel_url;
}

function redirect(res: ServerResponse, location: string) {
  res.writeHead(303, { location, 'cache-control': 'no-store' });
  res.end();
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const STYLE = `
body{margin:0;font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2933;background:#f4f6f8}
main{max-width:32rem;margin:0 auto;padding:1.5rem 1rem}
.tag{display:inline-block;padding:.125rem .5rem;border-radius:999px;background:#fff4d6;color:#6b4500;font-weight:700;font-size:.875rem;border:1px solid #d9a300}
h1{font-size:1.375rem;line-height:1.3;margin:.75rem 0 .5rem}
p{margin:.5rem 0}
fieldset{border:1px solid #c5ccd3;border-radius:.75rem;background:#fff;padding:.5rem 1rem 1rem;margin:1rem 0}
legend{font-weight:600;padding:0 .25rem}
label{display:flex;gap:.75rem;align-items:flex-start;min-height:2.75rem;padding:.5rem 0;cursor:pointer;border-bottom:1px solid #e4e8eb}
label:last-of-type{border-bottom:0}
input[type=radio]{flex:none;width:1.125rem;height:1.125rem;margin-top:.2rem;accent-color:#0b5cad}
.detail{display:block;color:#4a5561;font-size:.9375rem}
.error{color:#a4161a;font-weight:600;margin:.5rem 0 0}
.actions{display:flex;flex-wrap:wrap;gap:.75rem}
button,a.button{font:inherit;font-weight:600;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid #0b5cad;cursor:pointer;text-decoration:none;display:inline-flex;align-items:center}
button.primary,a.button{background:#0b5cad;color:#fff}
button.secondary{background:#fff;color:#0b5cad}
:focus-visible{outline:3px solid #d9a300;outline-offset:2px}
`;

function page(res: ServerResponse, status: number, content: string) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sandbox bank — choose a test account to link</title><style>${STYLE}</style></head><body><main>${content}</main></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    // Nothing loads from anywhere: the page is its own HTML and inline CSS.
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
  res.end(html);
}

function notice(message: string, link: string | null): string {
  return `<span class="tag">Sandbox</span><h1>Sandbox bank</h1><p>${escape(message)}</p>${link ? `<p><a class="button" href="${escape(link)}">Return to the site</a></p>` : ''}`;
}

function chooser(session: Session, chosen: string | null, error: string | null): string {
  const options = BANK_LINK_TEST_ACCOUNTS.map(
    (account) =>
      `<label><input type="radio" name="account" value="${account.id}"${account.id === chosen ? ' checked' : ''}${error ? ' aria-describedby="account-error"' : ''}><span><strong>${escape(account.label)}</strong><span class="detail">${escape(account.detail)}</span></span></label>`,
  ).join('');
  return `<span class="tag">Sandbox</span>
<h1>Sandbox bank — choose a test account to link</h1>
<p>This is the Sandbox processor's stand-in for your bank's sign-in. No real bank is contacted and no money moves.</p>
<form method="post" action="/c/pay/${escape(session.id)}">
<fieldset><legend>Test accounts</legend>${options}${error ? `<p id="account-error" class="error" role="alert">${escape(error)}</p>` : ''}</fieldset>
<div class="actions"><button class="primary" type="submit" name="action" value="continue">Continue</button><button class="secondary" type="submit" name="action" value="cancel">Cancel</button></div>
</form>`;
}
