import { createEmailVerificationToken } from 'better-auth/api';
import { and, asc, eq } from 'drizzle-orm';
import { requestTitle } from '../../../domain/application/requests';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit/audit';
import { resolveAuthSecret } from '../../platform/lib/secret';
import type { Config } from '../../platform/config';
import { applicationRequests, applications, users } from '../../platform/db/schema';
import type { JobRunner } from '../../platform/jobs/runner';
import { draftReminderMail, requestReminderMail, verifyReminderMail } from './reminder-mails';
import { requestsOpenOn } from './requests-open';
import {
  DRAFT_REMINDER_AFTER_MS,
  draftReminderJob,
  jobKeyExists,
  REQUEST_REMINDER_EVERY_MS,
  REQUEST_REMINDERS_MAX,
  requestReminderJob,
  requestReminderKey,
  scheduleDraftReminder,
  scheduleRequestReminder,
  verifyReminderJob,
  type DraftReminderStep,
} from './reminders-schedule';
import { mailContextOf, sendNotification, type NotificationDeps } from '../../platform/notifications/send-notification';

/**
 * The reminders' handlers (docs/product/application.md#reminders; docs/decisions/021-requests-and-messages.md
 * 'Reminders and notifications are jobs'). Each reads what it reminds of when it runs and
 * sends nothing when the reason is gone (the draft was submitted or deleted, the address
 * verified, the requests answered). When it sends, the mail goes out first, then its audit
 * entry (action `remind`) and the next reminder it decided on commit in one transaction: a
 * runner that dies in between leaves the job to be run again, which re-sends that one mail
 * (at least once, docs/decisions/020-job-runner.md) and loses nothing.
 */

export interface ReminderDeps extends NotificationDeps {
  config: Pick<Config, 'APP_URL' | 'BETTER_AUTH_SECRET' | 'DATA_DIR' | 'EMAIL_VERIFICATION_TTL_SECONDS'>;
}

export function registerReminders(runner: JobRunner, deps: ReminderDeps): void {
  // The secret that signs better-auth's verification links (src/server/platform/auth/create-auth.ts); read once, when first needed.
  let secret: string | undefined;
  const authSecret = () => (secret ??= resolveAuthSecret(deps.config));
  runner
    .register(draftReminderJob, ({ applicationId, step, since }) => remindDraft(deps, applicationId, step, since))
    .register(verifyReminderJob, ({ userId }) => remindToVerify(deps, userId, authSecret()))
    .register(requestReminderJob, (payload) => remindOfRequests(deps, payload));
}

/** An unfinished draft: 24 hours, then 7 days, after its last change. */
export async function remindDraft(deps: ReminderDeps, applicationId: string, step: DraftReminderStep, since: string): Promise<void> {
  const { db } = deps;
  const [row] = await db
    .select({ status: applications.status, updatedAt: applications.updatedAt, email: users.email, firstName: users.firstName })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId));
  if (!row || row.status !== 'draft') return;
  const lastChange = row.updatedAt;
  if (lastChange.toISOString() !== since) {
    // Changed since this check was queued: the same check again, counted from the change.
    await scheduleDraftReminder(db, applicationId, lastChange, step);
    return;
  }
  const now = Date.now();
  // A check that ran late (every instance was down for days) sends the week's reminder alone, not both at once.
  const sending: DraftReminderStep = step === '24h' && lastChange.getTime() + DRAFT_REMINDER_AFTER_MS['7d'] <= now ? '7d' : step;
  const outcome = await sendNotification(deps, {
    to: row.email,
    kind: 'draft_reminders',
    parts: draftReminderMail(mailContextOf(deps), { firstName: row.firstName, step: sending }),
  });
  await db.transaction(async (tx) => {
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'remind',
      entityType: 'applications',
      entityId: applicationId,
      changes: { reminder: 'draft', step: sending, outcome },
    });
    if (sending === '24h') await scheduleDraftReminder(tx, applicationId, lastChange, '7d');
  });
}

/** An unverified address, 24 hours after sign-up: a fresh verification link, the same as the resend's. */
export async function remindToVerify(deps: ReminderDeps, userId: string, secret: string): Promise<void> {
  const { db, config } = deps;
  const [user] = await db
    .select({ email: users.email, emailVerified: users.emailVerified, firstName: users.firstName })
    .from(users)
    .where(eq(users.id, userId));
  if (!user || user.emailVerified) return;
  const validForSeconds = config.EMAIL_VERIFICATION_TTL_SECONDS;
  // better-auth's own token (a signed JWT of the address), as its send-verification-email endpoint makes it.
  const token = await createEmailVerificationToken(secret, user.email, undefined, validForSeconds, { userId });
  const outcome = await sendNotification(deps, {
    to: user.email,
    kind: 'verify_reminders',
    parts: verifyReminderMail(mailContextOf(deps), { firstName: user.firstName, token, validForSeconds }),
  });
  await db.transaction(async (tx) => {
    await recordAudit(tx, SYSTEM_ACTOR, { action: 'remind', entityType: 'users', entityId: userId, changes: { reminder: 'verify_email', outcome } });
  });
}

/**
 * Open requests: every 3 days while the application has any open, 3 times at most. The
 * series is keyed by the request that opened it; when that one is no longer open but others
 * are, the series goes on under the oldest open one (same number), unless that one opened a
 * series of its own (it opened when none was open: that series is the current one).
 */
export async function remindOfRequests(
  deps: ReminderDeps,
  { applicationId, requestId, round, number }: { applicationId: string; requestId: string; round: number; number: number },
): Promise<void> {
  const { db } = deps;
  const [application] = await db
    .select({ status: applications.status, userId: applications.userId, email: users.email, firstName: users.firstName })
    .from(applications)
    .innerJoin(users, eq(users.id, applications.userId))
    .where(eq(applications.id, applicationId));
  if (!application || !(await requestsOpenOn(db, application))) return;
  const open = await db
    .select({
      id: applicationRequests.id,
      round: applicationRequests.round,
      kind: applicationRequests.kind,
      documentType: applicationRequests.documentType,
      title: applicationRequests.title,
      fields: applicationRequests.fields,
    })
    .from(applicationRequests)
    .where(and(eq(applicationRequests.applicationId, applicationId), eq(applicationRequests.state, 'open')))
    .orderBy(asc(applicationRequests.createdAt), asc(applicationRequests.id));
  if (open.length === 0) return;
  if (!open.some((r) => r.id === requestId && r.round === round)) {
    const oldest = open[0];
    if (await jobKeyExists(db, requestReminderKey(oldest, 1))) return;
    await scheduleRequestReminder(db, applicationId, oldest, number, new Date());
    return;
  }
  const outcome = await sendNotification(deps, {
    to: application.email,
    kind: 'request_reminders',
    parts: requestReminderMail(mailContextOf(deps), { firstName: application.firstName, titles: open.map(requestTitle), number }),
  });
  await db.transaction(async (tx) => {
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'remind',
      entityType: 'applications',
      entityId: applicationId,
      changes: { reminder: 'requests', number, openRequests: open.length, outcome },
    });
    if (number < REQUEST_REMINDERS_MAX) {
      await scheduleRequestReminder(tx, applicationId, { id: requestId, round }, number + 1, new Date(Date.now() + REQUEST_REMINDER_EVERY_MS));
    }
  });
}
