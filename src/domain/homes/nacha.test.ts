import { describe, expect, it } from 'vitest';
import { isRoutingNumber, NachaInputError, writeNachaDebitFile, type NachaDebit, type NachaOriginator } from './nacha';
import { readNachaReturnFile } from './nacha-returns';
import { parseNacha } from './nacha-parser.test-support';

/**
 * The NACHA writer read back by an independent parser written here from the NACHA record layouts (no npm NACHA
 * parser is installed: docs/decisions/031-late-fees-and-nacha.md), deliberately sharing no code with nacha.ts; and
 * the return reader on files built here by hand.
 */

const ORIGINATOR: NachaOriginator = {
  destinationRouting: '021000021',
  destinationName: 'First Federal Bank',
  companyId: '1234567890',
  companyName: 'Ownstead Homes',
  originRouting: '121000358',
  originName: 'Ownstead Homes',
  offsetAccount: { accountNumber: '9876543210', accountType: 'checking' },
};
const DEBITS: NachaDebit[] = [
  {
    secCode: 'PPD',
    routingNumber: '011000015',
    accountNumber: '123456789',
    accountType: 'checking',
    amountCents: 236_500,
    individualId: 'HOME-1',
    individualName: 'Hana Home',
  },
  {
    secCode: 'WEB',
    recurring: true,
    routingNumber: '021000021',
    accountNumber: '5550001234',
    accountType: 'savings',
    amountCents: 11_825,
    individualId: 'HOME-2',
    individualName: 'Zoë Müller',
  },
  {
    secCode: 'PPD',
    routingNumber: '121000358',
    accountNumber: '44443333',
    accountType: 'savings',
    amountCents: 100_000,
    individualId: 'HOME-3',
    individualName: 'Ada Lovelace',
  },
];
const OPTIONS = { createdAt: new Date('2026-03-02T14:05:00Z'), effectiveDate: '2026-03-03', fileIdModifier: 'B' };

