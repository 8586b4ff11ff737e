import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { applicantName } from '../../../../domain/admin/applications';
import { formatCents, formatMoney } from '../../../../domain/format';
import { HOME_STATE_LABELS, type HomeListItem } from '../../../../domain/homes/admin-homes';
import { HOME_STATES } from '../../../../domain/homes/states';
import { Button } from '../../../components/ui/button';
import { calendarDate } from '../../../lib/dates';
import { AdminPageHeader } from '../components/admin-page-header';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, MoreFilters, SearchBox, SelectFilter } from '../components/list-toolbar';
import { HomeDialog, HomeStateBadge, LedgerBrokenBadge } from './home-dialog';
import { useHomesList } from './homes-api';
import { PendingHomeChanges } from './home-changes-pending';
import { useHomeParam } from './use-home-param';

const LEDGER_OPTIONS = [
  { value: 'all', label: 'All Ledgers' },
  { value: 'broken', label: 'Ledger does not hold' },
];
const STATE_OPTIONS = [{ value: 'all', label: 'All States' }, ...HOME_STATES.map((state) => ({ value: state, label: HOME_STATE_LABELS[state] }))];

function columns(onOpen: (id: string) => void): ColumnDef<HomeListItem, unknown>[] {
  return [
    {
      id: 'purchaseDate',
      header: 'Purchased',
      meta: { sortKey: 'purchase_date', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <time dateTime={row.original.purchaseDate}>{calendarDate(row.original.purchaseDate)}</time>,
    },
    {
      id: 'homeowner',
      header: 'Homeowner',
      cell: ({ row }) => (
        <span className="flex flex-col">
          <span className="font-medium">{applicantName(row.original)}</span>
          <span className="break-all text-muted-foreground">{row.original.email}</span>
        </span>
      ),
    },
    {
      id: 'address',
      header: 'Address',
      meta: { sortKey: 'address', className: 'min-w-48' } satisfies ColumnMeta,
      cell: ({ row }) => row.original.address,
    },
    {
      id: 'price',
      header: 'Price',
      meta: { sortKey: 'price', align: 'right', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <span className="tabular">{formatMoney(row.original.priceCents / 100)}</span>,
    },
    {
      id: 'monthly',
      header: 'Monthly Payment',
      meta: { align: 'right', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <span className="tabular">{formatCents(row.original.monthlyPaymentCents)}</span>,
    },
    {
      id: 'value',
      header: 'Latest Value',
      meta: { align: 'right', className: 'whitespace-nowrap' } satisfies ColumnMeta,
      cell: ({ row }) => <span className="tabular">{formatMoney(row.original.valueCents / 100)}</span>,
    },
    {
      id: 'state',
      header: 'State',
      cell: ({ row }) => (
        <span className="flex flex-wrap gap-1">
          <HomeStateBadge state={row.original.state} />
          {row.original.ledgerWarning && <LedgerBrokenBadge />}
        </span>
      ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' } satisfies ColumnMeta,
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          data-home-trigger={row.original.id}
          aria-label={`Open the home at ${row.original.address}`}
          onClick={() => onOpen(row.original.id)}
        >
          Open
        </Button>
      ),
    },
  ];
}

/**
 * /admin/homes (docs/product/back-office.md#homes; docs/decisions/022-homes-and-ledger.md): every home recorded
 * from an approved application, searched, filtered, sorted and paged on the server
 * like the other lists, with its CSV export; a home's record opens in a dialog (`?home=`).
 */
export default function HomesPage() {
  const { params, update, query: list, exportHref } = useHomesList();
  const home = useHomeParam();
  const tableColumns = useMemo(() => columns(home.open), [home.open]);
  const filtered = Boolean(params.q || params.state !== 'all' || params.ledger !== 'all' || params.from || params.to);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Homes"
        description="Homes bought with their homeowners: the agreement, its terms and the home's valuations. Record a purchase from an approved application."
      />
      <PendingHomeChanges onOpen={home.open} />
      <ListToolbar>
        <SearchBox
          value={params.q}
          placeholder="Search by address, name, email or ID"
          label="Search homes"
          onSearch={(q) => update({ q }, { replace: true })}
        />
        <SelectFilter label="State" value={params.state} options={STATE_OPTIONS} onChange={(state) => update({ state })} />
        <SelectFilter label="Ledger" value={params.ledger} options={LEDGER_OPTIONS} onChange={(ledger) => update({ ledger })} />
        <MoreFilters from={params.from ?? ''} to={params.to ?? ''} dateLabel="Recorded" onChange={(range) => update(range)} />
        <div className="md:ml-auto">
          <ExportButton href={exportHref} />
        </div>
      </ListToolbar>
      <div>
        <DataTable
          label="Homes"
          columns={tableColumns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          sort={{ sort: params.sort, dir: params.dir }}
          onSort={(sort) => update(sort)}
          isLoading={list.isPending}
          isRefreshing={list.isFetching && !list.isPending}
          error={list.isError ? 'Failed to load homes' : undefined}
          onRetry={() => void list.refetch()}
          emptyText={filtered ? 'No homes match these filters' : 'No homes yet. Record a purchase from an approved application.'}
        />
        <ListPagination page={list.isError ? undefined : list.data} onPage={(page) => update({ page })} />
      </div>
      <HomeDialog id={home.id} onClose={home.close} />
    </div>
  );
}
