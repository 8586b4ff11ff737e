import { z } from 'zod';
import { applicationListParamsSchema, notesChangeSchema, statusChangeSchema } from '../domain/admin/applications';
import { letterListSchema, letterSchema } from '../domain/admin/letters';

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as { properties?: Record<string, object> };
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: ref('Error') } } });

/** A list's query string as OpenAPI parameters, from the zod schema the route validates with. */
function queryParameters(schema: z.ZodType) {
  return Object.entries(jsonSchema(schema).properties ?? {}).map(([name, property]) => ({ name, in: 'query', required: false, schema: property }));
}

const jsonBody = (schema: z.ZodType) => ({ required: true, content: { 'application/json': { schema: jsonSchema(schema) } } });

interface AdminOperation {
  summary: string;
  query?: z.ZodType;
  body?: z.ZodType;
  /** multipart/form-data with these fields plus an optional `file`. */
  multipart?: z.ZodType;
  /** What a success answers, when not JSON. */
  produces?: 'text/csv' | 'application/pdf';
}

/**
 * The `/api/admin/*` routes not yet declared in src/domain/api, keyed `METHOD /path`
 * (issue 11, 1: they move there area by area, and this table goes). The test of the
 * whole document (src/server/openapi.test.ts) checks every registered route is described.
 */
export const ADMIN_OPERATIONS: Record<string, AdminOperation> = {
  'GET /applications': {
    summary: 'One page of submitted applications: search by name, e-mail or ID, status and date filters, sort',
    query: applicationListParamsSchema,
  },
  'GET /applications/export': { summary: 'CSV of the filtered applications (streamed; audited)', query: applicationListParamsSchema, produces: 'text/csv' },
  'GET /applications/{id}': { summary: 'One application for the review dialog, with its documents' },
  'PATCH /applications/{id}/status': {
    summary: 'Sets the status (any to any), stamps reviewed_at, audits, e-mails the applicant for approved / declined / missing_info',
    body: statusChangeSchema,
  },
  'PATCH /applications/{id}/notes': { summary: 'Saves the admin notes (audited)', body: notesChangeSchema },
  'GET /letters': { summary: 'One page of letters of intent', query: letterListSchema },
  'GET /letters/export': { summary: 'CSV of the filtered letters (streamed; audited)', query: letterListSchema, produces: 'text/csv' },
  'POST /letters': { summary: 'Adds a letter of intent with an optional PDF (checked by content, 25 MB max)', multipart: letterSchema },
  'GET /letters/{id}/pdf': { summary: "Downloads the letter's PDF as first-last-letter-of-intent.pdf (audited)", produces: 'application/pdf' },
  'DELETE /letters/{id}': { summary: 'Deletes a letter and its PDF' },
};

/** The admin paths for the OpenAPI document. */
export function adminPaths() {
  const paths: Record<string, Record<string, object>> = {};
  for (const [key, operation] of Object.entries(ADMIN_OPERATIONS)) {
    const [method, path] = key.split(' ') as [string, string];
    const parameters = [
      ...(path.includes('{id}') ? [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] : []),
      ...(operation.query ? queryParameters(operation.query) : []),
    ];
    const success = operation.produces
      ? { description: 'The file, as an attachment', content: { [operation.produces]: { schema: { type: 'string', format: 'binary' } } } }
      : { description: 'OK (JSON)' };
    paths[`/api/admin${path}`] ??= {};
    paths[`/api/admin${path}`]![method.toLowerCase()] = {
      tags: ['admin'],
      summary: operation.summary,
      ...(parameters.length ? { parameters } : {}),
      ...(operation.body ? { requestBody: jsonBody(operation.body) } : {}),
      ...(operation.multipart
        ? {
            requestBody: {
              required: true,
              content: {
                'multipart/form-data': {
                  schema: {
                    ...jsonSchema(operation.multipart),
                    properties: { ...jsonSchema(operation.multipart).properties, file: { type: 'string', format: 'binary' } },
                  },
                },
              },
            },
          }
        : {}),
      responses: {
        [method === 'POST' ? 201 : 200]: success,
        400: errorResponse('A parameter or field is invalid; `fields` names each one'),
        401: errorResponse('unauthenticated'),
        403: errorResponse('forbidden, or two_factor_required'),
        ...(path.includes('{id}') ? { 404: errorResponse('not_found') } : {}),
      },
    };
  }
  return paths;
}
