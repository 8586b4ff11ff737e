import { eq, getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import {
  timelineOf,
  waitlistLabels,
  type AddApplicantInput,
  type Interest,
  type WaitlistApplicant,
  type WaitlistApplicantDetail,
  type WaitlistListParams,
} from '../../../domain/admin/waitlist';
import type { Db } from '../../platform/db/client';
import { waitlistEntries } from '../../platform/db/schema';
import { decodeRows, selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { AppError } from '../../platform/lib/errors';
import { recordAudit, type AuditActor } from '../../platform/audit/audit';
import { cappedCount, dateRangeConditions, orderBy, pageWindow, searchCondition, toPage, whereAll } from '../../platform/lists/list-query';
import type { ExportRows } from '../../platform/lists/csv';
import { isoTime, isoTimeOrNull } from '../../platform/lib/iso-time';
import { eraseWaitlistAddresses } from './address-erasure';

/**
 * The back office's waitlist (docs/product/back-office.md#waitlist): public
 * submissions and applicants added by staff in one list, public rows in the
 * staff-added applicants' shape (docs/product/waitlist.md#admin-list) —
 * location ← city_state, timeline ← the label of buying_timeline,
 * down_payment_range ← down_payment, monthly_payment_range as stored, and
 * interested_in 'buying' for public submissions.
 */
type EntryRow = typeof waitlistEntries.$inferSelect;

/** Every column of the entries (the detail and the export). */
const ENTRY_FIELDS = getTableColumns(waitlistEntries);

/** interested_in as listed: what staff chose, or 'buying' for a public submission. */
const INTERESTED_IN = sql<Interest | null>`coalesce(${waitlistEntries.interestedIn}, case when ${waitlistEntries.source} = 'public' then 'buying' end)`;
/** The trigram-indexed search expression of `waitlist_entries_search_idx`. */
const SEARCH_TEXT = sql`lower(${waitlistEntries.firstName} || ' ' || ${waitlistEntries.lastName} || ' ' || ${waitlistEntries.email})`;

const SORT_COLUMNS: Record<WaitlistListParams['sort'], SQL | Column> = {
  created_at: waitlistEntries.createdAt,
  name: sql`lower(${waitlistEntries.firstName} || ' ' || ${waitlistEntries.lastName})`,
  email: waitlistEntries.emailKey,
};

/** The list's filter: who matches, whatever the page and order. */
export type WaitlistFilter = Pick<WaitlistListParams, 'q' | 'interest' | 'from' | 'to'>;

function conditions(params: WaitlistFilter): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: waitlistEntries.emailKey, id: waitlistEntries.id, idKind: 'uuid' });
  if (search) where.push(search);
  if (params.interest !== 'all') where.push(sql`${INTERESTED_IN} = ${params.interest}`);
  where.push(...dateRangeConditions(waitlistEntries.createdAt, params));
  return where;
}

/**
 * `WHERE …` over `waitlist_entries` for the list's filter: the same rows the list shows, for whoever else selects
 * by it (an announcement's recipients, src/server/modules/waitlist/announcements-repo.ts).
 */
export const waitlistFilterWhere = (filter: WaitlistFilter): SQL => whereAll(conditions(filter));

/** The list's columns (docs/product/back-office.md#waitlist). */
const LIST_FIELDS = {
  id: waitlistEntries.id,
  createdAt: waitlistEntries.createdAt,
  firstName: waitlistEntries.firstName,
  lastName: waitlistEntries.lastName,
  email: waitlistEntries.email,
  phone: waitlistEntries.phone,
  interestedIn: INTERESTED_IN,
  intendedState: waitlistEntries.intendedState,
  source: waitlistEntries.source,
  cityState: waitlistEntries.cityState,
  timeline: waitlistEntries.timeline,
  buyingTimeline: waitlistEntries.buyingTimeline,
  downPayment: waitlistEntries.downPayment,
  monthlyPaymentRange: waitlistEntries.monthlyPaymentRange,
};

function toApplicant(row: RowOf<typeof LIST_FIELDS>): WaitlistApplicant {
  return {
    id: row.id,
    createdAt: isoTime(row.createdAt),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    interestedIn: row.interestedIn,
    intendedState: row.intendedState,
    source: row.source,
    location: row.cityState,
    timeline: timelineOf(row.timeline, row.buyingTimeline),
    downPaymentRange: row.downPayment,
    monthlyPaymentRange: row.monthlyPaymentRange,
  };
}

async function selectApplicants(db: Db, params: WaitlistListParams, window: SQL): Promise<WaitlistApplicant[]> {
  const rows = await selectRows(
    db,
    LIST_FIELDS,
    sql`select ${selectList(LIST_FIELDS)} from ${waitlistEntries} ${whereAll(conditions(params))}
        ${orderBy(SORT_COLUMNS[params.sort], params.dir, waitlistEntries.id)} ${window}`,
  );
  return rows.map(toApplicant);
}

