import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMessageComposer } from '../../components/messages/use-message-composer';
import { MessageCircle, Send } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { MAX_MESSAGE_CHARS, type Message } from '../../../domain/application/messages';
import { MessageItem } from '../../components/messages/message-item';
import { LiveAnnouncement, OlderMessagesButton, useArrivalAnnouncement, useOlderMessages } from '../../components/messages/older-messages';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { serverMessageOr } from '../../lib/form-errors';
import { conversationQuery, olderMessagesQuery, useDeleteMessage, useMarkMessagesRead, useSendAttachment, useSendMessage } from './chat-api';
import { AttachFile } from '../../components/messages/attach-file';
import { LoadError } from '../../components/load-error';
import { formatNumber } from '../../../domain/format';

/** Who wrote it, as the buyer reads it. */
const senderOf = (message: Message) =>
  message.mine ? 'You' : message.side === 'staff' ? (message.senderName ?? 'Our team') : (message.senderName ?? 'Applicant');

/**
 * /chat: the buyer's conversation with our staff about their application
 * (docs/product/application.md#conversation): newest at the bottom, older ones on
 * demand, a composer (Ctrl/Cmd+Enter sends; a failed send keeps the text), delete
 * own within 5 minutes, read when seen, new messages announced politely.
 */
export default function ChatPage() {
  const conversation = useQuery(conversationQuery);
  const queryClient = useQueryClient();
  const markRead = useMarkMessagesRead();
  const endRef = useRef<HTMLDivElement>(null);
  const lastScrolled = useRef<string | null>(null);

  const data = conversation.data;
  const lastId = data?.messages.at(-1)?.id ?? null;
  const older = useOlderMessages(data, (before) => queryClient.fetchQuery(olderMessagesQuery(before)));
  const { announcement } = useArrivalAnnouncement(data?.messages, (m) => !m.mine, senderOf);

  // The newest message on screen: scroll to it, mark it read.
  useEffect(() => {
    if (!data || !lastId) return;
    if (lastScrolled.current !== lastId) {
      lastScrolled.current = lastId;
      endRef.current?.scrollIntoView?.({ block: 'end' });
    }
    if (data.unread > 0 && document.visibilityState === 'visible' && !markRead.isPending) markRead.mutate(lastId);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the newest message or the unread count changes
  }, [lastId, data?.unread]);

  const shown = older.shown;

  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col px-4 py-6 sm:py-10" aria-labelledby="chat-title">
      <header className="flex items-center gap-3">
        <span aria-hidden="true" className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary-soft text-primary">
          <MessageCircle className="size-6" strokeWidth={1.8} />
        </span>
        <div className="min-w-0">
          <h1 id="chat-title" className="text-2xl font-bold tracking-tight text-primary">
            Chat with us
          </h1>
          <p className="text-sm text-muted-foreground">
            {data?.home
              ? `Our team answers here about your home at ${data.home.address}: payments, your agreement or anything else.`
              : 'Our team answers here about your application.'}
          </p>
        </div>
      </header>

      <LiveAnnouncement text={announcement} />

      {conversation.isPending ? (
        <div className="mt-6 space-y-3" aria-busy="true" aria-label="Loading messages">
          <Skeleton className="h-16 w-3/4" />
          <Skeleton className="ml-auto h-16 w-2/3" />
          <Skeleton className="h-16 w-1/2" />
        </div>
      ) : conversation.isError && !data ? (
        <LoadError
          className="mt-6"
          message={serverMessageOr(conversation.error, 'Failed to load your messages.')}
          onRetry={() => void conversation.refetch()}
        />
      ) : !data?.applicationId ? (
        <div className="mt-8 rounded-[var(--radius-card)] border border-border bg-card p-6 text-center">
          <h2 className="text-lg font-semibold">No application yet</h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Messages are about your home application. Start one, and our team will answer your questions here.
          </p>
          <Button asChild className="mt-4">
            <Link to="/apply">Start your application</Link>
          </Button>
        </div>
      ) : (
        <>
          <div className="mt-6 flex-1">
            <OlderMessagesButton older={older} />
            {shown.length === 0 ? (
              <div className="rounded-[var(--radius-card)] border border-dashed border-border p-8 text-center">
                <p className="font-semibold">Ask us anything about your application</p>
                <p className="mt-1 text-sm text-muted-foreground">A reviewer reads every message and answers here.</p>
              </div>
            ) : (
              <ol className="space-y-3" aria-label="Messages">
                {shown.map((message) => (
                  <MessageItem key={message.id} message={message} sender={senderOf(message)} alignEnd={message.mine} useRemove={useDeleteMessage} />
                ))}
              </ol>
            )}
            <div ref={endRef} />
          </div>
          <Composer />
        </>
      )}
    </section>
  );
}

function Composer() {
  const { field, error, length, tooLong, pending, submit, onKeyDown } = useMessageComposer(useSendMessage());
  const attach = useSendAttachment();

  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="sticky bottom-20 mt-6 rounded-[var(--radius-card)] border border-border bg-card p-3 shadow-[var(--shadow-card)] md:bottom-4"
      noValidate
    >
      <label htmlFor="chat-message" className="text-sm font-medium">
        Message
      </label>
      <textarea
        id="chat-message"
        {...field}
        onKeyDown={onKeyDown}
        rows={3}
        aria-describedby="chat-message-hint chat-message-count"
        aria-invalid={error ? true : undefined}
        aria-errormessage={error ? 'chat-message-error' : undefined}
        className="mt-1 block w-full resize-y rounded-[var(--radius-control)] border border-input bg-background px-3 py-2 text-base focus-visible:outline-2 focus-visible:outline-ring"
      />
      {error && (
        <p id="chat-message-error" role="alert" className="mt-1 text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">
          <span id="chat-message-hint">Ctrl+Enter or ⌘+Enter sends. </span>
          <span id="chat-message-count" className={cn(tooLong && 'font-semibold text-destructive')}>
            {formatNumber(length)} / {formatNumber(MAX_MESSAGE_CHARS)}
          </span>
        </p>
        <div className="flex flex-wrap items-start gap-2">
          <AttachFile send={attach} />
          <Button type="submit" disabled={pending}>
            <Send aria-hidden="true" /> {pending ? 'Sending…' : 'Send'}
          </Button>
        </div>
      </div>
    </form>
  );
}
