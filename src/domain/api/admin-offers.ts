import { pageSchema } from '../admin/lists';
import { z } from 'zod';
import { buyingApi, CLOSING_UPLOAD_CODES } from './buying';
import {
  closingDocumentQuerySchema,
  closingDocumentSchema,
  closingSchema,
  milestoneKindParamsSchema,
  milestoneUpdateSchema,
  pipelineBuyerSchema,
  pipelineListSchema,
  pipelineSchema,
} from '../buying/closing';
import { adminOfferItemSchema, offerItemSchema, offerListSchema, offerMoveSchema } from '../buying/offers';
import { defineRoute, idParamsSchema } from './route';

/** `/api/admin/offers`: buyers' offers and staff's moves on them (docs/product/back-office.md#offers). */
export const adminOffersApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/offers',
    access: 'admin',
    summary: 'One page of offers: search by buyer name, e-mail, address or ID, status (live by default), sort',
    query: offerListSchema,
    responses: { 200: { description: 'A page of offers', schema: pageSchema(adminOfferItemSchema) } },
  }),
  pipeline: defineRoute({
    method: 'get',
    path: '/api/admin/offers/pipeline',
    access: 'admin',
    summary:
      'How many approved buyers stand in each stage: approved, searching (homes listed), offer (a live offer), under contract (accepted), closing (the closing milestone started), homeowner (a home recorded)',
    responses: { 200: { description: 'The counts by stage', schema: pipelineSchema } },
  }),
  pipelineBuyers: defineRoute({
    method: 'get',
    path: '/api/admin/pipeline',
    access: 'admin',
    summary:
      'One page of the buyers in one stage of the pipeline (approved by default): the day each entered it and the days since, their live offer or home; search by name, e-mail or application ID; sort by days in the stage (most first) or name',
    query: pipelineListSchema,
    responses: { 200: { description: 'A page of buyers', schema: pageSchema(pipelineBuyerSchema) } },
  }),
  move: defineRoute({
    method: 'post',
    path: '/api/admin/offers/{id}/status',
    access: 'admin',
    codes: ['offer_state'],
    summary:
      'Marks the offer submitted (from draft), countered (a counter price and an answer-by time within 30 days), accepted or rejected (from submitted or countered); 409 otherwise. Audited, mailed to the buyer, on their timeline',
    params: idParamsSchema,
    body: offerMoveSchema,
    responses: { 200: { description: 'The offer', schema: offerItemSchema } },
    errors: [409],
  }),
  closing: defineRoute({
    method: 'get',
    path: '/api/admin/offers/{id}/closing',
    access: 'admin',
    codes: ['offer_state'],
    summary:
      "The closing checklist of an accepted offer (docs/decisions/042-closing.md): the agreed price, whether the appraisal came in below it, each milestone's state, owner and due date; 409 before the offer is accepted",
    params: idParamsSchema,
    responses: { 200: { description: 'The checklist', schema: closingSchema } },
    errors: [409],
  }),
  uploadClosingDocument: defineRoute({
    method: 'post',
    path: '/api/admin/closing-documents',
    access: 'admin',
    codes: [...CLOSING_UPLOAD_CODES],
    summary:
      'Adds one document (an inspection report, an appraisal, a title commitment…: PDF, JPEG or PNG by content, 25 MB at most) to a milestone of an accepted offer `?offer=&milestone=`; at most 10 a milestone. Audited; the buyer sees it on their checklist',
    query: closingDocumentQuerySchema,
    form: z.object({}),
    responses: { 201: { description: 'The stored document', schema: closingDocumentSchema } },
    errors: [404, 409, 413, 415, 429],
  }),
  closingDocument: defineRoute({
    method: 'get',
    path: '/api/admin/closing-documents/{id}',
    access: 'admin',
    summary: "One document of an offer's closing checklist, as an attachment (audited)",
    params: idParamsSchema,
    responses: { 200: { description: 'The file', contentType: 'application/octet-stream' } },
    errors: [404],
  }),
  updateMilestone: defineRoute({
    method: 'put',
    path: '/api/admin/offers/{id}/closing/{kind}',
    access: 'admin',
    codes: ['offer_state'],
    summary:
      "Updates one milestone: state, owner (buyer or staff), due date (not before the offer: 400 under dueOn), the inspection's findings, the appraisal's value (below the agreed price flags the offer). Audited; a milestone done is on the buyer's timeline and mailed",
    params: milestoneKindParamsSchema,
    body: milestoneUpdateSchema,
    responses: { 200: { description: 'The checklist', schema: closingSchema } },
    errors: [409],
  }),
};

/** Paths of the two milestone document uploads, exempt from the API's 64 KB JSON body limit (src/server/api.ts): they enforce their own 25 MB. */
export const CLOSING_UPLOAD_PATHS = [buyingApi.uploadClosingDocument.path, adminOffersApi.uploadClosingDocument.path] as const;
