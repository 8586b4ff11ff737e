import { eq } from 'drizzle-orm';
import { TO_DO_ACTION, mailedRequestLine } from '../../../domain/admin/status-mail';
import { getSettings } from '../../platform/settings/settings-store';
import type { JobExecutor } from '../../platform/jobs/queue';
import { applications, users } from '../../platform/db/schema';
import { appLink, hello } from '../../platform/mail/templates';
import { mailedRequest, mailWindow, notifyInWindow, requestsInState, windowPayloadSchema } from './mail-window';
import { defineNotification } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';
import { requestsOpenOn } from './requests-open';

/**
 * The buyer's e-mail about new requests (docs/product/application.md#e-mails-about-your-application):
 * a request created or reopened queues, in its own transaction, the mail of its
 * two-minute window (one job per application and window: `uniqueKey`), due when the
 * window ends. That mail lists the window's requests that are still open — so a
 * reviewer who writes three requests in a row sends one mail, and a request withdrawn
 * before it goes is not in it — except those a status e-mail already listed: a status
 * change after a request opened mails the open requests itself (status-notification.ts).
 * Nothing is sent once the application is closed.
 */
export const newRequestsNotification = defineNotification('new-requests', windowPayloadSchema, async (deps, { applicationId, windowStart }) => {
  const [row] = await deps.db
    .select({ status: applications.status, userId: applications.userId, reviewedAt: applications.reviewedAt, email: users.email, firstName: users.firstName })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId));
  if (!row || !(await requestsOpenOn(deps.db, row))) return [];
  const opened = await requestsInState(deps.db, applicationId, 'open', mailWindow(new Date(windowStart)));
  // A status e-mail sent after a request opened listed it already.
  const statusMailed = (await getSettings(deps.db)).statusEmails && row.reviewedAt;
  const fresh = opened.filter((request) => !(statusMailed && request.stateChangedAt <= statusMailed));
  if (fresh.length === 0) return [];
  const one = fresh.length === 1;
  return [
    {
      to: row.email,
      kind: 'application_updates',
      parts: {
        subject: one ? 'We need one more thing for your home application' : `We need ${fresh.length} more things for your home application`,
        greeting: hello(row.firstName),
        paragraphs: [
          one ? 'Your reviewer added this to your to-do list:' : 'Your reviewer added these to your to-do list:',
          ...fresh.map((request) => mailedRequestLine(mailedRequest(request))),
          'Open your to-do list to upload a document or correct an answer right there, then send it to your reviewer. If anything is unclear, reply to this email or send us a message, and we will help.',
        ],
        action: { label: TO_DO_ACTION.label, url: appLink(mailContextOf(deps), TO_DO_ACTION.path) },
      },
    },
  ];
});

/** Queues the mail of the window a request opened in (create, reopen), in the transaction that opens it. */
export function notifyRequestOpened(tx: JobExecutor, applicationId: string, openedAt: Date): Promise<void> {
  return notifyInWindow(tx, newRequestsNotification, applicationId, openedAt);
}
