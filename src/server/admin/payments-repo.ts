import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { monthRange, type PaymentsListItem, type PaymentsListParams, type PaymentsPage, type PaymentsTotals } from '../../domain/homes/admin-payments';
import { ledgerToday } from '../../domain/homes/dates';
import { OVERDUE_AFTER_DAYS } from '../../domain/ledger';
import { queryRows, type Db } from '../db/client';
import type { ExportRows } from './csv';
import { containsPattern } from './list-query';

/**
 * /admin/payments in SQL (docs/product/back-office.md#payments): a month's charges across
 * homes, each allocated as allocateLedger does (src/domain/ledger/allocation.ts) — the
 * home's credit (payments less refunds that count) pays its oldest charge first, so a
 * charge's paid part is min(amount, max(0, credit − the charges before it)) — without
 * loading any ledger into JavaScript. The month's charges come from the
 * ledger_entries(kind, effective_on) index; each home's sums from its primary key.
 *
 * An entry counts unless a reversal that counts names it. Staff cannot reverse a reversal
 * (src/server/admin/payments.ts), so a reversal counts unless it is itself reversed; the
 * check below reads two levels, which is every chain those routes can write.
 *
 * One statement computes the month once (its CTE is used three times, so PostgreSQL keeps
 * it): the totals, the filter's count and the page.
 */

/**
 * The entries undone by a reversal that counts, as (home_id, seq): read once through the
 * (kind, effective_on) index, then anti-joined (hash joins, not a probe per entry).
 */
const REVERSED = sql.raw(`reversed as (
      select r.home_id, r.reverses_seq as seq from ledger_entries r
      where r.kind = 'reversal'
        and not exists (select 1 from ledger_entries r2 where r2.kind = 'reversal' and r2.home_id = r.home_id and r2.reverses_seq = r.seq)
    )`);

/** The month's charges that count, allocated and given a state as of `today`. */
function allocated(month: string, today: string): SQL {
  const [start, end] = monthRange(month);
  return sql`
    with ${REVERSED},
    month_charges as (
      select c.home_id, c.seq, c.month, c.amount_cents, c.effective_on
      from ledger_entries c
      left join reversed x on x.home_id = c.home_id and x.seq = c.seq
      where c.kind = 'charge' and c.effective_on >= ${start}::date and c.effective_on < ${end}::date and x.home_id is null
    ),
    sums as (
      -- One pass over the entries of the month's homes: the credit, and the charges before each of the month's.
      select m.home_id, m.seq,
        coalesce(sum(e.amount_cents) filter (where e.kind = 'charge' and (e.month < m.month or (e.month = m.month and e.seq < m.seq))), 0) as before,
        coalesce(sum(case when e.kind = 'payment' then e.amount_cents when e.kind = 'refund' then -e.amount_cents else 0 end), 0) as credited
      from month_charges m
      join ledger_entries e on e.home_id = m.home_id
      left join reversed x on x.home_id = e.home_id and x.seq = e.seq
      where x.home_id is null
      group by m.home_id, m.seq
    ),
    allocated as (
      select m.home_id, m.seq, m.month, m.amount_cents, m.effective_on,
        least(m.amount_cents, greatest(0, greatest(0, coalesce(s.credited, 0)) - coalesce(s.before, 0)))::bigint as paid_cents
      from month_charges m
      left join sums s on s.home_id = m.home_id and s.seq = m.seq
    ),
    charges as (
      select a.*,
        case when a.paid_cents = a.amount_cents then 'paid'
             when ${today}::date > a.effective_on + ${OVERDUE_AFTER_DAYS}::int then 'overdue'
             else 'due' end as state
      from allocated a
    )`;
}

function filterOf(params: PaymentsListParams): SQL {
  const conditions: SQL[] = [];
  if (params.state !== 'all') conditions.push(sql`ch.state = ${params.state}`);
  if (params.q) {
    const pattern = containsPattern(params.q);
    conditions.push(sql`(lower(h.address) like ${pattern} or lower(u.first_name || ' ' || u.last_name || ' ' || u.email) like ${pattern})`);
  }
  return conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
}

const FROM = sql`from charges ch join homes h on h.id = ch.home_id join "user" u on u.id = h.user_id`;

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

