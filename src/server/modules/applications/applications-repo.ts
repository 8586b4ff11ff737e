import { sql, type Column, type SQL } from 'drizzle-orm';
import {
  DECISION_WINDOW_DAYS,
  NEW_APPLICATION_DAYS,
  RECENT_APPLICATIONS,
  type AdminApplicationListItem,
  type AdminDashboard,
  type ApplicationListParams,
  type ApplicationSortColumn,
} from '../../../domain/admin/applications';
import { countCapFor, SEARCH_PAGES_AHEAD, type Page } from '../../../domain/admin/lists';
import { type Db, queryRows } from '../../platform/db/client';
import { applicationDecisionHours, applications, applicationStatusCounts, applicationSubmissionHours, tableRowCounts } from '../../platform/db/schema';
import { decodeRows, fixed, fixedPer, selectList, type RowOf } from '../../platform/db/select-fields';
import type { Logger } from '../../platform/lib/logger';
import { safeErrorMessage } from '../../platform/lib/error-facts';
import {
  cappedCount,
  dateRangeConditions,
  pageWindow,
  pageWithKeptTotal,
  readKeptTotal,
  searchCondition,
  toPage,
  whereAll,
  type SearchColumns,
} from '../../platform/lists/list-query';
import type { ExportRows } from '../../platform/lists/csv';
import { isoTimeOrNull } from '../../platform/lib/iso-time';
import { staffUnreadCounts } from './conversation';

/**
 * The back office's reads of applications, in SQL (docs/product/back-office.md#lists: paged,
 * filtered and sorted in the database, with indexes). Drafts are never listed:
 * they are the applicant's work in progress.
 */

const NOT_DRAFT = fixed(sql`${applications.status} <> 'draft'`);
const WAITING = fixed(sql`${applications.waitingSince} is not null`);
const SEARCH_COLUMNS: SearchColumns = { text: applications.searchText, email: fixed(sql`lower(${applications.email})`), id: applications.id, idKind: 'uuid' };

/** Who is asking: 'Assigned to me' means this account. */
export type Viewer = { id: string };

type FilterParams = Pick<ApplicationListParams, 'q' | 'status' | 'from' | 'to' | 'assigned' | 'waiting'>;

/**
 * `where …` of the list and the export: not a draft, the status, the search (on `search_text`, the lower-cased
 * names and e-mail stored by migration 0007: on the trigram index and in the submitted-date index), the submitted dates,
 * 'Assigned to me' (on applications_assignee_idx) and 'Waiting for us' (on the partial applications_waiting_idx;
 * docs/decisions/021-requests-and-messages.md, 'Indexes for the benchmark').
 */
export function applicationFilter(params: FilterParams, viewer: Viewer): SQL {
  const waiting = params.waiting === 'us';
  // A draft never waits for us (ADR 021: waitingSince is null for a draft), so 'Waiting for us' alone is the
  // partial index's own condition, and its capped total an index-only scan.
  const conditions: SQL[] = params.status === 'all' ? (waiting ? [] : [NOT_DRAFT]) : [sql`${applications.status} = ${params.status}`];
  if (waiting) conditions.push(WAITING);
  if (params.assigned === 'me') conditions.push(sql`${applications.assigneeId} = ${viewer.id}`);
  const search = searchCondition(params.q, SEARCH_COLUMNS);
  if (search) conditions.push(search);
  conditions.push(...dateRangeConditions(applications.submittedAt, params));
  return whereAll(conditions);
}

/** Filters whose total is counted in the table (up to the cap), not read from the kept status counts. */
const countedFilter = (params: FilterParams) => Boolean(params.from || params.to || params.assigned === 'me' || params.waiting === 'us');

/** Sort keys per column; every order ends with the id so pages never overlap. */
const SORT_KEYS: Record<ApplicationSortColumn, (SQL | Column)[]> = {
  submitted_at: [applications.submittedAt],
  name: [sql`lower(${applications.lastName})`, sql`lower(${applications.firstName})`],
  email: [sql`lower(${applications.email})`],
  property_value: [applications.propertyValue],
  status: [applications.status],
  assignee: [sql`lower(${applications.assignee})`],
  waiting_since: [applications.waitingSince],
};