describe('writeNachaDebitFile', () => {
  it('closes a batch before its offsetting credit would pass 10 digits, so a large day is still written', () => {
    // One offsetting credit holds at most $99,999,999.99: at a month's $2,354.03 that is 42,480 debits (a day of
    // 100,000 homes failed before: bench/payments.ts). Here $500,000 debits make the same overflow at 199 a batch.
    const many: NachaDebit[] = Array.from({ length: 500 }, (_, i) => ({ ...DEBITS[1]!, individualId: `HOME-${i}`, amountCents: 50_000_000 }));
    const file = writeNachaDebitFile(ORIGINATOR, many, OPTIONS);
    const parsed = parseNacha(file.text);
    expect(parsed.batches.map((b) => b.entries.length - 1)).toEqual([199, 199, 102]);
    for (const batch of parsed.batches) {
      expect(batch.sec).toBe('WEB');
      const debits = batch.entries.slice(0, -1).reduce((sum, e) => sum + e.amount, 0);
      expect(batch.control).toMatchObject({ debit: debits, credit: debits, count: batch.entries.length });
      expect(batch.entries.at(-1)!.amount).toBe(debits);
      expect(debits).toBeLessThanOrEqual(9_999_999_999);
    }
    expect(parsed.batches.map((b) => b.number)).toEqual([1, 2, 3]);
    expect(parsed.control).toMatchObject({ batches: 3, count: 503, debit: 500 * 50_000_000, credit: 500 * 50_000_000 });
    expect(new Set(file.traces).size).toBe(500);
  });

  it('writes a balanced, blocked file an independent parser reads back with every total', () => {
    const file = writeNachaDebitFile(ORIGINATOR, DEBITS, OPTIONS);
    const parsed = parseNacha(file.text);
    expect(parsed.lines.every((line) => line.length === 94)).toBe(true);
    expect(parsed.lines.length % 10).toBe(0);
    expect(parsed.header).toEqual({ priority: '01', destination: ' 021000021', origin: '1234567890', recordSize: '094', blocking: '10', format: '1' });

    // PPD first (two debits and the offset), then WEB (one debit and the offset).
    expect(parsed.batches.map((b) => [b.sec, b.serviceClass, b.entries.length, b.number])).toEqual([
      ['PPD', '200', 3, 1],
      ['WEB', '200', 2, 2],
    ]);
    const [ppd, web] = parsed.batches;
    expect(ppd!.effective).toBe('260303');
    expect(ppd!.entries[0]).toEqual({
      code: '27',
      rdfi: '01100001',
      checkDigit: '5',
      account: '123456789',
      amount: 236_500,
      id: 'HOME-1',
      name: 'HANA HOME',
      discretionary: '  ',
      trace: file.traces[0],
    });
    expect(ppd!.entries[1]).toMatchObject({ code: '37', amount: 100_000, trace: file.traces[2] });
    // The offsetting credit to the company's own account.
    expect(ppd!.entries[2]).toMatchObject({ code: '22', rdfi: '12100035', account: '9876543210', amount: 336_500 });
    expect(web!.entries[0]).toMatchObject({ code: '37', name: 'ZOE MULLER', discretionary: 'R ', amount: 11_825, trace: file.traces[1] });

    for (const batch of parsed.batches) {
      const debits = batch.entries.filter((e) => e.code[1] === '7').reduce((sum, e) => sum + e.amount, 0);
      const credits = batch.entries.filter((e) => e.code[1] === '2').reduce((sum, e) => sum + e.amount, 0);
      const hash = String(batch.entries.reduce((sum, e) => sum + Number(e.rdfi), 0))
        .slice(-10)
        .padStart(10, '0');
      expect(batch.control).toEqual({ serviceClass: '200', count: batch.entries.length, hash, debit: debits, credit: credits, number: batch.number });
      expect(debits).toBe(credits);
    }
    expect(parsed.control).toEqual({
      batches: 2,
      blocks: parsed.lines.length / 10,
      count: 5,
      hash: String(parsed.batches.reduce((sum, b) => sum + Number(b.control.hash), 0)).padStart(10, '0'),
      debit: 348_325,
      credit: 348_325,
    });
    expect(file).toMatchObject({ totalDebitCents: 348_325, totalCreditCents: 348_325, entryCount: 5, batchCount: 2, blockCount: 2 });
    // Trace numbers: the ODFI's 8 digits and a running sequence, unique.
    expect(new Set(file.traces).size).toBe(3);
    expect(file.traces.every((trace) => /^12100035\d{7}$/.test(trace))).toBe(true);
    // 11 records blocked to 20: the last 9 are all 9s.
    expect(parsed.lines).toHaveLength(20);
    expect(parsed.lines.slice(11)).toEqual(Array.from({ length: 9 }, () => '9'.repeat(94)));
  });

  it("numbers a file's traces on from the files before it, so a trace names one entry across days", () => {
    const first = writeNachaDebitFile(ORIGINATOR, DEBITS, OPTIONS);
    const next = writeNachaDebitFile(ORIGINATOR, DEBITS, { ...OPTIONS, tracesBefore: first.entryCount });
    expect(next.traces.filter((trace) => first.traces.includes(trace))).toEqual([]);
    expect(Number(next.traces[0]!.slice(8))).toBe(first.entryCount + 1);
    const wrapped = writeNachaDebitFile(ORIGINATOR, DEBITS.slice(0, 2), { ...OPTIONS, tracesBefore: 9_999_998 });
    // Seven digits: after 9,999,999 the sequence starts again at 1 (an offsetting credit may take a number between).
    expect(wrapped.traces[0]!.slice(8)).toBe('9999999');
    expect(Number(wrapped.traces[1]!.slice(8))).toBeGreaterThanOrEqual(1);
    expect(Number(wrapped.traces[1]!.slice(8))).toBeLessThanOrEqual(2);
  });

  it('writes debits only (service class 225) when no offset account is set, and blocks past ten records', () => {
    const many = Array.from({ length: 12 }, (_, i): NachaDebit => ({ ...DEBITS[0]!, individualId: `HOME-${i}`, amountCents: 1_000 + i }));
    const { offsetAccount: _offset, ...unbalanced } = ORIGINATOR;
    const file = writeNachaDebitFile(unbalanced, many, OPTIONS);
    const parsed = parseNacha(file.text);
    expect(parsed.batches.map((b) => b.serviceClass)).toEqual(['225']);
    expect(parsed.batches[0]!.control.credit).toBe(0);
    expect(parsed.control).toMatchObject({ batches: 1, count: 12, credit: 0, debit: 12 * 1_000 + 66 });
    // 1 + 1 + 12 + 1 + 1 = 16 records, blocked to 20.
    expect(parsed.lines).toHaveLength(20);
    expect(parsed.control.blocks).toBe(2);
  });

  it('refuses a routing number whose check digit fails, a bad account, and amounts of 0, negative or fractions of a cent', () => {
    expect(isRoutingNumber('021000021')).toBe(true);
    expect(isRoutingNumber('021000022')).toBe(false);
    expect(isRoutingNumber('02100002')).toBe(false);
    const bad = (debit: Partial<NachaDebit>) => () => writeNachaDebitFile(ORIGINATOR, [{ ...DEBITS[0]!, ...debit }], OPTIONS);
    expect(bad({ routingNumber: '021000022' })).toThrow(NachaInputError);
    expect(bad({ routingNumber: '021000022' })).toThrow(/check digit/);
    expect(bad({ accountNumber: '12' })).toThrow(/account number/);
    for (const amountCents of [0, -5, 10.5]) expect(bad({ amountCents })).toThrow(/whole number of cents/);
    expect(bad({ individualName: ' ' })).toThrow(/name is required/);
  });
});

