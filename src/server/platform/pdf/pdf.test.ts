import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { pdfText, pdfWords } from '../../test/pdf-text';
import { appendToPdf, pdfDocument } from './pdf';

/** What a reader gets from the project's PDFs: the text, the fonts embedded, page numbers. */

function fontsOf(bytes: Uint8Array): string {
  const file = join(mkdtempSync(join(tmpdir(), 'pdf-fonts-')), 'in.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdffonts', [file], { encoding: 'utf8' });
}

describe('pdfDocument', () => {
  it('writes a PDF whose text a reader extracts, with every font embedded', async () => {
    const pdf = await pdfDocument({
      title: 'Monthly statement: September 2026',
      lines: [
        { heading: 'Homeowner' },
        { text: 'José Núñez — “Hana” Home' },
        { text: 'Charge', amount: '$2,354.00' },
        { text: 'Credit', amount: '\u2212$5.00' },
      ],
    });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('Monthly statement: September 2026');
    expect(text).toContain('José Núñez — “Hana” Home');
    expect(text).toMatch(/Charge\s+\$2,354\.00/);
    expect(text).toMatch(/Credit\s+-\$5\.00/);
    expect(text).toContain('Page 1 of 1');
    const fonts = fontsOf(pdf).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    for (const font of fonts) expect(font).toMatch(/\byes\s+(yes|no)\s+yes\b/); // embedded, with a Unicode map
  });

  it('runs onto more pages when the lines need them, each with its page number', async () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i + 1}`, amount: `$${i}.00` }));
    const pdf = await pdfDocument({ title: 'Long', lines, footer: 'Ownstead statement' });
    const text = pdfText(pdf);
    expect(pdfWords(pdf)).toContain('Ownstead statement • Page 3 of 3');
    expect(text).toContain('Line 120');
  });

  it('wraps a long paragraph within the page and draws tables with right-aligned figures', async () => {
    const words = Array.from({ length: 60 }, () => 'statement').join(' ');
    const pdf = await pdfDocument({
      title: 'T',
      lines: [
        { text: words },
        {
          table: {
            columns: [{ label: 'Year' }, { label: 'Equity', align: 'right' }],
            rows: [
              ['1', '$12,000.00'],
              ['2', '$24,480.00'],
            ],
          },
        },
        { signature: 'Hana Home', caption: 'Signed by Hana Home' },
      ],
    });
    const text = pdfText(pdf);
    const wrapped = text.split('\n').filter((line) => line.includes('statement'));
    expect(wrapped.length).toBeGreaterThan(1);
    expect(pdfWords(pdf).replace(/\s+/g, ' ')).toContain(words);
    expect(text).toMatch(/Year\s+Equity/);
    expect(text).toMatch(/2\s+\$24,480\.00/);
    expect(text).toContain('Hana Home');
  });

  it('appends pages to an existing PDF without changing its text', async () => {
    const first = await pdfDocument({ title: 'Agreement', lines: [{ text: 'The terms.' }] });
    const both = await appendToPdf(first, { title: 'Certificate of completion', lines: [{ text: 'Signed.' }], footer: 'Certificate' });
    const text = pdfText(both);
    expect(text).toContain('The terms.');
    expect(text).toContain('Certificate of completion');
    expect(text.indexOf('The terms.')).toBeLessThan(text.indexOf('Certificate of completion'));
  });
});
