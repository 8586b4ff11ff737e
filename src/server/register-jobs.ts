import type { JobRunner } from './platform/jobs/runner';
import { signatureStepNotification } from './modules/signatures';
import { agentAssignedNotification } from './modules/agents';
import { offerChangedNotification } from './modules/buying';
import {
  feeWaiverDecidedNotification,
  statementReadyNotification,
  noticeStepNotification,
  paymentChangeDecidedNotification,
  homeWelcomeNotification,
  exitQuoteStepNotification,
  staffNoticeSentNotification,
  staffPaymentChangeNotification,
  overdueMonthNotification,
  ledgerEntryNotification,
} from './modules/homes';
import {
  registerMessageNotices,
  newRequestsNotification,
  preApprovalExpiryNotification,
  preApprovalRenewedNotification,
  registerPreApprovalExpiry,
  registerReminders,
  type ReminderDeps,
  staffAnswersNotification,
  staffSubmissionNotification,
  statusChangeNotification,
  staffWithdrawalNotification,
  withdrawalConfirmation,
  changeDecidedNotification,
  staffChangeRequestNotification,
} from './modules/applications';
import { processorPaymentNotification, processorRefundNotification } from './modules/payments';
import { registerNotification, type Notification } from './platform/notifications/notification';
import type { NotificationDeps } from './platform/notifications/send-notification';

/**
 * Every notification and reminder the server sends, registered on the job runner at
 * start (src/server/server.ts). A new notification is declared with defineNotification
 * next to its feature and listed here; reminders register their own handlers below.
 */
const NOTIFICATIONS: readonly Notification[] = [
  statusChangeNotification,
  newRequestsNotification,
  staffSubmissionNotification,
  staffAnswersNotification,
  statementReadyNotification,
  homeWelcomeNotification,
  paymentChangeDecidedNotification,
  noticeStepNotification,
  feeWaiverDecidedNotification,
  exitQuoteStepNotification,
  staffNoticeSentNotification,
  staffPaymentChangeNotification,
  overdueMonthNotification,
  ledgerEntryNotification,
  agentAssignedNotification,
  offerChangedNotification,
  preApprovalExpiryNotification,
  preApprovalRenewedNotification,
  processorPaymentNotification,
  processorRefundNotification,
  signatureStepNotification,
  withdrawalConfirmation,
  staffWithdrawalNotification,
  staffChangeRequestNotification,
  changeDecidedNotification,
];

export function registerNotificationJobs(runner: JobRunner, deps: NotificationDeps & ReminderDeps): void {
  for (const notification of NOTIFICATIONS) registerNotification(runner, deps, notification);
  registerReminders(runner, deps);
  registerMessageNotices(runner, deps);
  registerPreApprovalExpiry(runner, deps);
}
