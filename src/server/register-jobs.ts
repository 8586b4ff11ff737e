import type { JobRunner } from './platform/jobs/runner';
import { statementReadyNotification, noticeStepNotification, paymentChangeDecidedNotification, homeWelcomeNotification } from './modules/homes';
import {
  registerMessageNotices,
  newRequestsNotification,
  registerReminders,
  type ReminderDeps,
  staffAnswersNotification,
  staffSubmissionNotification,
  statusChangeNotification,
} from './modules/applications';
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
];

export function registerNotificationJobs(runner: JobRunner, deps: NotificationDeps & ReminderDeps): void {
  for (const notification of NOTIFICATIONS) registerNotification(runner, deps, notification);
  registerReminders(runner, deps);
  registerMessageNotices(runner, deps);
}
