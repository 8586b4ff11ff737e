import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { otherSide, SENDER_SIDES, UNREAD_COUNT_CAP, type SenderSide } from '../../../domain/application/messages';
import { safeString } from '../../../domain/safe-text';
import type { Executor } from '../../platform/db/client';
import { applicationConversations, applicationMessages, applications, users } from '../../platform/db/schema';
import { enqueue, jobKind } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import { appLink, hello } from '../../platform/mail/templates';
import { applicantName, reviewLink } from './mail-window';
import { mailContextOf, sendNotification, type NotificationDeps, type NotificationMail } from '../../platform/notifications/send-notification';
import { staffRecipients } from './staff-recipients';

/**
 * E-mail about new messages (docs/product/application.md#conversation; docs/product/back-office.md#staff-e-mails;
 * docs/decisions/021-requests-and-messages.md 'Messages'): at most one per conversation
 * and side every 15 minutes, summarising what the reader has not read yet.
 *
 * A message queues, in its own transaction, a check due a minute later (someone reading
 * the conversation meanwhile gets no mail) or at the end of the side's 15 minutes since
 * its last mail (`applicant_notified_at` / `staff_notified_at`), whichever is later —
 * one job per conversation, side and minute. The check mails only about messages that
 * are unread, not deleted and newer than the last mail; it claims the interval by
 * moving the side's `notified_at` from the value it read (so two checks, or two
 * instances, send one mail), sends, and gives the claim back if sending fails (the job
 * is retried). The buyer's mail quotes the first line of the newest message, shortened;
 * the staff's says only how many arrived (the text stays in the back office).
 */

export const MESSAGE_MAIL_DELAY_MS = 60_000;
export const MESSAGE_MAIL_INTERVAL_MS = 15 * 60_000;
/** The longest quote of a message in the buyer's mail. */
export const MESSAGE_QUOTE_CHARS = 160;

export const messageNoticeJob = jobKind('mail:new-messages', z.object({ applicationId: safeString().uuid(), to: z.enum(SENDER_SIDES) }));

const notifiedColumn = (to: SenderSide) => (to === 'staff' ? applicationConversations.staffNotifiedAt : applicationConversations.applicantNotifiedAt);
const readColumn = (to: SenderSide) => (to === 'staff' ? applicationConversations.staffReadAt : applicationConversations.applicantReadAt);

/** When a check may run: a delay after the message, and not before the side's interval since its last mail is over; on a whole minute. */
export function messageCheckDue(sentAt: Date, lastMail: Date | null | undefined): Date {
  const at = Math.max(sentAt.getTime() + MESSAGE_MAIL_DELAY_MS, (lastMail?.getTime() ?? 0) + MESSAGE_MAIL_INTERVAL_MS);
  return new Date(Math.ceil(at / 60_000) * 60_000);
}

/** One check per conversation, side and due minute; a check put off by a mail sent meanwhile (`after`) is keyed by that mail too. */
async function queueCheck(db: Pick<Executor, 'insert'>, applicationId: string, to: SenderSide, runAt: Date, after?: Date): Promise<void> {
  const key = `mail:new-messages:${to}:${applicationId}:${runAt.toISOString()}${after ? `:after:${after.toISOString()}` : ''}`;
  await enqueue(db, messageNoticeJob, { applicationId, to }, { runAt, uniqueKey: key });
}

/** Queues the check for the other side's mail, in the transaction that stores the message (src/server/modules/applications/conversation.ts). */
export async function notifyNewMessage(tx: Executor, applicationId: string, senderSide: SenderSide, sentAt: Date): Promise<void> {
  const to = otherSide(senderSide);
  const [conversation] = await tx
    .select({ notifiedAt: notifiedColumn(to) })
    .from(applicationConversations)
    .where(eq(applicationConversations.applicationId, applicationId));
  await queueCheck(tx, applicationId, to, messageCheckDue(sentAt, conversation?.notifiedAt));
}

/** The reader's unread messages (the other side's, not deleted, after the reader's marker), oldest first, each marked when newer than the last mail. */
async function unreadFor(db: Executor, applicationId: string, to: SenderSide) {
  const marker = (column: AnyPgColumn) =>
    sql`coalesce((select ${column} from ${applicationConversations} where ${applicationConversations.applicationId} = ${applicationId}), '-infinity'::timestamptz)`;
  return db
    .select({ body: applicationMessages.body, fresh: sql<boolean>`${applicationMessages.createdAt} > ${marker(notifiedColumn(to))}` })
    .from(applicationMessages)
    .where(
      and(
        eq(applicationMessages.applicationId, applicationId),
        eq(applicationMessages.senderSide, otherSide(to)),
        isNull(applicationMessages.deletedAt),
        sql`${applicationMessages.createdAt} > ${marker(readColumn(to))}`,
      ),
    )
    .orderBy(asc(applicationMessages.createdAt), asc(applicationMessages.id))
    .limit(UNREAD_COUNT_CAP);
}

