import { and, asc, eq, gte, lt } from 'drizzle-orm';
import type { MailedRequest } from '../../../domain/admin/status-mail';
import { requestTitle } from '../../../domain/application/requests';
import type { Executor } from '../../platform/db/client';
import { applicationRequests } from '../../platform/db/schema';
import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../../../domain/safe-text';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink } from '../../platform/mail/templates';
import { notify, type Notification } from '../../platform/notifications/notification';
import { mailContextOf, type NotificationDeps } from '../../platform/notifications/send-notification';

/**
 * What the application notifications share (docs/product/application.md#e-mails-about-your-application,
 * docs/product/back-office.md#staff-e-mails): how staff notices name the applicant, the back office's link to an
 * application, the open requests as a mail lists them, and the windows that gather
 * several changes into one mail.
 */

/** How a staff notice names the applicant: the first name on the application, as the back office shows it. */
export const applicantName = (firstName: string | null | undefined) => firstName?.trim() || 'An applicant';

/** The review dialog of an application (src/web/features/admin/applications/use-review-param.ts: `?review=<id>`). */
export const reviewLink = (deps: NotificationDeps, applicationId: string) => appLink(mailContextOf(deps), '/admin/applications', { review: applicationId });

/**
 * Requests opened (or answered) within the same window make one mail: the window is a
 * slot of this length, and its mail goes out when the slot ends (after WINDOW_GRACE_MS,
 * so a change committed at its very end is seen).
 */
export const MAIL_WINDOW_MS = 2 * 60_000;
export const WINDOW_GRACE_MS = 5_000;

/** The window `at` falls in, and when its mail is due. */
export function mailWindow(at: Date): { start: Date; end: Date; runAt: Date } {
  const start = Math.floor(at.getTime() / MAIL_WINDOW_MS) * MAIL_WINDOW_MS;
  return { start: new Date(start), end: new Date(start + MAIL_WINDOW_MS), runAt: new Date(start + MAIL_WINDOW_MS + WINDOW_GRACE_MS) };
}

/** The payload of a window's mail: the application and the window's start (mailWindow). */
export const windowPayloadSchema = z.object({ applicationId: safeString().uuid(), windowStart: safeIsoDateTime('A time.') });

/** Queues `notification`'s mail of the window `at` falls in — one job per application and window, due when it ends — in the caller's transaction. */
export async function notifyInWindow(tx: JobExecutor, notification: Notification<typeof windowPayloadSchema>, applicationId: string, at: Date): Promise<void> {
  const window = mailWindow(at);
  const windowStart = window.start.toISOString();
  await notify(
    tx,
    notification,
    { applicationId, windowStart },
    { runAt: window.runAt, uniqueKey: `${notification.job.kind}:${applicationId}:${windowStart}` },
  );
}

type RequestRow = typeof applicationRequests.$inferSelect;

/** As a mail lists it: title (requestTitle), the reviewer's latest note, whether it was reopened. */
export const mailedRequest = (row: RequestRow): MailedRequest => ({ title: requestTitle(row), note: row.note, reopened: row.round > 1 });

/** The application's requests in `state`, oldest first; with `window`, only those whose state began within it. */
export async function requestsInState(
  db: Executor,
  applicationId: string,
  state: RequestRow['state'],
  window?: { start: Date; end: Date },
): Promise<RequestRow[]> {
  return db
    .select()
    .from(applicationRequests)
    .where(
      and(
        eq(applicationRequests.applicationId, applicationId),
        eq(applicationRequests.state, state),
        ...(window ? [gte(applicationRequests.stateChangedAt, window.start), lt(applicationRequests.stateChangedAt, window.end)] : []),
      ),
    )
    .orderBy(asc(applicationRequests.createdAt), asc(applicationRequests.id));
}
