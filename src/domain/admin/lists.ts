import { z } from 'zod';
import { safeString } from '../safe-text';
import { formatNumber } from '../format';

/**
 * What every back-office list shares (docs/product/back-office.md#lists: paged,
 * searched, filtered and sorted on the server; nothing loads a whole table). The
 * same parameters live in the page's URL (style.md 'List state in the URL') and
 * in the API's query string, so a link to a filtered list is the list.
 */
export const PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;
/** Totals are counted up to here; beyond it the list says '10,000+' (an exact count of a million rows costs more than the page). */
export const COUNT_CAP = 10_000;
/**
 * While searching, totals are counted up to here: a trigram match re-checks every
 * candidate row, so counting 10,000 of them would cost more than the page.
 */
export const SEARCH_COUNT_CAP = 1_000;
export const countCapFor = (params: { q: string }) => (params.q ? SEARCH_COUNT_CAP : COUNT_CAP);
/**
 * A search of the applications (the list that grows by the million) counts its matches
 * only this many pages past the one shown — 'Page 1 of 2+' — in the same index walk
 * that finds the page (docs/decisions/013-applications-search.md).
 */
export const SEARCH_PAGES_AHEAD = 1;
/** Longest search text accepted. */
export const MAX_SEARCH_LENGTH = 100;

export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

/** A real calendar date: '2025-02-30' would otherwise reach the database and fail there. */
const isoDate = safeString()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2025-03-07.')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'Use a real date like 2025-03-07.');

/** Query-string parameters common to every list; each list adds its filters and its sort columns. */
export function listParamsSchema<const S extends readonly [string, ...string[]]>(sortColumns: S, defaultSort: S[number]) {
  return z
    .object({
      page: z.coerce.number().int('Page must be a whole number.').min(1, 'Page starts at 1.').max(100_000).default(1),
      pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE, `At most ${MAX_PAGE_SIZE} rows per page.`).default(PAGE_SIZE),
      q: safeString().trim().max(MAX_SEARCH_LENGTH, `Search is limited to ${MAX_SEARCH_LENGTH} characters.`).default(''),
      sort: z.enum(sortColumns).default(defaultSort),
      dir: z.enum(SORT_DIRECTIONS).default('desc'),
      /** Inclusive calendar dates (UTC) of the list's main date column ('More Filters'). */
      from: isoDate.optional(),
      to: isoDate.optional(),
    })
    .refine((p) => !p.from || !p.to || p.from <= p.to, { message: 'The start date must be on or before the end date.', path: ['to'] });
}

export type ListParams<S extends string = string> = {
  page: number;
  pageSize: number;
  q: string;
  sort: S;
  dir: SortDirection;
  from?: string;
  to?: string;
};

/**
 * One page of a list, as every list endpoint answers: `items` of `item`'s shape.
 * `total` is the rows matching the filter, counted up to a cap (COUNT_CAP;
 * SEARCH_COUNT_CAP or SEARCH_PAGES_AHEAD pages past this one while searching);
 * `totalCapped` when there are more.
 */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalCapped: z.boolean(),
  });

/** One page of a list: pageSchema's output, with items of type T. */
export type Page<T> = Omit<z.output<ReturnType<typeof pageSchema>>, 'items'> & { items: T[] };

export const pageCount = (page: Pick<Page<unknown>, 'total' | 'pageSize'>) => Math.max(1, Math.ceil(page.total / page.pageSize));

/** 'Showing 1–25 of 10,000+' */
export function pageSummary(page: Page<unknown>): string {
  if (page.total === 0) return 'No results';
  const first = (page.page - 1) * page.pageSize + 1;
  const last = first + page.items.length - 1;
  const total = `${formatNumber(page.total)}${page.totalCapped ? '+' : ''}`;
  return `Showing ${formatNumber(first)}–${formatNumber(last)} of ${total}`;
}
