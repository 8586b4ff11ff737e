import { useCallback, useEffect } from 'react';
import { useLocation, useSearchParams, type NavigateOptions } from 'react-router';

/**
 * The query of the last change asked for while the address bar still showed `from`: a data router
 * commits a navigation later (in a transition), and a second navigation started before that interrupts
 * the first. Module-wide, as the address bar is.
 */
let requested: { from: string; to: string } | undefined;

/**
 * Changes the URL's query from what it is now — or from what it is about to be. react-router's
 * functional `setSearchParams(current => …)` hands over the params of the render that made it, so a
 * change made from an older closure (the search box's delayed search, 300 ms after the last
 * keystroke) would write the URL back as it was and drop what changed meanwhile (the review dialog
 * opened by a click in those 300 ms). Reading `window.location` is not enough either: on a busy machine
 * the click's navigation may not have reached the address bar when the search goes out, and the
 * search's navigation then replaces it. So a change asked for before the previous one committed builds
 * on that one.
 */
export function useUpdateSearchParams() {
  const [, setSearchParams] = useSearchParams();
  const { search } = useLocation();
  // Committed (or replaced by a navigation of its own, e.g. the back button): the address bar is the truth again.
  useEffect(() => {
    if (requested && search !== requested.from) requested = undefined;
  }, [search]);
  return useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) => {
      const now = window.location.search;
      const base = requested && requested.from === now ? requested.to : now;
      const next = change(new URLSearchParams(base));
      const query = next.toString();
      requested = { from: now, to: query ? `?${query}` : '' };
      setSearchParams(next, options);
    },
    [setSearchParams],
  );
}
