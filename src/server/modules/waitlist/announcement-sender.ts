import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { isSubscribed } from '../../../domain/notifications';
import { safeString } from '../../../domain/safe-text';
import { queryRows } from '../../platform/db/client';
import { announcementRecipients, announcements, jobs, notificationPreferences } from '../../platform/db/schema';
import { columnName } from '../../platform/db/select-fields';
import { enqueue, jobErrorText, jobKind } from '../../platform/jobs/queue';
import type { JobContext, JobRunner } from '../../platform/jobs/runner';
import { sendNotification, type NotificationDeps } from '../../platform/notifications/send-notification';
import { announcementMail, ANNOUNCEMENT_KIND } from './announcement-mail';
import { recordAudit, SYSTEM_ACTOR } from '../../platform/audit/audit';

/**
 * Sends an announcement's recorded recipients (docs/product/back-office.md#announcements;
 * docs/decisions/021-requests-and-messages.md 'Announcements'), one job per batch of about
 * a second's worth at the throttled rate (ANNOUNCEMENT_RATE_PER_SECOND):
 *
 * - each chunk reads the next queued recipients from the partial index (`state = 'queued'`,
 *   so a batch never re-reads those done) with the entry's name and address by `email_key`;
 *   an entry deleted meanwhile is skipped as 'removed', an address that turned waitlist news
 *   off as 'unsubscribed' (sendNotification), a refused mail is failed with its safe facts;
 * - up to 50 mails are under way at once, each started on its throttle slot; every 50
 *   outcomes and the kept counts are written in one statement, only for rows still queued,
 *   so a repeated group never counts twice;
 * - the next batch is a new job, unique per announcement and batch number: one batch runs
 *   at a time on whichever instance claimed it (the runner's lease), and a batch re-run
 *   after its runner died stands down once its successor exists;
 * - with nothing queued, the announcement is 'sent' with its finish time and an audit
 *   entry; a cancelled one stops at the next group.
 *
 * At least once, like every mail job (ADR 020): a runner killed mid-group re-sends that
 * chunk's unrecorded mails when the batch runs again.
 */

export const sendAnnouncementJob = jobKind('announcement:send', z.object({ announcementId: safeString().uuid(), batch: z.number().int().min(1) }), {
  maxAttempts: 8,
});

export const announcementBatchKey = (announcementId: string, batch: number) => `announcement:${announcementId}:${batch}`;

/** Mails under way at once. */
const IN_FLIGHT_MAX = 50;
/** Recipients read at once. */
const CHUNK = 200;
/** Outcomes written together (each write also moves the kept counts). */
const GROUP = 50;
/** A batch's job runs for about this long at the throttled rate, so other jobs get their turn. */
const BATCH_SECONDS = 1;

export interface AnnouncementSenderDeps extends NotificationDeps {
  /** Mails per second at most (ANNOUNCEMENT_RATE_PER_SECOND). */
  ratePerSecond: number;
}

/** A throttle's wait: never longer than a batch (about a second), so a stop is not held up by it. */
const sleep = (ms: number) => new Promise<void>((resolve) => (ms > 0 ? setTimeout(resolve, ms) : resolve()));

interface Recipient {
  email_key: string;
  email: string | null;
  first_name: string | null;
  /** The address's stored choice for waitlist news (null: none made, the kind's default applies). */
  subscribed: boolean | null;
}
interface Outcome {
  email_key: string;
  state: 'sent' | 'skipped' | 'failed';
  reason: string | null;
}

export function registerAnnouncementJobs(runner: JobRunner, deps: AnnouncementSenderDeps): void {
  runner.register(sendAnnouncementJob, (payload, context) => sendBatch(runner, deps, payload, context));
}

async function sendBatch(
  runner: JobRunner,
  deps: AnnouncementSenderDeps,
  { announcementId, batch }: z.output<typeof sendAnnouncementJob.payload>,
  context: JobContext,
) {
  const { db } = deps;
  const nextKey = announcementBatchKey(announcementId, batch + 1);
  // Re-run after its runner died, while its successor was already queued: the successor carries on.
  const [successor] = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.uniqueKey, nextKey));
  if (successor) return;

  const rate = Math.max(1, deps.ratePerSecond);
  const inFlight = Math.min(IN_FLIGHT_MAX, rate);
  const budget = Math.max(inFlight, Math.round(rate * BATCH_SECONDS));
  const started = Date.now();
  let processed = 0;
  let after = '';
  while (processed < budget && !context.signal.aborted) {
    const [announcement] = await db
      .select({ state: announcements.state, subject: announcements.subject, body: announcements.body })
      .from(announcements)
      .where(eq(announcements.id, announcementId));
    if (announcement?.state !== 'sending') return;
    const recipients = await queryRows<Recipient>(
      db,
      sql`select r.email_key, w.email, w.first_name, p.subscribed from announcement_recipients r
        left join waitlist_entries w on w.email_key = r.email_key
        left join ${notificationPreferences} p on p.email_key = r.email_key and p.kind = ${ANNOUNCEMENT_KIND}
        where r.announcement_id = ${announcementId} and r.state = 'queued' and r.email_key > ${after}
        order by r.email_key limit ${Math.min(CHUNK, budget - processed)}`,
    );
    if (recipients.length === 0) {
      if (!(await finish(deps, announcementId))) await next(runner, deps, announcementId, batch);
      return;
    }
    after = recipients.at(-1)!.email_key;
    await sendChunk(deps, announcementId, recipients, announcement, {
      inFlight,
      // The throttle: the n-th mail of this batch starts no sooner than n / rate seconds after the batch did.
      startAt: (index) => started + ((processed + index) * 1000) / rate,
      signal: context.signal,
      // Every mail of a group refused (the mail server is down): the batch is tried again later rather than failing
      // everyone; on its last attempt the failures are recorded.
      giveUpOnOutage: context.attempt < context.maxAttempts,
    });
    processed += recipients.length;
  }
  await next(runner, deps, announcementId, batch);
}

