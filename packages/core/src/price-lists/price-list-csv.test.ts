/**
 * A price list's CSV, over PGlite with the demo catalogue: export -> import -> export gives the
 * same file and the dry run finds nothing to do; a changed file's dry run lists the prices to
 * add, change and remove and every error with its row and column, and applies all or nothing;
 * a list changed since the dry run is refused. Every change is in the list's history.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { PriceLists } from './price-lists-admin.ts';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let lists: PriceLists;
let box: { code: string; size1: string; quantities: number[] };
let topCategory: string;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase('pglite', { demoCatalogue: true }));
  lists = new PriceLists(database.db);
  const [row] = await queryRows<{ product_code: string; size1: string; quantities: number[] }>(
    database.db,
    sql`SELECT p.product_code, s.size1, array_agg(pp.pack_range[1] ORDER BY pp.sort_order) AS quantities
        FROM product_sizes s JOIN products p ON p.product_id = s.product_id JOIN product_prices pp ON pp.product_size_id = s.product_size_id
        GROUP BY p.product_code, s.size1, s.product_size_id HAVING count(*) > 1 ORDER BY s.product_size_id LIMIT 1`,
  );
  box = { code: row!.product_code, size1: row!.size1, quantities: (row!.quantities as unknown as number[]).map(Number) };
  const [category] = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM categories WHERE parent_id IS NULL ORDER BY sort_order, name LIMIT 1`);
  topCategory = category!.name;
}, 60_000);
afterAll(async () => drop?.());

const csvBytes = (text: string) => new TextEncoder().encode(text);
const HEADER = 'product_code,size1,pack_quantity,price_ex_vat,category,percent_off';
const quote = (text: string) => `"${text.replace(/"/g, '""')}"`;

describe('price list CSV', () => {
  it('export -> import -> export gives the same file, and the dry run finds nothing to do', async () => {
    const listId = await lists.create(null, 'Round trip');
    await lists.saveEntry(null, listId, { product_code: box.code, size1: box.size1, pack_quantity: String(box.quantities[0]), price_ex_vat: '9.99' });
    await lists.saveEntry(null, listId, { product_code: box.code, size1: box.size1, percent_off: '12.5' });
    await lists.saveEntry(null, listId, { category: topCategory, percent_off: '5' });
    const exported = await lists.exportCsv(listId);
    expect(exported.filename).toBe('price-list-round-trip.csv');
    expect(exported.text.split('\n')[0]).toBe(`\uFEFF${HEADER}`);
    expect(exported.text).toContain(`${box.quantities[0]},9.99,,`);
    expect(exported.text).toContain(`,,,,${topCategory},5`);
    expect(exported.text).toContain(',,12.5');

    const dryRun = await lists.dryRun(listId, csvBytes(exported.text));
    expect(dryRun).toMatchObject({ rows: 3, adds: [], changes: [], removals: [], unchanged: 3, errors: [] });
    await lists.apply(null, listId, csvBytes(exported.text), dryRun.digest);
    expect((await lists.exportCsv(listId)).text).toBe(exported.text);
  });

  it("a changed file's dry run: prices to add, change and remove; applying makes the file the list", async () => {
    const listId = await lists.create(null, 'Changes');
    await lists.saveEntry(null, listId, { product_code: box.code, size1: box.size1, pack_quantity: String(box.quantities[0]), price_ex_vat: '9.99' });
    await lists.saveEntry(null, listId, { category: topCategory, percent_off: '5' });
    const file = [
      HEADER,
      `${box.code},${quote(box.size1)},${box.quantities[0]},8.50,,`,
      `${box.code},${quote(box.size1)},${box.quantities[1]},£15,,`,
    ].join('\n');
    const dryRun = await lists.dryRun(listId, csvBytes(file));
    expect(dryRun.errors).toEqual([]);
    expect(dryRun.adds).toEqual([{ row: 3, what: `${box.code} ${box.size1}, pack of ${box.quantities[1]}`, detail: '£15.00' }]);
    expect(dryRun.changes).toEqual([{ row: 2, what: `${box.code} ${box.size1}, pack of ${box.quantities[0]}`, detail: '£9.99 -> £8.50' }]);
    expect(dryRun.removals).toEqual([{ row: null, what: `${topCategory} (category)`, detail: '5% off' }]);
    // Nothing is written by a dry run.
    expect((await lists.detail(listId)).entries.map((e) => e.ruleText)).toEqual(['£9.99', '5% off']);

    await lists.apply(null, listId, csvBytes(file), dryRun.digest);
    expect((await lists.detail(listId)).entries.map((e) => `${e.what}: ${e.ruleText}`)).toEqual([
      `${box.code} ${box.size1}, pack of ${box.quantities[0]}: £8.50`,
      `${box.code} ${box.size1}, pack of ${box.quantities[1]}: £15.00`,
    ]);
    expect((await lists.history(listId))[0]).toMatchObject({ kind: 'imported', after: { added: 1, changed: 1, removed: 1, unchanged: 0 } });
  });

  it('every error with its row and column; a file with errors applies nothing', async () => {
    const listId = await lists.create(null, 'Errors');
    await lists.saveEntry(null, listId, { category: topCategory, percent_off: '5' });
    const file = [
      HEADER,
      `NO-SUCH-CODE,Big,10,1.00,,`,
      `${box.code},No such size,,,,10`,
      `${box.code},${quote(box.size1)},7777,1.00,,`,
      `,,,5.00,${quote(topCategory)},`,
      `${box.code},${quote(box.size1)},${box.quantities[0]},1.00,,10`,
      `${box.code},${quote(box.size1)},,,,150`,
      `${box.code},${quote(box.size1)},,2.00,,`,
      `,,,,${quote(topCategory)},10`,
      `,,,,${quote(topCategory)},20`,
    ].join('\n');
    const dryRun = await lists.dryRun(listId, csvBytes(file));
    expect(dryRun.errors).toEqual([
      { row: 2, column: 'product_code', message: 'No product has the code NO-SUCH-CODE.' },
      { row: 3, column: 'size1', message: `Product ${box.code} has no size "No such size".` },
      { row: 4, column: 'pack_quantity', message: `Product ${box.code} size ${box.size1} has no pack of 7777.` },
      { row: 5, column: 'price_ex_vat', message: 'A category takes a percentage off (percent_off), not a fixed price.' },
      { row: 6, column: 'percent_off', message: 'Give either a price (price_ex_vat, with pack_quantity) or a percentage off (percent_off), not both.' },
      { row: 7, column: 'percent_off', message: '"150" is not a percentage off: give a number above 0 and below 100 with at most 2 decimals, such as 12.5.' },
      { row: 8, column: 'pack_quantity', message: 'A fixed price is for one pack: give its pack_quantity (units in the pack, as the catalogue lists it).' },
      { row: 10, column: null, message: 'The same product size and pack, or category, is on row 9 too (list each once).' },
    ]);
    await expect(lists.apply(null, listId, csvBytes(file), dryRun.digest)).rejects.toMatchObject({ code: 'invalid_request' });
    expect((await lists.detail(listId)).entries).toHaveLength(1);

    const wrongHeader = await lists.dryRun(listId, csvBytes('code,price\nA,1'));
    expect(wrongHeader.errors[0]).toMatchObject({ row: 1, column: 'code' });
    expect((await lists.dryRun(listId, csvBytes(''))).errors).toEqual([{ row: null, column: null, message: "The file is empty: download the price list's CSV for a file to start from." }]);
  });

  it('a list changed since the dry run is refused, and nothing is applied', async () => {
    const listId = await lists.create(null, 'Raced');
    const file = [HEADER, `,,,,${quote(topCategory)},10`].join('\n');
    const dryRun = await lists.dryRun(listId, csvBytes(file));
    await lists.saveEntry(null, listId, { product_code: box.code, size1: box.size1, percent_off: '3' });
    await expect(lists.apply(null, listId, csvBytes(file), dryRun.digest)).rejects.toMatchObject({ code: 'conflict' });
    expect((await lists.detail(listId)).entries.map((e) => e.ruleText)).toEqual(['3% off']);
  });

  it('a second list cannot take a name in use (compared without case)', async () => {
    await lists.create(null, 'Trade 2027');
    await expect(lists.create(null, 'trade 2027')).rejects.toMatchObject({ code: 'conflict', message: 'There is already a price list called "trade 2027".' });
    await expect(lists.create(null, '  ')).rejects.toMatchObject({ code: 'invalid_request' });
  });
});
