import { describe, expect, it } from 'vitest';
import { checkLetterPdf, letterFileName, letterSchema } from './letters';

const base = { firstName: 'Rosa', lastName: 'Parks', email: 'rosa@example.com' };

describe('the Add Letter of Intent schema', () => {
  it('takes money as decimals with at most two places, and empty as null', () => {
    const parsed = letterSchema.parse({ ...base, propertyValue: '450000.5', downPaymentAmount: '', desiredMonthlyPayment: '$2,100.25' });
    expect(parsed).toMatchObject({ propertyValue: 450000.5, downPaymentAmount: null, desiredMonthlyPayment: 2100.25 });
  });

  it('refuses negative, over-precise, non-numeric and huge amounts', () => {
    const result = letterSchema.safeParse({ ...base, propertyValue: '-1', downPaymentAmount: '1.001', desiredMonthlyPayment: '12abc' });
    expect(result.error?.issues.map((i) => [i.path[0], i.message])).toEqual([
      ['propertyValue', 'Property value cannot be negative'],
      ['downPaymentAmount', 'Down payment takes at most two decimals'],
      ['desiredMonthlyPayment', 'Desired monthly payment must be a number'],
    ]);
    expect(letterSchema.safeParse({ ...base, propertyValue: '1000000000' }).success).toBe(false);
  });

  it('defaults the status to pending and turns empty optional texts into null', () => {
    expect(letterSchema.parse({ ...base, status: '', moveInDate: '  ', intendedState: '' })).toMatchObject({
      status: 'pending',
      moveInDate: null,
      intendedState: null,
      phone: null,
      notes: null,
      propertyAddress: null,
    });
    expect(letterSchema.parse({ ...base, status: 'declined', moveInDate: 'Spring', intendedState: 'Ohio' })).toMatchObject({
      status: 'declined',
      moveInDate: 'Spring',
      intendedState: 'Ohio',
    });
  });
});

describe('letter PDFs', () => {
  it('are saved as first-last-letter-of-intent.pdf, lower-case with safe characters', () => {
    expect(letterFileName('Rosa', 'Parks')).toBe('rosa-parks-letter-of-intent.pdf');
    expect(letterFileName('José María', "O'Neil / ../x")).toBe('jose-maria-o-neil-x-letter-of-intent.pdf');
    expect(letterFileName('李', '"')).toBe('letter-of-intent.pdf');
  });

  it('are checked in the browser by name or type, size and emptiness', () => {
    expect(checkLetterPdf({ name: 'a.pdf', size: 10, type: '' })).toBeUndefined();
    expect(checkLetterPdf({ name: 'scan', size: 10, type: 'application/pdf' })).toBeUndefined();
    expect(checkLetterPdf({ name: 'a.png', size: 10, type: 'image/png' })).toBe('Please upload a PDF file.');
    expect(checkLetterPdf({ name: 'a.pdf', size: 26 * 1024 * 1024, type: 'application/pdf' })).toBe('Files must be smaller than 25MB.');
    expect(checkLetterPdf({ name: 'a.pdf', size: 0, type: 'application/pdf' })).toMatch(/empty/);
  });
});
