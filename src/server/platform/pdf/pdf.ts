import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, PDFName, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

/**
 * The one way the product makes a PDF (docs/decisions/033-signatures.md): pdf-lib with
 * Inter (regular and bold) and Dancing Script (typed signatures) embedded from the
 * project's own font packages — no network, no system fonts — on US Letter pages with
 * headings, wrapped paragraphs, label/amount lines, tables, and a 'Page n of m'
 * footer. Text is drawn with Unicode maps, so any reader (and `pdftotext`) extracts
 * it. The statements, the pre-approval letter, the co-ownership agreement and the
 * certificate of completion use it.
 */

export type PdfLine =
  /** A line of text; with `amount`, the amount sits right-aligned at the right margin and the text does not wrap. */
  | { text: string; amount?: string; bold?: boolean; small?: boolean }
  /** A bold heading with a little space above it. */
  | { heading: string }
  /** Vertical space of one line. */
  | { blank: true }
  /** A table: a bold header row, then rows; `align` right for figures. Columns share the width by `weights`. */
  | { table: { columns: readonly { label: string; align?: 'left' | 'right'; weight?: number }[]; rows: readonly (readonly string[])[] } }
  /**
   * An adopted signature over a rule, with a caption under it: the name written in the script font, or the signer's
   * drawing (a PNG) when `image` is given (docs/decisions/039-addenda-and-envelopes.md).
   */
  | { signature: string; caption: string; image?: Uint8Array };

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
const TEXT_WIDTH = RIGHT - MARGIN;

const SIZE = { title: 18, subtitle: 10, heading: 12, text: 10.5, small: 8.5, signature: 22 } as const;
const LEADING = { title: 26, subtitle: 16, heading: 22, text: 15, small: 12, signature: 30 } as const;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);

const require = createRequire(import.meta.url);
const fontFile = (spec: string) => readFileSync(require.resolve(spec));
let fontBytes: { regular: Buffer; bold: Buffer; script: Buffer } | undefined;
/** The font files, read once (the latin subsets of the web fonts, as WOFF: fontkit reads them and pdf-lib embeds a TrueType subset). */
function fonts() {
  fontBytes ??= {
    regular: fontFile('@fontsource/inter/files/inter-latin-400-normal.woff'),
    bold: fontFile('@fontsource/inter/files/inter-latin-700-normal.woff'),
    script: fontFile('@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff'),
  };
  return fontBytes;
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  script: PDFFont;
}

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const bytes = fonts();
  const [regular, bold, script] = await Promise.all([
    doc.embedFont(bytes.regular, { subset: true }),
    doc.embedFont(bytes.bold, { subset: true }),
    doc.embedFont(bytes.script, { subset: true }),
  ]);
  return { regular, bold, script };
}

/** Characters the latin subsets lack, as their nearest latin ones; anything else outside the font becomes '?'. */
const FALLBACK: Readonly<Record<string, string>> = { '\u2212': '-', '\u00a0': ' ', '\t': ' ', '\n': ' ', '\r': ' ' };

/** `text` with only characters `font` can draw. */
export function drawable(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet());
  let out = '';
  for (const ch of text.normalize('NFC')) {
    const mapped = FALLBACK[ch] ?? ch;
    out += [...mapped].every((c) => supported.has(c.codePointAt(0)!)) ? mapped : '?';
  }
  return out;
}

/** Splits `text` into lines no wider than `width` (a word longer than the line is cut). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  const words = text.split(/\s+/).filter(Boolean);
  if (words.length === 0) return [''];
  const lines: string[] = [];
  let current = '';
  for (let word of words) {
    while (!fits(word)) {
      let cut = word.length - 1;
      while (cut > 1 && !fits(word.slice(0, cut))) cut -= 1;
      if (current) lines.push(current);
      lines.push(word.slice(0, cut));
      current = '';
      word = word.slice(cut);
    }
    const candidate = current ? `${current} ${word}` : word;
    if (fits(candidate)) current = candidate;
    else {
      lines.push(current);
      current = word;
    }
  }
  if (current) lines.push(current);
  return lines;
}

/** The drawn signatures' PNGs of `doc`, embedded once each (a PNG that cannot be read is left out: the name is written instead). */
async function embedImages(pdf: PDFDocument, doc: PdfDocument): Promise<Map<Uint8Array, PDFImage>> {
  const images = new Map<Uint8Array, PDFImage>();
  for (const line of doc.lines) {
    if (!('signature' in line) || !line.image) continue;
    try {
      images.set(line.image, await pdf.embedPng(line.image));
    } catch {
      // An unreadable drawing falls back to the typed name.
    }
  }
  return images;
}

