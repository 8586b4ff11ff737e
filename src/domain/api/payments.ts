import { z } from 'zod';
import {
  addBankAccountSchema,
  bankAccountSchema,
  bankLinkStartedSchema,
  cancelBankLinkSchema,
  completeBankLinkSchema,
  startBankLinkSchema,
  paymentsOverviewSchema,
  payNowSchema,
  processorPaymentSchema,
  verifyBankAccountSchema,
} from '../payments/bank-account';
import { safeString } from '../safe-text';
import { defineRoute, okSchema } from './route';

/**
 * Paying by bank debit (docs/decisions/032-processor-payments.md): the
 * homeowner's bank account on file and 'Pay now', always the session's own home; and the
 * processor's signed webhook. Behind the `paymentsWebhooks` switch: off, every route but the
 * overview answers 409 `payments_off`, and the overview says `enabled: false`.
 */
export const paymentsApi = {
  overview: defineRoute({
    method: 'get',
    path: '/api/me/home/payments',
    access: 'homeowner',
    codes: ['no_home'],
    summary:
      "The homeowner's bank account on file (masked), their debits with each one's timeline, what 'Pay now' accepts, the ACH authorisation to agree to, whether the switch is on and whether the Sandbox processor collects",
    responses: { 200: { description: 'Payments', schema: paymentsOverviewSchema } },
    errors: [404],
  }),
  addBankAccount: defineRoute({
    method: 'post',
    path: '/api/me/home/bank-account',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'bank_account_exists', 'processor_refused'],
    summary:
      'Adds the bank account (routing number checked by its ABA check digit; account number sealed at rest) with the ACH debit authorisation agreed to (its text, version, time, IP and user agent are recorded); the processor sends two micro-deposits. Audited',
    body: addBankAccountSchema,
    responses: { 201: { description: 'The account, waiting for its micro-deposits', schema: bankAccountSchema } },
    errors: [404, 409, 422],
  }),
  verifyBankAccount: defineRoute({
    method: 'post',
    path: '/api/me/home/bank-account/verify',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'no_bank_account', 'microdeposits_mismatch', 'verification_locked'],
    summary: 'The two micro-deposits, in cents: three tries, then the account is locked until staff help (409). Audited',
    body: verifyBankAccountSchema,
    responses: { 200: { description: 'The account', schema: bankAccountSchema } },
    errors: [404, 409, 422],
  }),
  startBankLink: defineRoute({
    method: 'post',
    path: '/api/me/home/bank-account/instant',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'bank_account_exists', 'instant_unavailable', 'processor_refused'],
    summary:
      "Starts 'Connect your bank instantly' (docs/decisions/046-instant-bank-verification.md): records the ACH debit authorisation agreed to (its text, version, time, IP and user agent) and answers the processor's hosted page to send the browser to. Offered only where the processor offers it and collects. Audited",
    body: startBankLinkSchema,
    responses: { 201: { description: "The link, and the processor's page to go to", schema: bankLinkStartedSchema } },
    errors: [404, 409, 422],
  }),
  completeBankLink: defineRoute({
    method: 'post',
    path: '/api/me/home/bank-account/instant/complete',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'bank_account_exists', 'bank_link_unknown', 'bank_link_used', 'bank_link_unfinished'],
    summary:
      "Back from the processor's page: reads the session at the processor and stores the account it linked, verified, with the authorisation agreed before (once: a replayed or another home's session changes nothing). Audited",
    body: completeBankLinkSchema,
    responses: { 201: { description: 'The account, verified', schema: bankAccountSchema } },
    errors: [404, 409, 422],
  }),
  cancelBankLink: defineRoute({
    method: 'post',
    path: '/api/me/home/bank-account/instant/cancel',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'bank_link_unknown', 'bank_link_used'],
    summary: "Back from the processor's page without a link: the session is closed at the processor and nothing is stored. Audited",
    body: cancelBankLinkSchema,
    responses: { 200: { description: 'Cancelled', schema: okSchema } },
    errors: [404, 409],
  }),
  removeBankAccount: defineRoute({
    method: 'post',
    path: '/api/me/home/bank-account/remove',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'no_bank_account'],
    summary: 'Removes the account on file (kept for the record, detached at the processor); debits already sent go on. Audited',
    responses: { 200: { description: 'Removed', schema: okSchema } },
    errors: [404, 409],
  }),
  payNow: defineRoute({
    method: 'post',
    path: '/api/me/home/payments',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'no_bank_account', 'bank_account_state', 'home_closed'],
    summary:
      "Pays now from the verified account: from $1 to what is owed plus next month's charge, less debits in flight; one payment per idempotency key (a repeat answers the first). Posted to the ledger only when the processor says it succeeded. Audited",
    body: payNowSchema,
    responses: { 201: { description: 'The payment', schema: processorPaymentSchema } },
    errors: [404, 409],
  }),
  webhook: defineRoute({
    method: 'post',
    path: '/api/payments/webhook',
    access: 'public',
    codes: ['bad_signature', 'payments_off'],
    summary:
      "The processor's events, signed (Stripe-Signature, 5 minutes' tolerance): checked before anything else is read (400 and nothing changes when it does not hold); each event applied once by its id, in any order; refused (409) while the switch is off, so the processor sends it again later",
    responses: { 200: { description: 'Received', schema: z.object({ received: z.literal(true), outcome: safeString() }) } },
    errors: [409],
  }),
};
