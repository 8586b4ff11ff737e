import { sql, type SQL } from 'drizzle-orm';
import {
  DECISION_WINDOW_DAYS,
  NEW_APPLICATION_DAYS,
  RECENT_APPLICATIONS,
  type AdminApplicationListItem,
  type AdminDashboard,
  type ApplicationListParams,
  type ApplicationSortColumn,
} from '../../domain/admin/applications';
import { countCapFor, SEARCH_PAGES_AHEAD, type Page } from '../../domain/admin/lists';
import type { ApplicationStatus } from '../../domain/application';
import type { Db } from '../db/client';
import { queryRows } from '../db/client';
import type { Logger } from '../lib/logger';
import { safeErrorMessage } from '../lib/error-facts';
import { cappedCount, dateRangeConditions, pageWindow, pageWithKeptTotal, readKeptTotal, searchCondition, toPage, whereAll } from './list-query';
import type { ExportRows } from './csv';
import { isoTimeOrNull } from '../lib/iso-time';

/**
 * The back office's reads of applications, in SQL (issue 6 'Server rules': paged,
 * filtered and sorted in the database, with indexes). Drafts are never listed:
 * they are the applicant's work in progress.
 */

const num = (value: number | string | null) => (value === null ? null : Number(value));

/** The lower-cased names and e-mail (a stored column, migration 0007): on the trigram index and in the submitted-date index. */
const SEARCH_TEXT = sql`search_text`;

/** `where …` of the list and the export: not a draft, the status, the search, the submitted dates. */
export function applicationFilter(params: Pick<ApplicationListParams, 'q' | 'status' | 'from' | 'to'>): SQL {
  const conditions: SQL[] = [params.status === 'all' ? sql`status <> 'draft'` : sql`status = ${params.status}`];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: sql`lower(email)`, id: sql`id`, idKind: 'uuid' });
  if (search) conditions.push(search);
  conditions.push(...dateRangeConditions(sql`submitted_at`, params));
  return whereAll(conditions);
}

/** Sort keys per column; every order ends with the id so pages never overlap. */
const SORT_KEYS: Record<ApplicationSortColumn, SQL[]> = {
  submitted_at: [sql`submitted_at`],
  name: [sql`lower(last_name)`, sql`lower(first_name)`],
  email: [sql`lower(email)`],
  property_value: [sql`property_value`],
  status: [sql`status`],
  assignee: [sql`lower(assignee)`],
};

function applicationOrder(sort: ApplicationSortColumn, dir: 'asc' | 'desc'): SQL {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  // Listed rows always have submitted_at; 'asc nulls first' lets PostgreSQL read the (… submitted_at desc nulls last) indexes backwards.
  const nulls = sort === 'submitted_at' && dir === 'asc' ? sql`nulls first` : sql`nulls last`;
  const keys = SORT_KEYS[sort].map((key) => sql`${key} ${direction} ${nulls}`);
  return sql`order by ${sql.join([...keys, sql`id ${direction}`], sql`, `)}`;
}

interface ListRow {
  id: string;
  submitted_at: Date | string | null;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  property_value: number | string | null;
  status: ApplicationStatus;
  assignee: string | null;
}

const toListItem = (row: ListRow): AdminApplicationListItem => ({
  id: row.id,
  submittedAt: isoTimeOrNull(row.submitted_at),
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  propertyValue: num(row.property_value),
  status: row.status,
  assignee: row.assignee,
});

const LIST_COLUMNS = sql`id, submitted_at, first_name, last_name, email, property_value, status, assignee`;

/** The exact number of listed applications of a status (or all), from the trigger-kept counts of migration 0003. */
const statusTotal = (status: ApplicationListParams['status']) =>
  status === 'all'
    ? sql`select sum(count) from application_status_counts where status <> 'draft'`
    : sql`select sum(count) from application_status_counts where status = ${status}`;

