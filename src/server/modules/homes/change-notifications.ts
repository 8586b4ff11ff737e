import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate, formatMoneyCents } from '../../../domain/format';
import { NOTICE_KIND_LABELS, NOTICE_STATES } from '../../../domain/homes/states';
import { safeString } from '../../../domain/safe-text';
import { homeNotices, homePaymentChanges, homes, users } from '../../platform/db/schema';
import type { JobExecutor } from '../../platform/jobs/queue';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The homeowner's e-mails about their payment changes and 60-day notices
 * (docs/product/dashboard.md#adjust-monthly-payment, #transfer: the homeowner sees each
 * step and gets an e-mail), kind `home_updates`. Queued in the transaction of the step;
 * built from the database when the job runs.
 */

const money = (cents: number) => formatMoneyCents(cents / 100);
const day = (date: string) => formatDate(date);

/** An approved or declined payment change. Sends nothing if it is still pending (it cannot be) or gone. */
export const paymentChangeDecidedNotification = defineNotification(
  'home-payment-change',
  z.object({ changeId: safeString().uuid() }),
  async (deps, { changeId }) => {
    const [row] = await deps.db
      .select({ change: homePaymentChanges, email: users.email, firstName: users.firstName })
      .from(homePaymentChanges)
      .innerJoin(homes, eq(homes.id, homePaymentChanges.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homePaymentChanges.id, changeId));
    if (!row || (row.change.state !== 'approved' && row.change.state !== 'declined')) return [];
    const ctx = mailContextOf(deps);
    const amount = money(row.change.monthlyPaymentCents);
    const approved = row.change.state === 'approved';
    return [
      {
        to: row.email,
        kind: 'home_updates',
        parts: {
          subject: approved ? `Your new monthly payment of ${amount} is approved` : 'About your monthly payment request',
          greeting: hello(row.firstName),
          paragraphs: approved
            ? [
                `We approved your request: your monthly payment is ${amount} from month ${row.change.fromMonth} of your agreement, the next one we bill.`,
                'Months already billed keep their amount. Your dashboard shows the figures at your new payment.',
              ]
            : [
                `We could not approve a monthly payment of ${amount}.`,
                `Our reason: ${row.change.reason ?? ''}`,
                'Your monthly payment stays as it was. You can ask for another one from your dashboard.',
              ],
          action: { label: 'Open my dashboard', url: appLink(ctx, '/dashboard') },
        },
      },
    ];
  },
);

/** One step of a 60-day notice; `step` is the state the change made, so a later step does not change what this mail says. */
export const noticeStepNotification = defineNotification(
  'home-notice',
  z.object({ noticeId: safeString().uuid(), step: z.enum(NOTICE_STATES) }),
  async (deps, { noticeId, step }) => {
    const [row] = await deps.db
      .select({ notice: homeNotices, email: users.email, firstName: users.firstName, address: homes.address })
      .from(homeNotices)
      .innerJoin(homes, eq(homes.id, homeNotices.homeId))
      .innerJoin(users, eq(users.id, homes.userId))
      .where(eq(homeNotices.id, noticeId));
    if (!row) return [];
    const { notice } = row;
    const ctx = mailContextOf(deps);
    const what = NOTICE_KIND_LABELS[notice.kind];
    const texts: Record<typeof step, { subject: string; paragraphs: string[] }> = {
      // With e-signatures on the signing mail asks for the signature (src/server/modules/signatures); this one is not sent.
      signing: {
        subject: 'Your 60-day notice is ready for your signature',
        paragraphs: [`Your notice for ${row.address} (${what}) goes to us once you have signed it in your portal.`],
      },
      sent: {
        subject: 'We received your 60-day notice',
        paragraphs: [
          `We received your notice for ${row.address}: ${what}, on ${day(notice.requestedDate)}.`,
          `The estimated payout when you sent it was ${money(notice.estimatedPayoutCents)} (your accessible equity at the latest valuation). We will confirm the figure when the transfer is completed.`,
        ],
      },
      acknowledged: {
        subject: 'Your 60-day notice is acknowledged',
        paragraphs: [`We acknowledged your notice (${what}). We will schedule the transfer and let you know its date.`],
      },
      scheduled: {
        subject: `Your transfer is scheduled for ${notice.scheduledDate ? day(notice.scheduledDate) : 'a date we will confirm'}`,
        paragraphs: [`Your transfer (${what}) is scheduled for ${notice.scheduledDate ? day(notice.scheduledDate) : 'a date we will confirm'}.`],
      },
      completed: {
        subject: 'Your transfer is completed',
        paragraphs: [
          `Your transfer (${what}) is completed, and the payout of ${money(notice.payoutCents ?? 0)} is recorded in your home's ledger.`,
          `Your agreement for ${row.address} has ended: there are no more monthly payments.`,
        ],
      },
      cancelled: {
        subject: 'Your 60-day notice was cancelled',
        paragraphs: [`We cancelled your notice (${what}).`, `Our reason: ${notice.cancelReason ?? ''}`, 'Your agreement continues as before.'],
      },
    };
    return [
      {
        to: row.email,
        kind: 'home_updates',
        parts: { ...texts[step], greeting: hello(row.firstName), action: { label: 'Open my dashboard', url: appLink(ctx, '/dashboard') } },
      },
    ];
  },
);

export async function notifyPaymentChangeDecided(tx: JobExecutor, changeId: string): Promise<void> {
  await notify(tx, paymentChangeDecidedNotification, { changeId });
}

export async function notifyNoticeStep(tx: JobExecutor, noticeId: string, step: (typeof NOTICE_STATES)[number]): Promise<void> {
  await notify(tx, noticeStepNotification, { noticeId, step });
}
