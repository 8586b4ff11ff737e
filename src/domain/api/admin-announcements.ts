import {
  announcementDetailSchema,
  announcementDraftSchema,
  announcementListSchema,
  announcementPageSchema,
  announcementPreviewSchema,
  announcementSchema,
} from '../admin/announcements';
import { defineRoute, idParamsSchema } from './route';

/** `/api/admin/announcements`: e-mail to the waitlist (docs/product/back-office.md#announcements). */
export const adminAnnouncementsApi = {
  list: defineRoute({
    method: 'get',
    path: '/api/admin/announcements',
    access: 'admin',
    summary: 'One page of announcements, newest first, with their progress',
    query: announcementListSchema,
    responses: { 200: { description: 'A page of announcements', schema: announcementPageSchema } },
  }),
  preview: defineRoute({
    method: 'post',
    path: '/api/admin/announcements/preview',
    access: 'admin',
    summary: 'The e-mail as a recipient gets it, and how many waitlist entries the filter matches now',
    body: announcementDraftSchema,
    responses: { 200: { description: 'The rendered e-mail and the recipient count', schema: announcementPreviewSchema } },
  }),
  send: defineRoute({
    method: 'post',
    path: '/api/admin/announcements',
    access: 'admin',
    codes: ['no_recipients'],
    summary: 'Records every waitlist entry of the filter as a recipient and starts sending (audited); 422 when nobody matches',
    body: announcementDraftSchema,
    responses: { 201: { description: 'The announcement, sending', schema: announcementSchema } },
    errors: [422],
  }),
  detail: defineRoute({
    method: 'get',
    path: '/api/admin/announcements/{id}',
    access: 'admin',
    summary: 'One announcement with its text and progress',
    params: idParamsSchema,
    responses: { 200: { description: 'The announcement', schema: announcementDetailSchema } },
  }),
  cancel: defineRoute({
    method: 'post',
    path: '/api/admin/announcements/{id}/cancel',
    access: 'admin',
    codes: ['not_sending'],
    summary: 'Stops an announcement that is sending: the recipients not reached yet get nothing (audited); 409 when it is not sending',
    params: idParamsSchema,
    responses: { 200: { description: 'The announcement, cancelled', schema: announcementSchema } },
    errors: [409],
  }),
};
