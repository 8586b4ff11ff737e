import type { AuditEntityType } from '../../domain/admin/audit';
import type { Db } from '../db/client';
import { recordAudit, type AuditActor } from './audit';

/**
 * CSV export of a back-office list (issue 6 'Export'): the current filter, streamed
 * in batches so a large list never sits in memory, with formula injection
 * neutralised — a text cell that a spreadsheet would run as a formula (starting
 * with =, +, -, @, tab or carriage return) gets a leading apostrophe.
 */
export interface CsvColumn<T> {
  header: string;
  value: (row: T) => string | number | boolean | Date | null | undefined;
}

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: numbers as they are, text neutralised and quoted when needed. */
export function csvCell(value: string | number | boolean | Date | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  let text = value instanceof Date ? value.toISOString() : value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csvLine = (cells: readonly (string | number | boolean | Date | null | undefined)[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** Rows batch by batch: `fetch(offset, limit)` until a batch comes back short. */
export async function* inBatches<T>(fetch: (offset: number, limit: number) => Promise<T[]>, batchSize = 1000): AsyncGenerator<T[]> {
  for (let offset = 0; ; offset += batchSize) {
    const rows = await fetch(offset, batchSize);
    if (rows.length) yield rows;
    if (rows.length < batchSize) return;
  }
}

/** `applications-2026-11-22.csv` */
export const exportFileName = (list: string, now = new Date()) => `${list}-${now.toISOString().slice(0, 10)}.csv`;

/**
 * A streamed `text/csv` download. Starts with a UTF-8 byte-order mark so
 * spreadsheet apps read names with accents correctly. The header line goes out
 * at once; each batch is fetched only when the client has taken the previous one.
 */
export function csvResponse<T>(fileName: string, columns: readonly CsvColumn<T>[], batches: AsyncIterable<T[]>): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(columns.map((c) => c.header))}`));
        return;
      }
      try {
        const next = await iterator.next();
        if (next.done) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode(next.value.map((row) => csvLine(columns.map((c) => c.value(row)))).join('')));
      } catch (error) {
        controller.error(error);
      }
    },
    async cancel() {
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${fileName}"`,
      'cache-control': 'no-store',
    },
  });
}

export interface ListExport<T> {
  /** File name stem: `applications` → `applications-2026-11-22.csv`. */
  list: string;
  entityType: AuditEntityType;
  /** What the export covered, as the audit entry records it. */
  filter: Record<string, unknown>;
  /** More for the audit entry (e.g. how many rows matched). */
  details?: Record<string, unknown>;
  columns: readonly CsvColumn<T>[];
  /** Rows `offset … offset + limit` of the filtered list, in its order. */
  batch: (offset: number, limit: number) => Promise<T[]>;
}

/**
 * Every list's Export (issue 6): the audit entry is written before the first byte
 * leaves — an export that starts is an export that is logged — then the whole
 * filtered list streams as CSV in batches.
 */
export async function auditedCsvExport<T>(db: Db, actor: AuditActor, { list, entityType, filter, details, columns, batch }: ListExport<T>): Promise<Response> {
  await recordAudit(db, actor, { action: 'export', entityType, changes: { filter, ...details } });
  return csvResponse(exportFileName(list), columns, inBatches(batch));
}
