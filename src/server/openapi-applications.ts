import { z } from 'zod';
import { APPLICATION_STATUSES, DASHBOARD_STATUSES, DOCUMENT_CONTENT_TYPES, DOCUMENT_TYPES } from '../domain/application';
import { saveDraftBodySchema } from './applications/save-draft';

const json = (schema: object) => ({ 'application/json': { schema } });
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorResponse = (description: string) => ({ description, content: json(ref('Error')) });
const nullableTime = { type: ['string', 'null'], format: 'date-time' };
const str = { type: 'string' };

/** Schemas of the application endpoints (issue 5), for components.schemas. */
export function applicationSchemas() {
  const document = {
    type: 'object',
    properties: {
      id: { type: 'string', format: 'uuid' },
      type: { enum: DOCUMENT_TYPES },
      title: str,
      originalName: str,
      contentType: { enum: DOCUMENT_CONTENT_TYPES },
      sizeBytes: { type: 'integer' },
      createdAt: { type: 'string', format: 'date-time' },
      url: { type: 'string', description: 'GET it to download (attachment)' },
    },
  };
  const stepProblems = {
    type: 'array',
    items: {
      type: 'object',
      properties: { stepIndex: { type: 'integer' }, stepId: str, stepTitle: str, fields: { type: 'object', additionalProperties: str } },
    },
  };
  return {
    ApplicationDraft: z.toJSONSchema(saveDraftBodySchema, { io: 'input', unrepresentable: 'any' }),
    Document: document,
    StepProblems: stepProblems,
    Application: {
      type: 'object',
      properties: {
        id: { type: ['string', 'null'], format: 'uuid', description: 'null until something is saved' },
        status: { enum: APPLICATION_STATUSES },
        editable: { type: 'boolean', description: 'false once submitted: PUT answers 409' },
        version: { type: 'integer', description: '0 before the first save; send it back with PUT to detect edits elsewhere' },
        draft: { type: 'object', description: 'as saved, without personal.ssnLast4 and personal.dateOfBirth; consents.consentedAt from the server' },
        sensitive: {
          type: 'object',
          properties: { ssnLast4: { type: ['string', 'null'], examples: ['•••• 1234'] }, dateOfBirth: { type: ['string', 'null'], examples: ['••/••/1990'] } },
        },
        documents: { type: 'array', items: ref('Document') },
        requiredDocuments: { type: 'array', items: { enum: DOCUMENT_TYPES } },
        missing: ref('StepProblems'),
        consentedAt: nullableTime,
        certifiedAt: nullableTime,
        submittedAt: nullableTime,
        reviewedAt: nullableTime,
        createdAt: nullableTime,
        updatedAt: nullableTime,
      },
    },
    MeStatus: {
      type: 'object',
      properties: {
        dashboardStatus: { enum: DASHBOARD_STATUSES },
        hasHome: { type: 'boolean' },
        hasSubmittedApplication: { type: 'boolean' },
        isApproved: { type: 'boolean' },
        role: str,
        emailVerified: { type: 'boolean' },
        application: {
          type: ['object', 'null'],
          properties: { id: str, status: { enum: APPLICATION_STATUSES }, submittedAt: nullableTime, reviewedAt: nullableTime, updatedAt: nullableTime },
        },
      },
    },
  };
}

/** The signed-in user's application, documents and own data. */
export function applicationPaths() {
  const unauthenticated = { 401: errorResponse('unauthenticated') };
  const application = (description: string) => ({ description, content: json(ref('Application')) });
  return {
    '/api/application': {
      get: {
        tags: ['application'],
        summary: "The user's active application, or a fresh draft (id null) pre-filled from the account",
        responses: { 200: application('Application'), ...unauthenticated },
      },
      put: {
        tags: ['application'],
        summary: 'Saves the whole draft. personal.ssnLast4 / dateOfBirth: absent keeps the stored value, "" or null clears it',
        requestBody: { required: true, content: json(ref('ApplicationDraft')) },
        responses: {
          200: application('Saved'),
          400: errorResponse('validation_failed (`fields` by dotted path) or invalid_json'),
          409: errorResponse('application_submitted, or version_conflict (`currentVersion`)'),
          413: errorResponse('payload_too_large (over 64 KB)'),
          429: errorResponse('rate_limited'),
          ...unauthenticated,
        },
      },
    },
    '/api/application/submit': {
      post: {
        tags: ['application'],
        summary: 'Submits: status submitted, role guest → applicant, confirmation e-mail',
        responses: {
          200: application('Submitted'),
          400: { description: 'application_incomplete: `steps` (StepProblems) and `fields` name what is missing', content: json(ref('Error')) },
          403: errorResponse('email_not_verified'),
          409: errorResponse('application_submitted'),
          429: errorResponse('rate_limited'),
          ...unauthenticated,
        },
      },
    },
    '/api/application/documents': {
      post: {
        tags: ['application'],
        summary: 'Uploads one document (multipart/form-data, the first file is taken); replaces the earlier one of its type. Allowed after submission',
        parameters: [{ name: 'type', in: 'query', required: true, schema: { enum: DOCUMENT_TYPES } }],
        requestBody: {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } } },
        },
        responses: {
          201: { description: 'Stored', content: json(ref('Document')) },
          400: errorResponse('invalid_document_type, invalid_upload, no_file or empty_file'),
          413: errorResponse('file_too_large (over 25 MB)'),
          415: errorResponse('unsupported_file_type (not PDF, JPEG or PNG by content)'),
          429: errorResponse('rate_limited'),
          ...unauthenticated,
        },
      },
    },
    '/api/documents/{id}': {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } }],
      get: {
        tags: ['application'],
        summary: 'Downloads a document (owner, or an admin with two-factor) as an attachment',
        responses: {
          200: { description: 'The file', content: { 'application/pdf': {}, 'image/jpeg': {}, 'image/png': {} } },
          404: errorResponse('not_found (also for another user’s document)'),
          ...unauthenticated,
        },
      },
      delete: {
        tags: ['application'],
        summary: "Removes a document of the owner's draft",
        responses: {
          200: { description: '`{ deleted: true }`' },
          404: errorResponse('not_found'),
          409: errorResponse('application_submitted'),
          ...unauthenticated,
        },
      },
    },
    '/api/me/status': {
      get: {
        tags: ['accounts'],
        summary: "The dashboard's status of the user",
        responses: { 200: { description: 'Status', content: json(ref('MeStatus')) }, ...unauthenticated },
      },
    },
    '/api/me/export': {
      get: {
        tags: ['accounts'],
        summary: 'Everything stored about the user, as a JSON file (attachment)',
        responses: { 200: { description: 'JSON file' }, ...unauthenticated },
      },
    },
  };
}
