import { letterItemSchema, letterListSchema, letterSchema } from '../admin/letters';
import { pageSchema } from '../admin/lists';
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
    summary: 'Adds a letter of intent with an optional PDF in `file` (a PDF by name or type and by content, 25 MB at most; audited)',
    form: letterSchema,
    responses: { 201: { description: 'The letter as listed', schema: letterItemSchema } },
    errors: [413, 415],
  }),
  pdf: defineRoute({
    method: 'get',
    path: '/api/admin/letters/{id}/pdf',
    access: 'admin',
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
