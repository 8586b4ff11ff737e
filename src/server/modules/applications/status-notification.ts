import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { statusMail, type StatusMailStatus } from '../../../domain/admin/status-mail';
import { REVIEW_STATUSES } from '../../../domain/application/status';
import { requestsChangeable } from '../../../domain/application/requests';
import { safeString } from '../../../domain/safe-text';
import { getSettings } from '../../platform/settings/settings-store';
import type { JobExecutor } from '../../platform/jobs/queue';
import { applications, users } from '../../platform/db/schema';
import { appLink, hello } from '../../platform/mail/templates';
import { mailedRequest, requestsInState } from './mail-window';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';
import { approvalMailText } from '../../../domain/application/pre-approval';
import { latestPreApproval } from './pre-approval';

/**
 * The buyer's e-mail about a status change (docs/product/application.md#e-mails-about-your-application;
 * every status change, In Review included, listing the open requests where
 * there are any). Enqueued in the status change's transaction by whoever moves the
 * status for a reviewer (the status selector, the withdrawal of the last open request);
 * the buyer's own last answer moving Missing Info back to In Review sends none — they
 * did it and the To do page says so. The text is src/domain/admin/status-mail.ts, the one
 * the review dialog's confirmation shows. When it runs it sends nothing if the status has
 * changed again meanwhile (that change has its own mail) or applicant e-mails are
 * switched off in settings (`statusEmails`).
 */
export const statusChangeNotification = defineNotification(
  'status-change',
  z.object({ applicationId: safeString().uuid(), status: z.enum(REVIEW_STATUSES) }),
  async (deps, { applicationId, status }) => {
    const [row] = await deps.db
      .select({ status: applications.status, email: users.email, firstName: users.firstName, declineReason: applications.declineReason })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(applications.id, applicationId));
    if (!row || row.status !== status) return [];
    if (!(await getSettings(deps.db)).statusEmails) return [];
    const open = requestsChangeable(status) ? (await requestsInState(deps.db, applicationId, 'open')).map(mailedRequest) : [];
    const generic = statusMail(status, open, row.declineReason);
    // Approved: the pre-approval's figures, expiry and next steps (docs/decisions/030-pre-approval.md).
    const preApproval = status === 'approved' ? await latestPreApproval(deps.db, applicationId) : undefined;
    const mail = preApproval ? { ...generic, ...approvalMailText(generic.subject, preApproval) } : generic;
    return [
      {
        to: row.email,
        kind: 'application_updates',
        parts: {
          subject: mail.subject,
          greeting: hello(row.firstName),
          paragraphs: mail.paragraphs,
          action: { label: mail.action.label, url: appLink(mailContextOf(deps), mail.action.path) },
        },
      },
    ];
  },
);

/** Queues the buyer's e-mail about a move to `status`, in the transaction that makes the move. */
export async function notifyStatusChange(tx: JobExecutor, applicationId: string, status: StatusMailStatus): Promise<void> {
  await notify(tx, statusChangeNotification, { applicationId, status });
}
