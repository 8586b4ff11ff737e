import { and, desc, eq, sql } from 'drizzle-orm';
import type { Conversation } from '../../../domain/api/messages';
import {
  MESSAGE_DELETE_MESSAGES,
  MESSAGE_DELETE_WINDOW_MS,
  messageDeleteRefusal,
  otherSide,
  UNREAD_COUNT_CAP,
  type Message,
  type SenderSide,
} from '../../../domain/application/messages';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import type { Deps } from '../../platform/http/context';
import { type Db, type Executor, queryRows } from '../../platform/db/client';
import { applicationConversations, applicationMessages, applications, users } from '../../platform/db/schema';
import { AppError } from '../../platform/lib/errors';
import { hitRateLimit } from '../../platform/limits/rate-limit';
import { notifyNewMessage } from './message-notification';
import { removeStored } from './document-store';
import type { DocumentContentType } from '../../../domain/application';
import { pathOf } from '../../../domain/api/route';
import { messageAttachmentsApi } from '../../../domain/api/message-attachments';

/**
 * One conversation per application between its owner and our staff
 * (docs/product/application.md#conversation, docs/decisions/021-requests-and-messages.md):
 * read by keyset on application_messages_conversation_idx, newest page first; unread
 * counts are a range of the same index after the reader's marker, capped at 100.
 */

/** A page of the conversation. */
export const CONVERSATION_PAGE_SIZE = 50;

/** docs/product/application.md#conversation: per user, at most 30 messages in 10 minutes (both sides). */
export const MESSAGE_RATE_LIMIT = { name: 'messages:send', max: 30, windowSeconds: 600 } as const;

export const messageNotFound = () => new AppError(404, 'not_found', 'Message not found.');

const readMarker = (side: SenderSide) => (side === 'staff' ? applicationConversations.staffReadAt : applicationConversations.applicantReadAt);

type MessageRow = typeof applicationMessages.$inferSelect & { senderName: string | null };

const MESSAGE_FIELDS = {
  id: applicationMessages.id,
  applicationId: applicationMessages.applicationId,
  senderId: applicationMessages.senderId,
  senderSide: applicationMessages.senderSide,
  body: applicationMessages.body,
  createdAt: applicationMessages.createdAt,
  deletedAt: applicationMessages.deletedAt,
  attachmentKey: applicationMessages.attachmentKey,
  attachmentName: applicationMessages.attachmentName,
  attachmentType: applicationMessages.attachmentType,
  attachmentSize: applicationMessages.attachmentSize,
  senderName: users.name,
};

/** A file sent with a message: where it is stored, its name as sent, the type its bytes show, its size. */
export interface MessageAttachment {
  key: string;
  name: string;
  contentType: DocumentContentType;
  sizeBytes: number;
}

/** A message as the viewer sees it: a deleted one keeps its place with an empty body. */
export function presentMessage(row: MessageRow, viewerId: string): Message {
  return {
    id: row.id,
    side: row.senderSide,
    senderName: row.senderName,
    body: row.deletedAt ? '' : row.body,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt ? row.deletedAt.toISOString() : null,
    mine: row.senderId === viewerId,
    attachment:
      row.attachmentKey && !row.deletedAt
        ? {
            name: row.attachmentName ?? 'file',
            // The database admits only these three (application_messages_attachment_check).
            contentType: row.attachmentType as DocumentContentType,
            sizeBytes: row.attachmentSize ?? 0,
            url: pathOf(messageAttachmentsApi.download.path, { id: row.id }),
          }
        : null,
  };
}

/** The message with its sender's name, or undefined. */
export async function findMessage(db: Executor, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(MESSAGE_FIELDS)
    .from(applicationMessages)
    .leftJoin(users, eq(users.id, applicationMessages.senderId))
    .where(eq(applicationMessages.id, id));
  return row;
}

