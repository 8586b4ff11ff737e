import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, formatMoneyCents } from '../../../domain/format';
import { NOTICE_KIND_LABELS } from '../../../domain/homes/states';
import { safeString } from '../../../domain/safe-text';
import { homeNotices, homePaymentChanges, homes, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf, type NotificationMail } from '../../platform/notifications/send-notification';
import { adminsListening } from '../../platform/notifications/staff-listening';

/**
 * Staff notices of a homeowner's requests (docs/product/back-office.md#staff-e-mails): a 60-day notice sent
 * (`staff_home_notices`) and a request to change the monthly payment (`staff_payment_changes`), to every admin
 * who turned the kind on — a home has no assignee. Queued in the request's transaction; like every staff mail
 * they hold the homeowner's first name and what the reader needs to act, and the button opens the home.
 */

const homeLink = (deps: Parameters<typeof mailContextOf>[0], homeId: string) => appLink(mailContextOf(deps), `/admin/homes?home=${homeId}`);
const nameOf = (firstName: string | null) => firstName?.trim() || 'A homeowner';

export const staffNoticeSentNotification = defineNotification(
  'staff-home-notice',
  z.object({ noticeId: safeString().uuid() }),
  async (deps, { noticeId }): Promise<NotificationMail[]> => {
    const [row] = await deps.db
      .select({ notice: homeNotices, firstName: users.firstName })
      .from(homeNotices)
      .innerJoin(homes, eq(homes.id, homeNotices.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homeNotices.id, noticeId));
    // A notice already acknowledged, or cancelled, needs nobody's attention any more.
    if (!row || row.notice.state !== 'sent') return [];
    const name = nameOf(row.firstName);
    const what = NOTICE_KIND_LABELS[row.notice.kind];
    return (await adminsListening(deps.db, 'staff_home_notices')).map((admin) => ({
      to: admin.email,
      kind: 'staff_home_notices' as const,
      parts: {
        subject: `${name} sent a 60-day notice`,
        greeting: hello(admin.firstName),
        paragraphs: [`${name} sent a 60-day notice (${what}) for ${formatDate(row.notice.requestedDate)}. It is waiting for you to acknowledge it.`],
        action: { label: 'Open the home', url: homeLink(deps, row.notice.homeId) },
      },
    }));
  },
);

export const staffPaymentChangeNotification = defineNotification(
  'staff-payment-change',
  z.object({ changeId: safeString().uuid() }),
  async (deps, { changeId }): Promise<NotificationMail[]> => {
    const [row] = await deps.db
      .select({ change: homePaymentChanges, firstName: users.firstName })
      .from(homePaymentChanges)
      .innerJoin(homes, eq(homes.id, homePaymentChanges.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homePaymentChanges.id, changeId));
    if (!row || row.change.state !== 'pending') return [];
    const name = nameOf(row.firstName);
    return (await adminsListening(deps.db, 'staff_payment_changes')).map((admin) => ({
      to: admin.email,
      kind: 'staff_payment_changes' as const,
      parts: {
        subject: `${name} asked to change their monthly payment`,
        greeting: hello(admin.firstName),
        paragraphs: [
          `${name} asked for a monthly payment of ${formatMoneyCents(row.change.monthlyPaymentCents / 100)}. It is waiting for you to approve or decline it.`,
        ],
        action: { label: 'Open the home', url: homeLink(deps, row.change.homeId) },
      },
    }));
  },
);

export async function notifyStaffOfNotice(tx: JobExecutor, noticeId: string): Promise<void> {
  await notify(tx, staffNoticeSentNotification, { noticeId });
}

export async function notifyStaffOfPaymentChange(tx: JobExecutor, changeId: string): Promise<void> {
  await notify(tx, staffPaymentChangeNotification, { changeId });
}
