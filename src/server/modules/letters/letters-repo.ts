import { eq, sql, type Column, type SQL } from 'drizzle-orm';
import type { LetterEditInput, LetterInput, LetterItem, LetterListParams, LetterSort, LetterStatus } from '../../../domain/admin/letters';
import { countCapFor, type Page } from '../../../domain/admin/lists';
import { type Db, type Executor } from '../../platform/db/client';
import { lettersOfIntent } from '../../platform/db/schema';
import { decodeRows, selectList, selectRows, type RowOf } from '../../platform/db/select-fields';
import { cappedCount, dateRangeConditions, orderBy, pageWindow, searchCondition, toPage, whereAll } from '../../platform/lists/list-query';
import type { ExportRows } from '../../platform/lists/csv';
import { isoTime } from '../../platform/lib/iso-time';

export type LetterRow = typeof lettersOfIntent.$inferSelect;

/** The expression the trigram index letters_of_intent_search_idx is built on. */
const SEARCH_TEXT = sql`lower(${lettersOfIntent.firstName} || ' ' || ${lettersOfIntent.lastName} || ' ' || ${lettersOfIntent.email})`;

const SORT_COLUMNS: Readonly<Record<LetterSort, SQL | Column>> = {
  created_at: lettersOfIntent.createdAt,
  name: sql`lower(${lettersOfIntent.lastName} || ' ' || ${lettersOfIntent.firstName})`,
  email: lettersOfIntent.emailKey,
  status: lettersOfIntent.status,
  intended_state: lettersOfIntent.intendedState,
};

/** `where …` of the list's filter: search (name, e-mail or ID), status, created date range. */
function filterOf(params: LetterListParams): SQL {
  const conditions: SQL[] = [];
  const search = searchCondition(params.q, { text: SEARCH_TEXT, email: lettersOfIntent.emailKey, id: lettersOfIntent.id, idKind: 'uuid' });
  if (search) conditions.push(search);
  if (params.status !== 'all') conditions.push(sql`${lettersOfIntent.status} = ${params.status}`);
  conditions.push(...dateRangeConditions(lettersOfIntent.createdAt, params));
  return whereAll(conditions);
}

/** The list's columns (docs/product/back-office.md#letters-of-intent): the stored PDF only as whether there is one. */
const LIST_FIELDS = {
  id: lettersOfIntent.id,
  createdAt: lettersOfIntent.createdAt,
  firstName: lettersOfIntent.firstName,
  lastName: lettersOfIntent.lastName,
  email: lettersOfIntent.email,
  phone: lettersOfIntent.phone,
  propertyAddress: lettersOfIntent.propertyAddress,
  intendedState: lettersOfIntent.intendedState,
  status: lettersOfIntent.status,
  source: lettersOfIntent.source,
  decisionReason: lettersOfIntent.decisionReason,
  hasPdf: sql<boolean>`(${lettersOfIntent.fileKey} is not null)`,
  propertyValue: lettersOfIntent.propertyValue,
  downPaymentAmount: lettersOfIntent.downPaymentAmount,
  desiredMonthlyPayment: lettersOfIntent.desiredMonthlyPayment,
  moveInDate: lettersOfIntent.moveInDate,
  notes: lettersOfIntent.notes,
};

const present = (row: RowOf<typeof LIST_FIELDS>): LetterItem => ({ ...row, createdAt: isoTime(row.createdAt) });

const lettersQuery = (params: LetterListParams, window: SQL) =>
  sql`select ${selectList(LIST_FIELDS)} from ${lettersOfIntent} ${filterOf(params)} ${orderBy(SORT_COLUMNS[params.sort], params.dir, lettersOfIntent.id)} ${window}`;

async function selectLetters(db: Db, params: LetterListParams, window: SQL): Promise<LetterItem[]> {
  return (await selectRows(db, LIST_FIELDS, lettersQuery(params, window))).map(present);
}

