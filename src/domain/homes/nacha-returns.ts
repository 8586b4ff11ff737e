/**
 * The bank's NACHA return file (docs/decisions/031-late-fees-and-nacha.md): a reader of entry detail records each
 * with an addenda record of type 99 naming the return code, the return codes in plain words, and the schemas of the
 * staff upload that previews and applies one. Pure and isomorphic; the layouts are those of ./nacha.ts.
 */
import { z } from 'zod';
import { safeString } from '../safe-text';
import { RECORD_LENGTH } from './nacha';

/** The return reason codes a consumer debit meets most, in plain words (NACHA Operating Rules, Appendix Four). */
export const RETURN_REASONS: Readonly<Record<string, string>> = {
  R01: 'Insufficient funds: the account did not have enough money.',
  R02: 'The account is closed.',
  R03: 'No account, or the account number does not match the name.',
  R04: 'The account number is not valid.',
  R05: 'A consumer account was debited with a business entry the holder did not authorise.',
  R06: 'Returned at our own bank’s request.',
  R07: 'The account holder revoked the authorisation.',
  R08: 'The account holder stopped this payment.',
  R09: 'Uncollected funds: the balance was not yet available.',
  R10: 'The account holder says the debit was not authorised.',
  R11: 'The debit did not match the terms of the authorisation.',
  R12: 'The account was sold to another bank.',
  R14: 'The account holder has died (representative payee).',
  R15: 'The account holder has died.',
  R16: 'The account is frozen.',
  R20: 'The account does not allow debits of this kind.',
  R23: 'The receiver refused the entry.',
  R24: 'A duplicate entry.',
  R29: 'The business account holder says the debit was not authorised.',
};

export const returnReasonText = (code: string) => RETURN_REASONS[code] ?? `The bank returned the debit with code ${code}.`;

export interface NachaReturn {
  /** The line of the entry detail record (1-based). */
  line: number;
  returnCode: string;
  /** The return code in plain words. */
  reason: string;
  /** The trace number of the debit we sent, which the return names. */
  originalTrace: string;
  /** The return entry's own trace number. */
  traceNumber: string;
  transactionCode: string;
  routingNumber: string;
  /** Only the last four characters are kept (never the whole number). */
  accountLast4: string;
  amountCents: number;
  individualId: string;
  individualName: string;
  secCode: string;
  effectiveDate: string;
}

export interface NachaReadError {
  line: number;
  message: string;
}

export interface NachaReturnFile {
  returns: NachaReturn[];
  /** Every problem found, each on its line; the file is applied only when there is none. */
  errors: NachaReadError[];
}

const digits = (text: string) => /^\d+$/.test(text);

/**
 * Reads the bank's NACHA return file: every entry detail record with its addenda of type 99 (return code, original
 * trace). Checks each record's length and type, the structure (a batch between its header and control), numbers
 * where numbers go, each batch's and the file's counts, totals and entry hash, and names every bad record by its
 * line. Lines of 9s (blocking) are skipped.
 */
