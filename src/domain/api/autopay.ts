import { achFilesSchema, autopayListSchema, autopayPageSchema } from '../payments/ach-files';
import { autopaySchema, setAutopaySchema } from '../payments/autopay';
import { defineRoute, idParamsSchema } from './route';

/**
 * Autopay and the bank's day file (docs/decisions/037-autopay-and-ach-files.md): the homeowner's switch, always on
 * the session's own home; and staff's view of each home's autopay and the day's NACHA files, with their download.
 */
export const autopayApi = {
  set: defineRoute({
    method: 'post',
    path: '/api/me/home/autopay',
    access: 'homeowner',
    codes: ['no_home', 'payments_off', 'no_bank_account', 'bank_account_state', 'home_closed'],
    summary:
      "Turns autopay on (a verified account only: the ACH authorisation recorded with the account covers it) or off, at any time; off takes effect for the next debit not yet sent. Each month's charge is then debited on its due date, or the banking day before a weekend or Federal Reserve holiday. Audited",
    body: setAutopaySchema,
    responses: { 200: { description: 'Autopay', schema: autopaySchema } },
    errors: [404, 409],
  }),
  adminHomes: defineRoute({
    method: 'get',
    path: '/api/admin/payments/autopay',
    access: 'admin',
    summary: "Each home's bank account on file (masked) and whether autopay is on, autopay first; searched by address, name or e-mail",
    query: autopayListSchema,
    responses: { 200: { description: 'A page of homes', schema: autopayPageSchema } },
  }),
  achFiles: defineRoute({
    method: 'get',
    path: '/api/admin/payments/ach-files',
    access: 'admin',
    summary: "The bank's NACHA debit files, one a banking day, newest first: entries, totals and whether the copy is in the outbox folder",
    responses: { 200: { description: 'The files', schema: achFilesSchema } },
  }),
  achFileDownload: defineRoute({
    method: 'get',
    path: '/api/admin/payments/ach-files/{id}',
    access: 'admin',
    summary: 'Downloads one NACHA file as it was written (audited)',
    params: idParamsSchema,
    responses: { 200: { description: 'The NACHA file, as an attachment', contentType: 'application/octet-stream' } },
    errors: [404],
  }),
};
