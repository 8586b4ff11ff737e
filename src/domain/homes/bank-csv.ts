import { z } from 'zod';
import { isSafeText, safeString } from '../safe-text';
import { MAX_ENTRY_CENTS, MAX_REFERENCE_LENGTH } from './admin-payments';
import { formatNumber } from '../format';

/**
 * The bank's CSV of received payments (docs/product/back-office.md#payments 'Import bank CSV'):
 *
 * - A header line naming the columns, in any order, case and spacing ignored:
 *   `date`, `amount`, `reference`, `home`. Other columns are ignored.
 * - `date`: the date received, `YYYY-MM-DD`, not after today.
 * - `amount`: dollars and cents, more than 0: `2354.03`, `2,354.03`, `$2354` (at most two decimals).
 * - `reference`: the bank's reference of the payment, required, at most 100 characters;
 *   an import is idempotent by it.
 * - `home`: the home's ID, or the homeowner's e-mail address (their active home).
 * - Comma-separated, fields may be quoted with `"` (`""` inside quotes is a quote). Blank lines are skipped.
 *
 * Parsing is pure; the server matches the homes and the references already imported.
 * Line numbers count the file's lines from 1 (the header).
 */

/** The file the import takes, in characters (about 1,000 payments); the API's JSON body limit is 64 KB. */
export const MAX_BANK_CSV_LENGTH = 60_000;
export const MAX_BANK_CSV_ROWS = 1_000;
export const BANK_CSV_COLUMNS = ['date', 'amount', 'reference', 'home'] as const;

export const bankCsvSchema = z.object({
  csv: safeString({ error: 'Choose a CSV file.' })
    .min(1, 'The file is empty.')
    .max(MAX_BANK_CSV_LENGTH, `The file is too large: at most ${formatNumber(MAX_BANK_CSV_LENGTH)} characters (about 1,000 payments). Split it.`),
});
export type BankCsvInput = z.output<typeof bankCsvSchema>;

export interface BankCsvRow {
  line: number;
  receivedOn: string;
  amountCents: number;
  reference: string;
  /** A home ID (lower case) or an e-mail address (lower case), as written. */
  home: string;
}

export interface BankCsvProblem {
  line: number;
  message: string;
}

export interface ParsedBankCsv {
  rows: BankCsvRow[];
  problems: BankCsvProblem[];
}

