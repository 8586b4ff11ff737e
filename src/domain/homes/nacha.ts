/**
 * The bank adapter's file format (docs/decisions/031-late-fees-and-nacha.md): a NACHA debit file of the day's
 * debits for the bank (PPD for consumers who authorised on paper, WEB where the authorisation was given online).
 * The bank's return file is read by ./nacha-returns.ts. Pure and isomorphic: fixed-width 94-character ASCII
 * records, lines ending in CRLF... or LF.
 *
 * Layouts (NACHA Operating Rules, Appendix Three): 1 file header, 5 batch header, 6 entry detail, 7 addenda,
 * 8 batch control, 9 file control; the file is blocked to 10 records with records of 94 '9's.
 */

export const RECORD_LENGTH = 94;
export const BLOCKING_FACTOR = 10;

export type SecCode = 'PPD' | 'WEB';
export type AccountType = 'checking' | 'savings';

/** Transaction codes of entry detail records: debits 27/37, credits 22/32; returns of them keep theirs. */
export const TRANSACTION_CODES = {
  checking: { debit: '27', credit: '22' },
  savings: { debit: '37', credit: '32' },
} as const;

/** True for a 9-digit ABA routing number whose check digit holds: 3·d1 + 7·d2 + d3 + 3·d4 … ≡ 0 (mod 10). */
export function isRoutingNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 7, 1, 3, 7, 1, 3, 7, 1];
  const sum = [...value].reduce((total, digit, index) => total + Number(digit) * weights[index]!, 0);
  return sum % 10 === 0;
}

export interface NachaOriginator {
  /** The bank receiving the file (immediate destination): its routing number and name. */
  destinationRouting: string;
  destinationName: string;
  /** Our company: its 10-character identification (often '1' + the EIN) and name. */
  companyId: string;
  companyName: string;
  /** Our bank (the ODFI): its routing number; the first 8 digits start every trace number. */
  originRouting: string;
  originName: string;
  /**
   * The company's own account at the ODFI. When set, each batch ends with an offsetting credit of its debits to it,
   * so the file balances (debits = credits); when absent, batches are debits only (service class 225) and the bank
   * offsets them.
   */
  offsetAccount?: { accountNumber: string; accountType: AccountType };
}

export interface NachaDebit {
  /** PPD: the authorisation was signed; WEB: given online (the app's authorisation). */
  secCode: SecCode;
  /** WEB only: a recurring authorisation (autopay) or a single one (pay now). */
  recurring?: boolean;
  routingNumber: string;
  accountNumber: string;
  accountType: AccountType;
  amountCents: number;
  /** Our reference for the payer (the home's or payment's id), at most 15 characters. */
  individualId: string;
  individualName: string;
}

export interface NachaFileOptions {
  /** The file's creation instant (UTC is written). */
  createdAt: Date;
  /** The day the debits should settle, YYYY-MM-DD. */
  effectiveDate: string;
  /** A–Z or 0–9: tells apart files created the same day. */
  fileIdModifier?: string;
  /** Company entry description, at most 10 characters: what the homeowner's statement shows. */
  entryDescription?: string;
  /**
   * The entries already numbered in earlier files (default 0): this file's trace sequences follow them, so a trace
   * number names one entry across files, which is what the bank's return file matches on (seven digits: they wrap after 9,999,999).
   */
  tracesBefore?: number;
}

export interface WrittenEntry {
  debit: NachaDebit | null;
  traceNumber: string;
  batchNumber: number;
}

export interface NachaFile {
  text: string;
  /** Each debit's trace number, in the order given (the returns name them). */
  traces: string[];
  totalDebitCents: number;
  totalCreditCents: number;
  entryCount: number;
  batchCount: number;
  blockCount: number;
  entryHash: string;
}

export class NachaInputError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message);
    this.name = 'NachaInputError';
  }
}

/** The characters NACHA allows (upper-case ASCII printable); anything else becomes a space. */
function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^\x20-\x7e]/g, ' ');
}

const alpha = (text: string, width: number) => ascii(text).slice(0, width).padEnd(width, ' ');
const numeric = (value: number | string, width: number) => {
  const text = String(value);
  if (!/^\d+$/.test(text) || text.length > width) throw new RangeError(`${text} does not fit ${width} digits`);
  return text.padStart(width, '0');
};

