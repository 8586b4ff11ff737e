import Stripe from 'stripe';
import { FAILURE_CODE_RETURN } from '../../../domain/payments/states';
import {
  ProviderError,
  type BankLinkResult,
  WebhookSignatureError,
  type DebitInput,
  type PaymentProvider,
  type ProviderEvent,
  type SetupBankAccountInput,
  type SetupBankAccountResult,
  type VerifyResult,
} from './provider';

/** Stripe's default webhook tolerance, which docs/decisions/032-processor-payments.md asks for too: 5 minutes. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export interface StripeAdapterOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another host than api.stripe.com: the stand-in processor (`http://127.0.0.1:4313`). */
  apiBase?: string;
  sandbox: boolean;
}

/**
 * The real adapter: the official `stripe` SDK (exact-pinned), ACH debits as PaymentIntents with
 * `us_bank_account`, micro-deposit verification through SetupIntents, and webhooks checked with
 * the SDK's own `webhooks.constructEvent`. Pointed at the stand-in by `apiBase` (host, port, protocol).
 */
export function createStripeAdapter(options: StripeAdapterOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    ...(base
      ? {
          host: base.hostname,
          port: base.port || (base.protocol === 'http:' ? 80 : 443),
          protocol: base.protocol === 'http:' ? 'http' : 'https',
        }
      : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });

  const wrap = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeError) throw new ProviderError(error.message, error.code ?? null, error.statusCode ?? null);
      throw error;
    }
  };

  return {
    sandbox: options.sandbox,

    createCustomer: ({ email, name, homeId }) =>
      wrap(async () => {
        const customer = await stripe.customers.create({ email, name, metadata: { homeId } });
        return { customerId: customer.id };
      }),

    setupBankAccount: (input: SetupBankAccountInput) =>
      wrap(async (): Promise<SetupBankAccountResult> => {
        const intent = await stripe.setupIntents.create({
          customer: input.customerId,
          allowed_payment_method_types: ['us_bank_account'],
          payment_method_data: {
            type: 'us_bank_account',
            us_bank_account: {
              routing_number: input.routingNumber,
              account_number: input.accountNumber,
              account_holder_type: 'individual',
              account_type: input.accountType,
            },
            billing_details: { name: input.holderName },
          },
          payment_method_options: { us_bank_account: { verification_method: 'microdeposits' } },
          confirm: true,
          mandate_data: {
            customer_acceptance: {
              type: 'online',
              accepted_at: Math.floor(input.mandate.acceptedAt.getTime() / 1000),
              online: { ip_address: input.mandate.ip ?? '0.0.0.0', user_agent: input.mandate.userAgent ?? 'unknown' },
            },
          },
        });
        const paymentMethodId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
        if (!paymentMethodId) throw new ProviderError('The processor did not return a payment method.', null, null);
        return { setupId: intent.id, paymentMethodId, status: intent.status === 'succeeded' ? 'verified' : 'requires_verification' };
      }),

    // Instant verification through Financial Connections on Stripe's hosted Checkout page in setup mode
    // (docs/decisions/046-instant-bank-verification.md): no Stripe.js on our pages.
    instantVerification: true,

    startBankLink: ({ customerId, linkId, successUrl, cancelUrl }) =>
      wrap(async () => {
        const session = await stripe.checkout.sessions.create({
          mode: 'setup',
          currency: 'usd',
          customer: customerId,
          allowed_payment_method_types: ['us_bank_account'],
          payment_method_options: {
            us_bank_account: { verification_method: 'instant', financial_connections: { permissions: ['payment_method'] } },
          },
          success_url: successUrl,
          cancel_url: cancelUrl,
          metadata: { linkId },
        });
        if (!session.url) throw new ProviderError('The processor did not return a page for the bank link.', null, null);
        return { sessionId: session.id, url: session.url };
      }),

    bankLinkResult: (sessionId) =>
      wrap(async (): Promise<BankLinkResult> => {
        const session = await stripe.checkout.sessions.retrieve(sessionId, { expand: ['setup_intent', 'setup_intent.payment_method'] });
        const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
        const method = intent && typeof intent.payment_method === 'object' ? intent.payment_method : null;
        const bank = method?.us_bank_account;
        const complete = session.status === 'complete' && intent?.status === 'succeeded';
        return {
          status: session.status === 'complete' ? 'complete' : session.status === 'expired' ? 'expired' : 'open',
          customerId: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
          linkId: session.metadata?.linkId ?? null,
          account:
            complete && method && bank?.routing_number && bank.last4
              ? {
                  setupId: intent.id,
                  paymentMethodId: method.id,
                  routingNumber: bank.routing_number,
                  last4: bank.last4,
                  accountType: bank.account_type === 'savings' ? 'savings' : 'checking',
                  holderName: method.billing_details?.name ?? null,
                }
              : null,
        };
      }),

    cancelBankLink: (sessionId) =>
      wrap(async () => {
        await stripe.checkout.sessions.expire(sessionId);
      }),

    async verifyMicrodeposits(setupId, amountsCents): Promise<VerifyResult> {
      try {
        const intent = await stripe.setupIntents.verifyMicrodeposits(setupId, { amounts: [...amountsCents] });
        return intent.status === 'succeeded' ? { ok: true } : { ok: false, reason: 'other' };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeError) {
          if (error.code === 'payment_method_microdeposit_verification_amounts_mismatch') return { ok: false, reason: 'mismatch' };
          if (error.code === 'payment_method_microdeposit_verification_attempts_exceeded') return { ok: false, reason: 'attempts_exceeded' };
          throw new ProviderError(error.message, error.code ?? null, error.statusCode ?? null);
        }
        throw error;
      }
    },

    detachBankAccount: (paymentMethodId) =>
      wrap(async () => {
        await stripe.paymentMethods.detach(paymentMethodId);
      }),

    debit: (input: DebitInput) =>
      wrap(async () => {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: 'usd',
            customer: input.customerId,
            payment_method: input.paymentMethodId,
            allowed_payment_method_types: ['us_bank_account'],
            confirm: true,
            metadata: { paymentId: input.paymentId },
          },
          { idempotencyKey: input.idempotencyKey },
        );
        const status = intent.status === 'succeeded' ? 'succeeded' : intent.status === 'processing' ? 'processing' : 'failed';
        return { providerPaymentId: intent.id, status };
      }),

    refund: ({ providerPaymentId, amountCents, idempotencyKey, refundId }) =>
      wrap(async () => {
        const refund = await stripe.refunds.create({ payment_intent: providerPaymentId, amount: amountCents, metadata: { refundId } }, { idempotencyKey });
        return { providerRefundId: refund.id, status: refund.status ?? 'pending' };
      }),

    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('No Stripe-Signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret, WEBHOOK_TOLERANCE_SECONDS);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Bad signature.');
      }
      return providerEventOf(event);
    },
  };
}

