import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../domain/application/messages';
import { serverMessageOr } from '../../lib/form-errors';
import { Button } from '../ui/button';

/** A page of a conversation as both conversations' routes answer: up to 50 messages and the cursor of the page before. */
export interface ConversationPage {
  messages: Message[];
  /** Pass as `before` for the older page; null when this page reaches the first message. */
  olderCursor: string | null;
}

/**
 * A conversation's messages with older pages on demand (docs/product/application.md#conversation),
 * the buyer's /chat and the review dialog's Conversation alike: the newest page (asked again
 * by its query) under the older pages loaded with 'Show older messages', each message once.
 * Loading older pages keeps the newest page of that moment too: when new messages later push
 * its first ones out of the newest page, they stay on screen (no gap between the two).
 */
export function useOlderMessages(latest: ConversationPage | undefined, fetchOlder: (before: string) => Promise<ConversationPage>) {
  const [older, setOlder] = useState<ConversationPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  async function showOlder() {
    const cursor = older ? older.olderCursor : latest?.olderCursor;
    if (!cursor) return;
    setLoading(true);
    setError(null);
    try {
      const page = await fetchOlder(cursor);
      setOlder({ messages: uniqueById([...page.messages, ...(older?.messages ?? []), ...(latest?.messages ?? [])]), olderCursor: page.olderCursor });
    } catch (failure) {
      setError(serverMessageOr(failure, 'Failed to load older messages.'));
    } finally {
      setLoading(false);
    }
  }

  const newest = latest?.messages ?? [];
  // A message still in the newest page is shown as that page has it now (deleted since, say).
  const inNewest = new Set(newest.map((m) => m.id));
  const shown = [...(older?.messages ?? []).filter((m) => !inNewest.has(m.id)), ...newest];
  const hasOlder = older ? older.olderCursor !== null : Boolean(latest?.olderCursor);
  return { shown, hasOlder, loading, error, showOlder };
}

/** Each message once, in the order given (oldest first). */
function uniqueById(messages: Message[]): Message[] {
  const seen = new Set<string>();
  return messages.filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)));
}

/** 'Show older messages' above a conversation while there are older pages, with a failed load's reason under it. */
export function OlderMessagesButton({ older, className }: { older: ReturnType<typeof useOlderMessages>; className?: string }) {
  if (!older.hasOlder) return null;
  return (
    <div className={className ?? 'mb-4 text-center'}>
      <Button size="sm" variant="outline" onClick={() => void older.showOlder()} disabled={older.loading}>
        {older.loading ? 'Loading…' : 'Show older messages'}
      </Button>
      {older.error && (
        <p role="alert" className="mt-2 text-sm text-destructive">
          {older.error}
        </p>
      )}
    </div>
  );
}

/**
 * What a polite live region says when the newest page brings the other side's messages
 * ('New message from Applicant.', '3 new messages.'); nothing on the first load. `announce`
 * lets the page say more (e.g. 'Message sent.') in the same region.
 */
export function useArrivalAnnouncement(messages: Message[] | undefined, isTheirs: (message: Message) => boolean, senderOf: (message: Message) => string) {
  const [announcement, setAnnouncement] = useState('');
  const lastSeen = useRef<string | null>(null);
  const lastId = messages?.at(-1)?.id ?? null;

  useEffect(() => {
    if (!messages || !lastId) return;
    const previous = lastSeen.current;
    lastSeen.current = lastId;
    if (!previous || previous === lastId) return;
    const index = messages.findIndex((m) => m.id === previous);
    const arrived = messages.slice(index + 1).filter((m) => isTheirs(m) && !m.deletedAt);
    if (arrived.length > 0) setAnnouncement(arrived.length === 1 ? `New message from ${senderOf(arrived[0]!)}.` : `${arrived.length} new messages.`);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the newest message changes
  }, [lastId]);

  return { announcement, announce: setAnnouncement };
}

/** The polite live region a conversation speaks through (screen readers only). */
export function LiveAnnouncement({ text }: { text: string }) {
  return (
    <p className="sr-only" aria-live="polite" aria-atomic="true">
      {text}
    </p>
  );
}
