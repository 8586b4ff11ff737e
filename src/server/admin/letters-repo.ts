import { eq, sql, type SQL } from 'drizzle-orm';
import type { LetterInput, LetterItem, LetterListParams, LetterSort, LetterStatus } from '../../domain/admin/letters';
import { countCapFor, type Page } from '../../domain/admin/lists';
import type { Executor } from '../applications/repository';
import { queryRows, type Db } from '../db/client';
import { lettersOfIntent } from '../db/schema';
import { cappedCount, dateRangeConditions, orderBy, pageWindow, searchCondition, toPage, whereAll } from './list-query';
import type { ExportRows } from './csv';
import { isoTime } from '../lib/iso-time';

export type LetterRow = typeof lettersOfIntent.$inferSelect;

/** The expression the trigram index letters_of_intent_search_idx is built on. */
const SEARCH_TEXT = sql`lower(first_name || ' ' || last_name || ' ' || email)`;

const SORT_COLUMNS: Readonly<Record<LetterSort, SQL>> = {
  created_at: sql`created_at`,
  name: sql`lower(last_name || ' ' || first_name)`,
  email: sql`email_key`,
  status: sql`status`,
  intended_state: sql`intended_state`,
};

/** `where …` of the list's filter: search (name, e-mail or ID), status, created date range. */
function filterOf(params: LetterListParams): SQL {
  const conditions: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: sql`email_key`, id: sql`id`, idKind: 'uuid' });
  if (search) conditions.push(search);
  if (params.status !== 'all') conditions.push(sql`status = ${params.status}`);
  conditions.push(...dateRangeConditions(sql`created_at`, params));
  return whereAll(conditions);
}

interface RawLetter {
  id: string;
  created_at: Date | string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  property_address: string | null;
  intended_state: string | null;
  status: LetterStatus;
  has_pdf: boolean;
  property_value: string | number | null;
  down_payment_amount: string | number | null;
  desired_monthly_payment: string | number | null;
  move_in_date: string | null;
  notes: string | null;
}

const amount = (value: string | number | null) => (value === null ? null : Number(value));

function present(row: RawLetter): LetterItem {
  return {
    id: row.id,
    createdAt: isoTime(row.created_at),
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    phone: row.phone,
    propertyAddress: row.property_address,
    intendedState: row.intended_state,
    status: row.status,
    hasPdf: row.has_pdf,
    propertyValue: amount(row.property_value),
    downPaymentAmount: amount(row.down_payment_amount),
    desiredMonthlyPayment: amount(row.desired_monthly_payment),
    moveInDate: row.move_in_date,
    notes: row.notes,
  };
}

const COLUMNS = sql`id, created_at, first_name, last_name, email, phone, property_address, intended_state, status,
  (file_key is not null) as has_pdf, property_value, down_payment_amount, desired_monthly_payment, move_in_date, notes`;

const lettersQuery = (params: LetterListParams, window: SQL) =>
  sql`select ${COLUMNS} from letters_of_intent ${filterOf(params)} ${orderBy(SORT_COLUMNS[params.sort], params.dir, sql`id`)} ${window}`;

async function selectLetters(db: Db, params: LetterListParams, window: SQL): Promise<LetterItem[]> {
  return (await queryRows<RawLetter>(db, lettersQuery(params, window))).map(present);
}

/** One page of the list, filtered, sorted and counted in SQL. */
export async function listLetters(db: Db, params: LetterListParams): Promise<Page<LetterItem>> {
  const [items, count] = await Promise.all([
    selectLetters(db, params, pageWindow(params)),
    cappedCount(db, sql`from letters_of_intent ${filterOf(params)}`, countCapFor(params)),
  ]);
  return toPage(items, params, count);
}

/** The filtered list in its order (CSV export; src/server/admin/csv.ts reads it in batches). */
export const letterRows = (params: LetterListParams): ExportRows<LetterItem> => ({
  query: lettersQuery(params, sql``),
  map: (rows: RawLetter[]) => rows.map(present),
});

export function presentRow(row: LetterRow): LetterItem {
  return {
    id: row.id,
    createdAt: isoTime(row.createdAt),
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    propertyAddress: row.propertyAddress,
    intendedState: row.intendedState,
    status: row.status,
    hasPdf: row.fileKey !== null,
    propertyValue: row.propertyValue,
    downPaymentAmount: row.downPaymentAmount,
    desiredMonthlyPayment: row.desiredMonthlyPayment,
    moveInDate: row.moveInDate,
    notes: row.notes,
  };
}

export async function findLetter(db: Executor, id: string, { forUpdate = false }: { forUpdate?: boolean } = {}): Promise<LetterRow | undefined> {
  const query = db.select().from(lettersOfIntent).where(eq(lettersOfIntent.id, id));
  const [row] = forUpdate ? await query.for('update') : await query;
  return row;
}

export async function insertLetter(
  tx: Executor,
  input: LetterInput,
  file: { key: string; sizeBytes: number } | undefined,
  createdBy: string,
): Promise<LetterRow> {
  const [row] = await tx
    .insert(lettersOfIntent)
    .values({
      ...input,
      emailKey: input.email.toLowerCase(),
      fileKey: file?.key ?? null,
      fileSize: file?.sizeBytes ?? null,
      createdBy,
    })
    .returning();
  return row!;
}

export async function deleteLetterRow(tx: Executor, id: string): Promise<LetterRow | undefined> {
  const [row] = await tx.delete(lettersOfIntent).where(eq(lettersOfIntent.id, id)).returning();
  return row;
}
