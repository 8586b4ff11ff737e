import {
  acceptQuoteSchema,
  completeQuoteSchema,
  completionPreviewSchema,
  disputeAnswerSchema,
  disputeDocumentSchema,
  disputeDocumentQuerySchema,
  disputeSchema,
  exitOptionsSchema,
  exitQuoteListSchema,
  exitQuoteSchema,
  quoteRequestSchema,
  withdrawQuoteSchema,
} from '../homes/exit-quotes';
import { z } from 'zod';
import { defineRoute, idParamsSchema } from './route';

/**
 * Exit quotes (docs/decisions/034-exit-quotes.md; src/domain/homes/exit-quotes.ts). The homeowner's
 * routes find the quote through the session's home: another homeowner's quote answers 404 like an
 * unknown one. Staff's are admin-only behind two-factor; every step is audited and e-mailed.
 */
export const exitQuotesApi = {
  options: defineRoute({
    method: 'get',
    path: '/api/me/home/exit',
    access: 'homeowner',
    codes: ['no_home'],
    summary:
      "'What would I get?': the three ways out with exitQuote's figures at the latest valuation today (estimates when it is older than 90 days), and the homeowner's quotes",
    responses: { 200: { description: 'The ways out and quotes', schema: exitOptionsSchema } },
  }),
  request: defineRoute({
    method: 'post',
    path: '/api/me/home/quotes',
    access: 'homeowner',
    codes: ['no_home', 'home_closed', 'transfer_fee_invalid'],
    summary:
      'Asks for a quote for one way out: issued at once from a valuation of the last 90 days, else staff are asked to value the home first (expected within 5 business days). Audited; e-mailed',
    body: quoteRequestSchema,
    responses: { 201: { description: 'The quote, issued or waiting for a valuation', schema: exitQuoteSchema } },
    errors: [409],
  }),
  mine: defineRoute({
    method: 'get',
    path: '/api/me/home/quotes/{id}',
    access: 'homeowner',
    codes: ['no_home'],
    summary: "One of the signed-in homeowner's quotes with every line and input (404 for anyone else's)",
    params: idParamsSchema,
    responses: { 200: { description: 'The quote', schema: exitQuoteSchema } },
  }),
  pdf: defineRoute({
    method: 'get',
    path: '/api/me/home/quotes/{id}/pdf',
    access: 'homeowner',
    codes: ['no_home', 'quote_state'],
    summary: "The quote as a PDF (every line, the ledger's head hash, how to check it); 404 for anyone else's",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  }),
  finalStatement: defineRoute({
    method: 'get',
    path: '/api/me/home/quotes/{id}/final-statement',
    access: 'homeowner',
    codes: ['no_home', 'quote_state'],
    summary:
      "A completed quote's final statement as a PDF: how the agreement ended, the final figures, the payout or buy-out price as paid; 404 for anyone else's",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
    errors: [409],
  }),
  uploadDisputeDocument: defineRoute({
    method: 'post',
    path: '/api/me/home/dispute-documents',
    access: 'homeowner',
    codes: ['no_home', 'quote_state', 'empty_file', 'file_too_large', 'invalid_upload', 'no_file', 'too_many_files', 'unsupported_file_type'],
    summary:
      "Adds one document (comparable sales, an appraisal: PDF, JPEG or PNG by content, 25 MB at most) to the homeowner's disputed quote `?quote=`, while the dispute waits for staff; at most 5. Audited",
    query: disputeDocumentQuerySchema,
    form: z.object({}),
    responses: { 201: { description: 'The stored document', schema: disputeDocumentSchema } },
    // 400 invalid_upload, no_file, empty_file; 404 another's quote; 409 quote_state / too_many_files; 413 file_too_large; 415 unsupported_file_type.
    errors: [404, 409, 413, 415, 429],
  }),
  myDisputeDocument: defineRoute({
    method: 'get',
    path: '/api/me/home/dispute-documents/{id}',
    access: 'homeowner',
    codes: ['no_home'],
    summary: "One of the homeowner's dispute documents, as an attachment (audited; 404 for anyone else's)",
    params: idParamsSchema,
    responses: { 200: { description: 'The file', contentType: 'application/octet-stream' } },
  }),
  dispute: defineRoute({
    method: 'post',
    path: '/api/me/home/quotes/{id}/dispute',
    access: 'homeowner',
    codes: ['no_home', 'quote_state'],
    summary: "Disputes the quote's valuation with a reason, once per quote, while it is valid. Audited; e-mailed to the homeowner and staff",
    params: idParamsSchema,
    body: disputeSchema,
    responses: { 200: { description: 'The quote, disputed', schema: exitQuoteSchema } },
    errors: [409],
  }),
  accept: defineRoute({
    method: 'post',
    path: '/api/me/home/quotes/{id}/accept',
    access: 'homeowner',
    codes: ['no_home', 'home_closed', 'quote_state', 'notice_open'],
    summary:
      'Accepts a valid quote with a move date at least 60 days away: locks its valuation and fee and starts the 60-day notice, scheduled for that date. With e-signatures on, the quote waits for the homeowner to sign the acceptance (state signing) and the signature accepts it. Audited; e-mailed',
    params: idParamsSchema,
    body: acceptQuoteSchema,
    responses: { 200: { description: 'The quote, accepted (or signing)', schema: exitQuoteSchema } },
    errors: [409],
  }),
  withdraw: defineRoute({
    method: 'post',
    path: '/api/me/home/quotes/{id}/withdraw',
    access: 'homeowner',
    codes: ['no_home', 'quote_state'],
    summary: 'Withdraws an accepted quote and its notice, with a reason, until 14 days before the move date. Audited; e-mailed',
    params: idParamsSchema,
    body: withdrawQuoteSchema,
    responses: { 200: { description: 'The quote, withdrawn', schema: exitQuoteSchema } },
    errors: [409],
  }),

  waiting: defineRoute({
    method: 'get',
    path: '/api/admin/exit-quotes',
    access: 'admin',
    summary: 'What waits for staff: quotes to value, disputes to answer, accepted quotes and their move dates, oldest first',
    responses: { 200: { description: 'The quotes', schema: exitQuoteListSchema } },
  }),
  ofHome: defineRoute({
    method: 'get',
    path: '/api/admin/homes/{id}/exit-quotes',
    access: 'admin',
    summary: "A home's exit quotes, every state",
    params: idParamsSchema,
    responses: { 200: { description: 'The quotes', schema: exitQuoteListSchema } },
  }),
  answer: defineRoute({
    method: 'post',
    path: '/api/admin/exit-quotes/{id}/answer',
    access: 'admin',
    codes: ['quote_state'],
    summary:
      'Answers a dispute keeping the valuation, with a reason the homeowner reads; the quote stands as issued (audited; e-mailed). To change the valuation, record one on the home instead: a new quote is issued',
    params: idParamsSchema,
    body: disputeAnswerSchema,
    responses: { 200: { description: 'The quote', schema: exitQuoteSchema } },
    errors: [409],
  }),
  staffWithdraw: defineRoute({
    method: 'post',
    path: '/api/admin/exit-quotes/{id}/withdraw',
    access: 'admin',
    codes: ['quote_state'],
    summary:
      'Withdraws an accepted quote and its notice before completion, with a reason (audited; e-mailed): staff’s, once the homeowner’s own withdrawal has closed 14 days before the move date, or at the homeowner’s request',
    params: idParamsSchema,
    body: withdrawQuoteSchema,
    responses: { 200: { description: 'The quote', schema: exitQuoteSchema } },
    errors: [409],
  }),
  staffDisputeDocument: defineRoute({
    method: 'get',
    path: '/api/admin/dispute-documents/{id}',
    access: 'admin',
    summary: 'A document a homeowner sent with a dispute, as an attachment (audited)',
    params: idParamsSchema,
    responses: { 200: { description: 'The file', contentType: 'application/octet-stream' } },
  }),
  completion: defineRoute({
    method: 'get',
    path: '/api/admin/exit-quotes/{id}/completion',
    access: 'admin',
    codes: ['quote_state'],
    summary: "The final figures completing today would write: the locked valuation and fee with today's ledger",
    params: idParamsSchema,
    responses: { 200: { description: 'The final figures', schema: completionPreviewSchema } },
    errors: [409],
  }),
  complete: defineRoute({
    method: 'post',
    path: '/api/admin/exit-quotes/{id}/complete',
    access: 'admin',
    codes: ['quote_state', 'home_closed'],
    summary:
      "Completes an accepted quote on or after its move date: the final figures from the locked valuation and fee and that day's ledger, the payout entry (or the buy-out recorded as paid), the home closed, the final statement mailed",
    params: idParamsSchema,
    body: completeQuoteSchema,
    responses: { 200: { description: 'The quote, completed', schema: exitQuoteSchema } },
    errors: [409],
  }),
};