function yymmdd(date: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) throw new NachaInputError(`Not a date: ${date}`, 'effectiveDate');
  return date.slice(2, 4) + date.slice(5, 7) + date.slice(8, 10);
}

function checkDebit(debit: NachaDebit, index: number): void {
  const at = (field: string) => `debits.${index}.${field}`;
  if (!isRoutingNumber(debit.routingNumber))
    throw new NachaInputError(`Debit ${index + 1}: ${debit.routingNumber} is not a routing number (its check digit fails).`, at('routingNumber'));
  if (!/^[0-9A-Za-z-]{4,17}$/.test(debit.accountNumber))
    throw new NachaInputError(`Debit ${index + 1}: an account number is 4 to 17 digits or letters.`, at('accountNumber'));
  if (!Number.isSafeInteger(debit.amountCents) || debit.amountCents <= 0 || debit.amountCents > 99_999_999_99)
    throw new NachaInputError(`Debit ${index + 1}: an amount is a whole number of cents from 1 to 9,999,999,999.`, at('amountCents'));
  if (debit.individualName.trim() === '') throw new NachaInputError(`Debit ${index + 1}: the account holder's name is required.`, at('individualName'));
  if (debit.individualId.length > 15) throw new NachaInputError(`Debit ${index + 1}: the individual id is at most 15 characters.`, at('individualId'));
}

/** The largest amount an entry detail record holds: 10 digits of cents. */
const MAX_ENTRY_CENTS = 9_999_999_999;

/**
 * The file's batches: one per SEC code (PPD first, then WEB), in the debits' order. With an offsetting credit, a
 * batch closes before its total would pass what that one credit entry can hold (10 digits of cents, about 42,000
 * debits of a month's charge), and the next batch of the same code takes the rest.
 */
function batchesOf(debits: readonly NachaDebit[], offset: boolean): { secCode: SecCode; members: { debit: NachaDebit; index: number }[] }[] {
  const batches: { secCode: SecCode; members: { debit: NachaDebit; index: number }[] }[] = [];
  for (const secCode of ['PPD', 'WEB'] as const) {
    let current: { debit: NachaDebit; index: number }[] = [];
    let total = 0;
    debits.forEach((debit, index) => {
      if (debit.secCode !== secCode) return;
      if (offset && current.length > 0 && total + debit.amountCents > MAX_ENTRY_CENTS) {
        batches.push({ secCode, members: current });
        current = [];
        total = 0;
      }
      current.push({ debit, index });
      total += debit.amountCents;
    });
    if (current.length > 0) batches.push({ secCode, members: current });
  }
  return batches;
}

/**
 * Writes the NACHA file of `debits`: one batch per SEC code (PPD first, then WEB), each debit an entry detail
 * record with a trace number of the ODFI's 8 digits and a running sequence; with `originator.offsetAccount`, an
 * offsetting credit closes each batch (a batch's total stays within what that credit can hold: batchesOf). Totals, entry hashes (Σ of the RDFIs' 8-digit routing numbers, last 10
 * digits) and counts in each batch control and the file control; padded to a multiple of 10 records with 9s.
 */
