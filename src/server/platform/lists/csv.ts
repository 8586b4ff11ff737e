import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { AuditEntityType } from '../../../domain/admin/audit';
import { queryRows, type Db } from '../db/client';
import { recordAudit, type AuditActor } from '../audit/audit';

/**
 * CSV export of a back-office list (docs/product/back-office.md#lists): the current filter, streamed
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

/** The types drizzle's node-postgres driver hands over as text (timestamps, dates, intervals and their arrays): a cursor's rows read alike. */
const RAW_TEXT_TYPES = new Set([1184, 1114, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const rawTextTypes = {
  getTypeParser: (oid: number, format?: string) => (RAW_TEXT_TYPES.has(oid) ? (value: string) => value : pg.types.getTypeParser(oid, format as 'text')),
};
const dialect = new PgDialect();

/**
 * The rows of `query` (a whole list in its order, no window) batch by batch, in a
 * time that grows with the number of rows, not its square as `offset` would
 * (a million applications: minutes instead of hours).
 *
 * On PostgreSQL: a cursor in one read-only snapshot, on a connection of its own,
 * released when the rows are done or the download is abandoned — the file is
 * also consistent, whatever changes while it streams. On PGlite, whose one
 * connection every request shares (a held transaction would stop the app), in
 * `limit`/`offset` batches.
 */
export async function* queryInBatches<R>(db: Db, query: SQL, batchSize = 1000): AsyncGenerator<R[]> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    for (let offset = 0; ; offset += batchSize) {
      const rows = await queryRows<R>(db, sql`${query} limit ${batchSize} offset ${offset}`);
      if (rows.length) yield rows;
      if (rows.length < batchSize) return;
    }
  }
  const connection = await client.connect();
  let finished = false;
  try {
    await connection.query('begin isolation level repeatable read read only');
    const { sql: text, params } = dialect.sqlToQuery(query);
    await connection.query({ text: `declare export_rows no scroll cursor for ${text}`, values: params });
    for (;;) {
      const { rows } = await connection.query({ text: `fetch ${batchSize} from export_rows`, types: rawTextTypes });
      if (rows.length) yield rows as R[];
      if (rows.length < batchSize) break;
    }
    await connection.query('commit');
    finished = true;
  } finally {
    if (!finished) await connection.query('rollback').catch(() => undefined);
    connection.release();
  }
}

async function* mapBatches<R, T>(batches: AsyncGenerator<R[]>, map: (rows: R[]) => T[]): AsyncGenerator<T[]> {
  for await (const rows of batches) yield map(rows);
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
  /** The filtered list in its order, without a window, and how its rows become `T`. */
  rows: ExportRows<T>;
}

export interface ExportRows<T> {
  query: SQL;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  map: (rows: any[]) => T[];
}

/**
 * Every list's Export (docs/decisions/009-back-office.md): the audit entry is written before the first byte
 * leaves — an export that starts is an export that is logged — then the whole
 * filtered list streams as CSV in batches.
 */
export async function auditedCsvExport<T>(db: Db, actor: AuditActor, { list, entityType, filter, details, columns, rows }: ListExport<T>): Promise<Response> {
  await recordAudit(db, actor, { action: 'export', entityType, changes: { filter, ...details } });
  return csvResponse(exportFileName(list), columns, mapBatches(queryInBatches(db, rows.query), rows.map));
}
