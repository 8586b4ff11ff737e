import type { ReactNode } from 'react';
import { cn } from '../../lib/cn';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Amounts: right-aligned, tabular figures. */
  numeric?: boolean;
}

const th = 'px-3 py-2.5 text-left font-semibold whitespace-nowrap';
const td = 'px-3 py-2.5 whitespace-nowrap';

/**
 * The homeowner's tables (docs/product/dashboard.md#home-page): a table from 640 px up; below, each row a card with
 * its column names beside its values, so a phone shows every amount whole and nothing scrolls sideways.
 * The first column is each card's title.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
}: {
  /** Says what the rows are and their order; the table's caption and the card list's name. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
}) {
  const [first, ...rest] = columns;
  return (
    <>
      <div className="hidden overflow-hidden rounded-[var(--radius-control)] border border-border bg-card sm:block">
        <table className="w-full border-collapse text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-muted">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className={cn(th, column.numeric && 'text-right')}>
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {rows.map((row) => (
              <tr key={rowKey(row)}>
                {columns.map((column) => (
                  <td key={column.header} className={cn(td, column.numeric && 'text-right tabular')}>
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ul aria-label={caption} className="flex flex-col gap-2 sm:hidden">
        {rows.map((row) => (
          <li key={rowKey(row)} className="rounded-[var(--radius-control)] border border-border bg-card px-4 py-3 text-sm">
            <p className="font-semibold">
              <span className="sr-only">{first!.header}: </span>
              {first!.cell(row)}
            </p>
            <dl className="mt-1.5 flex flex-col gap-1">
              {rest.map((column) => (
                <div key={column.header} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <dt className="text-muted-foreground">{column.header}</dt>
                  <dd className={cn('min-w-0 [overflow-wrap:anywhere]', column.numeric && 'tabular font-medium')}>{column.cell(row)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}
