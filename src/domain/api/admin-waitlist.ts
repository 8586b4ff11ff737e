import { pageSchema } from '../admin/lists';
import { addApplicantSchema, waitlistApplicantDetailSchema, waitlistApplicantSchema, waitlistListParamsSchema } from '../admin/waitlist';
import { defineRoute, idParamsSchema, okSchema } from './route';

/** `/api/admin/waitlist`: public submissions and staff-added applicants in one list (docs/product/back-office.md#waitlist). */
export const adminWaitlistApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/waitlist',
    access: 'admin',
    summary: 'One page of waitlist applicants, public and admin-added',
    query: waitlistListParamsSchema,
    responses: { 200: { description: 'A page of applicants', schema: pageSchema(waitlistApplicantSchema) } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/waitlist/export',
    access: 'admin',
    summary: 'CSV of the filtered waitlist (streamed; audited)',
    query: waitlistListParamsSchema,
    responses: { 200: { description: 'The CSV of every entry matching the filter, with every stored field', contentType: 'text/csv' } },
  }),
  detail: defineRoute({
    method: 'get',
    path: '/api/admin/waitlist/{id}',
    access: 'admin',
    summary: 'Every stored field of one waitlist entry',
    params: idParamsSchema,
    responses: { 200: { description: 'The entry, with the labels of its coded values', schema: waitlistApplicantDetailSchema } },
  }),
  add: defineRoute({
    method: 'post',
    path: '/api/admin/waitlist',
    access: 'admin',
    codes: ['email_taken'],
    summary: 'Adds an applicant to the waitlist; 409 when the e-mail is listed',
    body: addApplicantSchema,
    responses: { 201: { description: 'The entry as stored', schema: waitlistApplicantDetailSchema } },
    errors: [409],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/admin/waitlist/{id}',
    access: 'admin',
    summary: 'Removes a waitlist entry',
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: okSchema } },
  }),
};
