import { z } from 'zod';
import { statementListSchema } from '../homes/statements';
import { safeString } from '../safe-text';
import { defineRoute, idParamsSchema } from './route';

/**
 * Monthly statements (docs/product/dashboard.md#home-page): the homeowner's own, found from the session (never
 * from an id alone: another home's statement is 404), and a home's in the back office
 * (downloads audited). Each a PDF (src/server/modules/homes/statements.ts).
 */

const homeStatementParamsSchema = z.object({ id: safeString().uuid(), statementId: safeString().uuid() });

export const homeStatementsApi = {
  mine: defineRoute({
    method: 'get',
    path: '/api/me/home/statements',
    access: 'homeowner',
    codes: ['no_home'],
    summary: "The signed-in homeowner's monthly statements, newest first (an empty list for an admin without a home)",
    responses: { 200: { description: 'The statements', schema: statementListSchema } },
  }),
  myDownload: defineRoute({
    method: 'get',
    path: '/api/me/home/statements/{id}',
    access: 'homeowner',
    codes: ['no_home'],
    summary: "Downloads one of the signed-in homeowner's statements as statement-YYYY-MM.pdf",
    params: idParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  }),
  adminList: defineRoute({
    method: 'get',
    path: '/api/admin/homes/{id}/statements',
    access: 'admin',
    summary: "A home's monthly statements, newest first",
    params: idParamsSchema,
    responses: { 200: { description: 'The statements', schema: statementListSchema } },
  }),
  adminDownload: defineRoute({
    method: 'get',
    path: '/api/admin/homes/{id}/statements/{statementId}',
    access: 'admin',
    summary: "Downloads one of a home's statements as statement-YYYY-MM.pdf (audited)",
    params: homeStatementParamsSchema,
    responses: { 200: { description: 'The PDF, as an attachment', contentType: 'application/pdf' } },
  }),
};
