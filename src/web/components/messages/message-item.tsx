import { Paperclip, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { deletableUntil, type Message } from '../../../domain/application/messages';
import { cn } from '../../lib/cn';
import { localDateTime } from '../../lib/dates';
import { serverMessageOr } from '../../lib/form-errors';
import { Button } from '../ui/button';

/** '312 KB', '2.4 MB'. */
const fileSize = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / (1024 * 1024)).toFixed(1)} MB`);

/** A delete mutation of one's own message, as both conversations' API files give it. */
export interface RemoveMessage {
  mutate(id: string, options: { onError(error: unknown): void }): void;
  isPending: boolean;
}

/**
 * One message of a conversation (docs/product/application.md#conversation), the buyer's
 * page and the review dialog alike: the text (or 'Message deleted'), who and when, and
 * Delete on one's own within 5 minutes with its error under the message.
 */
export function MessageItem({
  message,
  sender,
  alignEnd,
  compact = false,
  useRemove,
}: {
  message: Message;
  sender: string;
  /** This reader's side: on the right, in the brand colour. */
  alignEnd: boolean;
  compact?: boolean;
  /** The delete hook of this conversation (called once per message, so each has its own pending state). */
  useRemove: () => RemoveMessage;
}) {
  const remove = useRemove();
  const [error, setError] = useState<string | null>(null);
  const canDelete = message.mine && !message.deletedAt && Date.now() <= deletableUntil(new Date(message.createdAt)).getTime();
  return (
    <li className={cn('flex flex-col', alignEnd ? 'items-end' : 'items-start')}>
      <div
        className={cn(
          'max-w-[85%] rounded-2xl leading-relaxed break-words whitespace-pre-wrap [overflow-wrap:anywhere]',
          compact ? 'px-3 py-2 text-sm' : 'px-4 py-2.5 text-[0.9375rem]',
          message.deletedAt
            ? 'border border-dashed border-border bg-transparent text-muted-foreground italic'
            : alignEnd
              ? 'bg-primary text-primary-foreground'
              : 'border border-border bg-card text-foreground',
        )}
      >
        {message.deletedAt ? 'Message deleted' : message.body}
        {message.attachment && (
          // The file sent with it: its name and a download link (an attachment, audited by the server).
          <a
            href={message.attachment.url}
            download
            className={cn('flex items-center gap-1.5 font-medium underline underline-offset-2', message.body && 'mt-1')}
            aria-label={`Download ${message.attachment.name} (${fileSize(message.attachment.sizeBytes)})`}
          >
            <Paperclip aria-hidden="true" className="size-4 shrink-0" />
            <span className="min-w-0 [overflow-wrap:anywhere]">{message.attachment.name}</span>
            <span className="shrink-0 text-xs font-normal opacity-80">{fileSize(message.attachment.sizeBytes)}</span>
          </a>
        )}
      </div>
      <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
        <span className="font-medium">{sender}</span>
        <time dateTime={message.createdAt}>{localDateTime(message.createdAt)}</time>
        {canDelete && (
          <Button
            size="sm"
            variant="link"
            className="min-h-0 py-0 text-xs"
            disabled={remove.isPending}
            onClick={() => remove.mutate(message.id, { onError: (e) => setError(serverMessageOr(e, 'Failed to delete the message.')) })}
          >
            <Trash2 aria-hidden="true" className="size-3.5" /> Delete<span className="sr-only"> your message</span>
          </Button>
        )}
      </p>
      {error && (
        <p role="alert" className="mt-1 text-xs text-destructive">
          {error}
        </p>
      )}
    </li>
  );
}
