import { z } from 'zod';
import {
  applicationDocumentSchema,
  applicationViewSchema,
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_TYPES,
  saveDraftBodySchema,
  STORED_DOCUMENT_TYPES,
} from '../application';
import { safeString } from '../safe-text';
import { defineRoute, idParamsSchema, okSchema } from './route';

/** `?type=` of an upload: which of the four documents the file is. */
export const uploadQuerySchema = z.object({
  /** 'other' only with `request`: a file answering a request for an Other document. */
  type: z.enum(STORED_DOCUMENT_TYPES, { error: `Say which document this is: one of ${DOCUMENT_TYPES.join(', ')}.` }),
  /** After submission: the document request this file answers (the To do page; docs/decisions/021-requests-and-messages.md). */
  request: safeString().uuid('Name the request by its id.').optional(),
});

/**
 * `/api/application`: the signed-in user's own home application (docs/product/application.md).
 * Every route works on the caller's application only: there is no id to guess.
 */
export const applicationApi = {
  get: defineRoute({
    method: 'get',
    path: '/api/application',
    access: 'user',
    summary: "The user's active application, or a fresh draft (id null) pre-filled from the account",
    responses: { 200: { description: 'The application', schema: applicationViewSchema } },
  }),
  save: defineRoute({
    method: 'put',
    path: '/api/application',
    access: 'user',
    codes: ['application_submitted', 'version_conflict'],
    summary: 'Saves the whole draft. personal.ssnLast4 / dateOfBirth: absent keeps the stored value, "" or null clears it',
    body: saveDraftBodySchema,
    responses: { 200: { description: 'The application as saved', schema: applicationViewSchema } },
    // 409: application_submitted, or version_conflict (with `currentVersion`); 413: over 64 KB.
    errors: [409, 413, 429],
  }),
  submit: defineRoute({
    method: 'post',
    path: '/api/application/submit',
    access: 'user',
    codes: ['application_incomplete', 'application_submitted', 'email_not_verified'],
    summary: 'Submits: status submitted, role guest → applicant, a confirmation e-mail',
    responses: { 200: { description: 'The application as submitted', schema: applicationViewSchema } },
    // 400 application_incomplete (`steps` and `fields` name what is missing); 403 email_not_verified; 409 application_submitted.
    errors: [400, 409, 429],
  }),
  uploadDocument: defineRoute({
    method: 'post',
    path: '/api/application/documents',
    access: 'user',
    codes: ['empty_file', 'file_too_large', 'invalid_upload', 'no_file', 'request_kind', 'too_many_files', 'unsupported_file_type'],
    summary:
      'Uploads one file of a document (multipart/form-data; the first file is taken). A draft: one more file of its type. After submission: a new version of the latest file of its type, or with `request` one more file answering that document request; audited. At most 10 current files per type',
    query: uploadQuerySchema,
    // No text fields: the file alone, in its `file` part, streamed to storage (never buffered whole).
    form: z.object({}),
    responses: { 201: { description: 'The stored document', schema: applicationDocumentSchema } },
    // 400 invalid_upload, no_file, empty_file; 404 an unknown request; 409 request_state / request_kind / too_many_files; 413 file_too_large (25 MB); 415 unsupported_file_type (not PDF, JPEG or PNG by content).
    errors: [404, 409, 413, 415, 429],
  }),
};

/** `/api/documents/{id}`: a document of the user's application (docs/product/application.md#documents). */
export const documentsApi = {
  download: defineRoute({
    method: 'get',
    path: '/api/documents/{id}',
    access: 'user',
    summary: "Downloads a document as an attachment (its owner, or an admin whose session passed two-factor); audited. Another user's is 404",
    params: idParamsSchema,
    responses: { 200: { description: 'The file, with the type its content has', contentType: DOCUMENT_CONTENT_TYPES } },
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/documents/{id}',
    access: 'user',
    codes: ['application_submitted'],
    summary: "Removes one file of the owner's draft (its type's other files stay); refused once submitted",
    params: idParamsSchema,
    responses: { 200: { description: 'Removed', schema: okSchema } },
    // 409 application_submitted.
    errors: [409],
  }),
};
