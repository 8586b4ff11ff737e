import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '../../../domain/format';
import { safeString } from '../../../domain/safe-text';
import type { JobExecutor } from '../../platform/jobs/queue';
import { applications, users } from '../../platform/db/schema';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';
import { applicantName, reviewLink } from './mail-window';
import { staffRecipients } from './staff-recipients';

/**
 * The mails of a withdrawal (docs/decisions/041-withdrawal-and-change-requests.md): the buyer's
 * confirmation (application_updates) and the staff notice (staff_submissions: the queue of
 * submissions lost one), both queued in the withdrawal's transaction. Each reads the row when it
 * runs and sends nothing if the application is no longer withdrawn (staff reopened it meanwhile).
 */

const payload = z.object({ applicationId: safeString().uuid() });

async function withdrawnRow(db: Parameters<typeof staffRecipients>[0], applicationId: string) {
  const [row] = await db
    .select({
      status: applications.status,
      firstName: applications.firstName,
      withdrawnAt: applications.withdrawnAt,
      email: users.email,
      accountFirstName: users.firstName,
    })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId));
  return row?.status === 'withdrawn' ? row : undefined;
}

export const withdrawalConfirmation = defineNotification('withdrawal-confirmed', payload, async (deps, { applicationId }) => {
  const row = await withdrawnRow(deps.db, applicationId);
  if (!row) return [];
  const day = row.withdrawnAt ? formatDate(row.withdrawnAt) : formatDate(new Date());
  return [
    {
      to: row.email,
      kind: 'application_updates' as const,
      parts: {
        subject: 'You withdrew your home application',
        greeting: hello(row.accountFirstName),
        paragraphs: [
          `As you asked, we withdrew your home application on ${day}. Our team has stopped reviewing it.`,
          'Whenever you are ready, you can start a new application from your dashboard. If you did not ask for this, reply to this email right away.',
        ],
        action: { label: 'Go to my dashboard', url: appLink(mailContextOf(deps), '/dashboard') },
      },
    },
  ];
});

export const staffWithdrawalNotification = defineNotification('staff-withdrawal', payload, async (deps, { applicationId }) => {
  const row = await withdrawnRow(deps.db, applicationId);
  if (!row) return [];
  const name = applicantName(row.firstName);
  return (await staffRecipients(deps.db, applicationId, 'staff_submissions')).map((admin) => ({
    to: admin.email,
    kind: 'staff_submissions' as const,
    parts: {
      subject: `${name} withdrew their application`,
      greeting: hello(admin.firstName),
      paragraphs: [`${name} has withdrawn their home application. It needs no more review; their reason is in the review dialog.`],
      action: { label: 'Open the application', url: reviewLink(deps, applicationId) },
    },
  }));
});

/** Queues both mails in the withdrawal's transaction. */
export async function notifyWithdrawal(tx: JobExecutor, applicationId: string): Promise<void> {
  await notify(tx, withdrawalConfirmation, { applicationId });
  await notify(tx, staffWithdrawalNotification, { applicationId });
}
