import type { ColumnDef } from '@tanstack/react-table';
import { Download, Eye, FilePlus2 } from 'lucide-react';
import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { stateName } from '../../../../domain/admin/states';
import { LETTER_STATUS_BADGES, LETTER_STATUS_LABELS, LETTER_STATUSES, type LetterItem, type LetterStatus } from '../../../../domain/admin/letters';

import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { failureText } from '../../../lib/form-errors';
import { notify } from '../../../lib/toast';
import { AdminPageHeader } from '../components/admin-page-header';
import { DeleteRowButton } from '../components/delete-row-button';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, MoreFilters, SearchBox, SelectFilter } from '../components/list-toolbar';
import { useUpdateSearchParams } from '../../../lib/use-update-search-params';
import { AddLetterDialog } from './add-letter-dialog';
import { LetterDetailDialog } from './letter-detail-dialog';
import { useDeleteLetter, useDownloadLetterPdf, useLettersList } from './letters-api';
import { inViewerZone, localDate } from '../../../lib/dates';
import { LETTER_TEXTS } from './letter-texts';

const STATUS_OPTIONS = [{ value: 'all', label: 'All Statuses' }, ...LETTER_STATUSES.map((s) => ({ value: s, label: LETTER_STATUS_LABELS[s] }))];

const nameOf = (letter: Pick<LetterItem, 'firstName' | 'lastName'>) => `${letter.firstName} ${letter.lastName}`.trim();

function StatusBadge({ status }: { status: LetterStatus }) {
  return <Badge variant={LETTER_STATUS_BADGES[status]}>{LETTER_STATUS_LABELS[status]}</Badge>;
}

function DownloadButton({ letter }: { letter: LetterItem }) {
  const download = useDownloadLetterPdf();
  if (!letter.hasPdf) {
    return (
      <span>
        <span aria-hidden="true">—</span>
        <span className="sr-only">No PDF</span>
      </span>
    );
  }
  const start = () => download.mutate(letter, { onError: (error) => notify.error('Error', failureText(error, LETTER_TEXTS.downloadFailed)) });
  return (
    <Button variant="outline" size="sm" disabled={download.isPending} aria-label={`Download PDF of ${nameOf(letter)}`} onClick={start}>
      <Download aria-hidden="true" />
      {download.isPending ? 'Downloading...' : 'Download'}
    </Button>
  );
}

function DeleteButton({ letter }: { letter: LetterItem }) {
  const deleteLetter = useDeleteLetter();
  return (
    <DeleteRowButton
      label={`Delete letter of intent of ${nameOf(letter)}`}
      confirmText={LETTER_TEXTS.confirmDelete}
      onDelete={async () => {
        await deleteLetter.mutateAsync(letter.id);
      }}
      successText={LETTER_TEXTS.deleted}
      failureText={(error) => failureText(error, LETTER_TEXTS.deleteFailed)}
    />
  );
}

/** The detail view's letter lives in the URL (`?letter=<id>`): a reload keeps it open, Back closes it. */
function useLetterParam() {
  const [searchParams] = useSearchParams();
  const updateSearchParams = useUpdateSearchParams();
  const id = searchParams.get('letter') || null;
  const setId = useCallback(
    (next: string | null) =>
      updateSearchParams(
        (current) => {
          const params = new URLSearchParams(current);
          if (next) params.set('letter', next);
          else params.delete('letter');
          return params;
        },
        { replace: !next },
      ),
    [updateSearchParams],
  );
  return { id, open: setId, close: useCallback(() => setId(null), [setId]) };
}

/** /admin/letters-of-intent (docs/product/back-office.md#letters-of-intent). */
export default function LettersPage() {
  const { params, update, query, exportHref } = useLettersList();
  const [adding, setAdding] = useState(false);
  const detail = useLetterParam();
  const openDetail = detail.open;

  const columns = useMemo<ColumnDef<LetterItem, unknown>[]>(
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
        cell: ({ row }) => <span className="font-medium">{nameOf(row.original)}</span>,
        meta: { sortKey: 'name', className: 'min-w-32' } satisfies ColumnMeta,
      },
      {
        id: 'email',
        header: 'Email',
        cell: ({ row }) => <span className="break-all">{row.original.email}</span>,
        meta: { sortKey: 'email', className: 'min-w-48' } satisfies ColumnMeta,
      },
      {
        id: 'propertyAddress',
        header: 'Property Address',
        cell: ({ row }) => row.original.propertyAddress || '—',
        meta: { className: 'min-w-48' } satisfies ColumnMeta,
      },
      {
        id: 'intendedState',
        header: 'Intended State',
        cell: ({ row }) => stateName(row.original.intendedState) ?? '—',
        meta: { sortKey: 'intended_state' } satisfies ColumnMeta,
      },
      { id: 'pdf', header: 'PDF', cell: ({ row }) => <DownloadButton letter={row.original} /> },
      { id: 'status', header: 'Status', cell: ({ row }) => <StatusBadge status={row.original.status} />, meta: { sortKey: 'status' } satisfies ColumnMeta },
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <div className="flex justify-end gap-2">
            <Button variant="outline" size="sm" aria-label={`View letter of intent of ${nameOf(row.original)}`} onClick={() => openDetail(row.original.id)}>
              <Eye aria-hidden="true" />
              View
            </Button>
            <DeleteButton letter={row.original} />
          </div>
        ),
        meta: { align: 'right' } satisfies ColumnMeta,
      },
    ],
    [openDetail],
  );

  const page = query.data;
  const filtered = Boolean(params.q || params.status !== 'all' || params.from || params.to);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Letters of Intent"
        description="Letters from future homeowners, with their signed PDFs."
        actions={
          <Button onClick={() => setAdding(true)}>
            <FilePlus2 aria-hidden="true" />
            Add Letter of Intent
          </Button>
        }
      />
      <ListToolbar>
        <SearchBox
          value={params.q}
          onSearch={(q) => update({ q }, { replace: true })}
          placeholder="Search by name, email or ID"
          label="Search letters of intent"
        />
        <SelectFilter label="Status" value={params.status} onChange={(status) => update({ status })} options={STATUS_OPTIONS} />
        <MoreFilters from={params.from ?? ''} to={params.to ?? ''} dateLabel="Date" onChange={(range) => update(range)} />
        <ExportButton href={exportHref} />
      </ListToolbar>
      <section aria-label="Letters of intent" className="flex flex-col gap-3">
        <DataTable
          label="Letters of intent"
          columns={columns}
          rows={page?.items}
          rowKey={(letter) => letter.id}
          sort={{ sort: params.sort, dir: params.dir }}
          onSort={({ sort, dir }) => update({ sort, dir })}
          isLoading={query.isLoading}
          isRefreshing={query.isFetching && !query.isLoading}
          error={query.isError ? LETTER_TEXTS.loadFailed : undefined}
          onRetry={() => void query.refetch()}
          emptyText={filtered ? 'No letters of intent match these filters' : LETTER_TEXTS.empty}
        />
        <ListPagination page={query.isError ? undefined : page} onPage={(n) => update({ page: n })} />
      </section>
      <AddLetterDialog open={adding} onOpenChange={setAdding} />
      <LetterDetailDialog id={detail.id} onClose={detail.close} />
    </div>
  );
}
