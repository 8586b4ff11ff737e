import { z } from 'zod';
import { DOCUMENT_CONTENT_TYPES } from '../application';
import { attachmentMessageSchema, messageSchema } from '../application/messages';
import { safeString } from '../safe-text';
import { defineRoute, idParamsSchema } from './route';

/**
 * A message with a file (docs/decisions/041-withdrawal-and-change-requests.md): PDF, JPEG or PNG, checked by its
 * content, at most 25 MB, stored like a document (docs/product/application.md#documents), in the `file` part of a
 * multipart/form-data body with an optional `body` text. Downloaded by the conversation's owner and by staff.
 */
const UPLOAD_CODES = ['empty_file', 'file_too_large', 'invalid_upload', 'no_file', 'unsupported_file_type'] as const;

export const messageAttachmentsApi = {
  send: defineRoute({
    method: 'post',
    path: '/api/messages/attachment',
    access: 'user',
    codes: [...UPLOAD_CODES, 'no_application'],
    summary: 'Sends a message with a file (PDF, JPEG or PNG by content, ≤ 25 MB) to our staff; rate limited; audited without its text',
    form: attachmentMessageSchema,
    responses: { 201: { description: 'The message as stored', schema: messageSchema } },
    // 400 invalid_upload, no_file, empty_file, validation_failed; 404 no application; 413 file_too_large; 415 unsupported_file_type.
    errors: [404, 413, 415, 429],
  }),
  sendAsStaff: defineRoute({
    method: 'post',
    path: '/api/admin/message-attachments',
    access: 'admin',
    codes: [...UPLOAD_CODES],
    summary: "Sends a message with a file to an application's applicant (`?application=`); rate limited; audited without its text",
    query: z.object({ application: safeString({ error: 'Name the application.' }).uuid('Name the application by its id.') }),
    form: attachmentMessageSchema,
    responses: { 201: { description: 'The message as stored', schema: messageSchema } },
    errors: [404, 413, 415, 429],
  }),
  download: defineRoute({
    method: 'get',
    path: '/api/messages/{id}/attachment',
    access: 'user',
    summary:
      "Downloads a message's file as an attachment (the conversation's owner, or an admin whose session passed two-factor); audited. Anyone else's is 404",
    params: idParamsSchema,
    responses: { 200: { description: 'The file, with the type its content has', contentType: DOCUMENT_CONTENT_TYPES } },
    errors: [404],
  }),
};

/** Paths of the two uploads, exempt from the API's 64 KB JSON body limit (src/server/api.ts): they enforce their own 25 MB. */
export const MESSAGE_UPLOAD_PATHS = [messageAttachmentsApi.send.path, messageAttachmentsApi.sendAsStaff.path] as const;
