import { describe, expect, it } from 'vitest';
import {
  checkPickedFile,
  DOCUMENT_TYPE_INFO,
  MAX_DOCUMENT_BYTES,
  missingDocuments,
  missingDocumentsText,
  requiredDocuments,
  sniffContentType,
} from './documents';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('document types', () => {
  it('has the four types of docs/product/application.md#documents, three always required', () => {
    expect(DOCUMENT_TYPE_INFO.map((d) => [d.title, d.alwaysRequired])).toEqual([
      ['Government ID', true],
      ['Bank Statements', true],
      ['Pay Stubs', true],
      ['Tax Returns', false],
    ]);
  });

  it('requires tax returns only when self-employed', () => {
    expect(requiredDocuments({ employment: { selfEmployed: false } })).toEqual(['governmentId', 'bankStatements', 'paystubs']);
    expect(requiredDocuments(undefined)).toHaveLength(3);
    expect(requiredDocuments({ employment: { selfEmployed: true } })).toContain('taxReturns');
    expect(missingDocuments({ employment: { selfEmployed: true } }, ['paystubs', 'governmentId'])).toEqual(['bankStatements', 'taxReturns']);
  });

  it('says which documents a submit still waits for, in display order', () => {
    expect(missingDocumentsText([])).toBe('');
    expect(missingDocumentsText(['bankStatements'])).toBe('Add your bank statements to submit.');
    expect(missingDocumentsText(['paystubs', 'governmentId'])).toBe('Add your government ID and pay stubs to submit.');
    expect(missingDocumentsText(['taxReturns', 'paystubs', 'bankStatements', 'governmentId'])).toBe(
      'Add your government ID, bank statements, pay stubs and tax returns to submit.',
    );
  });
});

describe('sniffContentType', () => {
  it('knows PDF, JPEG and PNG by their first bytes', () => {
    expect(sniffContentType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffContentType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffContentType(new TextEncoder().encode('MZ\x90\x00'))).toBeUndefined(); // a Windows .exe
    expect(sniffContentType(new TextEncoder().encode('%PDF'))).toBeUndefined();
    expect(sniffContentType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
    expect(sniffContentType(bytes())).toBeUndefined();
    expect(sniffContentType(new TextEncoder().encode('GIF89a'))).toBeUndefined();
  });
});

describe('checkPickedFile (browser pre-check)', () => {
  it('answers as the toasts of docs/product/application.md#messages need', () => {
    expect(checkPickedFile({ name: 'id.PDF', size: 10, type: '' })).toBe('ok');
    expect(checkPickedFile({ name: 'setup.exe', size: 10, type: 'application/x-msdownload' })).toBe('invalidType');
    expect(checkPickedFile({ name: 'scan.png', size: MAX_DOCUMENT_BYTES + 1, type: 'image/png' })).toBe('tooLarge');
    expect(checkPickedFile({ name: 'scan.png', size: MAX_DOCUMENT_BYTES, type: 'image/png' })).toBe('ok');
    expect(checkPickedFile({ name: 'scan.jpg', size: 0, type: 'image/jpeg' })).toBe('empty');
  });
});
