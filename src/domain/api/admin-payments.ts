import {
  adminLedgerSchema,
  paymentsListSchema,
  paymentsPageSchema,
  recordPaymentSchema,
  recordRefundSchema,
  reverseEntrySchema,
  verifyResultSchema,
} from '../homes/admin-payments';
import { bankCsvSchema, bankImportResultSchema } from '../homes/bank-csv';
import { defineRoute, idParamsSchema } from './route';

/**
 * Staff's money operations and /admin/payments (docs/product/back-office.md#payments;
 * docs/decisions/022-homes-and-ledger.md). Every change goes through the ledger's one writer
 * (src/server/modules/homes/ledger.ts) with its audit entry in the same transaction. Admin routes: the
 * guard of /api/admin (admin with two-factor) covers them all. Money in whole cents.
 */
export const adminPaymentsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/payments',
    access: 'admin',
    summary:
      "A month's figures (due, paid, received, overdue; every one from the ledger, the credit paying the oldest charge first) and one page of the homes billed that month, filtered by state and searched by address or name",
    query: paymentsListSchema,
    responses: { 200: { description: "The month's totals and a page of its homes", schema: paymentsPageSchema } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/payments/export',
    access: 'admin',
    summary: "CSV of the month's homes matching the filter (streamed; audited)",
    query: paymentsListSchema,
    responses: { 200: { description: 'The CSV', contentType: 'text/csv' } },
  }),
  previewImport: defineRoute({
    method: 'post',
    path: '/api/admin/payments/import/preview',
    access: 'admin',
    summary:
      "Reads a bank's CSV of payments without writing anything: each row matched to a home, the references already imported marked, the bad lines by number",
    body: bankCsvSchema,
    responses: { 200: { description: 'The preview', schema: bankImportResultSchema } },
  }),
  import: defineRoute({
    method: 'post',
    path: '/api/admin/payments/import',
    access: 'admin',
    codes: ['bank_csv_invalid'],
    summary:
      "Imports a bank's CSV of payments in one transaction (source bank_csv; audited): a reference already imported is skipped and reported; any bad line (422, with its number) imports nothing",
    body: bankCsvSchema,
    responses: { 200: { description: 'What was imported and skipped', schema: bankImportResultSchema } },
    // 422 bank_csv_invalid (with `problems`); 409 when another import took a reference meanwhile.
    errors: [409, 422],
  }),
  verifyAll: defineRoute({
    method: 'post',
    path: '/api/admin/payments/verify',
    access: 'admin',
    summary: "Checks every home's hash chain (as npm run ledger:verify does) and names each broken home and its first broken entry; audited",
    responses: { 200: { description: 'The verdict', schema: verifyResultSchema } },
  }),
  ledger: defineRoute({
    method: 'get',
    path: '/api/admin/homes/{id}/ledger',
    access: 'admin',
    summary: "A home's ledger: every entry oldest first (with its hash, its reversal links, and for a charge what is paid of it) and the balance",
    params: idParamsSchema,
    responses: { 200: { description: 'The ledger', schema: adminLedgerSchema } },
  }),
  recordPayment: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/ledger/payments',
    access: 'admin',
    codes: ['reference_exists'],
    summary: 'Records a payment received (source staff): amount in cents, date received (not in the future), optional bank reference and memo; audited',
    params: idParamsSchema,
    body: recordPaymentSchema,
    responses: { 201: { description: 'The ledger with the payment', schema: adminLedgerSchema } },
    // 409 reference_exists.
    errors: [409],
  }),
  recordRefund: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/ledger/refunds',
    access: 'admin',
    summary: 'Records a refund (at most what the home has paid less refunds): amount in cents, date, optional reference and memo; audited',
    params: idParamsSchema,
    body: recordRefundSchema,
    responses: { 201: { description: 'The ledger with the refund', schema: adminLedgerSchema } },
  }),
  reverse: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/ledger/reversals',
    access: 'admin',
    codes: ['already_reversed', 'reversal_not_reversible'],
    summary: 'Reverses entry `seq` with a reason (400 when there is no such entry; 409 when it is a reversal or already reversed); audited',
    params: idParamsSchema,
    body: reverseEntrySchema,
    responses: { 201: { description: 'The ledger with the reversal', schema: adminLedgerSchema } },
    errors: [409],
  }),
  verifyHome: defineRoute({
    method: 'post',
    path: '/api/admin/homes/{id}/ledger/verify',
    access: 'admin',
    summary: "Checks one home's hash chain; audited",
    params: idParamsSchema,
    responses: { 200: { description: 'The verdict', schema: verifyResultSchema } },
  }),
};
