import type { ColumnDef } from '@tanstack/react-table';
import { Clock, MessageCircle, UserCheck } from 'lucide-react';
import { useMemo } from 'react';
import { applicantName, type AdminApplicationListItem } from '../../../../domain/admin/applications';
import { waitingAge } from '../../../../domain/admin/waiting';
import { unreadBadge } from '../../../../domain/application/messages';
import { APPLICATION_STATUS_LABELS, LISTED_STATUSES } from '../../../../domain/application/status';
import { formatMoney } from '../../../../domain/format';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { AdminPageHeader } from '../components/admin-page-header';
import { ApplicationStatusBadge } from '../components/application-status-badge';
import { DataTable } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, MoreFilters, SearchBox, SelectFilter, ToggleFilter } from '../components/list-toolbar';
import { useApplicationsList } from './applications-api';
import { ReviewDialog } from './review-dialog';
import { useReviewParam } from './use-review-param';
import { inViewerZone, localDate, localDateTime } from '../../../lib/dates';

/** The status filter (docs/product/back-office.md#applications). */
const STATUS_OPTIONS = [
  { value: 'all', label: 'All Statuses' },
  ...LISTED_STATUSES.map((status) => ({ value: status, label: APPLICATION_STATUS_LABELS[status] })),
];

/** The applicant's messages staff have not read (docs/product/application.md#conversation): up to 99, then '99+'; nothing when none. */
function UnreadBadge({ count }: { count: number }) {
  const text = unreadBadge(count);
  if (!text) return null;
  return (
    <Badge variant="default" className="tabular" data-unread={count}>
      <MessageCircle aria-hidden="true" className="size-3" />
      {text}
      <span className="sr-only">{count === 1 ? ' unread message' : ' unread messages'}</span>
    </Badge>
  );
}

function columns(onReview: (id: string) => void): ColumnDef<AdminApplicationListItem, unknown>[] {
  return [
    {
      id: 'submitted',
      header: inViewerZone('Submitted'),
      meta: { sortKey: 'submitted_at', className: 'whitespace-nowrap' },
      cell: ({ row }) => (row.original.submittedAt ? <time dateTime={row.original.submittedAt}>{localDate(row.original.submittedAt)}</time> : '—'),
    },
    {
      id: 'applicant',
      header: 'Applicant',
      meta: { sortKey: 'name' },
      cell: ({ row }) => (
        <span className="inline-flex flex-wrap items-center gap-2">
          <span className="font-medium">{applicantName(row.original)}</span>
          <UnreadBadge count={row.original.unread} />
        </span>
      ),
    },
    // No contextual alternates: Inter would draw the x of 'user.5x9' as a multiplication sign.
    { id: 'email', header: 'Email', meta: { sortKey: 'email', className: 'whitespace-nowrap' }, cell: ({ row }) => row.original.email ?? '—' },
    {
      id: 'propertyValue',
      header: 'Property Value',
      meta: { sortKey: 'property_value', align: 'right', className: 'whitespace-nowrap' },
      cell: ({ row }) => (row.original.propertyValue === null ? '—' : formatMoney(row.original.propertyValue)),
    },
    { id: 'status', header: 'Status', meta: { sortKey: 'status' }, cell: ({ row }) => <ApplicationStatusBadge status={row.original.status} /> },
    {
      id: 'assignee',
      header: 'Assignee',
      meta: { sortKey: 'assignee' },
      cell: ({ row }) => row.original.assignee ?? <span className="text-muted-foreground">—</span>,
    },
    {
      id: 'waiting',
      header: 'Waiting',
      meta: { sortKey: 'waiting_since', className: 'whitespace-nowrap' },
      cell: ({ row }) =>
        row.original.waitingSince ? (
          <time dateTime={row.original.waitingSince} title={`Waiting for us since ${localDateTime(row.original.waitingSince)}`}>
            {waitingAge(row.original.waitingSince)}
          </time>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      id: 'actions',
      header: () => <span className="sr-only">Actions</span>,
      meta: { align: 'right' },
      cell: ({ row }) => (
        <Button
          variant="outline"
          size="sm"
          data-review-trigger={row.original.id}
          aria-label={`Review ${applicantName(row.original)}`}
          onClick={() => onReview(row.original.id)}
        >
          Review
        </Button>
      ),
    },
  ];
}

/**
 * /admin/applications (docs/product/back-office.md#applications): search, filters ('Assigned to me', 'Waiting for
 * us' included: #assignment, #waiting-for-us), sortable columns, unread messages per row, paging, export and the
 * review dialog, all in the URL.
 */
export default function ApplicationsPage() {
  const { params, update, query: list, exportHref } = useApplicationsList();
  const review = useReviewParam();
  const tableColumns = useMemo(() => columns(review.open), [review.open]);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Applications" description="Every submitted home application. Open one to review it, change its status or add notes." />
      <ListToolbar>
        <SearchBox value={params.q} placeholder="Search by name, email or ID" label="Search applications" onSearch={(q) => update({ q }, { replace: true })} />
        <SelectFilter label="Status" value={params.status} options={STATUS_OPTIONS} onChange={(status) => update({ status })} />
        <MoreFilters from={params.from ?? ''} to={params.to ?? ''} dateLabel="Submitted" onChange={(range) => update(range)} />
        <div className="flex flex-wrap gap-2" role="group" aria-label="Work queues">
          <ToggleFilter
            label="Assigned to me"
            icon={<UserCheck aria-hidden="true" />}
            pressed={params.assigned === 'me'}
            onChange={(on) => update({ assigned: on ? 'me' : undefined })}
          />
          {/* docs/product/back-office.md#waiting-for-us: oldest first; leaving it drops its order too. */}
          <ToggleFilter
            label="Waiting for us"
            icon={<Clock aria-hidden="true" />}
            pressed={params.waiting === 'us'}
            onChange={(on) =>
              update(
                on
                  ? { waiting: 'us', sort: 'waiting_since', dir: 'asc' }
                  : { waiting: undefined, ...(params.sort === 'waiting_since' ? { sort: undefined, dir: undefined } : {}) },
              )
            }
          />
        </div>
        <div className="md:ml-auto">
          <ExportButton href={exportHref} />
        </div>
      </ListToolbar>
      <div>
        <DataTable
          label="Applications"
          columns={tableColumns}
          rows={list.data?.items}
          rowKey={(row) => row.id}
          sort={{ sort: params.sort, dir: params.dir }}
          onSort={(sort) => update(sort)}
          isLoading={list.isPending}
          isRefreshing={list.isFetching && !list.isPending}
          error={list.isError ? 'Failed to load applications' : undefined}
          onRetry={() => void list.refetch()}
          emptyText="No applications found"
        />
        <ListPagination page={list.isError ? undefined : list.data} onPage={(page) => update({ page })} />
      </div>
      <ReviewDialog id={review.id} onClose={review.close} />
    </div>
  );
}
