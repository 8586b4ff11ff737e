import { auditListSchema, auditPageSchema } from '../admin/audit-query';
import { defineRoute } from './route';

/** `/api/admin/audit`: the log of every admin change, sign-in, export and download (docs/product/back-office.md#audit-log). */
export const adminAuditApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/audit',
    access: 'admin',
    summary: 'One page of the audit log, newest first: entity, action, range or dates',
    query: auditListSchema,
    responses: { 200: { description: 'A page of entries', schema: auditPageSchema } },
  }),
  export: defineRoute({
    method: 'get',
    path: '/api/admin/audit/export',
    access: 'admin',
    summary: 'CSV of the filtered audit log (streamed; the export is audited too)',
    query: auditListSchema,
    responses: { 200: { description: 'The CSV, as an attachment', contentType: 'text/csv' } },
  }),
};
