/**
 * A processor payment's life (docs/decisions/032-processor-payments.md):
 * scheduled → processing → succeeded | failed, and succeeded → returned. The provider's events
 * arrive late, twice or out of order; `applyEvent` says what one changes given the state the
 * payment is in, so the same set of events gives the same end whatever their order. Pure.
 */

export const PROCESSOR_PAYMENT_STATES = ['scheduled', 'processing', 'succeeded', 'failed', 'returned'] as const;
export type ProcessorPaymentState = (typeof PROCESSOR_PAYMENT_STATES)[number];

/** What a provider's event says of a payment, whatever the provider's own words. */
export type PaymentEventKind = 'processing' | 'succeeded' | 'failed' | 'returned';

/** What the ledger gains: the payment (succeeded), its reversal (returned after it), or both (a return that arrived first). */
export type LedgerEffect = 'payment' | 'reversal' | 'payment_and_reversal' | null;

export type EventOutcome = { applies: true; next: ProcessorPaymentState; ledger: LedgerEffect } | { applies: false; reason: 'stale' };

const STALE = { applies: false, reason: 'stale' } as const;

/**
 * The change `event` makes to a payment in state `current`. An event older than the state (processing
 * after succeeded, anything after failed or returned) changes nothing. A return implies the payment
 * had succeeded: arriving before the success, it posts the payment and its reversal together, and the
 * late success then changes nothing.
 */
export function applyEvent(current: ProcessorPaymentState, event: PaymentEventKind): EventOutcome {
  switch (current) {
    case 'scheduled':
    case 'processing':
      if (event === 'processing') return current === 'scheduled' ? { applies: true, next: 'processing', ledger: null } : STALE;
      if (event === 'succeeded') return { applies: true, next: 'succeeded', ledger: 'payment' };
      if (event === 'failed') return { applies: true, next: 'failed', ledger: null };
      return { applies: true, next: 'returned', ledger: 'payment_and_reversal' };
    case 'succeeded':
      return event === 'returned' ? { applies: true, next: 'returned', ledger: 'reversal' } : STALE;
    case 'failed':
    case 'returned':
      return STALE;
  }
}

/** The ACH return codes a bank answers a debit with, in words (NACHA Operating Rules, Appendix Four). */
export const RETURN_CODE_WORDS: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds',
  R02: 'Account closed',
  R03: 'No account, or the account could not be found',
  R04: 'Invalid account number',
  R05: 'Unauthorised debit to a consumer account',
  R07: 'Authorisation revoked by the account holder',
  R08: 'Payment stopped by the account holder',
  R10: 'The account holder says the debit was not authorised',
  R16: 'Account frozen',
  R20: 'The account cannot take debits',
  R29: 'The business account holder says the debit was not authorised',
};

export const returnCodeWords = (code: string) => RETURN_CODE_WORDS[code] ?? 'Returned by the bank';

/** A processor's failure code (Stripe's `last_payment_error.code` for bank debits) as the ACH return code it stands for. */
export const FAILURE_CODE_RETURN: Readonly<Record<string, string>> = {
  insufficient_funds: 'R01',
  account_closed: 'R02',
  no_account: 'R03',
  invalid_account_number: 'R04',
  debit_not_authorized: 'R10',
  bank_account_restricted: 'R16',
};

/** Why a debit failed, in plain words, and what to do about it. */
export function failureWords(code: string | null): { reason: string; whatToDo: string } {
  switch (code) {
    case 'insufficient_funds':
      return {
        reason: 'Your bank said there was not enough money in the account.',
        whatToDo: 'Add money to the account and pay again, or pay by bank transfer.',
      };
    case 'account_closed':
      return { reason: 'Your bank said this account is closed.', whatToDo: 'Remove it and add an account that is open, then pay again.' };
    case 'no_account':
    case 'invalid_account_number':
      return {
        reason: 'Your bank could not find this account.',
        whatToDo: 'Check the routing and account numbers: remove this account and add it again.',
      };
    case 'debit_not_authorized':
      return {
        reason: 'Your bank said the account holder did not authorise this debit.',
        whatToDo: 'Ask your bank to allow our debits, or add another account.',
      };
    case 'cancelled':
      return {
        reason: 'The bank account was removed, or autopay turned off, before this debit was sent, so it was not sent.',
        whatToDo: 'Nothing was taken from the account. Pay with "Pay now" or by bank transfer.',
      };
    default:
      return { reason: 'The payment did not go through.', whatToDo: 'Try again in a day, or contact us if it fails again.' };
  }
}
