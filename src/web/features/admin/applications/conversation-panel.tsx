import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMessageComposer } from '../../../components/messages/use-message-composer';
import { Send } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router';
import { MAX_MESSAGE_CHARS, type Message } from '../../../../domain/application/messages';
import { MessageItem } from '../../../components/messages/message-item';
import { LiveAnnouncement, OlderMessagesButton, useArrivalAnnouncement, useOlderMessages } from '../../../components/messages/older-messages';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/cn';
import { serverMessageOr } from '../../../lib/form-errors';
import {
  adminConversationQuery,
  adminOlderMessagesQuery,
  useDeleteAdminMessage,
  useMarkAdminMessagesRead,
  useSendAdminAttachment,
  useSendAdminMessage,
} from './messages-api';
import { AttachFile } from '../../../components/messages/attach-file';
import { LoadError } from '../../../components/load-error';
import { formatNumber } from '../../../../domain/format';

/** Who wrote it, as staff read it: the applicant, or the homeowner once the application bought a home. */
const senderOf = (message: Message, homeowner: boolean) => (message.side === 'staff' ? (message.senderName ?? 'Staff') : homeowner ? 'Homeowner' : 'Applicant');

/**
 * The review dialog's Conversation: the application's messages with its applicant
 * (docs/product/application.md#conversation): newest at the bottom, older ones on demand, a
 * composer (a failed send keeps the text), delete own within 5 minutes, read when shown, asked
 * again every 10 s; the applicant's new messages and a sent one are announced politely.
 */
export function ConversationPanel({ applicationId }: { applicationId: string }) {
  const useRemove = () => useDeleteAdminMessage(applicationId);
  const conversation = useQuery(adminConversationQuery(applicationId));
  const queryClient = useQueryClient();
  const markRead = useMarkAdminMessagesRead(applicationId);
  const data = conversation.data;
  const older = useOlderMessages(data, (before) => queryClient.fetchQuery(adminOlderMessagesQuery(applicationId, before)));
  const messages = older.shown;
  const lastId = data?.messages.at(-1)?.id ?? null;
  const homeowner = Boolean(data?.home);
  const { announcement, announce } = useArrivalAnnouncement(
    data?.messages,
    (m) => m.side === 'applicant',
    (m) => senderOf(m, homeowner),
  );
  const listRef = useRef<HTMLOListElement>(null);
  const lastScrolled = useRef<string | null>(null);

  // The newest message shown: keep it in view (not when older ones were added above) and mark the conversation read up to it.
  useEffect(() => {
    if (!data || !lastId) return;
    const list = listRef.current;
    if (list && lastScrolled.current !== lastId) {
      lastScrolled.current = lastId;
      list.scrollTop = list.scrollHeight;
    }
    if (data.unread > 0 && !markRead.isPending) markRead.mutate(lastId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the newest message or the unread count changes
  }, [lastId, data?.unread]);

  return (
    <section className="rounded-[var(--radius-control)] border border-border p-4" aria-labelledby="conversation-title">
      <h3 id="conversation-title" className="text-sm font-semibold text-foreground">
        Conversation
      </h3>
      {data?.home && (
        <p className="mt-1 text-sm text-muted-foreground">
          With the homeowner of{' '}
          <Link to={`/admin/homes?home=${data.home.id}`} className="font-semibold text-primary underline underline-offset-2">
            {data.home.address}
          </Link>
          : about their home as well as this application.
        </p>
      )}
      <LiveAnnouncement text={announcement} />
      {conversation.isPending ? (
        <div className="mt-3 space-y-2" aria-busy="true" aria-label="Loading messages">
          <Skeleton className="h-10 w-3/4" />
          <Skeleton className="ml-auto h-10 w-2/3" />
        </div>
      ) : conversation.isError && !data ? (
        <LoadError className="mt-3" message={serverMessageOr(conversation.error, 'Failed to load the messages.')} onRetry={() => void conversation.refetch()} />
      ) : (
        <>
          <OlderMessagesButton older={older} className="mt-3 text-center" />
          {messages.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No messages yet. Write to the {homeowner ? 'homeowner' : 'applicant'} below.</p>
          ) : (
            <ol ref={listRef} className="mt-3 max-h-80 space-y-3 overflow-y-auto" aria-label="Messages" tabIndex={0}>
              {messages.map((message) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  sender={senderOf(message, homeowner)}
                  alignEnd={message.side === 'staff'}
                  compact
                  useRemove={useRemove}
                />
              ))}
            </ol>
          )}
          <Composer applicationId={applicationId} to={homeowner ? 'homeowner' : 'applicant'} onSent={() => announce('Message sent.')} />
        </>
      )}
    </section>
  );
}

function Composer({ applicationId, to, onSent }: { applicationId: string; to: 'applicant' | 'homeowner'; onSent: () => void }) {
  const id = useId();
  const { field, error, length, tooLong, pending, submit, onKeyDown } = useMessageComposer(useSendAdminMessage(applicationId), onSent);
  const attach = useSendAdminAttachment(applicationId);

  return (
    <form onSubmit={(event) => void submit(event)} className="mt-3" noValidate>
      <label htmlFor={`${id}-message`} className="text-sm font-medium">
        Message to the {to}
      </label>
      <textarea
        id={`${id}-message`}
        {...field}
        onKeyDown={onKeyDown}
        rows={3}
        aria-describedby={`${id}-count`}
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? `${id}-error` : undefined}
        className="mt-1 block w-full resize-y rounded-[var(--radius-control)] border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring"
      />
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-count`} className={cn('text-xs text-muted-foreground', tooLong && 'font-semibold text-destructive')}>
          {formatNumber(length)} / {formatNumber(MAX_MESSAGE_CHARS)}
        </p>
        <div className="flex flex-wrap items-start gap-2">
          <AttachFile send={attach} />
          <Button type="submit" size="sm" disabled={pending}>
            <Send aria-hidden="true" /> {pending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </div>
    </form>
  );
}