/** One page of the waitlist and the (capped) number of matching entries. */
export async function listApplicants(db: Db, params: WaitlistListParams): Promise<Page<WaitlistApplicant>> {
  const [items, total] = await Promise.all([
    selectApplicants(db, params, pageWindow(params)),
    cappedCount(db, sql`from ${waitlistEntries} ${whereAll(conditions(params))}`, countCapFor(params)),
  ]);
  return toPage(items, params, total);
}

/** Every stored field of the filtered list, in its order (CSV export; src/server/platform/lists/csv.ts reads it in batches). */
export const exportApplicantsRows = (params: WaitlistListParams): ExportRows<WaitlistApplicantDetail> => ({
  query: sql`select ${selectList(ENTRY_FIELDS)} from ${waitlistEntries} ${whereAll(conditions(params))}
        ${orderBy(SORT_COLUMNS[params.sort], params.dir, waitlistEntries.id)}`,
  map: (rows) => decodeRows(ENTRY_FIELDS, rows).map(toDetail),
});

const notFound = () => new AppError(404, 'not_found', 'There is no such waitlist applicant.');

function toDetail(entry: EntryRow): WaitlistApplicantDetail {
  const interestedIn = entry.interestedIn ?? (entry.source === 'public' ? 'buying' : null);
  const detail = {
    id: entry.id,
    createdAt: isoTime(entry.createdAt),
    firstName: entry.firstName,
    lastName: entry.lastName,
    email: entry.email,
    phone: entry.phone,
    interestedIn,
    intendedState: entry.intendedState,
    source: entry.source,
    location: entry.cityState,
    timeline: timelineOf(entry.timeline, entry.buyingTimeline),
    downPaymentRange: entry.downPayment,
    monthlyPaymentRange: entry.monthlyPaymentRange,
    cityState: entry.cityState,
    homeType: entry.homeType,
    buyingTimeline: entry.buyingTimeline,
    priceRange: entry.priceRange,
    downPayment: entry.downPayment,
    priority: entry.priority,
    housingStatus: entry.housingStatus,
    interests: entry.interests,
    contactConsent: entry.contactConsent,
    clientTimestamp: isoTimeOrNull(entry.clientTimestamp),
    receivedAt: isoTime(entry.receivedAt),
    updatedAt: isoTime(entry.updatedAt),
    submissionCount: entry.submissionCount,
    createdBy: entry.createdBy,
  };
  return { ...detail, labels: waitlistLabels(detail) };
}

/** Every stored field of one entry, with labels; 404 for an unknown id (the route's idParamsSchema refuses a malformed one). */
export async function getApplicant(db: Db, id: string): Promise<WaitlistApplicantDetail> {
  const [entry] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  if (!entry) throw notFound();
  return toDetail(entry);
}

const orNull = (value: string | undefined) => (value ? value : null);

/**
 * Add Applicant (docs/product/back-office.md#waitlist), source 'admin'. One entry
 * per address, as for public submissions: an address already listed is a 409
 * with fields.email.
 */
export async function createApplicant(db: Db, actor: AuditActor, input: AddApplicantInput): Promise<WaitlistApplicantDetail> {
  return db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        source: 'admin',
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        emailKey: input.email.toLowerCase(),
        phone: orNull(input.phone),
        interestedIn: input.interestedIn ? input.interestedIn : null,
        downPayment: orNull(input.downPaymentRange),
        monthlyPaymentRange: orNull(input.monthlyPaymentRange),
        cityState: orNull(input.location),
        timeline: orNull(input.timeline),
        intendedState: orNull(input.intendedState),
        createdBy: actor.email ?? actor.id,
      })
      .onConflictDoNothing({ target: waitlistEntries.emailKey })
      .returning();
    if (!entry) throw new AppError(409, 'email_taken', 'This email is already on the waitlist.', { email: 'This email is already on the waitlist.' });
    const detail = toDetail(entry);
    await recordAudit(tx, actor, {
      action: 'create',
      entityType: 'waitlist',
      entityId: entry.id,
      changes: {
        firstName: detail.firstName,
        lastName: detail.lastName,
        email: detail.email,
        phone: detail.phone,
        interestedIn: detail.interestedIn,
        downPaymentRange: detail.downPaymentRange,
        monthlyPaymentRange: detail.monthlyPaymentRange,
        location: detail.location,
        timeline: detail.timeline,
        intendedState: detail.intendedState,
      },
    });
    return detail;
  });
}

/** Removes an entry (audited with what it was); 404 for an unknown id. */
export async function deleteApplicant(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [entry] = await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, id)).returning();
    if (!entry) throw notFound();
    // What hung on the address goes with it: announcement recipients, and its e-mail choices unless an account has it.
    await tx.execute(sql`WITH keys(email_key) AS (SELECT ${entry.emailKey}::text) ${eraseWaitlistAddresses(sql`SELECT email_key FROM keys`)} SELECT 1`);
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'waitlist',
      entityId: id,
      changes: { email: entry.email, firstName: entry.firstName, lastName: entry.lastName, source: entry.source },
    });
  });
}
