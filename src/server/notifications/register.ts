import type { JobRunner } from '../jobs/runner';
import { registerNotification, type Notification } from './notification';
import type { NotificationDeps } from './send-notification';
import { waitlistConfirmation } from '../waitlist/waitlist-confirmation';

/**
 * Every notification and reminder the server sends, registered on the job runner at
 * start (src/server/server.ts). A new notification is declared with defineNotification
 * next to its feature and listed here; reminders register their own handlers below.
 */
const NOTIFICATIONS: readonly Notification[] = [waitlistConfirmation];

export function registerNotificationJobs(runner: JobRunner, deps: NotificationDeps): void {
  for (const notification of NOTIFICATIONS) registerNotification(runner, deps, notification);
}
