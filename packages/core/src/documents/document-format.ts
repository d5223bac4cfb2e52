/**
 * Shared by the PDF documents: dates as words, money from pence, text safe for the PDF standard
 * fonts, and rendering a pdfkit document to a Buffer.
 */
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

// Windows-1252 beyond Latin-1: what pdfkit's standard fonts (Helvetica, WinAnsiEncoding) can show.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const REPLACEMENTS: Record<string, string> = {
  '″': '"',
  '′': "'",
  '×': 'x',
  '−': '-',
  '≤': '<=',
  '≥': '>=',
  '\u00a0': ' ',
  // Letters NFKD does not take apart.
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
};

/**
 * Text the built-in PDF fonts can show: characters outside WinAnsi (Windows-1252) become their
 * closest plain form (accents dropped, ″ to ") or '?', never a garbled glyph. Control characters go.
 */
export function winAnsi(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) out += char;
    else if (code === 0x0a) out += '\n';
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else {
      const plain = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e]+$/.test(plain) ? plain : '?';
    }
  }
  return out;
}

export type PdfDoc = InstanceType<typeof PDFDocument>;

/** A4 in points, and the margin every document keeps. */
export const A4 = { width: 595.28, height: 841.89, margin: 42 };

/** Runs `draw` on a new A4 document (Helvetica) and answers the finished PDF's bytes. */
export function renderPdf(info: { title: string; subject: string; author: string }, draw: (doc: PdfDoc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'A4',
      margin: A4.margin,
      info: { Title: winAnsi(info.title), Subject: winAnsi(info.subject), Author: winAnsi(info.author), Creator: winAnsi(info.author) },
      bufferPages: false,
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    try {
      doc.font('Helvetica');
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
  const header = () => {
    doc.font('Helvetica-Bold').fontSize(fontSize);
    const height = Math.max(...columns.map((c) => doc.heightOfString(c.header, { width: c.width - 2 * CELL_PAD }))) + 2 * CELL_PAD;
    doc.rect(x, y, width, height).fill('#e7e5e4').fillColor('#000000');
    let cx = x;
    for (const c of columns) {
      doc.text(c.header, cx + CELL_PAD, y + CELL_PAD, { width: c.width - 2 * CELL_PAD, align: c.align ?? 'left' });
      cx += c.width;
    }
    y += height;
    doc.font('Helvetica').fontSize(fontSize);
  };
  header();
  for (const row of rows) {
    const texts = row.map((cell) => winAnsi(cell));
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