/** Records of a CSV text with the line each starts on (quoted fields may span lines). */
export function csvRecords(text: string): { line: number; fields: string[] }[] {
  const records: { line: number; fields: string[] }[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let fieldStarted = false;
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const endRecord = () => {
    fields.push(field);
    if (!(fields.length === 1 && fields[0]!.trim() === '')) records.push({ line: start, fields });
    fields = [];
    field = '';
    fieldStarted = false;
  };
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '"') {
        if (body[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && !fieldStarted) {
      quoted = true;
      fieldStarted = true;
    } else if (ch === ',') {
      fields.push(field);
      field = '';
      fieldStarted = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && body[i + 1] === '\n') i++;
      endRecord();
      line++;
      start = line;
    } else {
      field += ch;
      if (ch !== ' ' && ch !== '\t') fieldStarted = true;
    }
  }
  if (field !== '' || fields.length > 0) endRecord();
  return records;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (text: string) => {
  if (!DATE.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
};

/** '2,354.03', '$2354.5', '2354' → cents; null when it is not a positive amount of dollars and cents. */
export function bankAmountCents(text: string): number | null {
  const value = text.trim().replace(/^\$/, '');
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$/.test(value)) return null;
  const [whole, fraction = ''] = value.replace(/,/g, '').split('.') as [string, string?];
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(cents) && cents > 0 && cents <= MAX_ENTRY_CENTS ? cents : null;
}

/** ['the date is missing', 'the reference is missing'] → 'The date is missing; the reference is missing.' */
const sentence = (parts: string[]) => {
  const text = parts.join('; ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Reads the bank's CSV: every row it can and a problem for each line it cannot, with the
 * line's number. `today` (YYYY-MM-DD, the ledger's) bounds the dates.
 */
export function parseBankCsv(text: string, today: string): ParsedBankCsv {
  const records = csvRecords(text);
  const problems: BankCsvProblem[] = [];
  const rows: BankCsvRow[] = [];
  const header = records[0];
  if (!header) return { rows, problems: [{ line: 1, message: 'The file is empty: it needs a header line and a line per payment.' }] };
  const names = header.fields.map((name) => name.trim().toLowerCase());
  const index = Object.fromEntries(BANK_CSV_COLUMNS.map((column) => [column, names.indexOf(column)])) as Record<(typeof BANK_CSV_COLUMNS)[number], number>;
  const missing = BANK_CSV_COLUMNS.filter((column) => index[column] < 0);
  if (missing.length > 0) {
    return {
      rows,
      problems: [{ line: header.line, message: `The header line needs the columns date, amount, reference and home (missing: ${missing.join(', ')}).` }],
    };
  }
  const data = records.slice(1);
  if (data.length === 0) return { rows, problems: [{ line: header.line, message: 'The file has no payments under its header line.' }] };
  if (data.length > MAX_BANK_CSV_ROWS) {
    return { rows, problems: [{ line: data[MAX_BANK_CSV_ROWS]!.line, message: `At most ${MAX_BANK_CSV_ROWS} payments per file: split it.` }] };
  }
  const seen = new Map<string, number>();
  for (const { line, fields } of data) {
    const cell = (column: (typeof BANK_CSV_COLUMNS)[number]) => (fields[index[column]] ?? '').trim();
    const date = cell('date');
    const amount = cell('amount');
    const reference = cell('reference');
    const home = cell('home').toLowerCase();
    const wrong: string[] = [];
    if (fields.some((value) => !isSafeText(value))) wrong.push('it has characters we cannot store');
    if (!isRealDate(date)) wrong.push(date ? `the date "${date}" is not a real date like 2026-03-01` : 'the date is missing');
    else if (date > today) wrong.push(`the date ${date} is in the future`);
    else if (date < '2000-01-01') wrong.push(`the date ${date} is before 2000`);
    const amountCents = bankAmountCents(amount);
    if (amountCents === null) wrong.push(amount ? `the amount "${amount}" is not a positive amount of dollars and cents` : 'the amount is missing');
    if (!reference) wrong.push('the reference is missing');
    else if (reference.length > MAX_REFERENCE_LENGTH) wrong.push(`the reference is longer than ${MAX_REFERENCE_LENGTH} characters`);
    else if (seen.has(reference)) wrong.push(`the reference ${reference} is also on line ${seen.get(reference)}`);
    if (!home) wrong.push('the home is missing');
    else if (!UUID.test(home) && !EMAIL.test(home)) wrong.push(`the home "${cell('home')}" is neither a home ID nor an e-mail address`);
    if (reference && !seen.has(reference)) seen.set(reference, line);
    if (wrong.length > 0) problems.push({ line, message: sentence(wrong) });
    else rows.push({ line, receivedOn: date, amountCents: amountCents!, reference, home });
  }
  return { rows, problems };
}

/** A row of the preview (and of the import's answer): the home it matched and what happens to it. */
export const BANK_ROW_STATUSES = ['new', 'duplicate'] as const;
export const bankImportRowSchema = z.object({
  line: z.number().int(),
  receivedOn: safeString(),
  amountCents: z.number().int(),
  reference: safeString(),
  homeId: safeString(),
  address: safeString(),
  homeownerName: safeString(),
  /** new: will be (or was) imported; duplicate: this reference is already in a ledger, skipped. */
  status: z.enum(BANK_ROW_STATUSES),
});
export type BankImportRow = z.output<typeof bankImportRowSchema>;

export const bankProblemSchema = z.object({ line: z.number().int(), message: safeString() });

/** POST /api/admin/payments/import/preview and /import: each row matched, the duplicates marked, the problems by line. */
export const bankImportResultSchema = z.object({
  rows: z.array(bankImportRowSchema),
  problems: z.array(bankProblemSchema),
  newCount: z.number().int(),
  newCents: z.number().int(),
  duplicateCount: z.number().int(),
  /** True once written (the import); false for a preview. */
  imported: z.boolean(),
});
export type BankImportResult = z.output<typeof bankImportResultSchema>;
