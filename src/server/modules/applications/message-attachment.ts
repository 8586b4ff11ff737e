import { randomUUID } from 'node:crypto';
import { MAX_DOCUMENT_BYTES } from '../../../domain/application';
import { attachmentMessageSchema, type Message, type SenderSide } from '../../../domain/application/messages';
import type { AuditActor } from '../../platform/audit/audit';
import { auditedDownload } from '../../platform/http/audited-download';
import type { Deps } from '../../platform/http/context';
import { AppError } from '../../platform/lib/errors';
import { hitRateLimit } from '../../platform/limits/rate-limit';
import { MESSAGE_RATE_LIMIT, messageNotFound, sendMessage, type findMessage } from './conversation';
import { removeStored } from './document-store';
import { contentDisposition } from './download';
import { receiveMultipart } from './receive-upload';

/**
 * A message with a file (docs/decisions/041-withdrawal-and-change-requests.md): the file is received exactly as a
 * document is (receive-upload.ts, upload-guard.ts: PDF, JPEG or PNG by its first bytes, at most 25 MB, nothing kept
 * from a refused upload) into the same storage under `messages/<application id>/<random uuid>`, then the message is
 * stored with it (conversation.ts sendMessage: audited, the other side notified). Any refusal after the file was
 * stored removes it.
 */

const invalidUpload = () => new AppError(400, 'invalid_upload', 'Send the message as multipart/form-data with one file field.');
const noFile = () => new AppError(400, 'no_file', 'Please choose a file to send.');

export async function sendWithAttachment(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  actor: AuditActor,
  senderId: string,
  applicationId: string,
  side: SenderSide,
  request: Request,
): Promise<Message> {
  // Counted before a byte is read, like a message without a file.
  await hitRateLimit(deps.db, MESSAGE_RATE_LIMIT, senderId);
  const key = `messages/${applicationId}/${randomUUID()}`;
  let stored = false;
  try {
    const { fields, file } = await receiveMultipart(request, deps.storage, key, {
      maxFileBytes: MAX_DOCUMENT_BYTES,
      invalid: invalidUpload,
      fields: { count: 5, maxBytes: 32 * 1024 },
      fileField: 'file',
    });
    stored = Boolean(file);
    // The text first: a bad one is named under its field, with or without a file.
    const parsed = attachmentMessageSchema.safeParse(fields);
    if (!parsed.success) {
      const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.') || 'body', issue.message]));
      throw new AppError(400, 'validation_failed', 'Some fields need your attention.', errors);
    }
    if (!file) throw noFile();
    return await sendMessage(deps, actor, senderId, applicationId, side, parsed.data.body ?? '', {
      key,
      name: file.originalName,
      contentType: file.contentType,
      sizeBytes: file.sizeBytes,
    });
  } catch (error) {
    // A refused upload kept nothing already; a refusal after it was stored removes it.
    if (stored) await removeStored(deps, [key]);
    else await deps.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** Downloads a message's file as an attachment, audited; a message without one (or deleted) is 404. */
export function downloadAttachment(
  deps: Pick<Deps, 'db' | 'storage' | 'logger'>,
  actor: AuditActor,
  message: NonNullable<Awaited<ReturnType<typeof findMessage>>>,
): Promise<Response> {
  const key = message.attachmentKey;
  if (!key || message.deletedAt || !message.attachmentType) throw messageNotFound();
  const type = message.attachmentType as Parameters<typeof contentDisposition>[1];
  return auditedDownload(deps, actor, {
    storageKey: key,
    contentType: type,
    contentDisposition: contentDisposition(message.attachmentName ?? 'file', type, 'attachment'),
    audit: { action: 'download', entityType: 'messages', entityId: message.id, changes: { application: message.applicationId } },
    missing: () => {
      deps.logger.error({ messageId: message.id }, 'message row without its stored file');
      return messageNotFound();
    },
  });
}
