import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * For each query parameter, its value when the URL does not have it: a string for a
 * field (always written, even empty, so an emptied field stays empty on reload), or
 * `null` for an optional flag (`calc`, `pay`: left out of the URL while empty).
 */
export type SearchSpec<K extends string> = Record<K, string | null>;
export type SearchValues<K extends string> = Record<K, string>;

/**
 * Quiet time before the URL follows a slider drag: browsers throttle history updates,
 * and a drag fires one change per pixel. Typed changes are written at once, so a link
 * clicked right after typing leaves a history entry that already holds them.
 */
const SETTLE_MS = 150;

function read<K extends string>(search: string, spec: SearchSpec<K>): SearchValues<K> {
  const params = new URLSearchParams(search);
  const values = {} as SearchValues<K>;
  for (const key of Object.keys(spec) as K[]) values[key] = params.get(key) ?? spec[key] ?? '';
  return values;
}

function write<K extends string>(values: SearchValues<K>, spec: SearchSpec<K>): string {
  const params = new URLSearchParams();
  for (const key of Object.keys(spec) as K[]) {
    if (spec[key] === null && values[key] === '') continue;
    params.set(key, values[key]);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/**
 * A calculator's inputs, kept in the query string so a result can be shared,
 * bookmarked and reloaded.
 *
 * The fields are React state first and the URL follows, replacing the history entry:
 * a controlled input fed straight from the router would update a tick late and make
 * the caret jump while typing. Nothing is written until the user changes something,
 * so opening the page adds nothing to its address.
 *
 * The URL is replaced with `history.replaceState` (keeping React Router's entry state,
 * so back/forward and reload read it as usual) rather than a router navigation: a
 * router REPLACE would re-render the whole route on every keystroke, and the layout's
 * ScrollToTop scrolls to the top on the first navigation whose type is not POP, which
 * made the page jump on the first keystroke.
 */
export function useSearchState<K extends string>(spec: SearchSpec<K>) {
  const location = useLocation();
  const [values, setValues] = useState(() => read(location.search, spec));
  const changed = useRef(false);
  const delay = useRef(0);

  useEffect(() => {
    if (!changed.current) return;
    const search = write(values, spec);
    const timer = window.setTimeout(() => {
      if (search === window.location.search) return;
      window.history.replaceState(window.history.state, '', `${window.location.pathname}${search}${window.location.hash}`);
    }, delay.current);
    return () => window.clearTimeout(timer);
  }, [values, spec]);

  /** Changes some values; `settle` waits for a pause before writing the URL (for sliders). */
  const update = useCallback((patch: Partial<SearchValues<K>>, { settle = false }: { settle?: boolean } = {}) => {
    changed.current = true;
    delay.current = settle ? SETTLE_MS : 0;
    setValues((previous) => ({ ...previous, ...patch }));
  }, []);

  return [values, update] as const;
}

/**
 * A key for the calculator under a page: it changes when the router navigates (a link
 * to the same page with other values, back/forward), never for the calculator's own
 * URL writes, which bypass the router, so `<Calculator key={key} />` starts afresh
 * from the new URL.
 */
export function useOutsideNavigationKey(): string {
  return useLocation().key;
}
