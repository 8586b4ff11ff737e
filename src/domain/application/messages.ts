import { z } from 'zod';
import { safeIsoDateTime, safeString } from '../safe-text';
import { formatNumber } from '../format';

/**
 * Messages: one conversation per application between its owner and our staff
 * (docs/decisions/021-requests-and-messages.md; docs/product/application.md#conversation). Plain text,
 * stored, never edited; a sender may delete their own within 5 minutes. Pure: the
 * server, the /chat page and the review dialog share it.
 */

/** docs/product/application.md#conversation: plain text of at most 5,000 characters. */
export const MAX_MESSAGE_CHARS = 5000;

/** docs/product/application.md#conversation: a sender may delete their own message within 5 minutes. */
export const MESSAGE_DELETE_WINDOW_MS = 5 * 60 * 1000;

/** Which side wrote a message: the application's owner, or staff (any admin). */
export const SENDER_SIDES = ['applicant', 'staff'] as const;
export type SenderSide = (typeof SENDER_SIDES)[number];

/** Unread counts stop here; the badge then reads '99+'. */
export const UNREAD_COUNT_CAP = 100;

/** The badge's text: nothing for none, the number up to 99, then '99+'. */
export function unreadBadge(count: number): string {
  if (count <= 0) return '';
  return count > 99 ? '99+' : String(count);
}

/** The side whose messages are unread for `reader`: the other one. */
export const otherSide = (reader: SenderSide): SenderSide => (reader === 'staff' ? 'applicant' : 'staff');

/** Until when a message may still be deleted by its sender. */
export function deletableUntil(createdAt: Date): Date {
  return new Date(createdAt.getTime() + MESSAGE_DELETE_WINDOW_MS);
}

export type MessageDeleteRefusal = 'not_yours' | 'already_deleted' | 'too_late';

/**
 * Whether `userId` may delete the message now: only its sender, only once, and
 * only within 5 minutes of sending it (the window's last instant included).
 */
export function messageDeleteRefusal(
  message: { senderId: string | null; createdAt: Date; deletedAt: Date | null },
  userId: string,
  now: Date,
): MessageDeleteRefusal | null {
  if (!message.senderId || message.senderId !== userId) return 'not_yours';
  if (message.deletedAt) return 'already_deleted';
  if (now.getTime() > deletableUntil(message.createdAt).getTime()) return 'too_late';
  return null;
}

export const MESSAGE_DELETE_MESSAGES: Readonly<Record<MessageDeleteRefusal, string>> = {
  not_yours: 'You can delete only your own messages.',
  already_deleted: 'This message is already deleted.',
  too_late: 'A message can be deleted only within 5 minutes of sending it.',
};

/** What a sender writes: text, trimmed, 1 to 5,000 characters. */
export const newMessageSchema = z.object({
  body: safeString({ error: 'Write a message.' })
    .trim()
    .min(1, 'Write a message.')
    .max(MAX_MESSAGE_CHARS, `Messages are limited to ${formatNumber(MAX_MESSAGE_CHARS)} characters.`),
});
export type NewMessage = z.output<typeof newMessageSchema>;

/** A message as both sides see it; a deleted one keeps its place with an empty body. */
export const messageSchema = z.object({
  id: safeString(),
  side: z.enum(SENDER_SIDES),
  /** The sender's name (staff: the admin's; null when the account is gone). */
  senderName: safeString().nullable(),
  body: safeString(),
  createdAt: safeIsoDateTime('An ISO 8601 date-time'),
  deletedAt: safeIsoDateTime('An ISO 8601 date-time').nullable(),
  /** Written by the one who reads it. */
  mine: z.boolean(),
  /**
   * A file sent with it (PDF, JPEG or PNG, checked like a document; docs/decisions/041-withdrawal-and-change-requests.md):
   * its name as sent, the type its bytes show, its size and the download link; null without one or once deleted.
   */
  attachment: z
    .object({
      name: safeString(),
      contentType: z.enum(['application/pdf', 'image/jpeg', 'image/png']),
      sizeBytes: z.number().int().min(1),
      url: safeString(),
    })
    .nullable(),
});
export type Message = z.output<typeof messageSchema>;

/** The text of a message sent with a file: optional (the file may say it all), at most 5,000 characters. */
export const attachmentMessageSchema = z.object({
  body: safeString({ error: 'The message must be text.' })
    .trim()
    .max(MAX_MESSAGE_CHARS, `Messages are limited to ${formatNumber(MAX_MESSAGE_CHARS)} characters.`)
    .optional(),
});
