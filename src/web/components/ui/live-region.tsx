import type { Announcer } from '../../lib/announce';

/**
 * A polite live region for `useAnnouncer` (src/web/lib/announce.ts): invisible, read
 * by screen readers when a message is announced. Render it inside the dialog or
 * page whose messages it says.
 */
export function LiveRegion({ announcer }: { announcer: Announcer }) {
  const { message } = announcer;
  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="live-region">
      {message && <p key={message.id}>{message.text}</p>}
    </div>
  );
}