export function writeNachaDebitFile(originator: NachaOriginator, debits: readonly NachaDebit[], options: NachaFileOptions): NachaFile {
  for (const routing of [originator.destinationRouting, originator.originRouting]) {
    if (!isRoutingNumber(routing)) throw new NachaInputError(`${routing} is not a routing number (its check digit fails).`, 'originator');
  }
  if (originator.companyId.length === 0 || originator.companyId.length > 10)
    throw new NachaInputError('The company id is 1 to 10 characters.', 'originator.companyId');
  debits.forEach(checkDebit);
  const modifier = options.fileIdModifier ?? 'A';
  if (!/^[A-Z0-9]$/.test(modifier)) throw new NachaInputError('The file id modifier is one of A–Z or 0–9.', 'fileIdModifier');
  const created = options.createdAt.toISOString();
  const odfi = originator.originRouting.slice(0, 8);
  const records: string[] = [];
  records.push(
    '1' +
      '01' +
      ' ' +
      originator.destinationRouting +
      alpha(originator.companyId, 10) +
      created.slice(2, 4) +
      created.slice(5, 7) +
      created.slice(8, 10) +
      created.slice(11, 13) +
      created.slice(14, 16) +
      modifier +
      '094' +
      '10' +
      '1' +
      alpha(originator.destinationName, 23) +
      alpha(originator.originName, 23) +
      alpha('', 8),
  );

  const traces = new Array<string>(debits.length);
  let sequence = options.tracesBefore ?? 0;
  let batchNumber = 0;
  let fileEntries = 0;
  let fileHash = 0;
  let fileDebits = 0;
  let fileCredits = 0;
  const offset = originator.offsetAccount;
  for (const { secCode, members } of batchesOf(debits, Boolean(offset))) {
    batchNumber += 1;
    const serviceClass = offset ? '200' : '225';
    records.push(
      '5' +
        serviceClass +
        alpha(originator.companyName, 16) +
        alpha('', 20) +
        alpha(originator.companyId, 10) +
        secCode +
        alpha(options.entryDescription ?? 'HOME PMT', 10) +
        alpha('', 6) +
        yymmdd(options.effectiveDate) +
        '   ' +
        '1' +
        odfi +
        numeric(batchNumber, 7),
    );
    let entries = 0;
    let hash = 0;
    let debitCents = 0;
    let creditCents = 0;
    const entry = (code: string, routing: string, account: string, cents: number, id: string, name: string, discretionary: string) => {
      sequence += 1;
      entries += 1;
      hash += Number(routing.slice(0, 8));
      const trace = odfi + numeric(((sequence - 1) % 9_999_999) + 1, 7);
      records.push(
        '6' +
          code +
          routing.slice(0, 8) +
          routing[8] +
          alpha(account, 17) +
          numeric(cents, 10) +
          alpha(id, 15) +
          alpha(name, 22) +
          alpha(discretionary, 2) +
          '0' +
          trace,
      );
      return trace;
    };
    for (const { debit, index } of members) {
      const discretionary = secCode === 'WEB' ? (debit.recurring ? 'R' : 'S') : '';
      traces[index] = entry(
        TRANSACTION_CODES[debit.accountType].debit,
        debit.routingNumber,
        debit.accountNumber,
        debit.amountCents,
        debit.individualId,
        debit.individualName,
        discretionary,
      );
      debitCents += debit.amountCents;
    }
    if (offset) {
      entry(TRANSACTION_CODES[offset.accountType].credit, originator.originRouting, offset.accountNumber, debitCents, 'OFFSET', originator.companyName, '');
      creditCents += debitCents;
    }
    const hashText = String(hash).slice(-10).padStart(10, '0');
    records.push(
      '8' +
        serviceClass +
        numeric(entries, 6) +
        hashText +
        numeric(debitCents, 12) +
        numeric(creditCents, 12) +
        alpha(originator.companyId, 10) +
        alpha('', 19) +
        alpha('', 6) +
        odfi +
        numeric(batchNumber, 7),
    );
    fileEntries += entries;
    fileHash += hash;
    fileDebits += debitCents;
    fileCredits += creditCents;
  }

  const withControl = records.length + 1;
  const blockCount = Math.ceil(withControl / BLOCKING_FACTOR);
  const entryHash = String(fileHash).slice(-10).padStart(10, '0');
  records.push(
    '9' +
      numeric(batchNumber, 6) +
      numeric(blockCount, 6) +
      numeric(fileEntries, 8) +
      entryHash +
      numeric(fileDebits, 12) +
      numeric(fileCredits, 12) +
      alpha('', 39),
  );
  while (records.length % BLOCKING_FACTOR !== 0) records.push('9'.repeat(RECORD_LENGTH));
  for (const record of records) if (record.length !== RECORD_LENGTH) throw new Error(`a record of ${record.length} characters: ${record}`);
  return {
    text: records.join('\n') + '\n',
    traces,
    totalDebitCents: fileDebits,
    totalCreditCents: fileCredits,
    entryCount: fileEntries,
    batchCount: batchNumber,
    blockCount,
    entryHash,
  };
}