const itemsQuery = (params: PaymentsListParams, month: string, today: string, window: SQL) => sql`
  ${allocated(month, today)}
  select ch.home_id, h.address, u.first_name, u.last_name, u.email, ch.seq, ch.month, ch.effective_on::text as due_on, ch.amount_cents, ch.paid_cents, ch.state
  ${FROM} ${filterOf(params)}
  order by lower(h.address), ch.home_id, ch.seq ${window}`;

/** The month a request means: its own, or this month in the ledger's time zone. */
export const monthOf = (params: Pick<PaymentsListParams, 'month'>, today = ledgerToday()) => params.month ?? today.slice(0, 7);

/** GET /api/admin/payments: the month's totals (whatever the filter) and one page of its homes, in one statement. */
export async function listPayments(db: Db, params: PaymentsListParams, today = ledgerToday()): Promise<PaymentsPage> {
  const month = monthOf(params, today);
  const [start, end] = monthRange(month);
  const window = sql`limit ${params.pageSize} offset ${(params.page - 1) * params.pageSize}`;
  const statement = sql`${allocated(month, today)}
      select t.*, r.*, f.n, p.*
      from (
        select coalesce(sum(amount_cents), 0) as due_cents, count(*) as due_homes,
          coalesce(sum(paid_cents), 0) as total_paid_cents, count(*) filter (where state = 'paid') as paid_homes,
          coalesce(sum(amount_cents - paid_cents) filter (where state = 'overdue'), 0) as overdue_cents, count(*) filter (where state = 'overdue') as overdue_homes,
          coalesce(sum(amount_cents - paid_cents) filter (where state = 'due'), 0) as open_cents, count(*) filter (where state = 'due') as open_homes
        from charges
      ) t
      cross join (
        select coalesce(sum(e.amount_cents), 0) as received_cents, count(*) as received_payments
        from ledger_entries e
        left join reversed x on x.home_id = e.home_id and x.seq = e.seq
        where e.kind = 'payment' and e.effective_on >= ${start}::date and e.effective_on < ${end}::date and x.home_id is null
      ) r
      cross join (select count(*) as n ${FROM} ${filterOf(params)}) f
      left join lateral (
        select ch.home_id, h.address, u.first_name, u.last_name, u.email, ch.seq, ch.month, ch.effective_on::text as due_on, ch.amount_cents, ch.paid_cents, ch.state
        ${FROM} ${filterOf(params)}
        order by lower(h.address), ch.home_id, ch.seq ${window}
      ) p on true`;
  // The month's hash joins read every entry of its homes (100,000 homes: about 2.5 million rows). With the
  // default 4 MB they spill to disk, and the JIT compiles for longer than the query runs: 7 s against 2 s.
  // Both settings in one round trip (set_config(…, true) is SET LOCAL): the statement itself takes about 1 ms
  // for a month without charges, so each extra round trip showed at 10 concurrent clients.
  const onPostgres = (db as unknown as { $client: unknown }).$client instanceof pg.Pool;
  const rows = await db.transaction(async (tx) => {
    await tx.execute(
      onPostgres ? sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)` : sql`select set_config('work_mem', '64MB', true)`,
    );
    return queryRows<Partial<ItemRow> & Record<string, unknown>>(tx, statement);
  });
  const t = rows[0] ?? {};
  const num = (key: string) => Number(t[key] ?? 0);
  const totals: PaymentsTotals = {
    dueCents: num('due_cents'),
    dueHomes: num('due_homes'),
    paidCents: num('total_paid_cents'),
    paidHomes: num('paid_homes'),
    receivedCents: num('received_cents'),
    receivedPayments: num('received_payments'),
    overdueCents: num('overdue_cents'),
    overdueHomes: num('overdue_homes'),
    openCents: num('open_cents'),
    openHomes: num('open_homes'),
  };
  const items = rows.filter((row) => row.home_id).map((row) => presentItem(row as ItemRow));
  return { month, today, totals, items, page: params.page, pageSize: params.pageSize, total: num('n'), totalCapped: false };
}

/** The month's filtered homes in the list's order (CSV export, read in batches by src/server/admin/csv.ts). */
export function paymentRows(params: PaymentsListParams, today = ledgerToday()): ExportRows<PaymentsListItem> {
  return { query: itemsQuery(params, monthOf(params, today), today, sql``), map: (rows: ItemRow[]) => rows.map(presentItem) };
}
