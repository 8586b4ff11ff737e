import { letterEditSchema, letterItemSchema, letterListSchema, letterPdfFormSchema, letterSchema, letterStatusSchema } from '../admin/letters';
import { pageSchema } from '../admin/lists';
import { z } from 'zod';
import { envelopeSummarySchema } from '../signatures/envelopes';
import { defineRoute, idParamsSchema, okSchema } from './route';

/** `/api/admin/letters`: letters of intent with their PDFs (docs/product/back-office.md#letters-of-intent). */
export const adminLettersApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/letters',
    access: 'admin',
    summary: 'One page of letters of intent, newest first: search by name, e-mail or ID, status and date filters, sort',
    query: letterListSchema,
    responses: { 200: { description: 'A page of letters', schema: pageSchema(letterItemSchema) } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/letters/export',
    access: 'admin',
    summary: 'CSV of the filtered letters (streamed; audited)',
    query: letterListSchema,
    responses: { 200: { description: 'The CSV of every letter matching the filter', contentType: 'text/csv' } },
  }),
  add: defineRoute({
    method: 'post',
    path: '/api/admin/letters',
    access: 'admin',
    codes: ['empty_file', 'file_too_large', 'not_pdf', 'duplicate_letter'],
    summary:
      'Adds a letter of intent with an optional PDF in `file` (a PDF by name or type and by content, 25 MB at most; audited). The same letter as one on the list (every field but the status) is refused (409 duplicate_letter)',
    form: letterSchema,
    responses: { 201: { description: 'The letter as listed', schema: letterItemSchema } },
    errors: [409, 413, 415],
  }),
  attachPdf: defineRoute({
    method: 'post',
    path: '/api/admin/letter-pdfs',
    access: 'admin',
    codes: ['empty_file', 'file_too_large', 'not_pdf', 'no_file', 'buyer_letter'],
    summary:
      "Attaches a PDF to the letter `letterId`, or replaces its PDF (`file`: checked as Add's; the old file removed; audited). A buyer's letter keeps the PDF its offer made (409)",
    form: letterPdfFormSchema,
    responses: { 200: { description: 'The letter as saved', schema: letterItemSchema } },
    errors: [409, 413, 415],
  }),
  sendForSignature: defineRoute({
    method: 'post',
    path: '/api/admin/letters/{id}/signature',
    access: 'admin',
    codes: ['esign_off', 'envelope_open', 'no_account'],
    summary: "Sends the letter to its buyer for signature in their portal (e-signatures on; the buyer needs an account under the letter's e-mail; audited)",
    params: idParamsSchema,
    body: z.object({}),
    responses: { 201: { description: 'The envelope sent', schema: envelopeSummarySchema } },
    errors: [409],
  }),
  get: defineRoute({
    method: 'get',
    path: '/api/admin/letters/{id}',
    access: 'admin',
    summary: 'One letter of intent with every field (the detail view)',
    params: idParamsSchema,
    responses: { 200: { description: 'The letter', schema: letterItemSchema } },
  }),
  update: defineRoute({
    method: 'patch',
    path: '/api/admin/letters/{id}',
    access: 'admin',
    summary: 'Edits a letter: every field of Add but the status and the PDF, validated alike (400 with a message per field); the changed fields audited',
    params: idParamsSchema,
    body: letterEditSchema,
    responses: { 200: { description: 'The letter as saved', schema: letterItemSchema } },
  }),
  setStatus: defineRoute({
    method: 'patch',
    path: '/api/admin/letters/{id}/status',
    access: 'admin',
    codes: ['offer_state'],
    summary:
      "Sets a letter's status: pending, approved or declined (audited as update, approve or decline; the same status changes nothing). A buyer's letter is decided once (409), declining it needs a `reason`; approving it makes the buyer's offer a draft, and the buyer is mailed either way",
    params: idParamsSchema,
    body: letterStatusSchema,
    responses: { 200: { description: 'The letter as saved', schema: letterItemSchema } },
    errors: [409],
  }),
  pdf: defineRoute({
    method: 'get',
    path: '/api/admin/letters/{id}/pdf',
    access: 'admin',
    codes: ['no_pdf'],
    summary: "Downloads the letter's PDF as first-last-letter-of-intent.pdf (audited)",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/admin/letters/{id}',
    access: 'admin',
    summary: 'Deletes a letter of intent: its PDF first, then the row (audited)',
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: okSchema } },
  }),
};