/** One page of the list, filtered, sorted and counted in SQL. */
export async function listLetters(db: Db, params: LetterListParams): Promise<Page<LetterItem>> {
  const [items, count] = await Promise.all([
    selectLetters(db, params, pageWindow(params)),
    cappedCount(db, sql`from ${lettersOfIntent} ${filterOf(params)}`, countCapFor(params)),
  ]);
  return toPage(items, params, count);
}

/** The filtered list in its order (CSV export; src/server/platform/lists/csv.ts reads it in batches). */
export const letterRows = (params: LetterListParams): ExportRows<LetterItem> => ({
  query: lettersQuery(params, sql``),
  map: (rows) => decodeRows(LIST_FIELDS, rows).map(present),
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
    source: row.source,
    decisionReason: row.decisionReason,
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

/**
 * A letter with exactly these fields (every field of the form but the status; the e-mail address in any case), for
 * the Add form's refusal of an exact duplicate (docs/product/back-office.md#letters-of-intent). Concurrent adds of the
 * same letter are serialised by a transaction lock on its address, so two cannot both pass.
 */
export async function findDuplicateLetter(tx: Executor, input: LetterEditInput): Promise<LetterRow | undefined> {
  const emailKey = input.email.toLowerCase();
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`letters_of_intent:${emailKey}`}))`);
  const same = (column: Column, value: string | number | null) => sql`${column} is not distinct from ${value}`;
  const [row] = await tx
    .select()
    .from(lettersOfIntent)
    .where(
      sql.join(
        [
          sql`${lettersOfIntent.emailKey} = ${emailKey}`,
          same(lettersOfIntent.firstName, input.firstName),
          same(lettersOfIntent.lastName, input.lastName),
          same(lettersOfIntent.phone, input.phone),
          same(lettersOfIntent.propertyAddress, input.propertyAddress),
          sql`${lettersOfIntent.propertyValue} is not distinct from ${input.propertyValue}::numeric`,
          sql`${lettersOfIntent.downPaymentAmount} is not distinct from ${input.downPaymentAmount}::numeric`,
          sql`${lettersOfIntent.desiredMonthlyPayment} is not distinct from ${input.desiredMonthlyPayment}::numeric`,
          same(lettersOfIntent.moveInDate, input.moveInDate),
          same(lettersOfIntent.notes, input.notes),
          same(lettersOfIntent.intendedState, input.intendedState),
        ],
        sql` and `,
      ),
    )
    .orderBy(lettersOfIntent.createdAt)
    .limit(1);
  return row;
}

/** Attaches or replaces a letter's PDF (inside the transaction that also writes its audit entry). */
export async function setLetterFile(tx: Executor, id: string, file: { key: string; sizeBytes: number }): Promise<LetterRow | undefined> {
  const [row] = await tx.update(lettersOfIntent).set({ fileKey: file.key, fileSize: file.sizeBytes }).where(eq(lettersOfIntent.id, id)).returning();
  return row;
}

export async function insertLetter(
  tx: Executor,
  input: LetterInput,
  file: { key: string; sizeBytes: number } | undefined,
  createdBy: string,
  source: LetterRow['source'] = 'staff',
): Promise<LetterRow> {
  const [row] = await tx
    .insert(lettersOfIntent)
    .values({
      ...input,
      emailKey: input.email.toLowerCase(),
      fileKey: file?.key ?? null,
      fileSize: file?.sizeBytes ?? null,
      createdBy,
      source,
    })
    .returning();
  return row!;
}

export async function deleteLetterRow(tx: Executor, id: string): Promise<LetterRow | undefined> {
  const [row] = await tx.delete(lettersOfIntent).where(eq(lettersOfIntent.id, id)).returning();
  return row;
}

/** Writes an edit or a status change (inside the transaction that also writes its audit entry). */
export async function updateLetterRow(
  tx: Executor,
  id: string,
  patch: Partial<LetterEditInput> & { status?: LetterStatus; decisionReason?: string | null },
): Promise<LetterRow | undefined> {
  const values = { ...patch, ...(patch.email !== undefined ? { emailKey: patch.email.toLowerCase() } : {}) };
  const [row] = await tx.update(lettersOfIntent).set(values).where(eq(lettersOfIntent.id, id)).returning();
  return row;
}