/** One page of /admin/applications. */
export async function listApplications(db: Db, params: ApplicationListParams): Promise<Page<AdminApplicationListItem>> {
  if (params.q) return searchApplications(db, params);
  const fromWhere = sql`from applications ${applicationFilter(params)}`;
  const page = sql`${fromWhere} ${applicationOrder(params.sort, params.dir)} ${pageWindow(params)}`;
  if (params.from || params.to) {
    const [rows, count] = await Promise.all([queryRows<ListRow>(db, sql`select ${LIST_COLUMNS} ${page}`), countApplications(db, params)]);
    return toPage(rows.map(toListItem), params, count);
  }
  const { rows, count } = await pageWithKeptTotal<ListRow>(db, (total) => sql`select ${LIST_COLUMNS}, ${total} ${page}`, statusTotal(params.status));
  return toPage(rows.map(toListItem), params, count);
}

/**
 * A search: the page and the count of the matches up to SEARCH_PAGES_AHEAD pages past
 * it, from one walk in the list's order (docs/decisions/013-applications-search.md).
 * `hits` numbers the matching ids in that order, reading only what the filter needs —
 * for a common term, the submitted-date index, which holds the status and the search
 * text; for a rare one, the trigram index — and stops one row past the reach; only the
 * page's rows are then read from the table. The count row comes back even when the page
 * is past the last match.
 */
async function searchApplications(db: Db, params: ApplicationListParams): Promise<Page<AdminApplicationListItem>> {
  const offset = (params.page - 1) * params.pageSize;
  const reach = offset + params.pageSize * (1 + SEARCH_PAGES_AHEAD);
  const order = applicationOrder(params.sort, params.dir);
  const rows = await queryRows<Partial<ListRow> & { matched: number | string }>(
    db,
    sql`with hits as materialized (
          select id, row_number() over (${order}) as n from applications ${applicationFilter(params)} ${order} limit ${reach + 1}
        ),
        page as (
          select a.id, a.submitted_at, a.first_name, a.last_name, a.email, a.property_value, a.status, a.assignee, shown.n
          from (select id, n from hits where n > ${offset} order by n limit ${params.pageSize}) shown join applications a on a.id = shown.id
        )
        select (select count(*) from hits) as matched, page.* from (select 1) one left join page on true order by page.n`,
  );
  const matched = Number(rows[0]?.matched ?? 0);
  const items = rows.filter((row): row is ListRow & { matched: number | string } => row.id != null).map(toListItem);
  return toPage(items, params, matched > reach ? { total: reach, totalCapped: true } : { total: matched, totalCapped: false });
}

/**
 * Rows matching the filter (the list's total, and what an export covered for its
 * audit entry). A status filter alone — or none — is the exact sum of the
 * trigger-kept status counts (migration 0003), one small read at any size; a
 * search or a date range is counted in the table up to the cap.
 */
export async function countApplications(db: Db, params: ApplicationListParams): Promise<{ total: number; totalCapped: boolean }> {
  if (params.q || params.from || params.to) return cappedCount(db, sql`from applications ${applicationFilter(params)}`, countCapFor(params));
  return readKeptTotal(db, statusTotal(params.status));
}

/** Every admin column but the encrypted ones (SSN digits, date of birth): the CSV export. */
export interface ExportRow {
  id: string;
  submitted_at: Date | string | null;
  status: ApplicationStatus;
  first_name: string | null;
  last_name: string | null;
  email: string | null;
  phone: string | null;
  employment_status: string | null;
  employer_name: string | null;
  job_title: string | null;
  annual_income: number | string | null;
  savings_amount: number | string | null;
  retirement_accounts: number | string | null;
  credit_card_debt: number | string | null;
  student_loans: number | string | null;
  property_address: string | null;
  property_value: number | string | null;
  down_payment: number | string | null;
  assignee: string | null;
  reviewed_at: Date | string | null;
  notes: string | null;
}