export function readNachaReturnFile(text: string): NachaReturnFile {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  const errors: NachaReadError[] = [];
  const returns: NachaReturn[] = [];
  const fail = (line: number, message: string) => errors.push({ line, message });
  let sawHeader = false;
  let sawControl = false;
  let batch: { line: number; secCode: string; effectiveDate: string; entries: number; hash: number; debit: number; credit: number } | null = null;
  let pending: { entry: Omit<NachaReturn, 'returnCode' | 'reason' | 'originalTrace'>; line: number } | null = null;
  const file = { batches: 0, entries: 0, hash: 0, debit: 0, credit: 0 };

  const closePending = () => {
    if (pending) fail(pending.line, `Entry on line ${pending.line} has no addenda record (type 99) naming its return code.`);
    pending = null;
  };

  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.length !== RECORD_LENGTH) {
      if (raw.trim() !== '') fail(line, `Line ${line} has ${raw.length} characters; every record has 94.`);
      return;
    }
    if (sawControl) {
      if (!/^9{94}$/.test(raw)) fail(line, `Line ${line} comes after the file control record.`);
      return;
    }
    const type = raw[0];
    switch (type) {
      case '1':
        if (sawHeader || line !== 1) fail(line, `Line ${line}: the file header must be the first record, once.`);
        sawHeader = true;
        return;
      case '5':
        if (!sawHeader) fail(line, `Line ${line}: a batch before the file header.`);
        if (batch) fail(line, `Line ${line}: a batch header inside the batch that started on line ${batch.line}.`);
        closePending();
        batch = { line, secCode: raw.slice(50, 53), effectiveDate: raw.slice(69, 75), entries: 0, hash: 0, debit: 0, credit: 0 };
        return;
      case '6': {
        if (!batch) return fail(line, `Line ${line}: an entry outside a batch.`);
        closePending();
        const code = raw.slice(1, 3);
        const routing = raw.slice(3, 12);
        const amount = raw.slice(29, 39);
        if (!digits(code)) return fail(line, `Line ${line}: the transaction code "${code}" is not a number.`);
        if (!digits(routing)) return fail(line, `Line ${line}: the routing number "${routing}" is not 9 digits.`);
        if (!digits(amount)) return fail(line, `Line ${line}: the amount "${amount}" is not a number of cents.`);
        if (raw[78] !== '1') return fail(line, `Line ${line}: a return entry must say it has an addenda record (position 79 is "1").`);
        const cents = Number(amount);
        batch.entries += 1;
        batch.hash += Number(routing.slice(0, 8));
        // A return of a debit comes back as a credit to us, and the other way round: counted by its own code.
        if (['21', '22', '23', '24', '31', '32', '33', '34'].includes(code)) batch.credit += cents;
        else batch.debit += cents;
        const account = raw.slice(12, 29).trim();
        pending = {
          line,
          entry: {
            line,
            traceNumber: raw.slice(79, 94),
            transactionCode: code,
            routingNumber: routing,
            accountLast4: account.slice(-4),
            amountCents: cents,
            individualId: raw.slice(39, 54).trim(),
            individualName: raw.slice(54, 76).trim(),
            secCode: batch.secCode,
            effectiveDate: batch.effectiveDate,
          },
        };
        return;
      }
      case '7': {
        if (!batch) return fail(line, `Line ${line}: an addenda record outside a batch.`);
        batch.entries += 1;
        if (!pending) return fail(line, `Line ${line}: an addenda record with no entry before it.`);
        const addendaType = raw.slice(1, 3);
        const returnCode = raw.slice(3, 6);
        const originalTrace = raw.slice(6, 21);
        const entry = pending.entry;
        pending = null;
        if (addendaType !== '99') return fail(line, `Line ${line}: addenda type "${addendaType}" is not a return (99).`);
        if (!/^R\d{2}$/.test(returnCode)) return fail(line, `Line ${line}: "${returnCode}" is not a return reason code (R01, R02, …).`);
        if (!digits(originalTrace)) return fail(line, `Line ${line}: the original trace number "${originalTrace}" is not 15 digits.`);
        returns.push({ ...entry, returnCode, reason: returnReasonText(returnCode), originalTrace });
        return;
      }
      case '8': {
        if (!batch) return fail(line, `Line ${line}: a batch control with no batch.`);
        closePending();
        const count = raw.slice(4, 10);
        const hash = raw.slice(10, 20);
        const debit = raw.slice(20, 32);
        const credit = raw.slice(32, 44);
        if (![count, hash, debit, credit].every(digits)) fail(line, `Line ${line}: the batch control's counts and totals must be numbers.`);
        else {
          if (Number(count) !== batch.entries)
            fail(line, `Line ${line}: the batch control counts ${Number(count)} entries and addenda; the batch has ${batch.entries}.`);
          if (hash !== String(batch.hash).slice(-10).padStart(10, '0')) fail(line, `Line ${line}: the batch's entry hash ${hash} does not match its entries.`);
          if (Number(debit) !== batch.debit || Number(credit) !== batch.credit)
            fail(line, `Line ${line}: the batch's totals (debits ${Number(debit)}, credits ${Number(credit)} cents) do not match its entries.`);
        }
        file.batches += 1;
        file.entries += batch.entries;
        file.hash += batch.hash;
        file.debit += batch.debit;
        file.credit += batch.credit;
        batch = null;
        return;
      }
      case '9': {
        if (batch) fail(line, `Line ${line}: the file ends inside the batch that started on line ${batch.line}.`);
        closePending();
        const [batches, , entries, hash, debit, credit] = [
          raw.slice(1, 7),
          raw.slice(7, 13),
          raw.slice(13, 21),
          raw.slice(21, 31),
          raw.slice(31, 43),
          raw.slice(43, 55),
        ];
        if (![batches, entries, hash, debit, credit].every(digits)) fail(line, `Line ${line}: the file control's counts and totals must be numbers.`);
        else {
          if (Number(batches) !== file.batches) fail(line, `Line ${line}: the file control counts ${Number(batches)} batches; the file has ${file.batches}.`);
          if (Number(entries) !== file.entries)
            fail(line, `Line ${line}: the file control counts ${Number(entries)} entries and addenda; the file has ${file.entries}.`);
          if (hash !== String(file.hash).slice(-10).padStart(10, '0')) fail(line, `Line ${line}: the file's entry hash ${hash} does not match its batches.`);
          if (Number(debit) !== file.debit || Number(credit) !== file.credit) fail(line, `Line ${line}: the file's totals do not match its batches.`);
        }
        sawControl = true;
        return;
      }
      default:
        fail(line, `Line ${line}: "${type}" is not a NACHA record type (1, 5, 6, 7, 8 or 9).`);
    }
  });
  if (!sawHeader) fail(1, 'This is not a NACHA file: it has no file header record (type 1).');
  else if (!sawControl) fail(lines.length, 'The file has no file control record (type 9).');
  return { returns, errors };
}