const applicationOrder = fixedPer((sort: ApplicationSortColumn, dir: 'asc' | 'desc', waiting: ApplicationListParams['waiting']): SQL => {
  const direction = dir === 'asc' ? sql`asc` : sql`desc`;
  // Listed rows always have submitted_at; 'asc nulls first' lets PostgreSQL read the (… submitted_at desc nulls last) indexes backwards.
  // 'Waiting for us' rows all have waiting_since: 'desc nulls first' reads the (waiting_since, id) index backwards.
  const nullsFirst = (sort === 'submitted_at' && dir === 'asc') || (sort === 'waiting_since' && dir === 'desc' && waiting === 'us');
  const nulls = nullsFirst ? sql`nulls first` : sql`nulls last`;
  const keys = SORT_KEYS[sort].map((key) => sql`${key} ${direction} ${nulls}`);
  return sql`order by ${sql.join([...keys, sql`${applications.id} ${direction}`], sql`, `)}`;
});

/** The list's columns (docs/product/back-office.md#applications). */
const LIST_FIELDS = {
  id: applications.id,
  submittedAt: applications.submittedAt,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  propertyValue: applications.propertyValue,
  status: applications.status,
  assignee: applications.assignee,
  waitingSince: applications.waitingSince,
};

type ListRow = Omit<AdminApplicationListItem, 'unread'>;
const toListItem = (row: RowOf<typeof LIST_FIELDS>): ListRow => ({
  ...row,
  submittedAt: isoTimeOrNull(row.submittedAt),
  waitingSince: isoTimeOrNull(row.waitingSince),
});

/**
 * One page of /admin/applications, each row with staff's unread messages: for the page's ids,
 * the conversation row by its key and a capped range of the conversation index after staff's
 * marker (docs/decisions/021-requests-and-messages.md, 'Unread counts on the admin list').
 */
export async function listApplications(db: Db, params: ApplicationListParams, viewer: Viewer): Promise<Page<AdminApplicationListItem>> {
  const page = await listApplicationRows(db, params, viewer);
  const unread = await staffUnreadCounts(
    db,
    page.items.map((item) => item.id),
  );
  return { ...page, items: page.items.map((item) => ({ ...item, unread: unread.get(item.id) ?? 0 })) };
}

/** The exact number of listed applications of a status (or all), from the trigger-kept counts of migration 0003. */
const statusTotal = fixedPer(
  (status: ApplicationListParams['status']) =>
    sql`select sum(${applicationStatusCounts.count}) from ${applicationStatusCounts} where ${
      status === 'all' ? sql`${applicationStatusCounts.status} <> 'draft'` : sql`${applicationStatusCounts.status} = ${status}`
    }`,
);

/**
 * `from … where … order by … limit …` of a page without a search: 'Waiting for us' page 1 reads the first entries of
 * applications_waiting_idx, 'Assigned to me' those of applications_assignee_idx (the plans are checked in
 * src/server/routes/admin/assignment.test.ts).
 */
export const applicationPage = (params: ApplicationListParams, viewer: Viewer): SQL =>
  sql`from ${applications} ${applicationFilter(params, viewer)} ${applicationOrder(params.sort, params.dir, params.waiting)} ${pageWindow(params)}`;

