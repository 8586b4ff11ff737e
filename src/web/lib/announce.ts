import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/**
 * One way to tell people about a result or an error that appears without a page
 * change (ADR 023, docs/product/public-site.md#messages):
 *
 * - a **result** (a calculator's figures, a search's rows) → `useRevealFocus` on its
 *   heading: focus moves there and the page scrolls it into view, so a screen reader
 *   reads it and a keyboard user continues from it;
 * - an **error of a field** → the error is written under the field (Field links it
 *   with aria-describedby), focus moves to the field with `useRevealFocus`, and
 *   `announce` says the error in a polite live region, because a field that already
 *   has focus is not read again;
 * - a **status** that needs no focus move ('Saved', '3 results') → `announce` alone.
 *
 * The live region is rendered by the page or dialog itself (`<LiveRegion>` in
 * components/ui/live-region.tsx), not at the end of <body>: a modal dialog hides the
 * rest of the page from screen readers, and a region there would go unheard.
 */
export interface Announcer {
  /** The latest message and its number: each call is a new node, so the same words are read again. */
  readonly message: { text: string; id: number } | null;
  /** Says `text` politely (after what the screen reader is reading). */
  announce: (text: string) => void;
}

/** The state behind a `<LiveRegion announcer={…} />`. */
export function useAnnouncer(): Announcer {
  const [message, setMessage] = useState<Announcer['message']>(null);
  const announce = useCallback((text: string) => setMessage((previous) => ({ text, id: (previous?.id ?? 0) + 1 })), []);
  return { message, announce };
}

/**
 * Moves focus to an element: a result's heading or a field. Elements that take no
 * focus of their own get tabindex -1. The browser scrolls it into view, clear of the
 * sticky header and bottom bars (scroll-padding, src/web/styles.css).
 */
export function revealElement(element: HTMLElement | null | undefined): void {
  if (!element || !element.isConnected) return;
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus();
  // Focus scrolls only when the element is outside the view; make sure it is not under a bar either.
  element.scrollIntoView({ block: 'nearest' });
}

/**
 * A ref for the element to reveal and a function that reveals it once React has
 * drawn the change that called it (e.g. after `setError(...)`), so the element and
 * its new description exist when focus lands.
 */
export function useRevealFocus<T extends HTMLElement>(): [RefObject<T | null>, () => void] {
  const ref = useRef<T | null>(null);
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request) revealElement(ref.current);
  }, [request]);
  const reveal = useCallback(() => setRequest((n) => n + 1), []);
  return [ref, reveal];
}