const DRAWN_HEIGHT = 44;
const DRAWN_MAX_WIDTH = 240;

/** Lays `doc` out on new pages of `pdf` (after any it has) and returns those pages. */
function layout(pdf: PDFDocument, f: Fonts, doc: PdfDocument, images: Map<Uint8Array, PDFImage> = new Map()): PDFPage[] {
  const pages: PDFPage[] = [pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT])];
  let y = TOP;
  const page = () => pages[pages.length - 1]!;
  const room = (height: number) => {
    if (y - height < BOTTOM) {
      pages.push(pdf.addPage([PAGE_WIDTH, PAGE_HEIGHT]));
      y = TOP;
    }
  };
  const place = (text: string, font: PDFFont, size: number, x = MARGIN, color = INK) => page().drawText(drawable(text, font), { x, y, size, font, color });
  const fontOf = (bold?: boolean) => (bold ? f.bold : f.regular);
  const paragraph = (text: string, font: PDFFont, size: number, leading: number, color = INK) => {
    for (const part of wrap(drawable(text, font), font, size, TEXT_WIDTH)) {
      room(leading);
      y -= leading;
      place(part, font, size, MARGIN, color);
    }
  };

  for (const line of wrap(drawable(doc.title, f.bold), f.bold, SIZE.title, TEXT_WIDTH)) {
    room(LEADING.title);
    y -= SIZE.title;
    place(line, f.bold, SIZE.title);
    y -= LEADING.title - SIZE.title;
  }
  if (doc.subtitle) paragraph(doc.subtitle, f.regular, SIZE.subtitle, LEADING.subtitle, MUTED);
  y -= 8;

  for (const line of doc.lines) {
    if ('blank' in line) {
      y -= LEADING.text;
    } else if ('heading' in line) {
      // A heading never ends a page alone: keep room for it and one line under it.
      room(LEADING.heading + LEADING.text);
      y -= LEADING.heading;
      place(line.heading, f.bold, SIZE.heading);
      y -= 6;
    } else if ('table' in line) {
      const { columns, rows } = line.table;
      const total = columns.reduce((sum, c) => sum + (c.weight ?? 1), 0);
      const widths = columns.map((c) => (TEXT_WIDTH * (c.weight ?? 1)) / total);
      const drawRow = (cells: readonly string[], font: PDFFont) => {
        const wrapped = cells.map((cell, i) => wrap(drawable(cell, font), font, SIZE.text, widths[i]! - 8));
        const height = Math.max(...wrapped.map((w) => w.length)) * LEADING.text;
        room(height + 4);
        let x = MARGIN;
        const top = y;
        wrapped.forEach((cellLines, i) => {
          const width = widths[i]!;
          cellLines.forEach((text, n) => {
            const lineY = top - (n + 1) * LEADING.text;
            const tx = columns[i]!.align === 'right' ? x + width - font.widthOfTextAtSize(text, SIZE.text) : x;
            page().drawText(text, { x: tx, y: lineY, size: SIZE.text, font, color: INK });
          });
          x += width;
        });
        y = top - height - 4;
        page().drawLine({ start: { x: MARGIN, y: y + 2 }, end: { x: RIGHT, y: y + 2 }, thickness: 0.4, color: MUTED });
      };
      drawRow(
        columns.map((c) => c.label),
        f.bold,
      );
      for (const row of rows) drawRow(row, f.regular);
    } else if ('signature' in line) {
      const image = line.image && images.get(line.image);
      if (image) {
        const scale = Math.min(DRAWN_HEIGHT / image.height, DRAWN_MAX_WIDTH / image.width);
        room(DRAWN_HEIGHT + LEADING.small + 8);
        y -= DRAWN_HEIGHT;
        page().drawImage(image, { x: MARGIN, y, width: image.width * scale, height: image.height * scale });
      } else {
        room(LEADING.signature + LEADING.small + 8);
        y -= LEADING.signature;
        place(line.signature, f.script, SIZE.signature);
      }
      y -= 6;
      page().drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + 260, y }, thickness: 0.6, color: INK });
      y -= LEADING.small;
      place(line.caption, f.regular, SIZE.small, MARGIN, MUTED);
    } else {
      const size = line.small ? SIZE.small : SIZE.text;
      const leading = line.small ? LEADING.small : LEADING.text;
      const font = fontOf(line.bold);
      if (line.amount !== undefined) {
        room(leading);
        y -= leading;
        const amount = drawable(line.amount, font);
        const amountX = RIGHT - font.widthOfTextAtSize(amount, size);
        // The label is cut short rather than run under the amount.
        let label = drawable(line.text, font);
        while (label.length > 1 && MARGIN + font.widthOfTextAtSize(label, size) > amountX - 12) label = label.slice(0, -2) + '\u2026';
        place(label, font, size);
        place(amount, font, size, amountX);
      } else paragraph(line.text, font, size, leading, line.small ? MUTED : INK);
    }
  }
  return pages;
}

