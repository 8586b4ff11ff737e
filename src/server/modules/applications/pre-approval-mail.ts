import { and, asc, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import { expiryNoticeMailText, PRE_APPROVAL_NOTICE_DAYS, renewedMailText, type PreApprovalMailText } from '../../../domain/application/pre-approval';
import { addDays } from '../../../domain/homes/admin-homes';
import { ledgerToday } from '../../../domain/homes/dates';
import { safeString } from '../../../domain/safe-text';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit/audit';
import type { Db } from '../../platform/db/client';
import { applications, preApprovals, users } from '../../platform/db/schema';
import { jobKind, type JobExecutor } from '../../platform/jobs/queue';
import type { JobRunner } from '../../platform/jobs/runner';
import type { Logger } from '../../platform/lib/logger';
import { appLink, hello } from '../../platform/mail/templates';
import { defineNotification, notify } from '../../platform/notifications/notification';
import { mailContextOf } from '../../platform/notifications/send-notification';

/**
 * The pre-approval's e-mails (docs/decisions/030-pre-approval.md): the notice 14 days before it
 * expires, sent once per expiry date by a recurring job on the runner, and the renewal's. Each is a
 * notification job built when it runs, which sends nothing when what it tells is no longer true
 * (renewed again since, the application no longer Approved).
 */

const payload = z.object({ preApprovalId: safeString().uuid(), expiresOn: safeString() });

/** The pre-approval and its buyer when it is still the application's current one, Approved, with this expiry date. */
async function stillCurrent(db: Db, preApprovalId: string, expiresOn: string) {
  const [row] = await db
    .select({ preApproval: preApprovals, status: applications.status, email: users.email, firstName: users.firstName })
    .from(preApprovals)
    .innerJoin(applications, eq(applications.id, preApprovals.applicationId))
    .innerJoin(users, eq(users.id, preApprovals.userId))
    .where(eq(preApprovals.id, preApprovalId));
  if (!row || row.status !== 'approved' || row.preApproval.expiresOn !== expiresOn) return undefined;
  const [latest] = await db
    .select({ id: preApprovals.id })
    .from(preApprovals)
    .where(eq(preApprovals.applicationId, row.preApproval.applicationId))
    .orderBy(desc(preApprovals.createdAt), desc(preApprovals.id))
    .limit(1);
  return latest?.id === preApprovalId ? row : undefined;
}

function preApprovalNotification(name: string, text: (p: typeof preApprovals.$inferSelect) => PreApprovalMailText) {
  return defineNotification(name, payload, async (deps, { preApprovalId, expiresOn }) => {
    const row = await stillCurrent(deps.db, preApprovalId, expiresOn);
    if (!row) return [];
    const mail = text(row.preApproval);
    return [
      {
        to: row.email,
        kind: 'application_updates',
        parts: {
          subject: mail.subject,
          greeting: hello(row.firstName),
          paragraphs: mail.paragraphs,
          action: { label: 'Go to my dashboard', url: appLink(mailContextOf(deps), '/dashboard') },
        },
      },
    ];
  });
}

export const preApprovalExpiryNotification = preApprovalNotification('pre-approval-expiry', expiryNoticeMailText);
export const preApprovalRenewedNotification = preApprovalNotification('pre-approval-renewed', renewedMailText);

/** Queues the renewal's e-mail in the renewal's transaction. */
export async function notifyPreApprovalRenewed(tx: JobExecutor, preApprovalId: string, expiresOn: string): Promise<void> {
  await notify(tx, preApprovalRenewedNotification, { preApprovalId, expiresOn });
}

export const preApprovalExpiryJob = jobKind('applications:pre-approval-expiry', z.object({}), { maxAttempts: 3 });

const HOUR = 60 * 60_000;

/**
 * Marks and queues the expiry notices due by `today` (the ledger's calendar): every current pre-approval
 * of an Approved application whose expiry date is within 14 days and not past, and whose notice for
 * that date is not sent. Each is claimed by a conditional update (`expiry_notice_sent_at IS NULL`) in
 * the transaction that queues its mail and writes its audit entry, so two runs, or two instances,
 * send one notice; a renewal clears the mark, so the new date gets its own.
 */
export async function runPreApprovalExpiryNotices(db: Db, { today = ledgerToday(), batchSize = 200 } = {}): Promise<number> {
  const newer = sql`exists (select 1 from ${preApprovals} as newer where newer.application_id = ${preApprovals.applicationId}
    and (newer.created_at, newer.id) > (${preApprovals.createdAt}, ${preApprovals.id}))`;
  const due = await db
    .select({ id: preApprovals.id })
    .from(preApprovals)
    .innerJoin(applications, eq(applications.id, preApprovals.applicationId))
    .where(
      and(
        isNull(preApprovals.expiryNoticeSentAt),
        gte(preApprovals.expiresOn, today),
        lte(preApprovals.expiresOn, addDays(today, PRE_APPROVAL_NOTICE_DAYS)),
        eq(applications.status, 'approved'),
        sql`not ${newer}`,
      ),
    )
    .orderBy(asc(preApprovals.expiresOn), asc(preApprovals.id))
    .limit(batchSize);
  let sent = 0;
  for (const { id } of due) {
    const claimed = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(preApprovals)
        .set({ expiryNoticeSentAt: new Date() })
        .where(and(eq(preApprovals.id, id), isNull(preApprovals.expiryNoticeSentAt)))
        .returning({ id: preApprovals.id, applicationId: preApprovals.applicationId, expiresOn: preApprovals.expiresOn });
      if (!row) return false;
      await notify(tx, preApprovalExpiryNotification, { preApprovalId: row.id, expiresOn: row.expiresOn });
      await recordAudit(tx, SYSTEM_ACTOR, {
        action: 'remind',
        entityType: 'pre_approvals',
        entityId: row.id,
        changes: { reminder: 'pre_approval_expiry', applicationId: row.applicationId, expiresOn: row.expiresOn },
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}

/** The hourly expiry run on the job runner, registered at start (src/server/register-jobs.ts). */
export function registerPreApprovalExpiry(runner: JobRunner, { db, logger }: { db: Db; logger: Logger }): void {
  runner
    .register(preApprovalExpiryJob, async () => {
      const sent = await runPreApprovalExpiryNotices(db);
      if (sent > 0) {
        logger.info({ notices: sent }, 'pre-approvals: expiry notices queued');
        runner.kick();
      }
    })
    .every(preApprovalExpiryJob, HOUR, { firstAfterMs: 60_000 });
}
