import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../../../lib/cn';
import { LoadError } from '../../../components/load-error';

export interface SortState {
  sort: string;
  dir: 'asc' | 'desc';
}

/** Column options read by the table: `meta: { sortKey: 'submitted_at', align: 'right' }`. */
export interface ColumnMeta {
  /** The API's sort name for this column; absent: not sortable. */
  sortKey?: string;
  align?: 'left' | 'right';
  /** Extra classes for the cells (e.g. a fixed width). */
  className?: string;
}

interface DataTableProps<T> {
  /** Read by screen readers as the table's name. */
  label: string;
  columns: ColumnDef<T, unknown>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  sort?: SortState;
  onSort?: (sort: SortState) => void;
  /** First load: 'Loading...' in the body. Later loads keep the rows and dim them. */
  isLoading: boolean;
  isRefreshing?: boolean;
  /**
   * The list's failure ('Failed to load …'): shown in the body in place of any rows, so
   * rows of an earlier search never stand under a new one (docs/product/back-office.md#lists).
   */
  error?: ReactNode;
  /** Asks for the page again: the error's 'Try again' button. */
  onRetry: () => void;
  emptyText: string;
}

/**
 * The back office's table (visual.md 'Back office': dense but legible, sticky
 * header row, right-aligned tabular money). Sorting happens on the server: a
 * click on a sortable header asks for it through `onSort`.
 */
export function DataTable<T>({ label, columns, rows, rowKey, sort, onSort, isLoading, isRefreshing, error, onRetry, emptyText }: DataTableProps<T>) {
  const table = useReactTable({ data: rows ?? [], columns, getCoreRowModel: getCoreRowModel(), getRowId: rowKey, manualSorting: true });
  const columnCount = columns.length;

  let body: ReactNode;
  if (error)
    body = (
      <StateRow colSpan={columnCount} role={null}>
        <LoadError layout="list" message={error} onRetry={onRetry} retrying={isRefreshing} />
      </StateRow>
    );
  else if (isLoading && !rows) body = <StateRow colSpan={columnCount}>Loading...</StateRow>;
  else if (!rows?.length) body = <StateRow colSpan={columnCount}>{emptyText}</StateRow>;
  else
    body = table.getRowModel().rows.map((row) => (
      <tr key={row.id} className="border-b border-border/70 last:border-0 hover:bg-muted/40">
        {row.getVisibleCells().map((cell) => {
          const meta = cell.column.columnDef.meta as ColumnMeta | undefined;
          return (
            <td key={cell.id} className={cn('px-3 py-2.5 align-middle', meta?.align === 'right' && 'text-right tabular', meta?.className)}>
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </td>
          );
        })}
      </tr>
    ));

  return (
    <div className="relative overflow-x-auto rounded-[var(--radius-card)] border border-border bg-card shadow-[var(--shadow-card)]">
      <table
        className={cn('w-full min-w-[720px] border-collapse text-sm', isRefreshing && !error && 'opacity-70 transition-opacity')}
        aria-busy={isLoading || isRefreshing}
      >
        <caption className="sr-only">{label}</caption>
        <thead className="sticky top-0 z-10 bg-muted/80 backdrop-blur">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id} className="border-b border-border">
              {group.headers.map((header) => {
                const meta = header.column.columnDef.meta as ColumnMeta | undefined;
                const content = header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext());
                const active = meta?.sortKey && sort?.sort === meta.sortKey;
                const ariaSort = active ? (sort?.dir === 'asc' ? 'ascending' : 'descending') : undefined;
                return (
                  <th
                    key={header.id}
                    scope="col"
                    aria-sort={ariaSort}
                    className={cn(
                      'px-3 py-2.5 text-left text-xs font-semibold tracking-wide text-muted-foreground uppercase',
                      meta?.align === 'right' && 'text-right',
                      meta?.className,
                    )}
                  >
                    {meta?.sortKey && onSort ? (
                      <button
                        type="button"
                        className={cn(
                          'inline-flex min-h-6 items-center gap-1 rounded uppercase hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring',
                          active && 'text-foreground',
                        )}
                        onClick={() => onSort({ sort: meta.sortKey!, dir: active && sort?.dir === 'desc' ? 'asc' : 'desc' })}
                      >
                        {content}
                        {active ? (
                          sort?.dir === 'asc' ? (
                            <ArrowUp aria-hidden="true" className="size-3.5" />
                          ) : (
                            <ArrowDown aria-hidden="true" className="size-3.5" />
                          )
                        ) : (
                          <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
                        )}
                      </button>
                    ) : (
                      content
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>{body}</tbody>
      </table>
    </div>
  );
}

/**
 * Loading, empty and failed: one cell across the table whose content stays in the
 * card's visible width (sticky at its left edge, as wide as a phone's screen at
 * most), so a phone sees it without scrolling the 720 px table sideways
 * (docs/product/back-office.md#lists).
 */
/** `role={null}` when the content announces itself (the failure's LoadError is an alert). */
function StateRow({ colSpan, role = 'status', children }: { colSpan: number; role?: 'status' | null; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="p-0">
        <div
          role={role ?? undefined}
          data-testid="list-state"
          className="sticky left-0 flex w-full max-w-[calc(100vw-2.25rem)] flex-col items-center gap-3 px-3 py-12 text-center text-muted-foreground sm:max-w-[calc(100vw-3.25rem)]"
        >
          {children}
        </div>
      </td>
    </tr>
  );
}