/**
 * Sends a chunk with `inFlight` mails under way at any time (each started on its throttle slot), writing the outcomes
 * of every GROUP finished mails while the others go on.
 */
async function sendChunk(
  deps: NotificationDeps,
  announcementId: string,
  recipients: Recipient[],
  content: { subject: string; body: string },
  options: { inFlight: number; startAt: (index: number) => number; signal: AbortSignal; giveUpOnOutage: boolean },
) {
  let nextIndex = 0;
  let pending: Outcome[] = [];
  let outage: string | undefined;
  const writes: Promise<void>[] = [];
  const flush = () => {
    const group = pending;
    pending = [];
    if (group.length === 0) return;
    if (options.giveUpOnOutage && group.every((o) => o.state === 'failed')) outage ??= group[0]!.reason ?? 'refused';
    else writes.push(record(deps, announcementId, group));
  };
  const worker = async () => {
    while (nextIndex < recipients.length && outage === undefined && !options.signal.aborted) {
      const index = nextIndex++;
      await sleep(options.startAt(index) - Date.now());
      // Awaited first: `pending.push(await …)` would push into the array of before the wait, maybe flushed since.
      const outcome = await sendOne(deps, recipients[index]!, content);
      pending.push(outcome);
      if (pending.length >= GROUP) flush();
    }
  };
  await Promise.all(Array.from({ length: Math.min(options.inFlight, recipients.length) }, worker));
  flush();
  await Promise.all(writes);
  if (outage !== undefined) throw new Error(`announcement mails refused: ${outage}`);
}

async function sendOne(deps: NotificationDeps, recipient: Recipient, content: { subject: string; body: string }): Promise<Outcome> {
  if (!recipient.email) return { email_key: recipient.email_key, state: 'skipped', reason: 'removed' };
  try {
    const mail = announcementMail(recipient.email, recipient.first_name, content);
    // The choice was read with the chunk: no query a mail.
    const result = await sendNotification(deps, mail, isSubscribed(mail.kind, recipient.subscribed ?? undefined));
    return { email_key: recipient.email_key, state: result === 'sent' ? 'sent' : 'skipped', reason: result === 'sent' ? null : 'unsubscribed' };
  } catch (error) {
    return { email_key: recipient.email_key, state: 'failed', reason: jobErrorText(error) };
  }
}

/** The group's outcomes and the kept counts, for the rows still queued only. */
async function record(deps: NotificationDeps, announcementId: string, outcomes: Outcome[]) {
  await deps.db.execute(sql`
    with outcome as (
      select * from jsonb_to_recordset(${JSON.stringify(outcomes)}::jsonb) as x(email_key text, state text, reason text)),
    changed as (
      update announcement_recipients r set state = o.state, reason = o.reason,
        sent_at = case when o.state = 'sent' then now() end
      from outcome o
      where r.announcement_id = ${announcementId} and r.email_key = o.email_key and r.state = 'queued'
      returning r.state)
    update ${announcements} set
      ${columnName(announcements.sent)} = ${announcements.sent} + (select count(*) from changed where state = 'sent'),
      ${columnName(announcements.skipped)} = ${announcements.skipped} + (select count(*) from changed where state = 'skipped'),
      ${columnName(announcements.failed)} = ${announcements.failed} + (select count(*) from changed where state = 'failed'),
      ${columnName(announcements.updatedAt)} = now()
    where ${announcements.id} = ${announcementId}`);
}

/** The next batch, as its own job; the runner looks for it as soon as this one is done. */
async function next(runner: JobRunner, deps: NotificationDeps, announcementId: string, batch: number) {
  await enqueue(deps.db, sendAnnouncementJob, { announcementId, batch: batch + 1 }, { uniqueKey: announcementBatchKey(announcementId, batch + 1) });
  runner.kick();
}

/** Nothing queued: sent, with its finish time and the audit entry, once. Answers false while recipients are still queued. */
async function finish(deps: NotificationDeps, announcementId: string): Promise<boolean> {
  return deps.db.transaction(async (tx) => {
    const [queued] = await tx
      .select({ key: announcementRecipients.emailKey })
      .from(announcementRecipients)
      .where(and(eq(announcementRecipients.announcementId, announcementId), eq(announcementRecipients.state, 'queued')))
      .limit(1);
    if (queued) return false;
    const [row] = await tx
      .update(announcements)
      .set({ state: 'sent', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(announcements.id, announcementId), eq(announcements.state, 'sending')))
      .returning();
    if (!row) return true;
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: 'update',
      entityType: 'announcements',
      entityId: announcementId,
      changes: { state: { from: 'sending', to: 'sent' }, recipients: row.recipients, sent: row.sent, skipped: row.skipped, failed: row.failed },
    });
    return true;
  });
}