/** A Stripe event as what it says of one of our payments. */
export function providerEventOf(event: Stripe.Event): ProviderEvent {
  const base = {
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
    failureCode: null,
    returnCode: null,
    ourPaymentId: null,
    amountCents: null,
    refund: null,
  };
  const ours = (intent: Stripe.PaymentIntent) => intent.metadata?.paymentId ?? null;
  const idOf = (value: string | { id: string } | null | undefined) => (typeof value === 'string' ? value : (value?.id ?? null));
  switch (event.type) {
    case 'payment_intent.processing':
      return {
        ...base,
        providerPaymentId: event.data.object.id,
        ourPaymentId: ours(event.data.object),
        amountCents: event.data.object.amount,
        kind: 'processing',
      };
    case 'payment_intent.succeeded':
      return {
        ...base,
        providerPaymentId: event.data.object.id,
        ourPaymentId: ours(event.data.object),
        amountCents: event.data.object.amount,
        kind: 'succeeded',
      };
    case 'payment_intent.payment_failed': {
      const code = event.data.object.last_payment_error?.code ?? null;
      return {
        ...base,
        amountCents: event.data.object.amount,
        providerPaymentId: event.data.object.id,
        ourPaymentId: ours(event.data.object),
        kind: 'failed',
        failureCode: code,
        returnCode: code ? (FAILURE_CODE_RETURN[code] ?? null) : null,
      };
    }
    case 'charge.dispute.created': {
      // An ACH debit disputed after it succeeded is the bank's return of it (R10 unless its reason names another).
      const dispute = event.data.object;
      const intent = typeof dispute.payment_intent === 'string' ? dispute.payment_intent : (dispute.payment_intent?.id ?? null);
      return { ...base, providerPaymentId: intent, amountCents: dispute.amount, kind: 'returned', returnCode: FAILURE_CODE_RETURN[dispute.reason] ?? 'R10' };
    }
    // A refund's life (docs/decisions/038-staff-processor-payments.md): `refund.updated` says when an ACH refund
    // succeeded or failed; `refund.created` and `refund.failed` carry the same object.
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed': {
      const refund = event.data.object;
      return {
        ...base,
        providerPaymentId: idOf(refund.payment_intent),
        amountCents: refund.amount,
        kind: null,
        refund: {
          providerRefundId: refund.id,
          ourRefundId: refund.metadata?.refundId ?? null,
          status: refund.status ?? 'pending',
          failureReason: refund.failure_reason ?? null,
        },
      };
    }
    // The charge's side of a refund (its `amount_refunded` so far): which refund it was is in the refund's events.
    case 'charge.refunded':
      return { ...base, providerPaymentId: idOf(event.data.object.payment_intent), amountCents: event.data.object.amount_refunded, kind: null };
    default:
      return { ...base, providerPaymentId: null, kind: null };
  }
}