/** The export: the filtered list in its order (src/server/admin/csv.ts reads it in batches). */
export function exportRows(params: ApplicationListParams): ExportRows<ExportRow> {
  return {
    query: sql`select id, submitted_at, status, first_name, last_name, email, phone, employment_status, employer_name, job_title,
          annual_income, savings_amount, retirement_accounts, credit_card_debt, student_loans,
          property_address, property_value, down_payment, assignee, reviewed_at, notes
        from applications ${applicationFilter(params)} ${applicationOrder(params.sort, params.dir)}`,
    map: (rows: ExportRow[]) => rows,
  };
}

/**
 * `w(since, whole_from)` for a figure kept per UTC hour: the window starts `days` ago;
 * the hour rows from `whole_from` on are whole, the partial first hour before it is read
 * from the applications themselves.
 */
const hourWindow = (days: number) => sql`w as (
      select now() - make_interval(days => ${days}) as since,
             date_bin('1 hour', now() - make_interval(days => ${days}), timestamptz '2000-01-01 00:00:00+00') + interval '1 hour' as whole_from
    )`;

/**
 * The figures of GET /api/admin/dashboard, each one SQL expression. They are read in one
 * statement (one round trip, one plan); only if that statement fails are they read one
 * by one, so a broken count costs its own card a dash and not the page (spec §8).
 */
const DASHBOARD_PARTS = {
  // Kept exact by the triggers of migration 0004 (16 rows per table, summed); null when no row is kept.
  waitlist: sql`select sum(count) from table_row_counts where table_name = 'waitlist_entries' having count(*) > 0`,
  lettersOfIntent: sql`select sum(count) from table_row_counts where table_name = 'letters_of_intent' having count(*) > 0`,
  // Kept exact by the trigger of migration 0003: one small read whatever the table's size.
  statuses: sql`select json_object_agg(status, count) from application_status_counts`,
  // New (7d): applications submitted in the last NEW_APPLICATION_DAYS days. The whole hours come from
  // application_submission_hours (kept by the trigger of migration 0008), the partial first hour from the
  // applications: exact, and a week of hour rows to read however many were submitted.
  newApplications7d: sql`with ${hourWindow(NEW_APPLICATION_DAYS)}
    select (select coalesce(sum(h.submitted), 0) from application_submission_hours h, w where h.hour >= w.whole_from)
         + (select count(*) from applications a, w where a.submitted_at >= w.since and a.submitted_at < w.whole_from)`,
  // Avg Decision (decisions.md 'Back office'): mean days from submission to decision over the approved and
  // declined applications decided in the last DECISION_WINDOW_DAYS (30) days — recent enough to describe how
  // the team works now, long enough to average more than a handful. null when nothing was decided.
  // The whole hours come from application_decision_hours (kept by the trigger of migration 0005), the one
  // partial hour at the window's start from the applications themselves: exact, and as cheap at a million rows.
  avgDecisionDays: sql`with ${hourWindow(DECISION_WINDOW_DAYS)},
    whole as (
      select coalesce(sum(h.decided), 0) as n, coalesce(sum(h.total_seconds), 0) as s
      from application_decision_hours h, w where h.hour >= w.whole_from
    ),
    part as (
      select count(*) as n, coalesce(sum(extract(epoch from (a.reviewed_at - a.submitted_at))), 0) as s
      from applications a, w
      where a.reviewed_at >= w.since and a.reviewed_at < w.whole_from
        and a.status in ('approved', 'declined') and a.submitted_at is not null
    )
    select round(((whole.s + part.s) / nullif(whole.n + part.n, 0) / 86400)::numeric, 1) from whole, part`,
  recent: sql`select coalesce(json_agg(r order by r.submitted_at desc nulls last, r.id desc), '[]'::json) from (
      select id, first_name, last_name, submitted_at, assignee, status from applications
      where status <> 'draft' order by submitted_at desc nulls last, id desc limit ${RECENT_APPLICATIONS}
    ) r`,
};
type DashboardPart = keyof typeof DASHBOARD_PARTS;
/** The two cards that show a dash when their count cannot be read (spec §8), with the table each counts. */
const DASHED_COUNTS = { waitlist: 'waitlist_entries', lettersOfIntent: 'letters_of_intent' } as const;
type DashedCount = keyof typeof DASHED_COUNTS;

