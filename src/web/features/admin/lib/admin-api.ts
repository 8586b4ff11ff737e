import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { Page } from '../../../../domain/admin/lists';
import { api } from '../../../lib/api';
import { queryClient } from '../../../lib/query-client';
import { toQueryString } from './use-list-state';

/**
 * One page of a back-office list from `/api/admin/<list>`. The previous page
 * stays on screen while the next one loads, so the table does not jump.
 */
export function useAdminList<T>(list: string, state: Record<string, string | undefined>) {
  const query = toQueryString(state);
  return useQuery({
    queryKey: ['admin', list, query],
    queryFn: ({ signal }) => api<Page<T>>(`/api/admin/${list}${query}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The CSV export link of the list's current filter (paging left out: the export is the whole filtered list). */
export function exportHref(list: string, state: Record<string, string | undefined>): string {
  const { page: _page, pageSize: _pageSize, ...filter } = state;
  return `/api/admin/${list}/export${toQueryString(filter)}`;
}

/** Asks for every cached page of a list again (after an add, a delete or a role change). */
export const refreshAdminList = (list: string) => queryClient.invalidateQueries({ queryKey: ['admin', list] });
