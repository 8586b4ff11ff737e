import type { JobRunner } from '../jobs/runner';
import { statementReadyNotification } from '../homes/statements';
import { noticeStepNotification, paymentChangeDecidedNotification } from '../homes/change-notifications';
import { homeWelcomeNotification } from './home-welcome-notification';
import { registerMessageNotices } from './message-notification';
import { registerNotification, type Notification } from './notification';
import { newRequestsNotification } from './request-notification';
import { registerReminders, type ReminderDeps } from './reminders';
import type { NotificationDeps } from './send-notification';
import { staffAnswersNotification, staffSubmissionNotification } from './staff-notification';
import { statusChangeNotification } from './status-notification';

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
