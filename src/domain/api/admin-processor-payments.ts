import {
  staffAccountsPageSchema,
  staffAccountsQuerySchema,
  staffExceptionsPageSchema,
  staffExceptionsQuerySchema,
  staffPaymentSchema,
  staffPaymentsPageSchema,
  staffPaymentsQuerySchema,
  staffRefundInputSchema,
} from '../payments/staff';
import { defineRoute, idParamsSchema, okSchema } from './route';

/**
 * Staff's side of bank debits on /admin/payments (docs/decisions/038-staff-processor-payments.md): the debits
 * processing, succeeded, failed and returned; the provider's events about money we never moved; each home's bank
 * account (masked); retry a failed debit, refund a succeeded one through the provider, unlock a locked
 * verification. Admin routes behind the guard of /api/admin; every action audited in its transaction.
 */
export const adminProcessorPaymentsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/processor-payments',
    access: 'admin',
    summary:
      'One page of bank debits in a view — processing (and scheduled), succeeded, failed or returned — newest first, each with its home, amount, dates, reason or return code in words, refunds and retry',
    query: staffPaymentsQuerySchema,
    responses: { 200: { description: 'The debits', schema: staffPaymentsPageSchema } },
  }),
  exceptions: defineRoute({
    method: 'get',
    path: '/api/admin/processor-payments/exceptions',
    access: 'admin',
    summary: "The processor's events about a debit or a refund we never made: kept, never applied, newest first",
    query: staffExceptionsQuerySchema,
    responses: { 200: { description: 'The events', schema: staffExceptionsPageSchema } },
  }),
  bankAccounts: defineRoute({
    method: 'get',
    path: '/api/admin/bank-accounts',
    access: 'admin',
    summary:
      "Each active home's bank account state — none, pending micro-deposits, verified, locked after three wrong tries, removed — with the masked number only; locked first",
    query: staffAccountsQuerySchema,
    responses: { 200: { description: 'The homes and their accounts', schema: staffAccountsPageSchema } },
  }),
  retry: defineRoute({
    method: 'post',
    path: '/api/admin/processor-payments/{id}/retry',
    access: 'admin',
    codes: ['payments_off', 'not_failed', 'already_retried', 'home_closed', 'bank_account_state', 'not_owed'],
    summary:
      "Retries a failed debit: a new debit of the same amount from the home's verified account, with its own key (a second retry is refused). 409 when it did not fail, was retried, the account is not verified or the amount is no longer owed. Audited",
    params: idParamsSchema,
    responses: { 201: { description: 'The new debit', schema: staffPaymentSchema } },
    errors: [404, 409],
  }),
  refund: defineRoute({
    method: 'post',
    path: '/api/admin/processor-payments/{id}/refunds',
    access: 'admin',
    codes: ['payments_off', 'not_refundable', 'processor_refused'],
    summary:
      "Refunds all or part of a succeeded debit through the processor, with a reason (400 above the debit less its other refunds; 409 when it did not succeed); one refund per key. The ledger's refund is posted, and the homeowner e-mailed, when the processor confirms it. Audited",
    params: idParamsSchema,
    body: staffRefundInputSchema,
    responses: { 201: { description: 'The debit with its refunds', schema: staffPaymentSchema } },
    errors: [404, 409, 422],
  }),
  unlock: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/bank-account/unlock',
    access: 'admin',
    codes: ['no_bank_account', 'not_locked'],
    summary: "Unlocks a home's bank account locked after three wrong micro-deposit answers: three new tries. 409 when it is not locked. Audited",
    params: idParamsSchema,
    responses: { 200: { description: 'Unlocked', schema: okSchema } },
    errors: [404, 409],
  }),
};
