import { z } from 'zod';
import { consideredHomeItemSchema, consideredHomeSchema, myHomesSchema } from '../buying/homes';
import { counterAnswerSchema, offerItemSchema, offerSchema } from '../buying/offers';
import { closingDocumentQuerySchema, closingDocumentSchema } from '../buying/closing';
import { defineRoute, idParamsSchema, okSchema } from './route';

/** Refusals of a milestone's document upload, as application documents' (docs/product/application.md#documents). */
export const CLOSING_UPLOAD_CODES = [
  'offer_state',
  'empty_file',
  'file_too_large',
  'invalid_upload',
  'no_file',
  'too_many_files',
  'unsupported_file_type',
] as const;

/**
 * `/api/me/considered-homes` and `/api/me/offers`: the signed-in buyer's homes and offers, the 'Find' and
 * 'Offer' steps (docs/decisions/036-find-and-offer.md). Always the session's own: another buyer's
 * home or offer is 404.
 */
export const buyingApi = {
  homes: defineRoute({
    method: 'get',
    path: '/api/me/considered-homes',
    access: 'user',
    summary: "The buyer's considered homes, each with whether it fits their pre-approval and its monthly payment range; `approved` false before an approval",
    responses: { 200: { description: 'The homes and the terms they are measured by', schema: myHomesSchema } },
  }),
  addHome: defineRoute({
    method: 'post',
    path: '/api/me/considered-homes',
    access: 'user',
    codes: ['not_approved'],
    summary:
      'Adds a home the buyer considers: US address with state, listing link, list price, beds, baths, square feet, notes. Approved buyers only (409). Audited',
    body: consideredHomeSchema,
    responses: { 201: { description: 'The home with its fit', schema: consideredHomeItemSchema } },
    errors: [409],
  }),
  updateHome: defineRoute({
    method: 'put',
    path: '/api/me/considered-homes/{id}',
    access: 'user',
    codes: ['not_approved'],
    summary: "Edits one of the buyer's homes (the changed fields audited)",
    params: idParamsSchema,
    body: consideredHomeSchema,
    responses: { 200: { description: 'The home with its fit', schema: consideredHomeItemSchema } },
    errors: [409],
  }),
  removeHome: defineRoute({
    method: 'delete',
    path: '/api/me/considered-homes/{id}',
    access: 'user',
    summary: "Removes one of the buyer's homes; an offer made on it keeps its address. Audited",
    params: idParamsSchema,
    responses: { 200: { description: 'Removed', schema: okSchema } },
  }),
  makeOffer: defineRoute({
    method: 'post',
    path: '/api/me/considered-homes/{id}/offer',
    access: 'user',
    codes: ['not_approved', 'pre_approval_expired', 'offer_live'],
    summary:
      "'Make an offer' on one of the buyer's homes: a letter of intent (PDF generated, pending) and its offer. Refused: not approved or expired (409), a state not served or figures outside the approval (400 under the field), a live offer already (409)",
    params: idParamsSchema,
    body: offerSchema,
    responses: { 201: { description: 'The offer with its timeline', schema: offerItemSchema } },
    errors: [409],
  }),
  offers: defineRoute({
    method: 'get',
    path: '/api/me/offers',
    access: 'user',
    summary: "The buyer's offers, newest first, each with its timeline",
    responses: { 200: { description: 'The offers', schema: z.object({ offers: z.array(offerItemSchema) }) } },
  }),
  withdraw: defineRoute({
    method: 'post',
    path: '/api/me/offers/{id}/withdraw',
    access: 'user',
    codes: ['offer_state'],
    summary: 'Withdraws the offer, before the seller has answered (409 otherwise). Audited and mailed',
    params: idParamsSchema,
    responses: { 200: { description: 'The offer', schema: offerItemSchema } },
    errors: [409],
  }),
  uploadClosingDocument: defineRoute({
    method: 'post',
    path: '/api/me/closing-documents',
    access: 'user',
    codes: [...CLOSING_UPLOAD_CODES],
    summary:
      "Adds one document (an inspection report, an insurance binder…: PDF, JPEG or PNG by content, 25 MB at most) to a milestone of the buyer's accepted offer `?offer=&milestone=`; at most 10 a milestone. Audited. Another buyer's offer is 404",
    query: closingDocumentQuerySchema,
    form: z.object({}),
    responses: { 201: { description: 'The stored document', schema: closingDocumentSchema } },
    // 400 invalid_upload, no_file, empty_file; 404 another's offer; 409 offer_state / too_many_files; 413 file_too_large; 415 unsupported_file_type.
    errors: [404, 409, 413, 415, 429],
  }),
  closingDocument: defineRoute({
    method: 'get',
    path: '/api/me/closing-documents/{id}',
    access: 'user',
    summary: "One document of the buyer's closing checklist, as an attachment (audited; 404 for anyone else's)",
    params: idParamsSchema,
    responses: { 200: { description: 'The file', contentType: 'application/octet-stream' } },
    errors: [404],
  }),
  answerCounter: defineRoute({
    method: 'post',
    path: '/api/me/offers/{id}/counter',
    access: 'user',
    codes: ['offer_state', 'counter_expired'],
    summary: "Accepts or declines the seller's counter-offer before its answer-by time (409 counter_expired after). Audited and mailed",
    params: idParamsSchema,
    body: counterAnswerSchema,
    responses: { 200: { description: 'The offer', schema: offerItemSchema } },
    errors: [409],
  }),
};
