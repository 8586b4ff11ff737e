import type { z } from 'zod';
import { enqueue, jobKind, type EnqueueOptions, type JobExecutor, type JobKind } from '../jobs/queue';
import type { JobContext, JobRunner } from '../jobs/runner';
import { sendNotification, type NotificationDeps, type NotificationMail } from './send-notification';

/**
 * A notification e-mail is a job (docs/decisions/021-requests-and-messages.md 'Reminders and
 * notifications are jobs'): the change that causes it enqueues it in its own transaction
 * (`notify(tx, …)`, then `deps.jobs.kick()` after the commit), so the change and its mail
 * commit together; the runner builds the mail from the database when it runs (the payload
 * holds ids, never an address or a text) and sends it through sendNotification. A mail job
 * sends at least once: a retry after a failure part-way re-sends to the recipients before it.
 */

export interface Notification<S extends z.ZodType = z.ZodType> {
  job: JobKind<S>;
  /** The mails to send now, read from the database; none when nothing is left to say (e.g. the request was withdrawn). */
  build: (deps: NotificationDeps, payload: z.output<S>, context: JobContext) => Promise<NotificationMail[]>;
}

/** Declares a notification: job kind `mail:<name>` with the payload's schema, and how its mails are built. */
export function defineNotification<S extends z.ZodType>(name: string, payload: S, build: Notification<S>['build']): Notification<S> {
  return { job: jobKind(`mail:${name}`, payload), build };
}

/** Queues a notification in the caller's transaction (answers undefined when `uniqueKey` is already queued). */
export function notify<S extends z.ZodType>(
  tx: JobExecutor,
  notification: Notification<S>,
  payload: z.input<S>,
  options?: EnqueueOptions,
): Promise<string | undefined> {
  return enqueue(tx, notification.job, payload, options);
}

/** Runs `notification`'s jobs on this instance. */
export function registerNotification<S extends z.ZodType>(runner: JobRunner, deps: NotificationDeps, notification: Notification<S>): void {
  runner.register(notification.job, async (payload, context) => {
    for (const mail of await notification.build(deps, payload, context)) await sendNotification(deps, mail);
  });
}
