/**
 * Tests only: the text of a PDF, read back with pdfjs-dist (one string per page, items joined by
 * spaces), so tests check what a reader of the document would see.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const content = await page.getTextContent();
      pages.push(
        content.items
          .map((item) => ('str' in item ? item.str : ''))
          .join(' ')
          .replace(/\s+/g, ' '),
      );
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** One piece of text on a page and where it starts, in points from the page's top left. */
export interface PdfTextItem {
  page: number;
  text: string;
  x: number;
  top: number;
  /** The text's height (its font size). */
  height: number;
}

/** The pieces of text of a PDF with their places, so tests can check that one is drawn below another. */
export async function pdfTextItems(pdf: Uint8Array): Promise<PdfTextItem[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, isEvalSupported: false, verbosity: 0 }).promise;
  try {
    const items: PdfTextItem[] = [];
    for (let n = 1; n <= document.numPages; n++) {
      const page = await document.getPage(n);
      const pageHeight = page.getViewport({ scale: 1 }).height;
      for (const item of (await page.getTextContent()).items) {
        if (!('str' in item) || !item.str.trim()) continue;
        const [, , , , x, baseline] = item.transform as number[];
        items.push({ page: n, text: item.str, x: x!, top: pageHeight - baseline! - item.height, height: item.height });
      }
    }
    return items;
  } finally {
    await document.destroy();
  }
}
