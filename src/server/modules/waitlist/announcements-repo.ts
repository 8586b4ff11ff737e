import { desc, eq, sql } from 'drizzle-orm';
import {
  type Announcement,
  type AnnouncementAudience,
  type AnnouncementDetail,
  type AnnouncementDraft,
  type AnnouncementListParams,
  type AnnouncementPreview,
  announcementAudienceSchema,
} from '../../../domain/admin/announcements';
import type { Page } from '../../../domain/admin/lists';
import { queryRows, type Db } from '../../platform/db/client';
import { announcementRecipients, announcements, notificationPreferences, waitlistEntries } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { enqueue } from '../../platform/jobs/queue';
import { renderNotification, type NotificationDeps } from '../../platform/notifications/send-notification';
import { announcementMail } from './announcement-mail';
import { announcementBatchKey, sendAnnouncementJob } from './announcement-sender';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { cappedCount, toPage } from '../../platform/lists/list-query';
import { waitlistFilterWhere } from './waitlist-repo';

/**
 * Announcements to the waitlist (docs/product/back-office.md#announcements;
 * docs/decisions/021-requests-and-messages.md 'Announcements'): preview, send to the
 * list's current filter, progress, cancel. The sending itself is a job
 * (announcement-sender.ts).
 */

type Row = typeof announcements.$inferSelect;

/** The filter as stored: only what changes who matches. */
const audienceOf = ({ q, interest, from, to }: AnnouncementAudience): AnnouncementAudience => ({
  q,
  interest,
  ...(from ? { from } : {}),
  ...(to ? { to } : {}),
});

function present(row: Row): Announcement {
  const audience = announcementAudienceSchema.safeParse(row.audience);
  return {
    id: row.id,
    subject: row.subject,
    audience: audience.success ? audience.data : { q: '', interest: 'all' },
    state: row.state,
    createdBy: row.createdBy,
    createdAt: isoTime(row.createdAt),
    startedAt: isoTimeOrNull(row.startedAt),
    finishedAt: isoTimeOrNull(row.finishedAt),
    recipients: row.recipients,
    sent: row.sent,
    skipped: row.skipped,
    failed: row.failed,
  };
}

const notFound = () => new AppError(404, 'not_found', 'There is no such announcement.');

/** Newest first (announcements_created_at_idx). */
export async function listAnnouncements(db: Db, params: AnnouncementListParams): Promise<Page<Announcement>> {
  const [rows, count] = await Promise.all([
    db
      .select()
      .from(announcements)
      .orderBy(desc(announcements.createdAt), desc(announcements.id))
      .limit(params.pageSize)
      .offset((params.page - 1) * params.pageSize),
    cappedCount(db, sql`from ${announcements}`),
  ]);
  return toPage(rows.map(present), params, count);
}

export async function getAnnouncement(db: Db, id: string): Promise<AnnouncementDetail> {
  const [row] = await db.select().from(announcements).where(eq(announcements.id, id));
  if (!row) throw notFound();
  return { ...present(row), body: row.body };
}

/** The preview's unsubscribe link is for no real address: a click on it in the back office unsubscribes nobody. */
const PREVIEW_ADDRESS = 'preview@example.invalid';

/**
 * The mail as the newest matching entry would get it (greeted by their first name), and how many entries the filter matches now (all of them:
 * every one is recorded when it is sent), of which how many turned waitlist news off.
 */
export async function previewAnnouncement(deps: NotificationDeps, draft: AnnouncementDraft): Promise<AnnouncementPreview> {
  const where = waitlistFilterWhere(draft.audience);
  const [counts] = await queryRows<{ recipients: number; unsubscribed: number }>(
    deps.db,
    sql`select count(*)::int as recipients, count(p.email_key)::int as unsubscribed
      from ${waitlistEntries} left join ${notificationPreferences} p
        on p.email_key = ${waitlistEntries.emailKey} and p.kind = 'waitlist_news' and p.subscribed = false
      ${where}`,
  );
  const [first] = await queryRows<{ first_name: string }>(
    deps.db,
    sql`select ${waitlistEntries.firstName} as first_name from ${waitlistEntries} ${where}
      order by ${waitlistEntries.createdAt} desc, ${waitlistEntries.id} desc limit 1`,
  );
  const mail = announcementMail(PREVIEW_ADDRESS, first?.first_name ?? null, draft);
  // The mail as a recipient gets it, the unsubscribe footer included.
  const { subject, text, html } = renderNotification(deps, mail);
  return { subject, text, html, recipients: Number(counts?.recipients ?? 0), unsubscribed: Number(counts?.unsubscribed ?? 0) };
}

/**
 * Sends an announcement to the filter: in one transaction, the announcement ('sending'), every matching entry's
 * address as a queued recipient (one INSERT … SELECT with the list's own filter), its count, the first batch's job
 * and the audit entry. 422 when nobody matches. The caller wakes the runner after the commit.
 */
export async function sendAnnouncement(db: Db, actor: AuditActor, draft: AnnouncementDraft): Promise<Announcement> {
  const audience = audienceOf(draft.audience);
  return db.transaction(async (tx) => {
    const [created] = await tx
      .insert(announcements)
      .values({
        subject: draft.subject,
        body: draft.body,
        audience,
        state: 'sending',
        createdBy: actor.email ?? actor.id,
        startedAt: sql`now()`,
      })
      .returning();
    const [recorded] = await queryRows<{ n: number }>(
      tx,
      sql`with recorded as (
          insert into ${announcementRecipients} (announcement_id, email_key)
          select ${created!.id}::uuid, ${waitlistEntries.emailKey} from ${waitlistEntries} ${waitlistFilterWhere(audience)}
          on conflict do nothing returning 1)
        select count(*)::int as n from recorded`,
    );
    const recipients = Number(recorded?.n ?? 0);
    if (recipients === 0) {
      throw new AppError(422, 'no_recipients', 'Nobody on the waitlist matches this filter. Change the filter and try again.');
    }
    const [row] = await tx.update(announcements).set({ recipients }).where(eq(announcements.id, created!.id)).returning();
    await enqueue(tx, sendAnnouncementJob, { announcementId: row!.id, batch: 1 }, { uniqueKey: announcementBatchKey(row!.id, 1) });
    await recordAudit(tx, actor, {
      action: 'send',
      entityType: 'announcements',
      entityId: row!.id,
      changes: { subject: row!.subject, audience, recipients },
    });
    return present(row!);
  });
}

/** Stops a sending announcement: nothing more goes out (a batch under way finishes its few mails). Audited; 409 otherwise. */
export async function cancelAnnouncement(db: Db, actor: AuditActor, id: string): Promise<Announcement> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(announcements).where(eq(announcements.id, id)).for('update');
    if (!current) throw notFound();
    if (current.state !== 'sending') {
      throw new AppError(409, 'not_sending', `This announcement is ${current.state === 'sent' ? 'already sent' : 'not sending'}; there is nothing to cancel.`);
    }
    const [row] = await tx
      .update(announcements)
      .set({ state: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(announcements.id, id))
      .returning();
    await recordAudit(tx, actor, {
      action: 'cancel',
      entityType: 'announcements',
      entityId: id,
      changes: { state: { from: 'sending', to: 'cancelled' }, recipients: row!.recipients, sent: row!.sent, skipped: row!.skipped, failed: row!.failed },
    });
    return present(row!);
  });
}