// ——— Return files built by hand ———
const pad = (text: string, width: number) => text.padEnd(width, ' ').slice(0, width);
const num = (value: number, width: number) => String(value).padStart(width, '0');
function returnFile(items: { code: string; amount: number; routing?: string; trace: string }[], tamper: (lines: string[]) => void = () => {}) {
  const lines: string[] = [];
  lines.push(pad('101 1210003581234567890260305' + '0900A094101' + pad('OWNSTEAD HOMES', 23) + pad('FIRST FEDERAL BANK', 23), 94));
  lines.push(
    '5225' + pad('OWNSTEAD HOMES', 16) + pad('', 20) + '1234567890' + 'PPD' + pad('HOME PMT', 10) + '      ' + '260303' + '   ' + '1' + '02100002' + '0000001',
  );
  let hash = 0;
  let debit = 0;
  items.forEach((item, i) => {
    const routing = item.routing ?? '011000015';
    hash += Number(routing.slice(0, 8));
    debit += item.amount;
    lines.push(
      '626' + routing + pad('123456789', 17) + num(item.amount, 10) + pad('HOME-1', 15) + pad('HANA HOME', 22) + '  ' + '1' + '02100002' + num(i + 1, 7),
    );
    lines.push('799' + item.code + item.trace + '      ' + '01100001' + pad('', 44) + '02100002' + num(i + 1, 7));
  });
  const count = items.length * 2;
  lines.push(pad('8225' + num(count, 6) + num(hash, 10) + num(debit, 12) + num(0, 12) + '1234567890', 79) + '02100002' + '0000001');
  lines.push(pad('9' + num(1, 6) + num(1, 6) + num(count, 8) + num(hash, 10) + num(debit, 12) + num(0, 12), 94));
  while (lines.length % 10) lines.push('9'.repeat(94));
  tamper(lines);
  return lines.join('\r\n') + '\r\n';
}

const CODES = ['R01', 'R02', 'R03', 'R04', 'R10', 'R16', 'R29'];

