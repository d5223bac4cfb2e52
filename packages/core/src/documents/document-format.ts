/**
 * Shared by the PDF documents: dates as words, money from pence, the typeface and the text it can
 * print, and rendering a pdfkit document to a Buffer.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';
import { formatPounds } from '@shop/contract';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import type { IsoDate } from '../delivery/dispatch-promise.ts';

const dayMonthYear = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "24 November 2025" for an ISO date. */
export function formatDayMonthYear(date: IsoDate): string {
  return dayMonthYear.format(new Date(`${date}T00:00:00Z`));
}

/** "£1,234.50" from pence. */
export function poundsOf(pence: Pence): string {
  return formatPounds(penceToPounds(pence));
}

/**
 * The documents' typeface: DejaVu Sans Condensed, cut to European scripts (fonts/README.md), embedded and
 * subset by pdfkit. It prints Latin (accents, Polish, Czech, Turkish, Vietnamese ...), Greek and
 * Cyrillic names as typed, and its letters are about as wide as Helvetica's, which the layout was
 * drawn for. Committed rather than read from the system: a clean clone prints the same.
 */
const FONT_FILES = {
  regular: new URL('./fonts/DejaVuSansCondensed.ttf', import.meta.url),
  bold: new URL('./fonts/DejaVuSansCondensed-Bold.ttf', import.meta.url),
};
/** Names the documents select their text with, `doc.font(REGULAR_FONT)`. */
export const REGULAR_FONT = 'Regular';
export const BOLD_FONT = 'Bold';

/** Shown instead of a character the typeface lacks (an emoji, Chinese): visibly a character that could not be printed. */
export const MISSING_CHARACTER = '\u25a1';

/** The part of fontkit (pdfkit's font engine, which ships no types) used here: whether a typeface draws a character. */
const fontkit = createRequire(import.meta.url)('fontkit') as { create(font: Buffer): { hasGlyphForCodePoint(codePoint: number): boolean } };

let fonts: { regular: Buffer; bold: Buffer; hasGlyph: (char: string) => boolean } | undefined;

/** The font files, read once, and whether both weights draw a character. */
function documentFonts(): NonNullable<typeof fonts> {
  if (fonts === undefined) {
    const regular = readFileSync(FONT_FILES.regular);
    const bold = readFileSync(FONT_FILES.bold);
    const faces = [fontkit.create(regular), fontkit.create(bold)];
    const known = new Map<number, boolean>();
    const drawn = (code: number) => {
      let answer = known.get(code);
      if (answer === undefined) {
        answer = faces.every((face) => face.hasGlyphForCodePoint(code));
        known.set(code, answer);
      }
      return answer;
    };
    fonts = { regular, bold, hasGlyph: (char) => [...char].every((c) => drawn(c.codePointAt(0)!)) };
  }
  return fonts;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * Text the documents' typeface can print. What it draws is kept as typed ("Łukasz Żółć",
 * "Σοφία", "Дмитрий"); a character it lacks becomes its plain letter when it has one (accents
 * dropped), else MISSING_CHARACTER, one per character as the reader sees it (an emoji with its
 * modifiers is one). Never a wrong glyph or an invisible gap, and the text stays real text.
 * New lines are kept, other control characters become spaces.
 */
export function printable(text: string): string {
  const { hasGlyph } = documentFonts();
  let out = '';
  for (const { segment } of graphemes.segment(text.normalize('NFC'))) {
    if (segment === '\n' || segment === '\r\n') out += '\n';
    else if (/^\p{Cc}/u.test(segment)) out += ' ';
    else if (hasGlyph(segment)) out += segment;
    else {
      const plain = segment.normalize('NFKD').replace(/\p{M}/gu, '');
      out += plain !== '' && hasGlyph(plain) ? plain : MISSING_CHARACTER;
    }
  }
  return out;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** A4 in points, and the margin every document keeps. */
export const A4 = { width: 595.28, height: 841.89, margin: 42 };

/** Runs `draw` on a new A4 document (the documents' typeface, regular) and answers the finished PDF's bytes. */
export function renderPdf(info: { title: string; subject: string; author: string }, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: A4.margin,
      // pdfkit writes these as Unicode strings: the names in them stay as typed.
      info: { Title: info.title, Subject: info.subject, Author: info.author, Creator: info.author },
      bufferPages: false,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      const { regular, bold } = documentFonts();
      doc.registerFont(REGULAR_FONT, regular);
      doc.registerFont(BOLD_FONT, bold);
      doc.font(REGULAR_FONT);
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

export interface Column {
  header: string;
  width: number;
  align?: 'left' | 'right' | 'center';
}

const CELL_PAD = 4;

/**
 * A simple table from `x`: a bold header row on a grey band, then rows whose height fits their
 * wrapped text, a new page (and the header again) when a row would not fit. `drawCell` may draw
 * extra marks (a tick box) in a cell. Answers the y below the table.
 */
export function drawTable(
  doc: PdfDoc,
  columns: readonly Column[],
  rows: readonly string[][],
  options: { x: number; y: number; fontSize: number; onNewPage?: (doc: PdfDoc) => number; drawCell?: (doc: PdfDoc, column: number, x: number, y: number, height: number) => void },
): number {
  const { x, fontSize } = options;
  const width = columns.reduce((sum, c) => sum + c.width, 0);
  const bottom = A4.height - A4.margin - 30;
  let y = options.y;
  doc.font(BOLD_FONT).fontSize(fontSize);
  // A header wraps between its words, never inside one ("Picke / d"): a column narrower than a
  // word of its header is a layout mistake, refused so every document's tests find it.
  for (const c of columns) {
    const word = c.header.split(/\s+/).find((w) => doc.widthOfString(w) > c.width - 2 * CELL_PAD);
    if (word) throw new Error(`The column "${c.header}" (${c.width}pt) is too narrow for "${word}" in bold ${fontSize}pt`);
  }
  const header = () => {
    doc.font(BOLD_FONT).fontSize(fontSize);
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    doc.rect(x, y, width, height).fill('#e7e5e4').fillColor('#000000');
    let cx = x;
    for (const c of columns) {
      doc.text(c.header, cx + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align ?? 'left' });
      cx += c.width;
    }
    y += height;
    doc.font(REGULAR_FONT).fontSize(fontSize);
  };
  header();
  for (const row of rows) {
    const texts = row.map((cell) => printable(cell));
    const height = Math.max(...texts.map((t, i) => doc.heightOfString(t || ' ', { width: columns[i]!.width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    if (y + height > bottom) {
      doc.addPage();
      y = options.onNewPage ? options.onNewPage(doc) : A4.margin;
      header();
    }
    let cx = x;
    texts.forEach((t, i) => {
      const c = columns[i]!;
      options.drawCell?.(doc, i, cx, y, height);
      doc.text(t, cx + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align ?? 'left' });
      cx += c.width;
    });
    y += height;
    doc.moveTo(x, y).lineTo(x + width, y).lineWidth(0.5).strokeColor('#a8a29e').stroke();
  }
  return y;
}
