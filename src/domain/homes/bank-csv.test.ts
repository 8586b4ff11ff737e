import { describe, expect, it } from 'vitest';
import { bankAmountCents, csvRecords, parseBankCsv } from './bank-csv';

const HOME = '3f0c2a9e-5b7d-4c1e-9a4f-2d6b8e1c7a55';

describe('bankAmountCents', () => {
  it('reads dollars and cents as whole cents', () => {
    expect(bankAmountCents('2354.03')).toBe(235_403);
    expect(bankAmountCents('2,354.03')).toBe(235_403);
    expect(bankAmountCents('$2354')).toBe(235_400);
    expect(bankAmountCents(' 1200.5 ')).toBe(120_050);
    expect(bankAmountCents('0.01')).toBe(1);
    expect(bankAmountCents('1,234,567.89')).toBe(123_456_789);
  });
  it('refuses what is not a positive amount of dollars and cents', () => {
    for (const text of ['', '0', '0.00', '-5', '12.345', '1,23.00', 'ten', '1e3', '$', '12.', '10,000,000.01']) expect(bankAmountCents(text), text).toBeNull();
  });
});

describe('csvRecords', () => {
  it('splits quoted fields, doubled quotes, CRLF and blank lines, and numbers each record by its first line', () => {
    expect(csvRecords('\uFEFFa,b\r\n"x, y","say ""hi"""\r\n\r\n"two\nlines",z\n')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['x, y', 'say "hi"'] },
      { line: 4, fields: ['two\nlines', 'z'] },
    ]);
  });
});

describe('parseBankCsv', () => {
  const today = '2026-03-10';
  it('reads the columns by name in any order and lower-cases the home', () => {
    const parsed = parseBankCsv(
      `Reference, HOME ,Amount,Date,Memo\nW-1,${HOME.toUpperCase()},"2,354.00",2026-03-02,ignored\nW-2,Grace@Example.com,10,2026-03-10,\n`,
      today,
    );
    expect(parsed).toEqual({
      problems: [],
      rows: [
        { line: 2, receivedOn: '2026-03-02', amountCents: 235_400, reference: 'W-1', home: HOME },
        { line: 3, receivedOn: '2026-03-10', amountCents: 1_000, reference: 'W-2', home: 'grace@example.com' },
      ],
    });
  });
  it('names every bad line with what is wrong with it', () => {
    const csv = [
      'date,amount,reference,home',
      `2026-03-11,10,R-1,${HOME}`,
      `2026-02-30,10,R-2,${HOME}`,
      `2026-03-01,-10,R-3,${HOME}`,
      `2026-03-01,10,,${HOME}`,
      `2026-03-01,10,R-5,somebody`,
      `2026-03-01,10,R-6,${HOME}`,
      `2026-03-01,10,R-6,${HOME}`,
    ].join('\n');
    expect(parseBankCsv(csv, today).problems).toEqual([
      { line: 2, message: 'The date 2026-03-11 is in the future.' },
      { line: 3, message: 'The date "2026-02-30" is not a real date like 2026-03-01.' },
      { line: 4, message: 'The amount "-10" is not a positive amount of dollars and cents.' },
      { line: 5, message: 'The reference is missing.' },
      { line: 6, message: 'The home "somebody" is neither a home ID nor an e-mail address.' },
      { line: 8, message: 'The reference R-6 is also on line 7.' },
    ]);
  });
  it('needs a header with the four columns and at least one payment', () => {
    expect(parseBankCsv('', today).problems[0]!.line).toBe(1);
    expect(parseBankCsv('date,amount,reference\n2026-03-01,1,R', today).problems).toEqual([
      { line: 1, message: 'The header line needs the columns date, amount, reference and home (missing: home).' },
    ]);
    expect(parseBankCsv('date,amount,reference,home\n', today).problems).toEqual([{ line: 1, message: 'The file has no payments under its header line.' }]);
  });
});
