/**
 * A small PDF writer without dependencies (PDF 1.4, US Letter, the standard
 * Helvetica and Helvetica-Bold fonts, WinAnsi text): a title, lines of text that
 * wrap, headings, and an optional right-aligned amount column, over as many pages
 * as the lines need, each with a 'Page n of m' footer. Content streams are left
 * uncompressed, so the text on the page is also plain in the file (a test can find
 * it; so can a search tool). The monthly statements use it (src/server/modules/homes/statement-pdf.ts).
 */

export type PdfLine =
  /** A line of text; with `amount`, the amount sits right-aligned at the right margin and the text does not wrap. */
  | { text: string; amount?: string; bold?: boolean; small?: boolean }
  /** A bold heading with a little space above it. */
  | { heading: string }
  /** Vertical space of one line. */
  | { blank: true };

export interface PdfDocument {
  title: string;
  /** Under the title, in small type (e.g. the period and the date made). */
  subtitle?: string;
  lines: readonly PdfLine[];
  /** Small type at the bottom of every page, left of the page number. */
  footer?: string;
}

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
const RIGHT = PAGE_WIDTH - MARGIN;
const TOP = PAGE_HEIGHT - MARGIN;
const BOTTOM = MARGIN;
const FOOTER_Y = 40;

const SIZE = { title: 18, subtitle: 10, heading: 12, text: 10.5, small: 8.5 } as const;
const LEADING = { title: 26, subtitle: 16, heading: 22, text: 15, small: 12 } as const;

// Advance widths (1/1000 em) of printable ASCII 32…126, from Adobe's Helvetica and Helvetica-Bold AFM files.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556, 556, 278, 556,
  556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
];
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
  667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556, 611, 556, 611, 556, 333, 611,
  611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
];
/** Latin-1 letters and the rest: about a lower-case letter's width (close enough to place a right-aligned amount). */
const OTHER_WIDTH = 556;

/** WinAnsi for the few characters past Latin-1 our texts use; anything else becomes '?'. */
const WIN_ANSI_EXTRA: Readonly<Record<string, number>> = {
  '\u2212': 0x2d, // minus sign → hyphen-minus
  '\u2013': 0x96,
  '\u2014': 0x97,
  '\u2018': 0x91,
  '\u2019': 0x92,
  '\u201c': 0x93,
  '\u201d': 0x94,
  '\u2022': 0x95,
  '\u2026': 0x85,
  '\u20ac': 0x80,
};

/** `text` as WinAnsi byte values. */
function winAnsi(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text.normalize('NFC')) {
    const code = ch.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) bytes.push(code);
    else if (code >= 0xa0 && code <= 0xff) bytes.push(code);
    else if (WIN_ANSI_EXTRA[ch] !== undefined) bytes.push(WIN_ANSI_EXTRA[ch]);
    else if (ch === '\t' || ch === '\n' || ch === '\r') bytes.push(0x20);
    else bytes.push(0x3f);
  }
  return bytes;
}

/** Width in points of `text` at `size`. */
export function textWidth(text: string, size: number, bold = false): number {
  const widths = bold ? HELVETICA_BOLD : HELVETICA;
  let units = 0;
  for (const byte of winAnsi(text)) {
    units += byte >= 0x20 && byte <= 0x7e ? widths[byte - 0x20]! : OTHER_WIDTH;
  }
  return (units * size) / 1000;
}

