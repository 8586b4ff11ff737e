import { obj, str, StripeApiError, type Params } from './sandbox-wire';

/**
 * The stand-in processor's refunds (docs/decisions/038-staff-processor-payments.md): `POST /v1/refunds` of a
 * succeeded debit, full or partial, never more than its unrefunded amount (Stripe's `amount_too_large`). An
 * ACH refund is `pending` at first; as Stripe does, it sends `refund.created` and `charge.refunded` (the
 * charge's `amount_refunded` so far) at once, and `refund.updated` when the refund has `succeeded`.
 */
export class SandboxRefunds {
  /** Per debit: what its refunds took so far (its Charge's `amount_refunded`). */
  private readonly refundedOf = new Map<string, number>();

  constructor(
    private readonly world: {
      intents: ReadonlyMap<string, Params>;
      id: (prefix: string) => string;
      emit: (type: string, object: unknown) => void;
      /** Runs `work` once the refund has settled. */
      later: (work: () => void) => void;
    },
  ) {}

  create(params: Params) {
    const intentId = str(params.payment_intent);
    if (!intentId) {
      throw new StripeApiError(400, 'invalid_request_error', 'Missing required param: payment_intent.', 'parameter_missing', 'payment_intent');
    }
    const intent = this.world.intents.get(intentId);
    if (!intent) throw new StripeApiError(400, 'invalid_request_error', `No such payment_intent: '${intentId}'`, 'resource_missing', 'payment_intent');
    if (intent.status !== 'succeeded') {
      throw new StripeApiError(400, 'invalid_request_error', 'This PaymentIntent has not succeeded and cannot be refunded.', 'charge_not_refundable');
    }
    const total = intent.amount as number;
    const amount = params.amount === undefined ? total : Number(params.amount);
    const refunded = this.refundedOf.get(intentId) ?? 0;
    if (!Number.isInteger(amount) || amount <= 0 || amount + refunded > total) {
      const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `Refund amount (${dollars(amount)}) is greater than unrefunded amount on charge (${dollars(total - refunded)})`,
        'amount_too_large',
        'amount',
      );
    }
    this.refundedOf.set(intentId, refunded + amount);
    const refund: Params = {
      id: this.world.id('re'),
      object: 'refund',
      amount,
      balance_transaction: null,
      charge: intent.latest_charge,
      created: Math.floor(Date.now() / 1000),
      currency: 'usd',
      destination_details: { type: 'us_bank_transfer', us_bank_transfer: { reference: null, reference_status: 'pending' } },
      metadata: obj(params.metadata),
      payment_intent: intentId,
      reason: str(params.reason) ?? null,
      receipt_number: null,
      source_transfer_reversal: null,
      status: 'pending',
      transfer_reversal: null,
    };
    this.world.emit('refund.created', { ...refund });
    this.world.emit('charge.refunded', {
      id: intent.latest_charge,
      object: 'charge',
      amount: total,
      amount_captured: total,
      amount_refunded: refunded + amount,
      currency: 'usd',
      payment_intent: intentId,
      paid: true,
      refunded: refunded + amount === total,
      status: 'succeeded',
      livemode: false,
    });
    this.world.later(() => {
      refund.status = 'succeeded';
      refund.destination_details = { type: 'us_bank_transfer', us_bank_transfer: { reference: 'SANDBOXREFUND', reference_status: 'available' } };
      this.world.emit('refund.updated', { ...refund });
    });
    return refund;
  }
}