/** The reader's unread messages: the other side's, not deleted, after the reader's marker, up to 100. */
export async function unreadCount(db: Executor, applicationId: string, reader: SenderSide): Promise<number> {
  const marker = sql`coalesce((select ${readMarker(reader)} from ${applicationConversations} where ${applicationConversations.applicationId} = ${applicationId}), '-infinity'::timestamptz)`;
  const list = await queryRows<{ unread: number | string }>(
    db,
    sql`
    select count(*) as unread from (
      select 1 from ${applicationMessages}
      where ${applicationMessages.applicationId} = ${applicationId}
        and ${applicationMessages.createdAt} > ${marker}
        and ${applicationMessages.senderSide} = ${otherSide(reader)}
        and ${applicationMessages.deletedAt} is null
      limit ${UNREAD_COUNT_CAP}
    ) unread`,
  );
  return Number(list[0]?.unread ?? 0);
}

/**
 * Staff's unread counts for a page of applications (the admin list): per id, the buyer's
 * messages after staff's marker, capped at 100 — one range of the conversation index each.
 */
export async function staffUnreadCounts(db: Executor, applicationIds: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  if (applicationIds.length === 0) return counts;
  const ids = sql.join(
    applicationIds.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const list = await queryRows<{ id: string; unread: number | string }>(
    db,
    sql`
    select c.${sql.identifier(applicationConversations.applicationId.name)} as id, n.unread
    from ${applicationConversations} c
    cross join lateral (
      select count(*) as unread from (
        select 1 from ${applicationMessages} m
        where m.application_id = c.application_id
          and m.created_at > coalesce(c.staff_read_at, '-infinity'::timestamptz)
          and m.sender_side = 'applicant'
          and m.deleted_at is null
        limit ${UNREAD_COUNT_CAP}
      ) capped
    ) n
    where c.application_id in (${ids})`,
  );
  for (const row of list) counts.set(row.id, Number(row.unread));
  return counts;
}

/**
 * The newest page, or the page before `before` (a message of this conversation, else 404); oldest first. The home
 * bought through the application is the homes module's to say: the route adds it.
 */
export async function loadConversation(
  db: Db,
  applicationId: string,
  viewer: { id: string; side: SenderSide },
  before?: string,
): Promise<Omit<Conversation, 'home'>> {
  let keyset = sql`true`;
  if (before) {
    const [cursor] = await db
      .select({ id: applicationMessages.id })
      .from(applicationMessages)
      .where(and(eq(applicationMessages.id, before), eq(applicationMessages.applicationId, applicationId)));
    if (!cursor) throw messageNotFound();
    // The cursor's time read in SQL (microseconds; a JavaScript Date keeps milliseconds).
    keyset = sql`(${applicationMessages.createdAt}, ${applicationMessages.id}) < (select c.created_at, c.id from ${applicationMessages} c where c.id = ${cursor.id}::uuid)`;
  }
  const [rows, unread] = await Promise.all([
    db
      .select(MESSAGE_FIELDS)
      .from(applicationMessages)
      .leftJoin(users, eq(users.id, applicationMessages.senderId))
      .where(and(eq(applicationMessages.applicationId, applicationId), keyset))
      .orderBy(desc(applicationMessages.createdAt), desc(applicationMessages.id))
      .limit(CONVERSATION_PAGE_SIZE + 1),
    unreadCount(db, applicationId, viewer.side),
  ]);
  const more = rows.length > CONVERSATION_PAGE_SIZE;
  const page = rows.slice(0, CONVERSATION_PAGE_SIZE).reverse();
  return {
    applicationId,
    messages: page.map((row) => presentMessage(row, viewer.id)),
    olderCursor: more && page[0] ? page[0].id : null,
    unread,
  };
}

/**
 * Moves the side's read marker forward to the created_at of message `upTo` (never back); creates
 * the conversation row on first use. The time is read in SQL: PostgreSQL keeps microseconds, a
 * JavaScript Date only milliseconds, and a marker cut short would leave the message unread.
 */
async function markReadAt(db: Executor, applicationId: string, side: SenderSide, upTo: string): Promise<void> {
  const column = side === 'staff' ? 'staff_read_at' : 'applicant_read_at';
  await db.execute(sql`
    insert into ${applicationConversations} (application_id, ${sql.identifier(column)})
    select ${applicationId}::uuid, m.created_at from ${applicationMessages} m where m.id = ${upTo}::uuid
    on conflict (application_id) do update
      set ${sql.identifier(column)} = greatest(${applicationConversations}.${sql.identifier(column)}, excluded.${sql.identifier(column)})`);
}

/**
 * Stores a message (rate limited per user), with its audit entry (its id and side, never
 * its text) in the same transaction. The sender has read their own conversation up to it.
 */
export async function sendMessage(
  deps: Pick<Deps, 'db'>,
  actor: AuditActor,
  senderId: string,
  applicationId: string,
  side: SenderSide,
  body: string,
  /** A file already stored (message-attachment.ts), whose sender was counted against the limit before it was read. */
  attachment?: MessageAttachment,
): Promise<Message> {
  if (!attachment) await hitRateLimit(deps.db, MESSAGE_RATE_LIMIT, senderId);
  const row = await deps.db.transaction(async (tx) => {
    const file = attachment
      ? { attachmentKey: attachment.key, attachmentName: attachment.name, attachmentType: attachment.contentType, attachmentSize: attachment.sizeBytes }
      : {};
    const [message] = await tx
      .insert(applicationMessages)
      .values({ applicationId, senderId, senderSide: side, body, ...file })
      .returning();
    if (!message) throw new Error('message insert returned no row');
    await markReadAt(tx, applicationId, side, message.id);
    // The other side's e-mail, at most one per 15 minutes (src/server/modules/applications/message-notification.ts).
    await notifyNewMessage(tx, applicationId, side, message.createdAt);
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'messages',
      entityId: message.id,
      changes: { application: applicationId, side, ...(attachment ? { attachment: attachment.contentType } : {}) },
    });
    return message;
  });
  const [sender] = await deps.db.select({ name: users.name }).from(users).where(eq(users.id, senderId));
  return presentMessage({ ...row, senderName: sender?.name ?? null }, senderId);
}

