import { eq, sql, type SQL } from 'drizzle-orm';
import { countCapFor, type Page } from '../../domain/admin/lists';
import {
  timelineOf,
  waitlistLabels,
  type AddApplicantInput,
  type Interest,
  type WaitlistApplicant,
  type WaitlistApplicantDetail,
  type WaitlistListParams,
  type WaitlistSource,
} from '../../domain/admin/waitlist';
import { queryRows, type Db } from '../db/client';
import { waitlistEntries } from '../db/schema';
import { AppError } from '../lib/errors';
import { recordAudit, type AuditActor } from './audit';
import { cappedCount, dateRangeConditions, orderBy, pageWindow, searchCondition, toPage, whereAll } from './list-query';
import type { ExportRows } from './csv';
import { isoTime } from '../lib/iso-time';

/**
 * The back office's waitlist (decisions.md 'Waitlist'): public submissions and
 * applicants added by staff in one list, in spec §3's 'waitlist_applicants'
 * shape — location ← city_state, timeline ← the label of buying_timeline,
 * down_payment_range ← down_payment, monthly_payment_range as stored, and
 * interested_in 'buying' for public submissions.
 */
type Timestamp = Date | string;
type EntryRow = Omit<typeof waitlistEntries.$inferSelect, 'createdAt' | 'updatedAt' | 'receivedAt' | 'clientTimestamp'> & {
  createdAt: Timestamp;
  updatedAt: Timestamp;
  receivedAt: Timestamp;
  clientTimestamp: Timestamp | null;
};

/** Every column of `waitlist_entries w`, named as the schema's fields. */
const ENTRY_COLUMNS = sql`w.id, w.source, w.first_name as "firstName", w.last_name as "lastName", w.email, w.email_key as "emailKey",
  w.phone, w.city_state as "cityState", w.intended_state as "intendedState", w.home_type as "homeType",
  w.buying_timeline as "buyingTimeline", w.price_range as "priceRange", w.down_payment as "downPayment",
  w.monthly_payment_range as "monthlyPaymentRange", w.priority, w.housing_status as "housingStatus", w.interests,
  w.contact_consent as "contactConsent", w.client_timestamp as "clientTimestamp", w.received_at as "receivedAt",
  w.submission_count as "submissionCount", w.interested_in as "interestedIn", w.timeline, w.created_by as "createdBy",
  w.created_at as "createdAt", w.updated_at as "updatedAt"`;

/** interested_in as listed: what staff chose, or 'buying' for a public submission. */
const INTERESTED_IN = sql`coalesce(w.interested_in, case when w.source = 'public' then 'buying' end)`;
/** The trigram-indexed search expression of `waitlist_entries_search_idx`. */
const SEARCH_TEXT = sql`lower(w.first_name || ' ' || w.last_name || ' ' || w.email)`;

const SORT_COLUMNS: Record<WaitlistListParams['sort'], SQL> = {
  created_at: sql`w.created_at`,
  name: sql`lower(w.first_name || ' ' || w.last_name)`,
  email: sql`w.email_key`,
};

function conditions(params: WaitlistListParams): SQL[] {
  const where: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: sql`w.email_key`, id: sql`w.id`, idKind: 'uuid' });
  if (search) where.push(search);
  if (params.interest !== 'all') where.push(sql`${INTERESTED_IN} = ${params.interest}`);
  where.push(...dateRangeConditions(sql`w.created_at`, params));
  return where;
}

interface ListRow {
  id: string;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  interested_in: Interest | null;
  intended_state: string | null;
  source: WaitlistSource;
  city_state: string | null;
  timeline: string | null;
  buying_timeline: string | null;
  down_payment: string | null;
  monthly_payment_range: string | null;
}

function toApplicant(row: ListRow): WaitlistApplicant {
  return {
    id: row.id,
    createdAt: isoTime(row.created_at),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    interestedIn: row.interested_in,
    intendedState: row.intended_state,
    source: row.source,
    location: row.city_state,
    timeline: timelineOf(row.timeline, row.buying_timeline),
    downPaymentRange: row.down_payment,
    monthlyPaymentRange: row.monthly_payment_range,
  };
}

async function selectApplicants(db: Db, params: WaitlistListParams, window: SQL): Promise<WaitlistApplicant[]> {
  const rows = await queryRows<ListRow>(
    db,
    sql`select w.id, w.created_at, w.first_name, w.last_name, w.email, w.phone, ${INTERESTED_IN} as interested_in,
          w.intended_state, w.source, w.city_state, w.timeline, w.buying_timeline, w.down_payment, w.monthly_payment_range
        from waitlist_entries w ${whereAll(conditions(params))}
        ${orderBy(SORT_COLUMNS[params.sort], params.dir, sql`w.id`)} ${window}`,
  );
  return rows.map(toApplicant);
}

/** One page of the waitlist and the (capped) number of matching entries. */
export async function listApplicants(db: Db, params: WaitlistListParams): Promise<Page<WaitlistApplicant>> {
  const [items, total] = await Promise.all([
    selectApplicants(db, params, pageWindow(params)),
    cappedCount(db, sql`from waitlist_entries w ${whereAll(conditions(params))}`, countCapFor(params)),
  ]);
  return toPage(items, params, total);
}

/** Every stored field of the filtered list, in its order (CSV export; src/server/admin/csv.ts reads it in batches). */
export const exportApplicantsRows = (params: WaitlistListParams): ExportRows<WaitlistApplicantDetail> => ({
  query: sql`select ${ENTRY_COLUMNS} from waitlist_entries w ${whereAll(conditions(params))}
        ${orderBy(SORT_COLUMNS[params.sort], params.dir, sql`w.id`)}`,
  map: (rows: EntryRow[]) => rows.map(toDetail),
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
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
    clientTimestamp: entry.clientTimestamp ? isoTime(entry.clientTimestamp) : null,
    receivedAt: isoTime(entry.receivedAt),
    updatedAt: isoTime(entry.updatedAt),
    submissionCount: Number(entry.submissionCount),
    createdBy: entry.createdBy,
  };
  return { ...detail, labels: waitlistLabels(detail) };
}

/** Every stored field of one entry, with labels; 404 for an unknown (or malformed) id. */
export async function getApplicant(db: Db, id: string): Promise<WaitlistApplicantDetail> {
  if (!UUID.test(id)) throw notFound();
  const [entry] = await queryRows<EntryRow>(db, sql`select ${ENTRY_COLUMNS} from waitlist_entries w where w.id = ${id}::uuid`);
  if (!entry) throw notFound();
  return toDetail(entry);
}

const orNull = (value: string | undefined) => (value ? value : null);

/**
 * spec §5 'Add waitlist applicant' (source 'admin'). One entry per address, as
 * for public submissions: an address already listed is a 409 with fields.email.
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
  if (!UUID.test(id)) throw notFound();
  await db.transaction(async (tx) => {
    const [entry] = await tx.delete(waitlistEntries).where(eq(waitlistEntries.id, id)).returning();
    if (!entry) throw notFound();
    await recordAudit(tx, actor, {
      action: 'delete',
      entityType: 'waitlist',
      entityId: id,
      changes: { email: entry.email, firstName: entry.firstName, lastName: entry.lastName, source: entry.source },
    });
  });
}
