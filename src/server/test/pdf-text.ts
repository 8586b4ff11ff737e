import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The text a reader extracts from a PDF, by poppler's `pdftotext` (an independent reader,
 * installed by .ci/run): what the tests assert, rather than the file's internal bytes.
 * `-layout` keeps a line's label and its amount on one line.
 */
export function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-text-'));
  try {
    const file = join(dir, 'in.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The same text with runs of spaces made one: a phrase can be found whatever the layout's spacing. */
export const pdfWords = (bytes: Uint8Array) => pdfText(bytes).replace(/[ \t]+/g, ' ');
