import { z } from 'zod';
import { waitlistRequestSchema } from '../domain/waitlist';
import { accountPaths, meSchema } from './openapi-accounts';
import { adminPaths } from './openapi-admin';
import { applicationPaths, applicationSchemas, deleteMeOperation } from './openapi-applications';

const errorSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string' },
        message: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
    },
  },
};

const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });

/** The API's OpenAPI document, built from the same zod schemas the routes validate with. */
export function openApiDocument(productName: string) {
  const accounts = accountPaths();
  return {
    openapi: '3.1.0',
    info: { title: `${productName} API`, version: '1' },
    components: {
      schemas: {
        Error: errorSchema,
        WaitlistSubmission: z.toJSONSchema(waitlistRequestSchema, { io: 'input', unrepresentable: 'any' }),
        Me: meSchema,
        ...applicationSchemas(),
      },
    },
    paths: {
      ...accounts,
      '/api/me': { ...accounts['/api/me'], delete: deleteMeOperation },
      ...applicationPaths(),
      ...adminPaths(),
      '/api/health': {
        get: {
          summary: 'Checks that the server and its database answer',
          responses: { 200: { description: 'Healthy' }, 503: errorResponse('Database unreachable') },
        },
      },
      '/api/waitlist': {
        post: {
          summary: 'Joins the waitlist (one entry per e-mail address; a repeat updates it)',
          requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/WaitlistSubmission' } } } },
          responses: {
            200: { description: 'Accepted', content: { 'application/json': { schema: { type: 'object', properties: { status: { const: 'success' } } } } } },
            400: errorResponse('A field is missing or invalid; `fields` names each one'),
            429: errorResponse('Too many submissions from this address'),
          },
        },
      },
    },
  };
}
