import type { PaymentEventKind } from '../../../domain/payments/states';

/**
 * The one interface money collection goes through (docs/decisions/032-processor-payments.md): a
 * card-network-style processor's customers, bank-account setup with micro-deposit verification,
 * debits, refunds and signed webhooks. The real adapter is stripe-adapter.ts (the official SDK);
 * `npm start`, the tests and e2e point it at the stand-in the project ships (sandbox-processor.ts).
 */

export type BankAccountType = 'checking' | 'savings';

export interface MandateAcceptance {
  ip: string | null;
  userAgent: string | null;
  acceptedAt: Date;
}

export interface SetupBankAccountInput {
  customerId: string;
  holderName: string;
  routingNumber: string;
  accountNumber: string;
  accountType: BankAccountType;
  mandate: MandateAcceptance;
}

export interface SetupBankAccountResult {
  setupId: string;
  paymentMethodId: string;
  /** Two micro-deposits were sent and must be typed back; or the provider verified the account at once. */
  status: 'requires_verification' | 'verified';
}

/**
 * An instant bank link (docs/decisions/046-instant-bank-verification.md): the processor's hosted page where the
 * homeowner signs in to their bank and picks an account; the browser comes back to `successUrl` (the processor puts
 * its session id in it) or `cancelUrl`.
 */
export interface BankLinkInput {
  customerId: string;
  /** Ours, kept with the session as metadata. */
  linkId: string;
  successUrl: string;
  cancelUrl: string;
}

/** What the processor says of a link's session when the browser is back. */
export interface BankLinkResult {
  /** `complete`: the homeowner linked an account; `open`: not yet (or it failed there); `expired`: closed. */
  status: 'open' | 'complete' | 'expired';
  customerId: string | null;
  /** Our link's id, from the session's metadata. */
  linkId: string | null;
  /** The account linked and verified: only when the session is complete and its setup succeeded. Never the whole number. */
  account: {
    setupId: string;
    paymentMethodId: string;
    routingNumber: string;
    last4: string;
    accountType: BankAccountType;
    holderName: string | null;
  } | null;
}

export type VerifyResult = { ok: true } | { ok: false; reason: 'mismatch' | 'attempts_exceeded' | 'other' };

export interface DebitInput {
  customerId: string;
  paymentMethodId: string;
  setupId: string;
  amountCents: number;
  /** Ours, from the page: the provider answers a repeat with the first debit. */
  idempotencyKey: string;
  /** Our payment's id, kept with the debit as metadata. */
  paymentId: string;
}

export interface ProviderEvent {
  id: string;
  type: string;
  /** The provider's payment the event is about (absent: an event we do not act on). */
  providerPaymentId: string | null;
  /** Our payment's id, from the debit's metadata when the event carries it (an event may arrive before the debit's answer). */
  ourPaymentId: string | null;
  kind: PaymentEventKind | null;
  /** Failed: the provider's failure code. Returned: the ACH return code. */
  failureCode: string | null;
  returnCode: string | null;
  /** What the event's object says it moved, in cents, when it says. */
  amountCents: number | null;
  /** A refund's event: which refund, ours by its metadata, and where it stands (docs/decisions/038-staff-processor-payments.md). */
  refund: RefundEvent | null;
  createdAt: Date;
}

export interface RefundEvent {
  providerRefundId: string;
  ourRefundId: string | null;
  /** Stripe's refund statuses: `pending`, `requires_action`, `succeeded`, `failed` or `canceled`. */
  status: string;
  failureReason: string | null;
}

export class WebhookSignatureError extends Error {}

/** A refusal from the provider that we can say in words (its own code and message; never the account's numbers). */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
    readonly status: number | null,
  ) {
    super(message);
  }
}

export interface PaymentProvider {
  /** True while the stand-in processor collects: every screen and mail it touches says 'Sandbox'. */
  readonly sandbox: boolean;
  createCustomer(input: { email: string; name: string; homeId: string }): Promise<{ customerId: string }>;
  setupBankAccount(input: SetupBankAccountInput): Promise<SetupBankAccountResult>;
  /** Whether it can verify a bank account instantly through a hosted bank link (docs/decisions/046-instant-bank-verification.md). */
  readonly instantVerification: boolean;
  /** Opens a hosted bank link; answers the processor's session and the page to send the browser to. */
  startBankLink(input: BankLinkInput): Promise<{ sessionId: string; url: string }>;
  bankLinkResult(sessionId: string): Promise<BankLinkResult>;
  /** Closes a link's session so that it can no longer be completed. */
  cancelBankLink(sessionId: string): Promise<void>;
  verifyMicrodeposits(setupId: string, amountsCents: readonly [number, number]): Promise<VerifyResult>;
  detachBankAccount(paymentMethodId: string): Promise<void>;
  debit(input: DebitInput): Promise<{ providerPaymentId: string; status: 'processing' | 'succeeded' | 'failed' }>;
  /** Pays back part or all of a succeeded debit; `refundId` is ours, kept with the refund as metadata. Pending until an event says more. */
  refund(input: {
    providerPaymentId: string;
    amountCents: number;
    idempotencyKey: string;
    refundId: string;
  }): Promise<{ providerRefundId: string; status: string }>;
  /**
   * Checks the signature and its timestamp (5 minutes' tolerance) of a webhook's raw body, and only
   * then reads it. Throws WebhookSignatureError on a missing, wrong or stale signature.
   */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): ProviderEvent;
}