/** One page of /admin/applications, its columns from the table. */
async function listApplicationRows(db: Db, params: ApplicationListParams, viewer: Viewer): Promise<Page<ListRow>> {
  if (params.q) return searchApplications(db, params, viewer);
  const page = applicationPage(params, viewer);
  if (countedFilter(params)) {
    const [rows, count] = await Promise.all([
      queryRows<Record<string, unknown>>(db, sql`select ${selectList(LIST_FIELDS)} ${page}`),
      countApplications(db, params, viewer),
    ]);
    return toPage(decodeRows(LIST_FIELDS, rows).map(toListItem), params, count);
  }
  const { rows, count } = await pageWithKeptTotal(
    db,
    LIST_FIELDS,
    (total) => sql`select ${selectList(LIST_FIELDS)}, ${total} ${page}`,
    statusTotal(params.status),
  );
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
async function searchApplications(db: Db, params: ApplicationListParams, viewer: Viewer): Promise<Page<ListRow>> {
  const offset = (params.page - 1) * params.pageSize;
  const reach = offset + params.pageSize * (1 + SEARCH_PAGES_AHEAD);
  const order = applicationOrder(params.sort, params.dir, params.waiting);
  const rows = await queryRows<Record<string, unknown> & { matched: number | string }>(
    db,
    sql`with hits as materialized (
          select ${applications.id}, row_number() over (${order}) as n from ${applications} ${applicationFilter(params, viewer)} ${order} limit ${reach + 1}
        ),
        page as (
          select ${selectList(LIST_FIELDS)}, shown.n
          from (select id, n from hits where n > ${offset} order by n limit ${params.pageSize}) shown join ${applications} on ${applications.id} = shown.id
        )
        select (select count(*) from hits) as matched, page.* from (select 1) one left join page on true order by page.n`,
  );
  const matched = Number(rows[0]?.matched ?? 0);
  // Only the count row, without a page row, when the page is past the last match.
  const pageRows = rows.filter((row) => row.id != null);
  const items = decodeRows(LIST_FIELDS, pageRows).map(toListItem);
  return toPage(items, params, matched > reach ? { total: reach, totalCapped: true } : { total: matched, totalCapped: false });
}

/**
 * Rows matching the filter (the list's total, and what an export covered for its
 * audit entry). A status filter alone — or none — is the exact sum of the
 * trigger-kept status counts (migration 0003), one small read at any size; a
 * search, a date range, 'Assigned to me' or 'Waiting for us' is counted in the table up to the cap.
 */
export async function countApplications(db: Db, params: ApplicationListParams, viewer: Viewer): Promise<{ total: number; totalCapped: boolean }> {
  if (params.q || countedFilter(params)) return cappedCount(db, sql`from ${applications} ${applicationFilter(params, viewer)}`, countCapFor(params));
  return readKeptTotal(db, statusTotal(params.status));
}

/** Every admin column but the encrypted ones (SSN digits, date of birth): the CSV export (docs/product/back-office.md#applications). */
const EXPORT_FIELDS = {
  id: applications.id,
  submittedAt: applications.submittedAt,
  status: applications.status,
  firstName: applications.firstName,
  lastName: applications.lastName,
  email: applications.email,
  phone: applications.phone,
  employmentStatus: applications.employmentStatus,
  employerName: applications.employerName,
  jobTitle: applications.jobTitle,
  annualIncome: applications.annualIncome,
  savingsAmount: applications.savingsAmount,
  retirementAccounts: applications.retirementAccounts,
  creditCardDebt: applications.creditCardDebt,
  studentLoans: applications.studentLoans,
  propertyAddress: applications.propertyAddress,
  propertyValue: applications.propertyValue,
  downPayment: applications.downPayment,
  assignee: applications.assignee,
  reviewedAt: applications.reviewedAt,
  waitingSince: applications.waitingSince,
  notes: applications.notes,
};
export type ExportRow = RowOf<typeof EXPORT_FIELDS>;

/** The export: the filtered list in its order (src/server/platform/lists/csv.ts reads it in batches). */
export function exportRows(params: ApplicationListParams, viewer: Viewer): ExportRows<ExportRow> {
  return {
    query: sql`select ${selectList(EXPORT_FIELDS)} from ${applications} ${applicationFilter(params, viewer)} ${applicationOrder(params.sort, params.dir, params.waiting)}`,
    map: (rows) => decodeRows(EXPORT_FIELDS, rows),
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

/** The dashboard's Recent Applications (docs/product/back-office.md#overview). */
const RECENT_FIELDS = {
  id: applications.id,
  firstName: applications.firstName,
  lastName: applications.lastName,
  submittedAt: applications.submittedAt,
  assignee: applications.assignee,
  status: applications.status,
};
const recentField = (name: keyof typeof RECENT_FIELDS) => sql.identifier(name);

/** Each part rendered once: the dashboard builds its statement from them on every request. */
const fixedParts = <P extends Record<string, SQL>>(parts: P): P => Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, fixed(part)])) as P;

/**
 * The figures of GET /api/admin/dashboard, each one SQL expression. They are read in one
 * statement (one round trip, one plan); only if that statement fails are they read one
 * by one, so a broken count costs its own card a dash and not the page
 * (docs/product/back-office.md#overview).
 */
