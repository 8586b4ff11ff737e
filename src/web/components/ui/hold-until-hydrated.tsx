import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * False while React hydrates a page the server drew (and on the server), true from the render after it, and true
 * at once on a page the browser draws itself. The same on both sides during hydration: no mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

/**
 * A form's controls, held until the app has taken the page over (docs/decisions/025-server-rendered-public-pages.md,
 * 'Forms'): a server-drawn form cannot be typed into or submitted by the browser itself (a GET with every field in the
 * address) before its handlers are attached. A disabled fieldset that lays out as its children (`contents`) and looks
 * the same while it waits (styles.css, `[data-hydrating]`).
 */
export function HoldUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} data-hydrating={hydrated ? undefined : ''} className="contents">
      {children}
    </fieldset>
  );
}