/** A PDF string literal (latin1 bytes): `\`, `(` and `)` escaped, bytes past ASCII as octal escapes. */
function literal(text: string): string {
  let out = '(';
  for (const byte of winAnsi(text)) {
    if (byte === 0x5c || byte === 0x28 || byte === 0x29) out += `\\${String.fromCharCode(byte)}`;
    else if (byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** Splits `text` into lines no wider than `width` (a word longer than the line is cut). */
function wrap(text: string, size: number, bold: boolean, width: number): string[] {
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [''];
  const lines: string[] = [];
  let current = '';
  for (let word of words) {
    while (textWidth(word, size, bold) > width) {
      let cut = word.length - 1;
      while (cut > 1 && textWidth(word.slice(0, cut), size, bold) > width) cut -= 1;
      if (current) lines.push(current);
      lines.push(word.slice(0, cut));
      current = '';
      word = word.slice(cut);
    }
    const candidate = current ? `${current} ${word}` : word;
    if (textWidth(candidate, size, bold) <= width) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

const num = (n: number) => (Math.round(n * 100) / 100).toString();

/** One placed piece of text. */
interface Placed {
  x: number;
  y: number;
  size: number;
  bold: boolean;
  text: string;
}

/** Lays the document out on pages: each page a list of placed texts. */
function layout(doc: PdfDocument): Placed[][] {
  const pages: Placed[][] = [[]];
  let y = TOP;
  const page = () => pages[pages.length - 1]!;
  const room = (height: number) => {
    if (y - height < BOTTOM) {
      pages.push([]);
      y = TOP;
    }
  };
  const place = (text: string, size: number, bold: boolean, x = MARGIN) => page().push({ x, y, size, bold, text });

  for (const line of wrap(doc.title, SIZE.title, true, RIGHT - MARGIN)) {
    room(LEADING.title);
    y -= SIZE.title;
    place(line, SIZE.title, true);
    y -= LEADING.title - SIZE.title;
  }
  if (doc.subtitle) {
    for (const line of wrap(doc.subtitle, SIZE.subtitle, false, RIGHT - MARGIN)) {
      room(LEADING.subtitle);
      y -= SIZE.subtitle;
      place(line, SIZE.subtitle, false);
      y -= LEADING.subtitle - SIZE.subtitle;
    }
  }
  y -= 8;

  for (const line of doc.lines) {
    if ('blank' in line) {
      y -= LEADING.text;
      continue;
    }
    if ('heading' in line) {
      // A heading never ends a page alone: keep room for it and one line under it.
      room(LEADING.heading + LEADING.text);
      y -= LEADING.heading;
      place(line.heading, SIZE.heading, true);
      y -= 6;
      continue;
    }
    const size = line.small ? SIZE.small : SIZE.text;
    const leading = line.small ? LEADING.small : LEADING.text;
    const bold = line.bold ?? false;
    if (line.amount !== undefined) {
      room(leading);
      y -= leading;
      const amountX = RIGHT - textWidth(line.amount, size, bold);
      // The label is cut short rather than run under the amount.
      let label = line.text;
      while (label.length > 1 && MARGIN + textWidth(label, size, bold) > amountX - 12) label = label.slice(0, -2) + '\u2026';
      place(label, size, bold);
      place(line.amount, size, bold, amountX);
      continue;
    }
    for (const part of wrap(line.text, size, bold, RIGHT - MARGIN)) {
      room(leading);
      y -= leading;
      place(part, size, bold);
    }
  }
  return pages;
}

/** The content stream of one page. */
function pageContent(placed: readonly Placed[], footer: string): string {
  const ops = ['BT'];
  for (const piece of placed)
    ops.push(`/${piece.bold ? 'F2' : 'F1'} ${num(piece.size)} Tf`, `1 0 0 1 ${num(piece.x)} ${num(piece.y)} Tm`, `${literal(piece.text)} Tj`);
  ops.push(`/F1 ${SIZE.small} Tf`, `1 0 0 1 ${MARGIN} ${FOOTER_Y} Tm`, `${literal(footer)} Tj`);
  ops.push('ET');
  return ops.join('\n');
}

/** The document as PDF bytes. */
export function pdfDocument(doc: PdfDocument): Buffer {
  const pages = layout(doc);
  const count = pages.length;
  // Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 info, then a page and its content for each page.
  const pageRef = (i: number) => 6 + 2 * i;
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageRef(i)} 0 R`).join(' ')}] /Count ${count} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${literal(doc.title)} /Producer (Ownstead) >>`,
  ];
  pages.forEach((placed, i) => {
    const pageLabel = `Page ${i + 1} of ${count}`;
    const footer = doc.footer ? `${doc.footer}   \u2022   ${pageLabel}` : pageLabel;
    const content = pageContent(placed, footer);
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageRef(i) + 1} 0 R >>`,
      `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    );
  });

  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefAt = Buffer.byteLength(body, 'latin1');
  // Each xref entry is exactly 20 bytes: 10 digits, space, 5 digits, space, type, CR LF.
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f\r\n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n\r\n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