const DASHBOARD_PARTS = fixedParts({
  // Kept exact by the triggers of migration 0004 (16 rows per table, summed); null when no row is kept.
  waitlist: sql`select sum(${tableRowCounts.count}) from ${tableRowCounts} where ${tableRowCounts.tableName} = 'waitlist_entries' having count(*) > 0`,
  lettersOfIntent: sql`select sum(${tableRowCounts.count}) from ${tableRowCounts} where ${tableRowCounts.tableName} = 'letters_of_intent' having count(*) > 0`,
  // Kept exact by the trigger of migration 0003: one small read whatever the table's size.
  statuses: sql`select json_object_agg(${applicationStatusCounts.status}, ${applicationStatusCounts.count}) from ${applicationStatusCounts}`,
  // New (7d): applications submitted in the last NEW_APPLICATION_DAYS days. The whole hours come from
  // application_submission_hours (kept by the trigger of migration 0008), the partial first hour from the
  // applications: exact, and a week of hour rows to read however many were submitted.
  newApplications7d: sql`with ${hourWindow(NEW_APPLICATION_DAYS)}
    select (select coalesce(sum(${applicationSubmissionHours.submitted}), 0) from ${applicationSubmissionHours}, w where ${applicationSubmissionHours.hour} >= w.whole_from)
         + (select count(*) from ${applications}, w where ${applications.submittedAt} >= w.since and ${applications.submittedAt} < w.whole_from)`,
  // Avg Decision (docs/product/back-office.md#overview): mean days from submission to decision over the approved and
  // declined applications decided in the last DECISION_WINDOW_DAYS (30) days — recent enough to describe how
  // the team works now, long enough to average more than a handful. null when nothing was decided.
  // The whole hours come from application_decision_hours (kept by the trigger of migration 0005), the one
  // partial hour at the window's start from the applications themselves: exact, and as cheap at a million rows.
  avgDecisionDays: sql`with ${hourWindow(DECISION_WINDOW_DAYS)},
    whole as (
      select coalesce(sum(${applicationDecisionHours.decided}), 0) as n, coalesce(sum(${applicationDecisionHours.totalSeconds}), 0) as s
      from ${applicationDecisionHours}, w where ${applicationDecisionHours.hour} >= w.whole_from
    ),
    part as (
      select count(*) as n, coalesce(sum(extract(epoch from (${applications.reviewedAt} - ${applications.submittedAt}))), 0) as s
      from ${applications}, w
      where ${applications.reviewedAt} >= w.since and ${applications.reviewedAt} < w.whole_from
        and ${applications.status} in ('approved', 'declined') and ${applications.submittedAt} is not null
    )
    select round(((whole.s + part.s) / nullif(whole.n + part.n, 0) / 86400)::numeric, 1) from whole, part`,
  // Since when the oldest application waiting for us has waited (applications_waiting_idx: one index step).
  oldestWaitingSince: sql`select min(${applications.waitingSince}) from ${applications}`,
  // The newest applications, as JSON objects named as RECENT_FIELDS.
  recent: sql`select coalesce(json_agg(r order by r.${recentField('submittedAt')} desc nulls last, r.${recentField('id')} desc), '[]'::json) from (
      select ${selectList(RECENT_FIELDS)} from ${applications}
      where ${applications.status} <> 'draft' order by ${applications.submittedAt} desc nulls last, ${applications.id} desc limit ${RECENT_APPLICATIONS}
    ) r`,
});
type DashboardPart = keyof typeof DASHBOARD_PARTS;
/** The two cards that show a dash when their count cannot be read (docs/product/back-office.md#overview), with the table each counts. */
const DASHED_COUNTS = { waitlist: 'waitlist_entries', lettersOfIntent: 'letters_of_intent' } as const;
type DashedCount = keyof typeof DASHED_COUNTS;

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

/** GET /api/admin/dashboard: the counts, the KPIs and the most recent applications (the homes' part: the homes module's homesOverview). */
export async function dashboardSummary(db: Db, logger: Logger): Promise<Omit<AdminDashboard, 'homes'>> {
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
      oldestWaitingSince: isoTimeOrNull(parts.oldestWaitingSince as string | Date | null),
    },
    recent: decodeRows(RECENT_FIELDS, (parts.recent ?? []) as Record<string, unknown>[]).map((row) => ({
      ...row,
      submittedAt: isoTimeOrNull(row.submittedAt),
    })),
  };
}