// ——— The staff upload of a return file (src/domain/api/home-fees.ts) ———

/** At most this many characters, as a bank CSV: the API's JSON bodies stop at 64 KB (about 300 returns of two records). */
export const MAX_NACHA_FILE_LENGTH = 60_000;

export const nachaReturnUploadSchema = z.object({
  file: safeString({ error: 'Choose the bank’s return file.' })
    .min(1, 'The file is empty.')
    .max(MAX_NACHA_FILE_LENGTH, 'The file is too large: at most 60,000 characters (about 300 returns). Split it.'),
});

/**
 * A return as the preview shows it: `new` reverses the payment whose reference is the original trace; `done` was
 * reversed already; `unknown` names a trace no payment carries (a return for a debit we never sent): kept in the
 * result and the audit entry, and shown to staff, never applied.
 */
export const NACHA_RETURN_STATUSES = ['new', 'done', 'unknown'] as const;
export const nachaReturnRowSchema = z.object({
  line: z.number().int(),
  returnCode: safeString(),
  reason: safeString(),
  originalTrace: safeString(),
  amountCents: z.number().int(),
  accountLast4: safeString(),
  homeId: safeString().nullable(),
  address: safeString().nullable(),
  paymentSeq: z.number().int().nullable(),
  status: z.enum(NACHA_RETURN_STATUSES),
});
export type NachaReturnRow = z.output<typeof nachaReturnRowSchema>;

export const nachaReturnResultSchema = z.object({
  rows: z.array(nachaReturnRowSchema),
  problems: z.array(z.object({ line: z.number().int(), message: safeString() })),
  newCount: z.number().int(),
  unknownCount: z.number().int(),
  /** True once applied; false for a preview. */
  applied: z.boolean(),
});
export type NachaReturnResult = z.output<typeof nachaReturnResultSchema>;