/**
 * Deletes the sender's own message within 5 minutes: the body is emptied and deleted_at set
 * (the row keeps its place: 'Message deleted'); audited in the same transaction. The window
 * is checked again by the update itself, so a delete at the edge cannot slip through.
 */
export async function deleteMessage(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  actor: AuditActor,
  userId: string,
  message: MessageRow,
  now = new Date(),
): Promise<void> {
  const refusal = messageDeleteRefusal(message, userId, now);
  if (refusal) throw new AppError(409, refusal, MESSAGE_DELETE_MESSAGES[refusal]);
  await deps.db.transaction(async (tx) => {
    const done = await tx
      .update(applicationMessages)
      // Its file goes with it (removed from storage after the commit).
      .set({ body: '', deletedAt: sql`now()`, attachmentKey: null, attachmentName: null, attachmentType: null, attachmentSize: null })
      .where(
        and(
          eq(applicationMessages.id, message.id),
          sql`${applicationMessages.deletedAt} is null`,
          sql`${applicationMessages.createdAt} >= now() - make_interval(secs => ${MESSAGE_DELETE_WINDOW_MS / 1000})`,
        ),
      )
      .returning({ id: applicationMessages.id });
    if (done.length === 0) throw new AppError(409, 'too_late', MESSAGE_DELETE_MESSAGES.too_late);
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'messages',
      entityId: message.id,
      changes: { application: message.applicationId, side: message.senderSide },
    });
  });
  if (message.attachmentKey) await removeStored(deps, [message.attachmentKey]);
}

/** Marks the conversation read for `side` up to a message of it (404 for any other id); answers what is still unread. */
export async function markRead(db: Db, applicationId: string, side: SenderSide, upTo: string): Promise<number> {
  const [message] = await db
    .select({ id: applicationMessages.id })
    .from(applicationMessages)
    .where(and(eq(applicationMessages.id, upTo), eq(applicationMessages.applicationId, applicationId)));
  if (!message) throw messageNotFound();
  await markReadAt(db, applicationId, side, message.id);
  return unreadCount(db, applicationId, side);
}

/** The application a message belongs to, with its owner, for the access check. */
export async function ownerOfApplication(db: Executor, applicationId: string): Promise<string | undefined> {
  const [row] = await db.select({ userId: applications.userId }).from(applications).where(eq(applications.id, applicationId));
  return row?.userId;
}
