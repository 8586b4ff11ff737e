import { z } from 'zod';
import { messageSchema, newMessageSchema } from '../application/messages';
import { safeString } from '../safe-text';
import { defineRoute, idParamsSchema, okSchema } from './route';

/**
 * Messages: one conversation per application between its owner and our staff
 * (docs/product/application.md#conversation, docs/decisions/021-requests-and-messages.md).
 * The buyer's routes work on their own application (no id to guess); staff name the
 * application. A message id from another user's conversation answers 404.
 */

/** `?before=` the oldest message shown: the page of messages sent before it. */
export const conversationQuerySchema = z.object({
  before: safeString().uuid('Not a message id.').optional(),
});

/** Read up to (and including) this message: the newest one on screen. */
export const readUpToSchema = z.object({
  upTo: safeString({ error: 'Name the newest message seen.' }).uuid('Not a message id.'),
});

/** Unread for the viewer: the other side's messages not deleted, after the viewer's marker, counted up to 100. */
export const unreadSchema = z.object({ unread: z.number().int().min(0) });
export type Unread = z.output<typeof unreadSchema>;

/** One page of a conversation, oldest first (newest at the bottom). */
export const conversationSchema = z.object({
  /** Null when the buyer has no application yet (nothing to talk about). */
  applicationId: safeString().nullable(),
  messages: z.array(messageSchema),
  /** Pass as `before` for the older page; null when this page reaches the first message. */
  olderCursor: safeString().nullable(),
  unread: z.number().int().min(0),
  /** The home bought through the application: a homeowner's conversation is about it too (docs/product/application.md#conversation). */
  home: z.object({ id: safeString(), address: safeString() }).nullable(),
});
export type Conversation = z.output<typeof conversationSchema>;

/** The buyer's side: their own application's conversation. */
export const messagesApi = {
  conversation: defineRoute({
    method: 'get',
    path: '/api/messages',
    access: 'user',
    summary: "The signed-in user's conversation with our staff: the newest 50 messages, or the 50 before `before`",
    query: conversationQuerySchema,
    responses: { 200: { description: 'A page of the conversation, oldest first', schema: conversationSchema } },
    errors: [404],
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/messages',
    access: 'user',
    codes: ['no_application'],
    summary: 'Sends a message to our staff about the application (plain text, ≤ 5,000 characters; rate limited); audited without its text',
    body: newMessageSchema,
    responses: { 201: { description: 'The message as stored', schema: messageSchema } },
    // 404 no application yet; 429 too many messages.
    errors: [404, 429],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/messages/{id}',
    access: 'user',
    codes: ['already_deleted', 'not_yours', 'too_late'],
    summary: 'Deletes one of your own messages within 5 minutes of sending it (it shows as "Message deleted"); audited',
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: okSchema } },
    // 404 not in your conversation; 409 not yours, too late or already deleted.
    errors: [404, 409],
  }),
  read: defineRoute({
    method: 'post',
    path: '/api/messages/read',
    access: 'user',
    summary: 'Marks the conversation read up to a message (the newest one seen)',
    body: readUpToSchema,
    responses: { 200: { description: 'What is still unread', schema: unreadSchema } },
    errors: [404],
  }),
  unread: defineRoute({
    method: 'get',
    path: '/api/messages/unread',
    access: 'user',
    summary: "Our staff's messages the signed-in user has not seen (up to 100), for the bottom navigation's badge",
    responses: { 200: { description: 'The unread count', schema: unreadSchema } },
  }),
};

/** Staff's side: any application's conversation (staff share one read marker). */
export const adminMessagesApi = {
  conversation: defineRoute({
    method: 'get',
    path: '/api/admin/applications/{id}/messages',
    access: 'admin',
    summary: "An application's conversation with its applicant: the newest 50 messages, or the 50 before `before`",
    params: idParamsSchema,
    query: conversationQuerySchema,
    responses: { 200: { description: 'A page of the conversation, oldest first', schema: conversationSchema } },
    errors: [404],
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/admin/applications/{id}/messages',
    access: 'admin',
    summary: 'Sends a message to the applicant (plain text, ≤ 5,000 characters; rate limited); audited without its text',
    params: idParamsSchema,
    body: newMessageSchema,
    responses: { 201: { description: 'The message as stored', schema: messageSchema } },
    errors: [404, 429],
  }),
  delete: defineRoute({
    method: 'delete',
    path: '/api/admin/messages/{id}',
    access: 'admin',
    summary: 'Deletes one of your own messages within 5 minutes of sending it; audited',
    params: idParamsSchema,
    responses: { 200: { description: 'Deleted', schema: okSchema } },
    errors: [404, 409],
  }),
  read: defineRoute({
    method: 'post',
    path: '/api/admin/applications/{id}/messages/read',
    access: 'admin',
    summary: "Marks the application's conversation read for staff up to a message",
    params: idParamsSchema,
    body: readUpToSchema,
    responses: { 200: { description: 'What is still unread for staff', schema: unreadSchema } },
    errors: [404],
  }),
};