describe('readNachaReturnFile', () => {
  it('reads each returned entry with its code in plain words, the original trace and only the last four of the account', () => {
    const items = CODES.map((code, i) => ({ code, amount: 10_000 + i, trace: `1210003500000${String(i + 1).padStart(2, '0')}` }));
    const { returns, errors } = readNachaReturnFile(returnFile(items));
    expect(errors).toEqual([]);
    expect(returns.map((r) => [r.returnCode, r.originalTrace, r.amountCents])).toEqual(items.map((item) => [item.code, item.trace, item.amount]));
    expect(returns.map((r) => r.reason)).toEqual([
      'Insufficient funds: the account did not have enough money.',
      'The account is closed.',
      'No account, or the account number does not match the name.',
      'The account number is not valid.',
      'The account holder says the debit was not authorised.',
      'The account is frozen.',
      'The business account holder says the debit was not authorised.',
    ]);
    expect(returns[0]).toMatchObject({
      line: 3,
      accountLast4: '6789',
      individualId: 'HOME-1',
      individualName: 'HANA HOME',
      secCode: 'PPD',
      transactionCode: '26',
    });
    expect(JSON.stringify(returns)).not.toContain('123456789');
  });

  it('names every bad record by its line', () => {
    const item = [{ code: 'R01', amount: 10_000, trace: '121000350000001' }];
    const read = (tamper: (lines: string[]) => void) => readNachaReturnFile(returnFile(item, tamper)).errors;
    expect(read((l) => (l[2] = l[2]!.slice(0, 90)))).toContainEqual({ line: 3, message: 'Line 3 has 90 characters; every record has 94.' });
    expect(read((l) => (l[2] = l[2]!.slice(0, 29) + 'ABCDEFGHIJ' + l[2]!.slice(39)))).toContainEqual({
      line: 3,
      message: 'Line 3: the amount "ABCDEFGHIJ" is not a number of cents.',
    });
    expect(read((l) => (l[3] = '7' + '98' + l[3]!.slice(3)))).toContainEqual({ line: 4, message: 'Line 4: addenda type "98" is not a return (99).' });
    expect(read((l) => (l[3] = '799' + 'X01' + l[3]!.slice(6)))).toContainEqual({
      line: 4,
      message: 'Line 4: "X01" is not a return reason code (R01, R02, …).',
    });
    expect(read((l) => (l[3] = 'Q' + l[3]!.slice(1)))).toContainEqual({ line: 4, message: 'Line 4: "Q" is not a NACHA record type (1, 5, 6, 7, 8 or 9).' });
    expect(read((l) => l.splice(3, 1, pad('', 94)))).toContainEqual({
      line: 3,
      message: 'Entry on line 3 has no addenda record (type 99) naming its return code.',
    });
    expect(read((l) => (l[4] = l[4]!.slice(0, 20) + num(99, 12) + l[4]!.slice(32)))).toContainEqual({
      line: 5,
      message: 'Line 5: the batch\u2019s totals (debits 99, credits 0 cents) do not match its entries.'.replace('\u2019', "'"),
    });
    expect(readNachaReturnFile('hello').errors).toEqual([
      { line: 1, message: 'Line 1 has 5 characters; every record has 94.' },
      { line: 1, message: 'This is not a NACHA file: it has no file header record (type 1).' },
    ]);
    expect(readNachaReturnFile(returnFile(item)).returns.map((r) => r.returnCode)).toEqual(['R01']);
  });

  it('reads back a file the writer made, once turned into returns by the bank (the traces match)', () => {
    const file = writeNachaDebitFile(ORIGINATOR, DEBITS, OPTIONS);
    const items = file.traces.map((trace, i) => ({ code: CODES[i]!, amount: DEBITS[i]!.amountCents, trace }));
    const { returns, errors } = readNachaReturnFile(returnFile(items));
    expect(errors).toEqual([]);
    expect(returns.map((r) => r.originalTrace)).toEqual(file.traces);
  });
});
