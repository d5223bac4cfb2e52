/**
 * The picking list as the warehouse reads it on paper: its column headers whole ("Picked", never
 * "Picke d"), and its counts in good English ("1 line", not "1 lines").
 */
import { describe, expect, it } from 'vitest';
import { drawTable, renderPdf } from './document-format.ts';
import { pickingListPdf, type PickingList } from './picking-list-pdf.ts';
import { pdfText, pdfTextItems } from './pdf-text.ts';

const oneLine: PickingList = {
  orderId: 20,
  orderDate: '2026-11-24',
  promisedDispatchDate: '2026-11-25',
  delivery: null,
  customerName: 'Alice Walker',
  customerPhone: '0113 496 0123',
  note: '',
  lines: [{ code: 'P000100', item: 'Cardboard Box 12x9x6', size: '12x9x6"', location: 'A3', packSize: 25, packs: 1, units: 25 }],
  partDispatched: false,
  shopName: 'Packaging Shop',
};

describe('the picking list PDF', () => {
  it('prints every column header whole, each word on one line', async () => {
    const items = await pdfTextItems(await pickingListPdf(oneLine));
    const texts = items.map((item) => item.text.trim());
    // A header is one piece of text, or wraps between its words: each word whole.
    for (const header of ['Picked', 'Code', 'Item', 'Size', 'Location', 'Pack size', 'Packs', 'Total units']) {
      expect(texts.includes(header) || header.split(' ').every((word) => texts.includes(word)), header).toBe(true);
    }
    expect(texts).not.toContain('Picke');
  });

  it('counts one line, one pack in the singular', async () => {
    const [page] = await pdfText(await pickingListPdf(oneLine));
    expect(page).toContain('1 line, 1 pack, 25 units');
    const two = { ...oneLine, lines: [...oneLine.lines, { ...oneLine.lines[0]!, code: 'P000101', packs: 2, units: 50 }] };
    expect((await pdfText(await pickingListPdf(two)))[0]).toContain('2 lines, 3 packs, 75 units');
  });

  it('refuses a table whose column is narrower than a word of its header', async () => {
    await expect(renderPdf({ title: 't', subject: 's', author: 'a' }, (doc) => drawTable(doc, [{ header: 'Picked', width: 40 }], [['']], { x: 42, y: 42, fontSize: 10 }))).rejects.toThrow(
      'The column "Picked" (40pt) is too narrow for "Picked"',
    );
  });
});
