import { useCallback } from 'react';
import { useSearchParams, type NavigateOptions } from 'react-router';

/**
 * Changes the URL's query from what it is now. react-router's functional
 * `setSearchParams(current => …)` hands over the params of the render that made
 * it, and a data router commits a navigation's render in a transition, after the
 * URL has changed: a change made from an older closure (the search box's delayed
 * search, 300 ms after the last keystroke) would write the URL back as it was and
 * drop what changed meanwhile (the review dialog opened by a click in those 300 ms).
 */
export function useUpdateSearchParams() {
  const [, setSearchParams] = useSearchParams();
  return useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: NavigateOptions) =>
      setSearchParams(() => change(new URLSearchParams(window.location.search)), options),
    [setSearchParams],
  );
}
