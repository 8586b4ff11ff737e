import { z } from 'zod';
import {
  notificationChangeSchema,
  notificationKindSchema,
  notificationSettingSchema,
  notificationSettingsSchema,
  unsubscribeQuerySchema,
} from '../notifications';
import { defineRoute } from './route';

/**
 * Notification and reminder e-mail: the account page's switches and the one-click
 * unsubscribe of every such e-mail (docs/product/accounts.md#e-mail-notifications;
 * RFC 8058; docs/decisions/021-requests-and-messages.md 'Notification preferences').
 * The unsubscribe routes need no session: the sealed token in the link is the authority.
 */
export const notificationsApi = {
  settings: defineRoute({
    method: 'get',
    path: '/api/me/notifications',
    access: 'user',
    summary: "The kinds of notification and reminder e-mail that can reach the signed-in user's address, each on or off",
    responses: { 200: { description: 'The switches', schema: notificationSettingsSchema } },
  }),
  change: defineRoute({
    method: 'put',
    path: '/api/me/notifications/{kind}',
    access: 'user',
    summary: 'Turns one kind on or off for the signed-in user (audited)',
    params: z.object({ kind: notificationKindSchema }),
    body: notificationChangeSchema,
    responses: { 200: { description: 'The switches after the change', schema: notificationSettingsSchema } },
  }),
  unsubscribeState: defineRoute({
    method: 'get',
    path: '/api/unsubscribe',
    access: 'public',
    codes: ['invalid_link'],
    summary: 'What an unsubscribe link is about (the kind and whether it is on); changes nothing. 404 for a link we did not make',
    query: unsubscribeQuerySchema,
    responses: { 200: { description: 'The kind and its state', schema: notificationSettingSchema } },
    // 404: a link we did not make; 429: too many uses of links from one IP (counted before the token is opened).
    errors: [404, 429],
  }),
  oneClick: defineRoute({
    method: 'post',
    path: '/api/unsubscribe',
    access: 'public',
    codes: ['invalid_link'],
    summary:
      "RFC 8058 one-click unsubscribe, the List-Unsubscribe header's URL: turns the link's kind off for its address (idempotent, audited). A mail client's POST comes from no page of ours with `List-Unsubscribe=One-Click` as a form body, which is ignored: the sealed token is the authority",
    query: unsubscribeQuerySchema,
    oneClick: true,
    responses: { 200: { description: 'The kind, now off', schema: notificationSettingSchema } },
    // 404: a link we did not make; 429: too many uses of links from one IP (counted before the token is opened).
    errors: [404, 429],
  }),
  resubscribe: defineRoute({
    method: 'put',
    path: '/api/unsubscribe',
    access: 'public',
    codes: ['invalid_link'],
    summary: "The unsubscribe page's 'Turn it back on' (or off again): sets the link's kind for its address (audited)",
    query: unsubscribeQuerySchema,
    body: notificationChangeSchema,
    responses: { 200: { description: 'The kind and its state', schema: notificationSettingSchema } },
    // 404: a link we did not make; 429: too many uses of links from one IP (counted before the token is opened).
    errors: [404, 429],
  }),
};
