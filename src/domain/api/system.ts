import { z } from 'zod';
import { safeString } from '../safe-text';
import { defineRoute } from './route';

/** The server's own routes: its health and this API's description. */
export const systemApi = {
  health: defineRoute({
    method: 'get',
    path: '/api/health',
    access: 'public',
    summary: 'Checks that the server and its database answer',
    responses: { 200: { description: 'Healthy', schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } },
    errors: [503],
  }),
  openapi: defineRoute({
    method: 'get',
    path: '/api/openapi.json',
    access: 'public',
    summary: 'This document: every route of the API, generated from the schemas the routes validate with',
    responses: {
      200: { description: 'An OpenAPI 3.1 document', schema: z.looseObject({ openapi: safeString(), paths: z.record(safeString(), z.looseObject({})) }) },
    },
  }),
  mailOutboxMessage: defineRoute({
    method: 'get',
    path: '/api/mail-outbox/{id}',
    access: 'public',
    summary: "Without SMTP: shows a message kept in the outbox; the server log names this address with the message's key",
    params: z.object({ id: z.coerce.number().int().positive() }),
    query: z.object({ key: safeString().max(64) }),
    responses: { 200: { description: 'The message as an HTML page: to, subject, its text with working links, its own link first' } },
  }),
};
