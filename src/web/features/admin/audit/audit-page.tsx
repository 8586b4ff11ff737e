import type { ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import {
  AUDIT_ACTION_LABELS,
  AUDIT_ACTIONS,
  AUDIT_ENTITY_LABELS,
  AUDIT_ENTITY_TYPES,
  type AuditAction,
  type AuditEntityType,
  type AuditRange,
} from '../../../../domain/admin/audit';
import { describeChanges, type AuditItem } from '../../../../domain/admin/audit-query';
import { Badge } from '../../../components/ui/badge';
import { AdminPageHeader } from '../components/admin-page-header';
import { DataTable, type ColumnMeta } from '../components/data-table';
import { ListPagination } from '../components/list-pagination';
import { ExportButton, ListToolbar, MoreFilters, SelectFilter } from '../components/list-toolbar';
import { inViewerZone, localDateTime } from '../../../lib/dates';
import { AUDIT_LOAD_FAILED, useAuditList } from './audit-api';

const EMPTY = 'No audit entries for these filters';

const ENTITY_OPTIONS = [{ value: 'all', label: 'All Entity Types' }, ...AUDIT_ENTITY_TYPES.map((t) => ({ value: t, label: AUDIT_ENTITY_LABELS[t] }))];
const ACTION_OPTIONS = [{ value: 'all', label: 'All Actions' }, ...AUDIT_ACTIONS.map((a) => ({ value: a, label: AUDIT_ACTION_LABELS[a] }))];
/** The date ranges of the log (docs/product/back-office.md#audit-log); the schema's default is 7d. */
const RANGE_OPTIONS: { value: AuditRange; label: string }[] = [
  { value: '1d', label: 'Last 24 hours' },
  { value: '7d', label: 'Last 7 days' },
  { value: '30d', label: 'Last 30 days' },
  { value: '90d', label: 'Last 90 days' },
];

/** Entries the filters do not list (e.g. an export of the log itself) still read as words. */
const entityLabel = (type: string) => AUDIT_ENTITY_LABELS[type as AuditEntityType] ?? type.replace(/_/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action as AuditAction] ?? action;

const SHOWN_CHANGES = 4;

function Changes({ entry }: { entry: AuditItem }) {
  const lines = describeChanges(entry.changes, { max: 60, labels: true });
  if (!lines.length) return <span className="text-muted-foreground">—</span>;
  const shown = lines.slice(0, SHOWN_CHANGES);
  const more = lines.slice(SHOWN_CHANGES);
  const list = (items: string[]) => (
    <ul className="flex flex-col gap-0.5">
      {items.map((line, i) => (
        <li key={i} className="break-words">
          {line}
        </li>
      ))}
    </ul>
  );
  return (
    <div className="max-w-md text-[0.8125rem] leading-snug">
      {list(shown)}
      {more.length > 0 && (
        <details className="mt-1">
          <summary className="cursor-pointer text-primary">{more.length} more</summary>
          {list(more)}
        </details>
      )}
    </div>
  );
}

/** /admin/audit (docs/product/back-office.md#audit-log: the real log of every admin change, filtered by entity, action and dates). */
export default function AuditPage() {
  const { params, update, query, exportHref } = useAuditList();
  const datesSet = Boolean(params.from || params.to);

  const columns = useMemo<ColumnDef<AuditItem, unknown>[]>(
    () => [
      {
        id: 'at',
        header: inViewerZone('Time'),
        cell: ({ row }) => (
          <time dateTime={row.original.at} className="whitespace-nowrap tabular">
            {localDateTime(row.original.at)}
          </time>
        ),
      },
      {
        id: 'actor',
        header: 'Actor',
        cell: ({ row }) => <span className="break-all">{row.original.actorEmail ?? 'System'}</span>,
        meta: { className: 'min-w-48' } satisfies ColumnMeta,
      },
      { id: 'action', header: 'Action', cell: ({ row }) => <Badge variant="outline">{actionLabel(row.original.action)}</Badge> },
      {
        id: 'entity',
        header: 'Entity',
        cell: ({ row }) => (
          <span className="flex flex-col">
            <span className="whitespace-nowrap">
              {entityLabel(row.original.entityType)}
              {row.original.entityId && (
                <span className="ml-1.5 font-mono text-xs text-muted-foreground" title={row.original.entityId}>
                  {row.original.entityId.slice(0, 8)}
                </span>
              )}
            </span>
            {row.original.subject && <span className="text-sm break-words text-muted-foreground">{row.original.subject}</span>}
          </span>
        ),
        meta: { className: 'min-w-48' } satisfies ColumnMeta,
      },
      { id: 'changes', header: 'Changes', cell: ({ row }) => <Changes entry={row.original} />, meta: { className: 'min-w-64' } satisfies ColumnMeta },
      { id: 'ip', header: 'IP', cell: ({ row }) => <span className="font-mono text-xs whitespace-nowrap">{row.original.ip ?? '—'}</span> },
    ],
    [],
  );

  const page = query.data;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader title="Audit Log" description="Who changed what, and when: every admin change, sign-in, export and download." />
      <ListToolbar>
        <SelectFilter label="Entity type" value={params.entity} onChange={(entity) => update({ entity })} options={ENTITY_OPTIONS} />
        <SelectFilter label="Action" value={params.action} onChange={(action) => update({ action })} options={ACTION_OPTIONS} />
        <SelectFilter label="Date range" value={params.range} onChange={(range) => update({ range })} options={RANGE_OPTIONS} />
        <MoreFilters from={params.from ?? ''} to={params.to ?? ''} dateLabel="Date" onChange={(range) => update(range)} />
        <ExportButton href={exportHref} />
      </ListToolbar>
      {datesSet && <p className="-mt-3 text-sm text-muted-foreground">The dates under More Filters replace the date range.</p>}
      <section aria-label="Audit entries" className="flex flex-col gap-3">
        <DataTable
          label="Audit entries"
          columns={columns}
          rows={page?.items}
          rowKey={(entry) => String(entry.id)}
          isLoading={query.isLoading}
          isRefreshing={query.isFetching && !query.isLoading}
          error={query.isError ? AUDIT_LOAD_FAILED : undefined}
          onRetry={() => void query.refetch()}
          emptyText={EMPTY}
        />
        <ListPagination page={query.isError ? undefined : page} onPage={(n) => update({ page: n })} />
      </section>
    </div>
  );
}
