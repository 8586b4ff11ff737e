import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../../../domain/safe-text';
import type { Executor } from '../../platform/db/client';
import { enqueue, jobKind, type JobExecutor } from '../../platform/jobs/queue';
import { applicationRequests, jobs } from '../../platform/db/schema';

/**
 * When reminders are due, and the jobs that carry them (docs/product/application.md#reminders,
 * docs/product/accounts.md#email-verification; docs/decisions/021-requests-and-messages.md
 * 'Reminders and notifications are jobs'). Each reminder is a durable job on the runner
 * (docs/decisions/020-job-runner.md), enqueued in the transaction of the event that starts
 * it, with a unique key so it exists once. The handlers are in reminders.ts.
 */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** An unfinished draft: 24 hours after its last change, then 7 days after it. */
export const DRAFT_REMINDER_AFTER_MS = { '24h': DAY, '7d': 7 * DAY } as const;
export type DraftReminderStep = keyof typeof DRAFT_REMINDER_AFTER_MS;
/** An unverified address: 24 hours after sign-up. */
export const VERIFY_REMINDER_AFTER_MS = DAY;
/** Open requests: every 3 days while any is open, 3 times at most. */
export const REQUEST_REMINDER_EVERY_MS = 3 * DAY;
export const REQUEST_REMINDERS_MAX = 3;

const uuid = () => safeString().uuid();

export const draftReminderJob = jobKind(
  'reminder:draft',
  z.object({
    applicationId: uuid(),
    step: z.enum(['24h', '7d']),
    /** The draft's last change (updated_at) this check counts from: another value when it runs means it changed since. */
    since: safeIsoDateTime('The time of the last change.'),
  }),
);
export const verifyReminderJob = jobKind('reminder:verify', z.object({ userId: safeString().min(1).max(200) }));
export const requestReminderJob = jobKind(
  'reminder:requests',
  z.object({
    applicationId: uuid(),
    /** The open request the series is keyed by, and its round (a reopened request starts a new round). */
    requestId: uuid(),
    round: z.number().int().min(1),
    /** 1, 2 or 3. */
    number: z.number().int().min(1).max(REQUEST_REMINDERS_MAX),
  }),
);

/**
 * Queues the draft's `step` check, due that long after `lastChange` (the application's
 * updated_at). Keyed by the change it counts from: the same check for the same change
 * exists once, and a later change gets a check of its own.
 */
export function scheduleDraftReminder(db: JobExecutor, applicationId: string, lastChange: Date, step: DraftReminderStep = '24h') {
  return enqueue(
    db,
    draftReminderJob,
    { applicationId, step, since: lastChange.toISOString() },
    {
      runAt: new Date(lastChange.getTime() + DRAFT_REMINDER_AFTER_MS[step]),
      uniqueKey: `reminder:draft:${applicationId}:${step}@${lastChange.toISOString()}`,
    },
  );
}

/** Queues the account's one verification reminder, 24 hours after sign-up. */
export function scheduleVerifyReminder(db: JobExecutor, userId: string, signedUpAt: Date) {
  return enqueue(
    db,
    verifyReminderJob,
    { userId },
    { runAt: new Date(signedUpAt.getTime() + VERIFY_REMINDER_AFTER_MS), uniqueKey: `reminder:verify:${userId}` },
  );
}

export const requestReminderKey = (request: { id: string; round: number }, number: number) => `reminder:requests:${request.id}:r${request.round}:${number}`;

/** Queues reminder `number` of the series keyed by `request` (due `runAt`); a no-op when it exists. */
export function scheduleRequestReminder(db: JobExecutor, applicationId: string, request: { id: string; round: number }, number: number, runAt: Date) {
  return enqueue(
    db,
    requestReminderJob,
    { applicationId, requestId: request.id, round: request.round, number },
    { runAt, uniqueKey: requestReminderKey(request, number) },
  );
}

/**
 * A request just opened (created, or reopened in its next round), in the caller's
 * transaction with the application locked: when no other request of the application
 * is open, a series of reminders starts, the first due in 3 days. Otherwise the series
 * already running goes on (reminders.ts hands it to the oldest open request if the one
 * it is keyed by closes).
 */
export async function onRequestOpened(tx: Executor, applicationId: string, request: { id: string; round: number }, at: Date): Promise<void> {
  const [others] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(applicationRequests)
    .where(and(eq(applicationRequests.applicationId, applicationId), eq(applicationRequests.state, 'open'), ne(applicationRequests.id, request.id)));
  if (Number(others?.n ?? 0) > 0) return;
  await scheduleRequestReminder(tx, applicationId, request, 1, new Date(at.getTime() + REQUEST_REMINDER_EVERY_MS));
}

/** Whether a job with this unique key is stored (by the key's unique index). */
export async function jobKeyExists(db: Executor, uniqueKey: string): Promise<boolean> {
  const rows = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.uniqueKey, uniqueKey)).limit(1);
  return rows.length > 0;
}
