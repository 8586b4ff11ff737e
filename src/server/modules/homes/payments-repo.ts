import { sql, type SQL } from 'drizzle-orm';
import { monthRange, type PaymentsListItem, type PaymentsListParams, type PaymentsPage, type PaymentsTotals } from '../../../domain/homes/admin-payments';
import { ledgerToday } from '../../../domain/homes/dates';
import { queryRows, type Db } from '../../platform/db/client';
import { getSettings } from '../../platform/settings/settings-store';
import type { ExportRows } from '../../platform/lists/csv';
import { containsPattern } from '../../platform/lists/list-query';

/**
 * /admin/payments (docs/product/back-office.md#payments) read from the ledger's projections
 * (docs/decisions/024-ledger-projections.md), kept by src/server/modules/homes/ledger-projection.ts in the
 * transaction of every entry: each counting charge with its paid part as allocateLedger gives it
 * (src/domain/ledger/allocation.ts), and each day's sums across homes. A month's totals are the sum
 * of its days — a day more than the settings' graceDays past holds overdue charges, a later one due ones — and its
 * page walks the homes in address order and finds each one's charge of the month, so neither reads
 * the month's ledgers. 'Today' only sorts unpaid charges into due and overdue; it is never stored.
 */

/** The condition of a state filter on `ch` as index-friendly terms (the open charges' partial index serves due and overdue). */
function stateCondition(state: PaymentsListParams['state'], today: string, graceDays: number): SQL {
  const grace = sql`${today}::date - ${graceDays}::int`;
  if (state === 'paid') return sql`ch.paid_cents = ch.amount_cents`;
  if (state === 'due') return sql`ch.paid_cents < ch.amount_cents and ch.due_on >= ${grace}`;
  if (state === 'overdue') return sql`ch.paid_cents < ch.amount_cents and ch.due_on < ${grace}`;
  return sql`true`;
}

/** The month's charges (not reversed) in the state filter, with their state as of `today`. */
function charges(month: string, today: string, state: PaymentsListParams['state'], graceDays: number): SQL {
  const [start, end] = monthRange(month);
  return sql`(
    select ch.home_id, ch.seq, ch.month, ch.due_on, ch.amount_cents, ch.paid_cents,
      case when ch.paid_cents = ch.amount_cents then 'paid'
           when ch.due_on < ${today}::date - ${graceDays}::int then 'overdue'
           else 'due' end as state
    from ledger_charge_states ch
    where ch.due_on >= ${start}::date and ch.due_on < ${end}::date and ${stateCondition(state, today, graceDays)}
  )`;
}

function searchOf(params: PaymentsListParams): SQL {
  if (!params.q) return sql``;
  const pattern = containsPattern(params.q);
  return sql`where (lower(h.address) like ${pattern} or lower(u.first_name || ' ' || u.last_name || ' ' || u.email) like ${pattern})`;
}

const joined = sql`join homes h on h.id = ch.home_id join "user" u on u.id = h.user_id`;
const fromMonth = (params: PaymentsListParams, month: string, today: string, graceDays: number) =>
  sql`from ${charges(month, today, params.state, graceDays)} ch ${joined}`;

interface ItemRow {
  home_id: string;
  address: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  seq: number | string;
  month: number | string;
  due_on: string | Date;
  amount_cents: number | string;
  paid_cents: number | string;
  state: PaymentsListItem['state'];
}

const dateText = (value: string | Date) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

const presentItem = (row: ItemRow): PaymentsListItem => ({
  homeId: row.home_id,
  address: row.address,
  firstName: row.first_name ?? '',
  lastName: row.last_name ?? '',
  email: row.email,
  seq: Number(row.seq),
  month: Number(row.month),
  dueOn: dateText(row.due_on),
  amountCents: Number(row.amount_cents),
  paidCents: Number(row.paid_cents),
  state: row.state,
});

const ITEM_COLUMNS = sql`ch.home_id, h.address, u.first_name, u.last_name, u.email, ch.seq, ch.month, ch.due_on::text as due_on, ch.amount_cents, ch.paid_cents, ch.state`;
const ITEM_ORDER = sql`order by lower(h.address), h.id, ch.seq`;

/** The items walking the homes in address order, each home's charge of the month looked up: a page of a full month reads a page of homes. */
const itemsQuery = (params: PaymentsListParams, month: string, today: string, graceDays: number, window: SQL) =>
  sql`select ${ITEM_COLUMNS} ${fromMonth(params, month, today, graceDays)} ${searchOf(params)} ${ITEM_ORDER} ${window}`;

/**
 * The items of a filter that few charges meet (an unbilled month's first days, 'overdue' in a good month): those charges
 * first, then their homes sorted. Walking 100,000 homes' addresses to find a few hundred took 0.7–8 s (bench/homes.ts).
 * Materialized, so the planner cannot turn it back into the walk.
 */
const fewItemsQuery = (params: PaymentsListParams, month: string, today: string, graceDays: number, window: SQL) =>
  sql`with ch as materialized ${charges(month, today, params.state, graceDays)} select ${ITEM_COLUMNS} from ch ${joined} ${ITEM_ORDER} ${window}`;

/** At most this many matching charges: they may be read first (fewItemsQuery); more, walk the homes (itemsQuery). */
const FEW_CHARGES = 5_000;
/** Homes a page's walk may pass over; past it, reading the few matching charges first is cheaper. */
const WALK_BUDGET_HOMES = 5_000;

export type PaymentsReadStrategy = 'walk' | 'few';

