import { describe, expect, it } from 'vitest';
import { pdfDocument, textWidth } from './pdf';

/** The PDF writer's file structure: what a reader needs to open it at all. */

const text = (pdf: Buffer) => pdf.toString('latin1');

/** Each xref entry's offset must point at its object's header. */
function objectOffsetsAgree(pdf: Buffer): boolean {
  const body = text(pdf);
  const xrefAt = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(body)![1]);
  expect(body.slice(xrefAt, xrefAt + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(body.slice(xrefAt))!;
  const entries = body
    .slice(xrefAt)
    .split('\n')
    .slice(3, 2 + Number(count));
  return entries.every((entry, i) => body.slice(Number(entry.slice(0, 10)), Number(entry.slice(0, 10)) + 12).startsWith(`${i + 1} 0 obj`));
}

describe('pdfDocument', () => {
  it('writes a PDF whose cross-reference table points at every object', () => {
    const pdf = pdfDocument({ title: 'Monthly statement: September 2026', lines: [{ text: 'Hana Home' }, { text: 'Charge', amount: '$2,354.00' }] });
    expect(text(pdf).startsWith('%PDF-1.4\n')).toBe(true);
    expect(objectOffsetsAgree(pdf)).toBe(true);
    expect(text(pdf)).toContain('/BaseFont /Helvetica ');
    expect(text(pdf)).toContain('(Page 1 of 1) Tj');
  });

  it('places an amount so that it ends at the right margin', () => {
    const pdf = text(pdfDocument({ title: 'T', lines: [{ text: 'Balance', amount: '$1,234.50' }] }));
    const x = 540 - textWidth('$1,234.50', 10.5);
    expect(pdf).toContain(`1 0 0 1 ${Math.round(x * 100) / 100} `);
    expect(pdf).toContain('($1,234.50) Tj');
  });

  it('runs onto more pages when the lines need them, each with its page number', () => {
    const lines = Array.from({ length: 120 }, (_, i) => ({ text: `Line ${i + 1}`, amount: `$${i}.00` }));
    const pdf = pdfDocument({ title: 'Long', lines });
    expect(text(pdf)).toMatch(/\/Count 3 >>/);
    expect(text(pdf)).toContain('(Page 3 of 3) Tj');
    expect(text(pdf)).toContain('(Line 120) Tj');
    expect(objectOffsetsAgree(pdf)).toBe(true);
  });

  it('escapes what would end a string, and writes letters past ASCII in WinAnsi', () => {
    const pdf = text(pdfDocument({ title: 'T', lines: [{ text: 'a (b) \\ c — José −5' }] }));
    expect(pdf).toContain('(a \\(b\\) \\\\ c \\227 Jos\\351 -5) Tj');
  });

  it('wraps a long line within the margins', () => {
    const words = Array.from({ length: 60 }, () => 'statement').join(' ');
    const pdf = text(pdfDocument({ title: 'T', lines: [{ text: words }] }));
    const shown = [...pdf.matchAll(/\((statement[^)]*)\) Tj/g)].map((m) => m[1]!);
    expect(shown.length).toBeGreaterThan(1);
    for (const line of shown) expect(textWidth(line, 10.5)).toBeLessThanOrEqual(468);
    expect(shown.join(' ')).toBe(words);
  });
});
