import { asc, desc, eq, sql, type Column, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import type { HomeDetail, HomeListItem, HomeListParams, HomeSort } from '../../../domain/homes/admin-homes';
import { type Db, type Executor } from '../../platform/db/client';
import { homes, homeTerms, homeValuations, ledgerChecks, users } from '../../platform/db/schema';
import { decodeRows, selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { isoTime } from '../../platform/lib/iso-time';
import type { ExportRows } from '../../platform/lists/csv';
import {
  cappedCount,
  completeEmail,
  containsPattern,
  dateRangeConditions,
  orderBy,
  pageWindow,
  toPage,
  uuidPrefixRange,
  whereAll,
} from '../../platform/lists/list-query';

/**
 * The back office's homes (docs/decisions/022-homes-and-ledger.md): the list,
 * paged, searched, filtered and sorted in SQL like the other lists
 * (docs/product/back-office.md#lists), and a home's record.
 */

// Each home's latest term and latest valuation (by date, then entry); the purchase writes one of each.
const LATEST = sql`
  left join lateral (select t.monthly_payment_cents from ${homeTerms} t where t.home_id = ${homes.id} order by t.from_month desc limit 1) term on true
  left join lateral (select v.value_cents, v.valued_on from ${homeValuations} v where v.home_id = ${homes.id} order by v.valued_on desc, v.created_at desc limit 1) valuation on true`;

// The daily ledger check's verdict (ledger-checks.ts): at most one row a home.
const FROM = sql`from ${homes} join ${users} on ${users.id} = ${homes.userId} left join ${ledgerChecks} on ${ledgerChecks.homeId} = ${homes.id}`;

const SORT_COLUMNS: Readonly<Record<HomeSort, SQL | Column>> = {
  created_at: homes.createdAt,
  purchase_date: homes.purchaseDate,
  address: sql`lower(${homes.address})`,
  price: homes.priceCents,
};

/**
 * 'Search by address, name, email or ID': a complete e-mail address matches the
 * homeowner's exactly; other text any part of the address (homes_search_idx), of the
 * name or e-mail (user_search_idx), or the start of the home's id.
 */
function searchOf(q: string): SQL | undefined {
  if (!q) return undefined;
  const email = completeEmail(q);
  if (email) return sql`${users.email} = ${email}`;
  const pattern = containsPattern(q);
  const parts = [
    sql`lower(${homes.address}) like ${pattern}`,
    sql`lower(${users.firstName} || ' ' || ${users.lastName} || ' ' || ${users.email}) like ${pattern}`,
  ];
  const range = uuidPrefixRange(q);
  if (range) parts.push(sql`${homes.id} between ${range[0]}::uuid and ${range[1]}::uuid`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

function filterOf(params: HomeListParams): SQL {
  const conditions: SQL[] = [];
  const search = searchOf(params.q);
  if (search) conditions.push(search);
  if (params.state !== 'all') conditions.push(sql`${homes.state} = ${params.state}`);
  if (params.ledger === 'broken') conditions.push(sql`${ledgerChecks.brokenAt} is not null`);
  conditions.push(...dateRangeConditions(homes.createdAt, params));
  return whereAll(conditions);
}

const LIST_FIELDS = {
  id: homes.id,
  createdAt: homes.createdAt,
  address: homes.address,
  purchaseDate: homes.purchaseDate,
  priceCents: homes.priceCents,
  downPaymentCents: homes.downPaymentCents,
  monthlyPaymentCents: sql<number>`coalesce(term.monthly_payment_cents, 0)`.mapWith(Number),
  valueCents: sql<number>`coalesce(valuation.value_cents, ${homes.priceCents})`.mapWith(Number),
  valuedOn: sql<string>`coalesce(valuation.valued_on, ${homes.purchaseDate})::text`,
  state: homes.state,
  userId: homes.userId,
  applicationId: homes.applicationId,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  ledgerBrokenAt: ledgerChecks.brokenAt,
  ledgerBrokenMessage: ledgerChecks.brokenMessage,
};

const present = ({ ledgerBrokenAt, ledgerBrokenMessage, ...row }: RowOf<typeof LIST_FIELDS>): HomeListItem => ({
  ...row,
  createdAt: isoTime(row.createdAt),
  ledgerWarning: ledgerBrokenAt ? { message: ledgerBrokenMessage ?? '', foundAt: isoTime(ledgerBrokenAt) } : null,
});

const homesQuery = (params: HomeListParams, window: SQL) =>
  sql`select ${selectList(LIST_FIELDS)} ${FROM} ${LATEST} ${filterOf(params)} ${orderBy(SORT_COLUMNS[params.sort], params.dir, homes.id)} ${window}`;

/** One page of homes, filtered, sorted and counted in SQL. */
export async function listHomes(db: Db, params: HomeListParams): Promise<Page<HomeListItem>> {
  const [rows, count] = await Promise.all([
    selectRows(db, LIST_FIELDS, homesQuery(params, pageWindow(params))),
    cappedCount(db, sql`${FROM} ${filterOf(params)}`, countCapFor(params)),
  ]);
  return toPage(rows.map(present), params, count);
}

/** The filtered list in its order (CSV export; src/server/platform/lists/csv.ts reads it in batches). */
export const homeRows = (params: HomeListParams): ExportRows<HomeListItem> => ({
  query: homesQuery(params, sql``),
  map: (rows) => decodeRows(LIST_FIELDS, rows).map(present),
});

const DETAIL_FIELDS = {
  mortgageRate: homes.mortgageRate,
  appreciationRate: homes.appreciationRate,
  closedOn: homes.closedOn,
  phone: users.phone,
};
const DETAIL_LIST = { ...LIST_FIELDS, ...DETAIL_FIELDS };

/** A home's record (null when there is none): the agreement, its terms oldest first and its valuations latest first. */
export async function homeDetail(db: Executor, id: string): Promise<HomeDetail | null> {
  const [row] = await selectRows(db, DETAIL_LIST, sql`select ${selectList(DETAIL_LIST)} ${FROM} ${LATEST} where ${homes.id} = ${id}`);
  if (!row) return null;
  const [terms, valuations] = await Promise.all([
    db
      .select({
        fromMonth: homeTerms.fromMonth,
        monthlyPaymentCents: homeTerms.monthlyPaymentCents,
        paymentChangeId: homeTerms.paymentChangeId,
        createdAt: homeTerms.createdAt,
      })
      .from(homeTerms)
      .where(eq(homeTerms.homeId, id))
      .orderBy(asc(homeTerms.fromMonth)),
    db
      .select({
        id: homeValuations.id,
        valueCents: homeValuations.valueCents,
        valuedOn: homeValuations.valuedOn,
        source: homeValuations.source,
        note: homeValuations.note,
        createdAt: homeValuations.createdAt,
      })
      .from(homeValuations)
      .where(eq(homeValuations.homeId, id))
      .orderBy(desc(homeValuations.valuedOn), desc(homeValuations.createdAt)),
  ]);
  return {
    ...present(row),
    mortgageRate: row.mortgageRate,
    appreciationRate: row.appreciationRate,
    closedOn: row.closedOn,
    phone: row.phone,
    terms: terms.map((t) => ({ ...t, createdAt: isoTime(t.createdAt) })),
    valuations: valuations.map((v) => ({ ...v, createdAt: isoTime(v.createdAt) })),
  };
}
