import type { JobRunner } from './platform/jobs/runner';
import { statementReadyNotification } from './modules/homes/statements';
import { noticeStepNotification, paymentChangeDecidedNotification } from './modules/homes/change-notifications';
import { homeWelcomeNotification } from './modules/homes/home-welcome-notification';
import { registerMessageNotices } from './modules/applications/notifications/message-notification';
import { registerNotification, type Notification } from './platform/notifications/notification';
import { newRequestsNotification } from './modules/applications/notifications/request-notification';
import { registerReminders, type ReminderDeps } from './modules/applications/notifications/reminders';
import type { NotificationDeps } from './platform/notifications/send-notification';
import { staffAnswersNotification, staffSubmissionNotification } from './modules/applications/notifications/staff-notification';
import { statusChangeNotification } from './modules/applications/notifications/status-notification';

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
