import {
  cancelNoticeSchema,
  completeNoticeSchema,
  declineChangeSchema,
  homeChangesSchema,
  noticeRequestSchema,
  noticeSchema,
  paymentChangeRequestSchema,
  paymentChangeSchema,
  pendingHomeChangesSchema,
  scheduleNoticeSchema,
} from '../homes/changes';
import { defineRoute, idParamsSchema, okSchema } from './route';

/**
 * A homeowner's payment changes and 60-day notices (docs/product/dashboard.md#what-comes-with-a-home; src/domain/homes/changes.ts).
 * The homeowner's routes resolve the home from the session, never from an id in the URL;
 * staff's are admin-only behind two-factor and audited.
 */
export const homeChangesApi = {
  mine: defineRoute({
    method: 'get',
    path: '/api/me/home/changes',
    access: 'homeowner',
    codes: ['no_home'],
    summary:
      "The signed-in homeowner's payment changes and notices, with what the slider and the notice form need (agreement, current payment, accessible equity, earliest notice date). 404 without a home",
    responses: { 200: { description: "The home's changes", schema: homeChangesSchema } },
  }),
  requestPaymentChange: defineRoute({
    method: 'post',
    path: '/api/me/home/payment-changes',
    access: 'homeowner',
    codes: ['change_pending', 'home_closed', 'no_home'],
    summary:
      "Asks for a new monthly payment: on the agreement's slider (within its bounds, on a $5 step) and not the current one; one request waits at a time (409). Audited; staff approve or decline",
    body: paymentChangeRequestSchema,
    responses: { 201: { description: 'The request, waiting for approval', schema: paymentChangeSchema } },
    errors: [409],
  }),
  withdrawPaymentChange: defineRoute({
    method: 'post',
    path: '/api/me/home/payment-changes/{id}/withdraw',
    access: 'homeowner',
    codes: ['change_decided', 'no_home'],
    summary: "Withdraws the homeowner's own pending request (404 for anyone else's; 409 once decided). Audited",
    params: idParamsSchema,
    responses: { 200: { description: 'Withdrawn', schema: okSchema } },
    errors: [409],
  }),
  sendNotice: defineRoute({
    method: 'post',
    path: '/api/me/home/notices',
    access: 'homeowner',
    codes: ['home_closed', 'no_home', 'notice_open'],
    summary:
      'Sends a 60-day notice: move, cash out or buy out, on a date at least 60 days away, with the estimated payout (accessible equity at the latest valuation) kept with it; one in progress at a time (409). Audited; e-mailed',
    body: noticeRequestSchema,
    responses: { 201: { description: 'The notice, sent', schema: noticeSchema } },
    errors: [409],
  }),

  pending: defineRoute({
    method: 'get',
    path: '/api/admin/home-changes',
    access: 'admin',
    summary: 'What waits for staff across homes: pending payment changes and notices in progress, oldest first',
    responses: { 200: { description: 'Pending changes and open notices', schema: pendingHomeChangesSchema } },
  }),
  ofHome: defineRoute({
    method: 'get',
    path: '/api/admin/homes/{id}/changes',
    access: 'admin',
    summary: "A home's payment changes and notices, with its current payment and accessible equity",
    params: idParamsSchema,
    responses: { 200: { description: "The home's changes", schema: homeChangesSchema } },
  }),
  approvePaymentChange: defineRoute({
    method: 'post',
    path: '/api/admin/payment-changes/{id}/approve',
    access: 'admin',
    codes: ['change_decided'],
    summary: 'Approves a pending payment change: a new term from the next unbilled month, in one transaction with the audit entry and the e-mail',
    params: idParamsSchema,
    responses: { 200: { description: 'The approved change', schema: paymentChangeSchema } },
    errors: [409],
  }),
  declinePaymentChange: defineRoute({
    method: 'post',
    path: '/api/admin/payment-changes/{id}/decline',
    access: 'admin',
    summary: 'Declines a pending payment change with a reason the homeowner reads (audited; e-mailed)',
    params: idParamsSchema,
    body: declineChangeSchema,
    responses: { 200: { description: 'The declined change', schema: paymentChangeSchema } },
    errors: [409],
  }),
  acknowledgeNotice: defineRoute({
    method: 'post',
    path: '/api/admin/notices/{id}/acknowledge',
    access: 'admin',
    codes: ['notice_state'],
    summary: 'Acknowledges a sent notice (audited; e-mailed)',
    params: idParamsSchema,
    responses: { 200: { description: 'The notice', schema: noticeSchema } },
    errors: [409],
  }),
  scheduleNotice: defineRoute({
    method: 'post',
    path: '/api/admin/notices/{id}/schedule',
    access: 'admin',
    codes: ['notice_state'],
    summary: 'Schedules an acknowledged notice (or moves its date) (audited; e-mailed)',
    params: idParamsSchema,
    body: scheduleNoticeSchema,
    responses: { 200: { description: 'The notice', schema: noticeSchema } },
    errors: [409],
  }),
  completeNotice: defineRoute({
    method: 'post',
    path: '/api/admin/notices/{id}/complete',
    access: 'admin',
    codes: ['notice_state'],
    summary:
      "Completes a scheduled notice in one transaction: the payout ledger entry (default: today's accessible equity), the home closed (charges stop), the notice completed, the audit entry and the e-mail",
    params: idParamsSchema,
    body: completeNoticeSchema,
    responses: { 200: { description: 'The notice', schema: noticeSchema } },
    errors: [409],
  }),
  cancelNotice: defineRoute({
    method: 'post',
    path: '/api/admin/notices/{id}/cancel',
    access: 'admin',
    codes: ['notice_state'],
    summary: 'Cancels a notice in progress with a reason the homeowner reads (audited; e-mailed)',
    params: idParamsSchema,
    body: cancelNoticeSchema,
    responses: { 200: { description: 'The notice', schema: noticeSchema } },
    errors: [409],
  }),
};
