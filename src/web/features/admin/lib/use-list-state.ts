import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A list's page, search, sort and filters, kept in the URL (style.md 'List state
 * in the URL'): the back button, a reload and a shared link all show the same
 * list. Values equal to their default are left out of the URL.
 */
export type ListState<K extends string> = Record<K, string>;

export function useListState<K extends string>(defaults: ListState<K>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const keys = Object.keys(defaults) as K[];
  const state = useMemo(() => {
    const values = { ...defaults };
    for (const key of keys) {
      const value = searchParams.get(key);
      if (value !== null) values[key] = value;
    }
    return values;
    // `defaults` is a literal per render; its content is what matters.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchParams, JSON.stringify(defaults)]);

  /**
   * Changes some values. Any change but the page itself goes back to page 1.
   * `replace` for typing in the search box, so every keystroke is not a history entry.
   */
  const update = useCallback(
    (patch: Partial<ListState<K>>, { replace = false }: { replace?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const entries = Object.entries(patch) as [K, string | undefined][];
          for (const [key, value] of entries) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          if (!('page' in patch)) next.delete('page');
          return next;
        },
        { replace },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [setSearchParams, JSON.stringify(defaults)],
  );

  return [state, update] as const;
}

/** The API query string of a list state: defaults and empty values left out. */
export function toQueryString(state: Record<string, string | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(state)) if (value) params.set(key, value);
  const text = params.toString();
  return text ? `?${text}` : '';
}
