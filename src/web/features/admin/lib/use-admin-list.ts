import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import { queryStringOf, type RouteContract, type RouteInput } from '../../../../domain/api/route';
import { callApi, hrefOf } from '../../../lib/call-api';
import { failureText } from '../../../lib/form-errors';
import { queryClient } from '../../../lib/query-client';
import { notify } from '../../../lib/toast';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { changedListParams, parseListParams, patchListSearch, type ListPatch, type ListSchema } from './list-params';

/** A back-office list's route: `GET /api/admin/<list>` with the list's schema as its query. */
export type ListContract = RouteContract & { method: 'get'; query: ListSchema };

type ParamsOf<C extends ListContract> = z.output<C['query']>;

/** `['admin', <list>]`: every cached page of a list, e.g. `['admin', 'users']` for /api/admin/users. */
export const adminListKey = (contract: ListContract) => ['admin', contract.path.split('/')[3]!] as const;

/** Asks for every cached page of a list again (after an add, a delete or a role change). */
export const refreshAdminList = (contract: ListContract) => queryClient.invalidateQueries({ queryKey: adminListKey(contract) });

/**
 * One page of a list, cached under `['admin', <list>, <query string>]`. Only values that
 * differ from the schema's defaults are sent; the server fills in the same defaults. The
 * previous page stays on screen while the next one loads, so the table does not jump.
 */
export function adminListQuery<C extends ListContract>(contract: C, params: ParamsOf<C>) {
  const query = changedListParams(contract.query, params);
  return queryOptions({
    queryKey: [...adminListKey(contract), queryStringOf(query)],
    queryFn: ({ signal }) => callApi(contract, { query } as RouteInput<C>, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * A back-office list page's state and data (docs/product/back-office.md#lists): the
 * page, search, sort and filters read from the URL with the server's own list schema
 * (a missing or refused value is the schema's default), changes written back to the URL
 * (`replace` for typing in the search box, so every keystroke is not a history entry),
 * the page fetched, its CSV export link, and the area's 'Failed to load …' toast once
 * per failed load.
 */
export function useAdminList<C extends ListContract>({
  list: contract,
  export: exportContract,
  loadFailed,
}: {
  list: C;
  export: ListContract;
  loadFailed: string;
}) {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useUpdateSearchParams();
  const schema = contract.query;
  const params = useMemo(() => parseListParams(schema, searchParams) as ParamsOf<C>, [schema, searchParams]);
  const query = useQuery(adminListQuery(contract, params));

  useEffect(() => {
    if (query.isError) notify.error('Error', failureText(query.error, loadFailed));
    // Once per failed load: errorUpdatedAt changes with each failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.errorUpdatedAt, loadFailed]);

  const update = useCallback(
    (patch: ListPatch<C['query']>, { replace = false }: { replace?: boolean } = {}) =>
      updateSearchParams((current) => patchListSearch(schema, current, patch), { replace }),
    [schema, updateSearchParams],
  );

  // The export is the whole filtered list: paging left out.
  const exportHref = hrefOf(exportContract, { query: changedListParams(schema, params, { omit: ['page', 'pageSize'] }) } as RouteInput<ListContract>);

  return { params, update, query, exportHref };
}
