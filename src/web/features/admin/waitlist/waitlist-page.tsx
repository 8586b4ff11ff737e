import type { ColumnDef } from '@tanstack/react-table';
import { Eye, Megaphone, UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { useMemo, useState } from 'react';
import { stateName } from '../../../../domain/admin/states';
import { INTEREST_FILTERS, interestLabel, type WaitlistApplicant } from '../../../../domain/admin/waitlist';
import { Button } from '../../../components/ui/button';
import { failureText } from '../../../lib/form-errors';
import { AdminPageHeader } from '../components/admin-page-header';
import { DeleteRowButton } from '../components/delete-row-button';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, MoreFilters, SearchBox, SelectFilter } from '../components/list-toolbar';
import { AddApplicantDialog } from './add-applicant-dialog';
import { ApplicantDetailsDialog } from './applicant-details-dialog';
import { refreshWaitlist, useDeleteApplicant, useWaitlistList } from './waitlist-api';
import { inViewerZone, localDate } from '../../../lib/dates';
import { WAITLIST_TEXTS } from './waitlist-texts';

const nameOf = (entry: Pick<WaitlistApplicant, 'firstName' | 'lastName'>) => `${entry.firstName} ${entry.lastName}`.trim();

function DeleteButton({ entry }: { entry: WaitlistApplicant }) {
  const deleteApplicant = useDeleteApplicant();
  return (
    <DeleteRowButton
      label={`Delete ${nameOf(entry)}`}
      confirmText={WAITLIST_TEXTS.confirmDelete}
      onDelete={async () => {
        await deleteApplicant.mutateAsync(entry.id);
      }}
      successText={WAITLIST_TEXTS.deleted}
      failureText={(error) => failureText(error, WAITLIST_TEXTS.deleteFailed)}
    />
  );
}

/** /admin/waitlist (docs/product/back-office.md#waitlist: public submissions and staff-added applicants together). */
export default function WaitlistPage() {
  const { params, update, query, exportHref } = useWaitlistList();
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<WaitlistApplicant | null>(null);
  const [detailsOpen, setDetailsOpen] = useState(false);

  const columns = useMemo<ColumnDef<WaitlistApplicant, unknown>[]>(
    () => [
      {
        id: 'createdAt',
        header: inViewerZone('Date'),
        cell: ({ row }) => <span className="whitespace-nowrap tabular">{localDate(row.original.createdAt)}</span>,
        meta: { sortKey: 'created_at' } satisfies ColumnMeta,
      },
      {
        id: 'name',
        header: 'Name',
        cell: ({ row }) => <span className="font-medium whitespace-nowrap">{nameOf(row.original)}</span>,
        meta: { sortKey: 'name' } satisfies ColumnMeta,
      },
      {
        id: 'email',
        header: 'Email',
        cell: ({ row }) => <span className="whitespace-nowrap">{row.original.email}</span>,
        meta: { sortKey: 'email' } satisfies ColumnMeta,
      },
      { id: 'phone', header: 'Phone', cell: ({ row }) => <span className="whitespace-nowrap">{row.original.phone || '—'}</span> },
      { id: 'interestedIn', header: 'Interested In', cell: ({ row }) => interestLabel(row.original.interestedIn) || '—' },
      { id: 'intendedState', header: 'Intended State', cell: ({ row }) => stateName(row.original.intendedState) ?? '—' },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex items-center justify-end gap-1">
            <Button
              variant="outline"
              size="sm"
              aria-label={`View details for ${nameOf(row.original)}`}
              onClick={() => {
                setViewing(row.original);
                setDetailsOpen(true);
              }}
            >
              <Eye aria-hidden="true" />
              View
            </Button>
            <DeleteButton entry={row.original} />
          </div>
        ),
        meta: { align: 'right' } satisfies ColumnMeta,
      },
    ],
    [],
  );

  const filtered = Boolean(params.q || params.interest !== 'all' || params.from || params.to);
  const page = query.data;
  const announceQuery = new URLSearchParams(
    Object.entries({ q: params.q, interest: params.interest === 'all' ? '' : params.interest, from: params.from ?? '', to: params.to ?? '' }).filter(
      ([, v]) => v,
    ),
  ).toString();
  const announceHref = `/admin/announcements${announceQuery ? `?${announceQuery}` : ''}`;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Waitlist"
        description="Everyone who joined the waitlist, and applicants added by staff."
        actions={
          <>
            {/* The announcement goes to this list's filter (docs/product/back-office.md#announcements). */}
            <Button variant="outline" asChild>
              <Link to={announceHref}>
                <Megaphone aria-hidden="true" />
                {filtered ? 'Announce to this list' : 'Announce to everyone'}
              </Link>
            </Button>
            <Button onClick={() => setAdding(true)}>
              <UserPlus aria-hidden="true" />
              Add Applicant
            </Button>
          </>
        }
      />
      <ListToolbar>
        <SearchBox value={params.q} onSearch={(q) => update({ q }, { replace: true })} placeholder="Search by name, email or ID" label="Search the waitlist" />
        <SelectFilter label="Interested In" value={params.interest} onChange={(interest) => update({ interest })} options={INTEREST_FILTERS} />
        <MoreFilters from={params.from ?? ''} to={params.to ?? ''} dateLabel="Date" onChange={(range) => update(range)} />
        <ExportButton href={exportHref} />
      </ListToolbar>
      <div className="flex flex-col gap-3">
        <DataTable
          label="Waitlist applicants"
          columns={columns}
          rows={page?.items}
          rowKey={(entry) => entry.id}
          sort={{ sort: params.sort, dir: params.dir }}
          onSort={({ sort, dir }) => update({ sort, dir })}
          isLoading={query.isLoading}
          isRefreshing={query.isFetching && !query.isLoading}
          error={query.isError ? WAITLIST_TEXTS.loadFailed : undefined}
          onRetry={() => void query.refetch()}
          emptyText={filtered ? WAITLIST_TEXTS.emptyFiltered : WAITLIST_TEXTS.empty}
        />
        <ListPagination page={query.isError ? undefined : page} onPage={(n) => update({ page: n })} />
      </div>
      <AddApplicantDialog open={adding} onOpenChange={setAdding} onAdded={() => void refreshWaitlist()} />
      <ApplicantDetailsDialog entry={viewing} open={detailsOpen} onOpenChange={setDetailsOpen} />
    </div>
  );
}
