import { describe, expect, it } from 'vitest';
import { contentDisposition } from './download';
import { cleanOriginalName } from './receive-upload';

describe('download names', () => {
  it('keeps only the last path part of an uploaded name, without control characters', () => {
    expect(cleanOriginalName('C:\\Users\\ada\\scan.pdf')).toBe('scan.pdf');
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('a\r\nb.png')).toBe('ab.png');
    expect(cleanOriginalName('   ')).toBe('document');
    expect(cleanOriginalName('x'.repeat(300))).toHaveLength(255);
  });

  it('cannot break the header, and always ends in the extension of the real type', () => {
    expect(contentDisposition('a"b\\c.pdf', 'application/pdf', 'paystubs')).toBe(`attachment; filename="abc.pdf"; filename*=UTF-8''abc.pdf`);
    expect(contentDisposition('photo.exe', 'image/png', 'governmentId')).toBe(`attachment; filename="photo.exe.png"; filename*=UTF-8''photo.exe.png`);
    expect(contentDisposition('Scan.JPEG', 'image/jpeg', 'governmentId')).toBe(`attachment; filename="Scan.jpeg"; filename*=UTF-8''Scan.jpeg`);
    expect(contentDisposition('.pdf', 'application/pdf', 'taxReturns')).toBe(`attachment; filename="taxReturns.pdf"; filename*=UTF-8''taxReturns.pdf`);
    expect(contentDisposition("résumé (1)'s.pdf", 'application/pdf', 'x')).toBe(
      `attachment; filename="r_sum_ _1__s.pdf"; filename*=UTF-8''r%C3%A9sum%C3%A9%20%281%29%27s.pdf`,
    );
  });
});