/**
 * How to read a page of `known` matching charges among the month's `monthCharges`. The walk passes over the homes in
 * address order until the page is full: about (offset + page size) ÷ the filter's share of the month's homes — 1,250
 * homes for page 1 of a 2 % filter (4 ms on the bench, against 50 ms to sort its 2,000 homes), all 100,000 for its
 * last page. Few charges, and a walk past the budget: read them first. Many: walk (a full month's page 1 reads 25
 * homes). The planner cannot weigh this itself: it takes 'paid less than amount' for a third of the charges.
 */
export function paymentsReadStrategy(known: number, monthCharges: number, offset: number, pageSize: number): PaymentsReadStrategy {
  if (known > FEW_CHARGES) return 'walk';
  const walkHomes = known > 0 ? ((offset + pageSize) * monthCharges) / known : Infinity;
  return walkHomes > WALK_BUDGET_HOMES ? 'few' : 'walk';
}

/** The month a request means: its own, or this month in the ledger's time zone. */
export const monthOf = (params: Pick<PaymentsListParams, 'month'>, today = ledgerToday()) => params.month ?? today.slice(0, 7);

interface TotalsRow {
  due_cents: string | number;
  due_homes: string | number;
  paid_cents: string | number;
  paid_homes: string | number;
  overdue_cents: string | number;
  overdue_homes: string | number;
  open_cents: string | number;
  open_homes: string | number;
  received_cents: string | number;
  received_payments: string | number;
}

/** The month's totals: the sum of its days' (at most 31 rows). */
async function monthTotals(db: Db, month: string, today: string, graceDays: number): Promise<PaymentsTotals> {
  const [start, end] = monthRange(month);
  const overdue = sql`d.day < ${today}::date - ${graceDays}::int`;
  const [t] = await queryRows<TotalsRow>(
    db,
    sql`select coalesce(sum(d.charged_cents), 0) as due_cents, coalesce(sum(d.charges), 0) as due_homes,
          coalesce(sum(d.paid_cents), 0) as paid_cents, coalesce(sum(d.paid_charges), 0) as paid_homes,
          coalesce(sum(d.charged_cents - d.paid_cents) filter (where ${overdue}), 0) as overdue_cents,
          coalesce(sum(d.charges - d.paid_charges) filter (where ${overdue}), 0) as overdue_homes,
          coalesce(sum(d.charged_cents - d.paid_cents) filter (where not ${overdue}), 0) as open_cents,
          coalesce(sum(d.charges - d.paid_charges) filter (where not ${overdue}), 0) as open_homes,
          coalesce(sum(d.received_cents), 0) as received_cents, coalesce(sum(d.payments), 0) as received_payments
        from ledger_day_totals d where d.day >= ${start}::date and d.day < ${end}::date`,
  );
  const num = (key: keyof TotalsRow) => Number(t?.[key] ?? 0);
  return {
    dueCents: num('due_cents'),
    dueHomes: num('due_homes'),
    paidCents: num('paid_cents'),
    paidHomes: num('paid_homes'),
    receivedCents: num('received_cents'),
    receivedPayments: num('received_payments'),
    overdueCents: num('overdue_cents'),
    overdueHomes: num('overdue_homes'),
    openCents: num('open_cents'),
    openHomes: num('open_homes'),
  };
}

/** The filter's count when the month's totals say it (no search): one charge per home and month. */
function countFromTotals(params: PaymentsListParams, totals: PaymentsTotals): number | null {
  if (params.q) return null;
  return { all: totals.dueHomes, paid: totals.paidHomes, due: totals.openHomes, overdue: totals.overdueHomes }[params.state];
}

/**
 * GET /api/admin/payments: the month's totals (whatever the filter) and one page of its homes. `strategy` forces a way
 * of reading (tests compare both); by default paymentsReadStrategy chooses.
 */
export async function listPayments(db: Db, params: PaymentsListParams, today = ledgerToday(), strategy?: PaymentsReadStrategy): Promise<PaymentsPage> {
  const month = monthOf(params, today);
  // Overdue: not paid in full after the due date + the settings' graceDays (calculators.md 'Fees', docs/decisions/037-autopay-and-ach-files.md).
  const { graceDays } = await getSettings(db);
  const offset = (params.page - 1) * params.pageSize;
  const window = sql`limit ${params.pageSize} offset ${offset}`;
  // The totals first (≤ 31 day rows): they say how many homes the filter holds, and so how to read them, or that there is nothing to read.
  const totals = await monthTotals(db, month, today, graceDays);
  const known = countFromTotals(params, totals);
  const page = { month, today, graceDays, totals, page: params.page, pageSize: params.pageSize, totalCapped: false };
  if (known !== null && offset >= known) return { ...page, items: [], total: known };
  const chosen = strategy ?? (known === null ? 'walk' : paymentsReadStrategy(known, totals.dueHomes, offset, params.pageSize));
  const query = chosen === 'few' ? fewItemsQuery : itemsQuery;
  const rows = await queryRows<ItemRow>(db, query(params, month, today, graceDays, window));
  const total =
    known ??
    Number(
      (await queryRows<{ n: string | number }>(db, sql`select count(*) as n ${fromMonth(params, month, today, graceDays)} ${searchOf(params)}`))[0]?.n ?? 0,
    );
  return { ...page, items: rows.map(presentItem), total };
}

/** The month's filtered homes in the list's order (CSV export, read in batches by src/server/platform/lists/csv.ts). */
export function paymentRows(params: PaymentsListParams, graceDays: number, today = ledgerToday()): ExportRows<PaymentsListItem> {
  return { query: itemsQuery(params, monthOf(params, today), today, graceDays, sql``), map: (rows: ItemRow[]) => rows.map(presentItem) };
}
