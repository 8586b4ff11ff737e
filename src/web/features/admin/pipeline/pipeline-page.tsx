import type { ColumnDef } from '@tanstack/react-table';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { adminOffersApi } from '../../../../domain/api/admin-offers';
import { PIPELINE_STAGE_LABELS, pipelineListSchema, type PipelineBuyer, type PipelineStage } from '../../../../domain/buying/closing';
import { formatDate, formatNumber } from '../../../../domain/format';
import { Button } from '../../../components/ui/button';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { AdminPageHeader } from '../components/admin-page-header';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ListToolbar, SearchBox } from '../components/list-toolbar';
import { parseListParams, patchListSearch, type ListPatch } from '../lib/list-params';
import { adminListQuery } from '../lib/use-admin-list';
import { Pipeline } from '../offers/pipeline';

const LOAD_FAILED = 'Failed to load the pipeline';

/** Where staff follow a buyer of this stage: their application until they make an offer, then the offer, then the home. */
function OpenLink({ buyer }: { buyer: PipelineBuyer }) {
  if (buyer.homeId)
    return (
      <Link to={`/admin/homes?home=${buyer.homeId}`} aria-label={`Open the home of ${buyer.buyerName}`}>
        Open the home
      </Link>
    );
  if (buyer.offerId)
    return (
      <Link to={`/admin/offers?q=${encodeURIComponent(buyer.buyerEmail)}&status=all`} aria-label={`Open the offer of ${buyer.buyerName}`}>
        Open the offer
      </Link>
    );
  return (
    <Link to={`/admin/applications?review=${buyer.applicationId}`} aria-label={`Open the application of ${buyer.buyerName}`}>
      Open the application
    </Link>
  );
}

const emptyText = (stage: PipelineStage, searching: boolean) =>
  searching ? 'No buyers in this stage match the search' : `No buyers in ${PIPELINE_STAGE_LABELS[stage].toLowerCase()} right now`;

/**
 * /admin/pipeline (docs/product/back-office.md#pipeline): the people behind each count of the pipeline, one
 * stage at a time — since when and for how many days they have been in it, each opening their application,
 * offer or home; paged, searched by name, e-mail or ID, sorted by days in the stage or name. The state is in
 * the URL (`?stage=closing&q=…`), so the offers page's counts link to their people.
 */
export default function PipelinePage() {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useUpdateSearchParams();
  const params = useMemo(() => parseListParams(pipelineListSchema, searchParams), [searchParams]);
  const query = useQuery(adminListQuery(adminOffersApi.pipelineBuyers, params));
  const update = (patch: ListPatch<typeof pipelineListSchema>, { replace = false }: { replace?: boolean } = {}) =>
    updateSearchParams((current) => patchListSearch(pipelineListSchema, current, patch), { replace });

  useEffect(() => {
    if (query.isError) notify.error('Error', failureText(query.error, LOAD_FAILED));
    // Once per failed load: errorUpdatedAt changes with each failure.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [query.isError, query.errorUpdatedAt]);

  const columns = useMemo<ColumnDef<PipelineBuyer, unknown>[]>(
    () => [
      {
        id: 'name',
        header: 'Buyer',
        cell: ({ row }) => (
          <div className="min-w-40">
            <p className="font-medium">{row.original.buyerName}</p>
            <p className="break-all text-muted-foreground">{row.original.buyerEmail}</p>
          </div>
        ),
        meta: { sortKey: 'name' } satisfies ColumnMeta,
      },
      {
        id: 'home',
        header: 'Home',
        cell: ({ row }) =>
          row.original.address ?? (
            <span>
              <span aria-hidden="true">—</span>
              <span className="sr-only">No home yet</span>
            </span>
          ),
        meta: { className: 'min-w-48' } satisfies ColumnMeta,
      },
      {
        id: 'since',
        header: 'In stage since',
        cell: ({ row }) => <span className="whitespace-nowrap tabular">{formatDate(row.original.since)}</span>,
      },
      {
        id: 'days',
        header: 'Days in stage',
        cell: ({ row }) => formatNumber(row.original.daysInStage),
        meta: { sortKey: 'days', align: 'right' } satisfies ColumnMeta,
      },
      {
        id: 'open',
        header: 'Open',
        cell: ({ row }) => (
          <Button asChild variant="outline" size="sm">
            <OpenLink buyer={row.original} />
          </Button>
        ),
        meta: { align: 'right' } satisfies ColumnMeta,
      },
    ],
    [],
  );

  const label = PIPELINE_STAGE_LABELS[params.stage];
  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Pipeline" description="Approved buyers from approval to keys: who stands in each stage, and for how long." />
      <Pipeline selected={params.stage} linkFor={(stage) => `?${patchListSearch(pipelineListSchema, searchParams, { stage }).toString()}`} />
      <section aria-labelledby="stage-title" className="flex flex-col gap-3">
        <h2 id="stage-title" className="text-xl font-semibold">
          {label}
        </h2>
        <ListToolbar>
          <SearchBox
            value={params.q}
            onSearch={(q) => update({ q }, { replace: true })}
            placeholder="Search by name, email or ID"
            label={`Search buyers in ${label.toLowerCase()}`}
          />
        </ListToolbar>
        <DataTable
          label={`Buyers in ${label.toLowerCase()}`}
          columns={columns}
          rows={query.data?.items}
          rowKey={(buyer) => buyer.applicationId}
          sort={{ sort: params.sort, dir: params.dir }}
          onSort={({ sort, dir }) => update({ sort, dir })}
          isLoading={query.isLoading}
          isRefreshing={query.isFetching && !query.isLoading}
          error={query.isError ? LOAD_FAILED : undefined}
          onRetry={() => void query.refetch()}
          emptyText={emptyText(params.stage, Boolean(params.q))}
        />
        <ListPagination page={query.isError ? undefined : query.data} onPage={(page) => update({ page })} />
      </section>
    </div>
  );
}
