import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { safeString } from '../../../domain/safe-text';
import type { Executor } from '../../platform/db/client';
import type { JobExecutor } from '../../platform/jobs/queue';
import { applications } from '../../platform/db/schema';
import { hello } from '../../platform/mail/templates';
import { applicantName, mailedRequest, mailWindow, notifyInWindow, requestsInState, reviewLink, windowPayloadSchema } from './mail-window';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { staffRecipients } from './staff-recipients';

/**
 * Staff notices of a submission and of answered requests (docs/product/back-office.md#staff-e-mails):
 * to the assignee or the admins who opted in (staff-recipients.ts). Like every mail,
 * they hold nothing of the application but the applicant's first name and what the
 * reader needs to act; the button opens the review dialog.
 */

/** What a notice about the application needs: the applicant's first name (from the application, as the back office shows it). */
async function applicantOf(db: Executor, applicationId: string) {
  const [row] = await db
    .select({ firstName: applications.firstName, status: applications.status })
    .from(applications)
    .where(eq(applications.id, applicationId));
  return row;
}

/** staff_submissions: queued by the submission's transaction (src/server/modules/applications/submit.ts). */
export const staffSubmissionNotification = defineNotification(
  'staff-submission',
  z.object({ applicationId: safeString().uuid() }),
  async (deps, { applicationId }) => {
    const row = await applicantOf(deps.db, applicationId);
    if (!row || row.status === 'draft') return [];
    const name = applicantName(row.firstName);
    return (await staffRecipients(deps.db, applicationId, 'staff_submissions')).map((admin) => ({
      to: admin.email,
      kind: 'staff_submissions' as const,
      parts: {
        subject: `New application from ${name}`,
        greeting: hello(admin.firstName),
        paragraphs: [`${name} has submitted a home application. It is waiting for a reviewer.`],
        action: { label: 'Review the application', url: reviewLink(deps, applicationId) },
      },
    }));
  },
);

export async function notifySubmission(tx: JobExecutor, applicationId: string): Promise<void> {
  await notify(tx, staffSubmissionNotification, { applicationId });
}

/**
 * staff_answers: the buyer's answers within one two-minute window make one notice
 * (mail-window.ts), due when it ends, listing the requests of the window still answered
 * (one accepted or reopened meanwhile needs nobody's attention any more).
 */
export const staffAnswersNotification = defineNotification('staff-answers', windowPayloadSchema, async (deps, { applicationId, windowStart }) => {
  const row = await applicantOf(deps.db, applicationId);
  if (!row) return [];
  const answered = await requestsInState(deps.db, applicationId, 'answered', mailWindow(new Date(windowStart)));
  if (answered.length === 0) return [];
  const name = applicantName(row.firstName);
  const one = answered.length === 1;
  return (await staffRecipients(deps.db, applicationId, 'staff_answers')).map((admin) => ({
    to: admin.email,
    kind: 'staff_answers' as const,
    parts: {
      subject: one ? `${name} answered a request` : `${name} answered ${answered.length} requests`,
      greeting: hello(admin.firstName),
      paragraphs: [
        `${name} answered ${one ? 'this request' : 'these requests'}, ready for you to check:`,
        ...answered.map((request) => `• ${mailedRequest(request).title}`),
      ],
      action: { label: 'Review the answers', url: reviewLink(deps, applicationId) },
    },
  }));
});

/** Queues the notice of the window a request was answered in, in the answer's transaction. */
export function notifyAnswer(tx: JobExecutor, applicationId: string, answeredAt: Date): Promise<void> {
  return notifyInWindow(tx, staffAnswersNotification, applicationId, answeredAt);
}
