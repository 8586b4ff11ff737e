import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { changeRequestTitle } from '../../../domain/application/change-requests';
import { safeString } from '../../../domain/safe-text';
import type { Executor } from '../../platform/db/client';
import type { JobExecutor } from '../../platform/jobs/queue';
import { applicationChangeRequests, applications, users } from '../../platform/db/schema';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';
import { applicantName, reviewLink } from './mail-window';
import { staffRecipients } from './staff-recipients';

/**
 * The mails of a buyer's change request (docs/decisions/041-withdrawal-and-change-requests.md):
 * staff hear of a new one (staff_answers: like an answered request, it waits for them), the buyer
 * of the decision (application_updates), with the reason when declined. Like every mail, they name
 * the answer, never its value.
 */

const payload = z.object({ changeRequestId: safeString().uuid() });

async function requestOf(db: Executor, id: string) {
  const [row] = await db
    .select({
      request: applicationChangeRequests,
      firstName: applications.firstName,
      email: users.email,
      accountFirstName: users.firstName,
    })
    .from(applicationChangeRequests)
    .innerJoin(applications, eq(applications.id, applicationChangeRequests.applicationId))
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applicationChangeRequests.id, id));
  return row;
}

export const staffChangeRequestNotification = defineNotification('staff-change-request', payload, async (deps, { changeRequestId }) => {
  const row = await requestOf(deps.db, changeRequestId);
  if (!row || row.request.state !== 'open') return [];
  const name = applicantName(row.firstName);
  const title = changeRequestTitle(row.request.field);
  return (await staffRecipients(deps.db, row.request.applicationId, 'staff_answers')).map((admin) => ({
    to: admin.email,
    kind: 'staff_answers' as const,
    parts: {
      subject: `${name} asks to change an answer`,
      greeting: hello(admin.firstName),
      paragraphs: [`${name} asks to change an answer of their application: ${title}. Accept or decline it in the review dialog's Requests.`],
      action: { label: 'Review the request', url: reviewLink(deps, row.request.applicationId) },
    },
  }));
});

export const changeDecidedNotification = defineNotification('change-decided', payload, async (deps, { changeRequestId }) => {
  const row = await requestOf(deps.db, changeRequestId);
  if (!row || row.request.state === 'open') return [];
  const title = changeRequestTitle(row.request.field).replace(/^Change /, '');
  const accepted = row.request.state === 'accepted';
  return [
    {
      to: row.email,
      kind: 'application_updates' as const,
      parts: {
        subject: accepted ? 'We changed an answer on your application' : 'About the answer you asked to change',
        greeting: hello(row.accountFirstName),
        paragraphs: accepted
          ? [`As you asked, we changed your ${title} on your home application. There is nothing more you need to do.`]
          : [
              `We could not change your ${title} on your home application as you asked.`,
              `Our reviewer's note: ${row.request.declineReason ?? ''}`,
              'If anything is unclear, reply to this email or send us a message.',
            ],
        action: { label: 'View my application', url: appLink(mailContextOf(deps), '/apply') },
      },
    },
  ];
});

export const notifyChangeRequested = (tx: JobExecutor, changeRequestId: string) =>
  notify(tx, staffChangeRequestNotification, { changeRequestId }).then(() => undefined);
export const notifyChangeDecided = (tx: JobExecutor, changeRequestId: string) =>
  notify(tx, changeDecidedNotification, { changeRequestId }).then(() => undefined);