/** Writes the footer and 'Page n of m' on every page of `pdf`. */
function number(pdf: PDFDocument, f: Fonts, footer: string | undefined) {
  const pages = pdf.getPages();
  pages.forEach((page, i) => {
    const label = `Page ${i + 1} of ${pages.length}`;
    const text = drawable(footer ? `${footer}   \u2022   ${label}` : label, f.regular);
    page.drawText(text, { x: MARGIN, y: FOOTER_Y, size: SIZE.small, font: f.regular, color: MUTED });
  });
}

/** Title, language and 'marked' flags a reader and a screen reader use. */
function describe(pdf: PDFDocument, title: string) {
  pdf.setTitle(title, { showInWindowTitleBar: true });
  pdf.setProducer('Ownstead');
  pdf.setCreator('Ownstead');
  pdf.setLanguage('en-US');
  pdf.catalog.set(PDFName.of('MarkInfo'), pdf.context.obj({ Marked: true }));
}

/**
 * The document as PDF bytes. `useObjectStreams` is off so that a seal (src/server/modules/signatures/seal.ts)
 * can later append its signature to the same file layout.
 */
export async function pdfDocument(doc: PdfDocument): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const f = await embedFonts(pdf);
  describe(pdf, doc.title);
  layout(pdf, f, doc, await embedImages(pdf, doc));
  number(pdf, f, doc.footer);
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/**
 * `original` with `addition` laid out on pages after its own; the new pages carry `addition.footer` and their own
 * 'Page n of m' (counted over the addition). The original's pages are copied unchanged.
 */
export async function appendToPdf(original: Uint8Array, addition: PdfDocument): Promise<Buffer> {
  const source = await PDFDocument.load(original);
  const pdf = await PDFDocument.create();
  const f = await embedFonts(pdf);
  const copied = await pdf.copyPages(source, source.getPageIndices());
  for (const page of copied) pdf.addPage(page);
  describe(pdf, source.getTitle() ?? addition.title);
  const added = layout(pdf, f, addition, await embedImages(pdf, addition));
  added.forEach((page, i) => {
    const label = `Page ${i + 1} of ${added.length}`;
    const text = drawable(addition.footer ? `${addition.footer}   \u2022   ${label}` : label, f.regular);
    page.drawText(text, { x: MARGIN, y: FOOTER_Y, size: SIZE.small, font: f.regular, color: MUTED });
  });
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}

/** Whether `bytes` start like a PDF file. */
export const looksLikePdf = (bytes: Uint8Array) => Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