interface RecentRow {
  id: string;
  first_name: string | null;
  last_name: string | null;
  submitted_at: string | null;
  assignee: string | null;
  status: ApplicationStatus;
}

/** What a dashboard read gives: each figure, and why a count card could not be read (it then shows a dash). */
interface DashboardRead {
  parts: Record<DashboardPart, unknown>;
  failed: Partial<Record<DashedCount, string>>;
}

/** The dashboard's figures one statement each: a failing count is noted as failed; any other failure throws. */
async function dashboardPartsOneByOne(db: Db): Promise<DashboardRead> {
  const read: DashboardRead = { parts: {} as Record<DashboardPart, unknown>, failed: {} };
  await Promise.all(
    (Object.keys(DASHBOARD_PARTS) as DashboardPart[]).map(async (part) => {
      try {
        const [row] = await queryRows<{ v: unknown }>(db, sql`select (${DASHBOARD_PARTS[part]}) as v`);
        read.parts[part] = row?.v ?? null;
      } catch (error) {
        if (!(part in DASHED_COUNTS)) throw error;
        read.failed[part as DashedCount] = safeErrorMessage(error) ?? 'unknown error';
      }
    }),
  );
  return read;
}

/** All the figures in one statement; read one by one only if that fails. */
async function readDashboard(db: Db, logger: Logger): Promise<DashboardRead> {
  try {
    const columns = (Object.keys(DASHBOARD_PARTS) as DashboardPart[]).map((part) => sql`(${DASHBOARD_PARTS[part]}) as ${sql.identifier(part)}`);
    const [row] = await queryRows<Record<DashboardPart, unknown>>(db, sql`select ${sql.join(columns, sql`, `)}`);
    return { parts: row!, failed: {} };
  } catch (error) {
    logger.warn({ err: error }, 'admin dashboard read one figure at a time');
    return dashboardPartsOneByOne(db);
  }
}

/** GET /api/admin/dashboard: the counts, the KPIs and the most recent applications. */
export async function dashboardSummary(db: Db, logger: Logger): Promise<AdminDashboard> {
  const { parts, failed } = await readDashboard(db, logger);
  /** A count card, or null (a dash, logged) when its count could not be read or no count is kept. */
  const count = (part: DashedCount): number | null => {
    const value = parts[part];
    if (value !== null && value !== undefined) return Number(value);
    const reason = failed[part] ?? `no row count is kept for ${DASHED_COUNTS[part]}`;
    logger.error({ count: DASHED_COUNTS[part], reason: reason.slice(0, 300) }, 'admin dashboard count failed');
    return null;
  };
  const byStatus = (parts.statuses ?? {}) as Record<string, number | string>;
  const days = parts.avgDecisionDays;
  return {
    counts: { waitlist: count('waitlist'), lettersOfIntent: count('lettersOfIntent') },
    kpis: {
      newApplications7d: Number(parts.newApplications7d ?? 0),
      inReview: Number(byStatus.in_review ?? 0),
      approved: Number(byStatus.approved ?? 0),
      declined: Number(byStatus.declined ?? 0),
      avgDecisionDays: days === null || days === undefined ? null : Number(days),
    },
    recent: ((parts.recent ?? []) as RecentRow[]).map((row) => ({
      id: row.id,
      firstName: row.first_name,
      lastName: row.last_name,
      submittedAt: isoTimeOrNull(row.submitted_at),
      assignee: row.assignee,
      status: row.status,
    })),
  };
}
