import { sql, type Column, type SQL } from 'drizzle-orm';
import { COUNT_CAP, type ListParams, type Page } from '../../../domain/admin/lists';
import { type Db, queryRows } from '../db/client';
import { decodeRows, type Fields, type RowOf } from '../db/select-fields';

/**
 * `%text%` for ILIKE with the user's %, _ and \ taken literally; lower-cased to
 * match the trigram indexes, which are built on lower(...).
 */
export function containsPattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

const HEX = /^[0-9a-f]+$/;

/**
 * When the search text can be (the start of) a UUID — at least 4 hex digits,
 * dashes optional — the inclusive range of ids it covers; indexable on a uuid
 * primary key. Searching by ID uses this: 'Search by name, email or ID'.
 */
export function uuidPrefixRange(text: string): [string, string] | null {
  const hex = text.trim().toLowerCase().replace(/-/g, '');
  if (hex.length < 4 || hex.length > 32 || !HEX.test(hex)) return null;
  const format = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  return [format(hex.padEnd(32, '0')), format(hex.padEnd(32, 'f'))];
}

export interface SearchColumns {
  /** The trigram-indexed `lower(first || ' ' || last || ' ' || email)` expression of the table (or its stored column). */
  text: SQL | Column;
  /** The lower-cased e-mail, on a b-tree index. */
  email: SQL | Column;
  id: SQL | Column;
  /** uuid ids match a prefix range; text ids (accounts) match exactly. */
  idKind: 'uuid' | 'text';
}

/**
 * 'Search by name, email or ID' (docs/product/back-office.md#lists), the same for every
 * list: a complete e-mail address matches that address exactly; other text
 * matches any part of the name or e-mail, or the start of the id. Nothing when
 * the search is empty.
 */
export function searchCondition(q: string, columns: SearchColumns): SQL | undefined {
  if (!q) return undefined;
  const email = completeEmail(q);
  if (email) return sql`${columns.email} = ${email}`;
  const byText = sql`${columns.text} like ${containsPattern(q)}`;
  if (columns.idKind === 'text') return sql`(${byText} or ${columns.id} = ${q})`;
  const range = uuidPrefixRange(q);
  return range ? sql`(${byText} or ${columns.id} between ${range[0]}::uuid and ${range[1]}::uuid)` : byText;
}

/** `[from 00:00, to + 1 day 00:00)` in UTC as SQL conditions on `column`, for 'More Filters' date ranges. */
export function dateRangeConditions(column: SQL | Column, params: Pick<ListParams, 'from' | 'to'>): SQL[] {
  const conditions: SQL[] = [];
  if (params.from) conditions.push(sql`${column} >= ${`${params.from}T00:00:00Z`}::timestamptz`);
  if (params.to) conditions.push(sql`${column} < (${`${params.to}T00:00:00Z`}::timestamptz + interval '1 day')`);
  return conditions;
}

/** `where a and b and …`, or nothing. */
export function whereAll(conditions: SQL[]): SQL {
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

/**
 * Rows matching `from … where …`, counted up to `cap` + 1: an exact count of a
 * million rows would cost more than the page itself. `fromWhere` is the query's
 * `from … where …` part, shared with the page query. Pass `countCapFor(params)`:
 * a lower cap while searching.
 */
export async function cappedCount(db: Db, fromWhere: SQL, cap: number = COUNT_CAP): Promise<{ total: number; totalCapped: boolean }> {
  const [row] = await queryRows<{ n: number | string }>(db, sql`select count(*) as n from (select 1 ${fromWhere} limit ${cap + 1}) capped`);
  const n = Number(row?.n ?? 0);
  return n > cap ? { total: cap, totalCapped: true } : { total: n, totalCapped: false };
}

/** A kept count (a trigger-kept table, exact at any size), read on its own. */
export async function readKeptTotal(db: Db, total: SQL): Promise<{ total: number; totalCapped: false }> {
  const [row] = await queryRows<{ n: number | string | null }>(db, sql`select (${total}) as n`);
  return { total: Number(row?.n ?? 0), totalCapped: false };
}

/**
 * A page whose total is a kept count: the count rides along as one more column of
 * the page's own statement (`pageWith` puts the column it is given in its select
 * list, after `selectList(fields)`), and is read on its own only when the page is
 * past the last row.
 */
export async function pageWithKeptTotal<F extends Fields>(
  db: Db,
  fields: F,
  pageWith: (totalColumn: SQL) => SQL,
  total: SQL,
): Promise<{ rows: RowOf<F>[]; count: { total: number; totalCapped: false } }> {
  const rows = await queryRows<Record<string, unknown> & { kept_total: number | string | null }>(db, pageWith(sql`(${total}) as kept_total`));
  if (!rows.length) return { rows: [], count: await readKeptTotal(db, total) };
  return { rows: decodeRows(fields, rows), count: { total: Number(rows[0]!.kept_total ?? 0), totalCapped: false } };
}

const COMPLETE_EMAIL = /^[^\s@%_]+@[^\s@%_]+\.[^\s@%_]+$/;

/**
 * The lower-cased address when the search text is a complete e-mail address:
 * then the list matches that address exactly, on its b-tree index. A trigram
 * search for a long address made of very common trigrams ('com', '@ex') reads far
 * more of the index than the one row it finds.
 */
export function completeEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  return COMPLETE_EMAIL.test(email) ? email : null;
}

/** `limit … offset …` of a page. */
export const pageWindow = (params: Pick<ListParams, 'page' | 'pageSize'>) => sql`limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`;

export function toPage<T>(items: T[], params: Pick<ListParams, 'page' | 'pageSize'>, count: { total: number; totalCapped: boolean }): Page<T> {
  return { items, page: params.page, pageSize: params.pageSize, ...count };
}

/**
 * `order by <column> desc nulls last, <tie-breaker> desc` (or its exact reverse,
 * `asc nulls first`): the order of the lists' `(created_at desc nulls last)`
 * indexes read forwards or backwards, so the first page is read from the index
 * instead of sorting the table. The tie-breaker keeps pages stable.
 */
export function orderBy(column: SQL | Column, dir: 'asc' | 'desc', tieBreaker: SQL | Column): SQL {
  return dir === 'asc' ? sql`order by ${column} asc nulls first, ${tieBreaker} asc` : sql`order by ${column} desc nulls last, ${tieBreaker} desc`;
}