/** The first line of a message, shortened for a mail. */
export function quoteOf(body: string): string {
  const line = body.trim().split(/\r?\n/, 1)[0]?.trim() ?? '';
  return line.length > MESSAGE_QUOTE_CHARS ? `${line.slice(0, MESSAGE_QUOTE_CHARS - 1).trimEnd()}…` : line;
}

async function mailsAbout(deps: NotificationDeps, applicationId: string, to: SenderSide, unread: { body: string }[]): Promise<NotificationMail[]> {
  const count = unread.length >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(unread.length);
  const one = unread.length === 1;
  if (to === 'applicant') {
    const [owner] = await deps.db
      .select({ email: users.email, firstName: users.firstName })
      .from(applications)
      .innerJoin(users, eq(users.id, applications.userId))
      .where(eq(applications.id, applicationId));
    if (!owner) return [];
    const newest = unread[unread.length - 1];
    return [
      {
        to: owner.email,
        kind: 'messages',
        parts: {
          subject: one ? 'A new message from our team' : `${count} new messages from our team`,
          greeting: hello(owner.firstName),
          paragraphs: [
            one ? 'Our team sent you a message about your home application:' : `Our team sent you ${count} messages about your home application. The latest:`,
            `“${quoteOf(newest?.body ?? '')}”`,
            'Sign in to read the whole conversation and reply.',
          ],
          action: { label: 'Read and reply', url: appLink(mailContextOf(deps), '/chat') },
        },
      },
    ];
  }
  const [row] = await deps.db
    .select({ firstName: applications.firstName, role: users.role })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId));
  const name = applicantName(row?.firstName);
  // A homeowner's conversation is their application's, and about their home now.
  const about = row?.role === 'homeowner' ? 'their home' : 'their home application';
  return (await staffRecipients(deps.db, applicationId, 'staff_messages')).map((admin) => ({
    to: admin.email,
    kind: 'staff_messages' as const,
    parts: {
      subject: one ? `${name} sent a message` : `${name} sent ${count} messages`,
      greeting: hello(admin.firstName),
      paragraphs: [
        one
          ? `${name} wrote to us about ${about}. Nobody has read it yet.`
          : `${name} wrote to us ${count} times about ${about}. Nobody has read these messages yet.`,
      ],
      action: { label: 'Read and reply', url: reviewLink(deps, applicationId) },
    },
  }));
}

/** Runs the checks on this instance (src/server/register-jobs.ts). */
export function registerMessageNotices(runner: JobRunner, deps: NotificationDeps): void {
  runner.register(messageNoticeJob, async ({ applicationId, to }) => {
    const [conversation] = await deps.db
      .select({ notifiedAt: notifiedColumn(to) })
      .from(applicationConversations)
      .where(eq(applicationConversations.applicationId, applicationId));
    if (!conversation) return;
    const unread = await unreadFor(deps.db, applicationId, to);
    if (!unread.some((message) => message.fresh)) return;
    const last = conversation.notifiedAt;
    const now = new Date();
    if (last && now.getTime() < last.getTime() + MESSAGE_MAIL_INTERVAL_MS) {
      // A mail went out less than 15 minutes ago: what arrived since waits for the end of the interval.
      await queueCheck(deps.db, applicationId, to, messageCheckDue(now, last), last);
      return;
    }
    const mails = await mailsAbout(deps, applicationId, to, unread);
    if (mails.length === 0) return;
    // Claims the interval: only the check that moves notified_at from what it read sends.
    const claimed = await deps.db
      .update(applicationConversations)
      .set(to === 'staff' ? { staffNotifiedAt: now } : { applicantNotifiedAt: now })
      .where(and(eq(applicationConversations.applicationId, applicationId), last ? eq(notifiedColumn(to), last) : isNull(notifiedColumn(to))))
      .returning({ id: applicationConversations.applicationId });
    if (claimed.length === 0) return;
    try {
      for (const mail of mails) await sendNotification(deps, mail);
    } catch (error) {
      await deps.db
        .update(applicationConversations)
        .set(to === 'staff' ? { staffNotifiedAt: last } : { applicantNotifiedAt: last })
        .where(and(eq(applicationConversations.applicationId, applicationId), eq(notifiedColumn(to), now)));
      throw error;
    }
  });
}
