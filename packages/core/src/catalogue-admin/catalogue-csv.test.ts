/**
 * The catalogue CSV (docs/catalogue-csv.md) on PGlite and PostgreSQL: the demo
 * catalogue exported, imported and exported again gives the same file; a dry run lists rows to
 * add, to change (old -> new) and unchanged; applying is all or nothing and idempotent by
 * product code; every kind of bad file gets a clear error with its row and column.
 */
import { sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { seedDemoCatalogueIfEmpty } from '@shop/db/seed';
import { CatalogueAdmin } from './catalogue-admin.ts';
import { CATALOGUE_CSV_COLUMNS, IMPORT_MAX_BYTES } from './catalogue-csv.ts';

async function text(pieces: AsyncGenerator<string>): Promise<string> {
  let out = '';
  for await (const piece of pieces) out += piece;
  return out;
}

const bytes = (value: string) => new TextEncoder().encode(value);

/** Rows of the export as objects, to edit and write back. */
function rowsOf(csv: string): Record<string, string>[] {
  return parse(csv, { columns: true, bom: true }) as Record<string, string>[];
}

function csvOf(rows: Record<string, string>[], columns: readonly string[] = CATALOGUE_CSV_COLUMNS): string {
  return stringify(rows, { header: true, columns: [...columns] });
}

for (const kind of databaseKinds()) {
  describe(`catalogue CSV [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: CatalogueAdmin;
    let staffId: number;
    let exported: string;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      await seedDemoCatalogueIfEmpty(database.db);
      admin = new CatalogueAdmin(database.db);
      const [row] = await queryRows<{ staff_id: number }>(database.db, sql`INSERT INTO staff (email, name, role) VALUES ('m@example.com', 'Max', 'manager') RETURNING staff_id`);
      staffId = Number(row!.staff_id);
      exported = await text(admin.csv.export());
    });
    afterAll(async () => drop?.());

    it('exports a row per pack with the documented columns, a BOM first, products by code', async () => {
      expect(exported.startsWith(`\uFEFF${CATALOGUE_CSV_COLUMNS.join(',')}\n`)).toBe(true);
      const rows = rowsOf(exported);
      const [{ packs }] = (await queryRows<{ packs: number }>(database.db, sql`SELECT count(*)::int AS packs FROM product_prices`)) as [{ packs: number }];
      expect(rows).toHaveLength(Number(packs));
      const first = rows[0]!;
      expect(first.product_code).toBe('P000001');
      expect(first.price_ex_vat).toMatch(/^\d+\.\d\d$/);
      expect(first.on_sale).toBe('yes');
      expect(first.category).toContain(' > ');
    });

    it('imports its own export as all unchanged, and export -> import -> export gives the same file', async () => {
      const report = await admin.csv.dryRun(bytes(exported));
      expect(report.errors).toEqual([]);
      expect(report.adds).toEqual([]);
      expect(report.changes).toEqual([]);
      expect(report.unchanged).toBe(report.products);
      const applied = await admin.csv.apply(bytes(exported), staffId, report.digest);
      expect(applied.priceChanges).toBe(0);
      expect(await text(admin.csv.export())).toBe(exported);
    });

    it('shows a price change old -> new in the dry run, writes nothing until applied, then applies it once (idempotent) with its audit', async () => {
      const rows = rowsOf(exported);
      const target = rows[0]!;
      const oldPrice = target.price_ex_vat!;
      target.price_ex_vat = (Number(oldPrice) + 1.11).toFixed(2);
      const file = bytes(`\uFEFF${csvOf(rows)}`);
      const report = await admin.csv.dryRun(file);
      expect(report.errors).toEqual([]);
      expect(report.changes).toEqual([
        { row: 2, productCode: target.product_code, name: target.name, changes: [`${target.size1}${target.size2 ? ` (${target.size2})` : ''} pack of ${target.pack_quantities}: £${oldPrice} -> £${target.price_ex_vat}`] },
      ]);
      expect(rowsOf(await text(admin.csv.export()))[0]!.price_ex_vat).toBe(oldPrice);
      const applied = await admin.csv.apply(file, staffId, report.digest);
      expect(applied.priceChanges).toBe(1);
      expect(rowsOf(await text(admin.csv.export()))[0]!.price_ex_vat).toBe(target.price_ex_vat);
      const [audit] = await queryRows<{ old_price_pence: number; new_price_pence: number; staff_id: number; source: string }>(
        database.db,
        sql`SELECT old_price_pence, new_price_pence, staff_id, source FROM price_changes ORDER BY price_change_id DESC LIMIT 1`,
      );
      expect(audit).toMatchObject({ old_price_pence: Math.round(Number(oldPrice) * 100), new_price_pence: Math.round(Number(target.price_ex_vat) * 100), staff_id: staffId, source: 'import' });
      // The same file again: nothing to do.
      const again = await admin.csv.dryRun(file);
      expect(again.changes).toEqual([]);
      const reapplied = await admin.csv.apply(file, staffId);
      expect(reapplied.priceChanges).toBe(0);
      // Put the price back for the other tests.
      target.price_ex_vat = oldPrice;
      await admin.csv.apply(bytes(csvOf(rows)), staffId);
    });

    it('adds a product from the file (two sizes, three packs, quoted commas and line breaks kept) linked to an existing one', async () => {
      const rows = rowsOf(exported);
      const category = rows[0]!.category!;
      const base = { product_code: 'NEW-CSV-1', name: 'Box, "double" wall', category, description: 'Strong,\nstackable.\n=not a formula', on_sale: 'yes', new: 'yes', featured: 'no', linked_product_code: 'P000001', image_url: '' };
      const added = [
        { ...base, size1: '10x8x6"', size2: '254x203x152mm', pack_quantities: '25', price_ex_vat: '10.00' },
        { ...base, size1: '10x8x6"', size2: '254x203x152mm', pack_quantities: '50', price_ex_vat: '18.50' },
        { ...base, size1: '20x16x12"', size2: '', pack_quantities: '10|20', price_ex_vat: '£1,234.5' },
      ];
      const p1 = rows.filter((r) => r.product_code === 'P000001');
      const file = bytes(csvOf([...added, ...p1]));
      const report = await admin.csv.dryRun(file);
      expect(report.errors).toEqual([]);
      expect(report.adds).toEqual([{ row: 2, productCode: 'NEW-CSV-1', name: 'Box, "double" wall', changes: ['2 sizes, 3 packs'] }]);
      expect(report.unchanged).toBe(1);
      await admin.csv.apply(file, staffId, report.digest);
      const after = rowsOf(await text(admin.csv.export())).filter((r) => r.product_code === 'NEW-CSV-1');
      expect(after.map((r) => [r.size1, r.pack_quantities, r.price_ex_vat])).toEqual([
        ['10x8x6"', '25', '10.00'],
        ['10x8x6"', '50', '18.50'],
        ['20x16x12"', '10|20', '1234.50'],
      ]);
      expect(after[0]!.description).toBe("Strong,\nstackable.\n=not a formula");
      expect(after[0]!.linked_product_code).toBe('P000001');
      // And round trip stays exact with the new product in it.
      const whole = await text(admin.csv.export());
      await admin.csv.apply(bytes(whole), staffId);
      expect(await text(admin.csv.export())).toBe(whole);
    });

    it('refuses a text that would start a formula in a spreadsheet only by guarding it: export writes a leading apostrophe, import removes it', async () => {
      const whole = await text(admin.csv.export());
      expect(whole).toContain(`"Strong,\nstackable.\n=not a formula"`);
      const rows = rowsOf(whole).filter((r) => r.product_code === 'NEW-CSV-1');
      rows.forEach((r) => (r.name = '=HYPERLINK("x")'));
      await admin.csv.apply(bytes(csvOf(rows)), staffId);
      const exportedAgain = rowsOf(await text(admin.csv.export())).find((r) => r.product_code === 'NEW-CSV-1')!;
      expect(exportedAgain.name).toBe(`'=HYPERLINK("x")`);
      const [stored] = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM products WHERE product_code = 'NEW-CSV-1'`);
      expect(stored!.name).toBe('=HYPERLINK("x")');
    });

    describe('bad files: clear errors with row and column, nothing applied', () => {
      const errorsOf = async (file: Uint8Array) => (await admin.csv.dryRun(file)).errors;

      it('a file that is not UTF-8 (a spreadsheet\'s Windows-1252 £)', async () => {
        const latin1 = Uint8Array.from([...bytes('product_code,name,category,size1,size2,pack_quantities,price_ex_vat\nX,Box '), 0xa3, ...bytes('5,Cat,A4,,1,5\n')]);
        expect(await errorsOf(latin1)).toEqual([{ row: null, column: null, message: expect.stringContaining('not UTF-8') }]);
      });

      it('a BOM and CRLF line ends are fine; an empty file or a header alone is named', async () => {
        const crlf = `\uFEFF${exported.slice(1).split('\n').slice(0, 3).join('\r\n')}\r\n`;
        const report = await admin.csv.dryRun(bytes(crlf));
        expect(report.errors).toEqual([]);
        expect(await errorsOf(bytes(''))).toEqual([{ row: null, column: null, message: expect.stringContaining('empty') }]);
        expect(await errorsOf(bytes(`${CATALOGUE_CSV_COLUMNS.join(',')}\n`))).toEqual([{ row: null, column: null, message: expect.stringContaining('no rows') }]);
      });

      it('missing and unknown columns in the header, extra or missing cells in a row, an unclosed quote', async () => {
        const rows = rowsOf(exported).slice(0, 2);
        const missing = await errorsOf(bytes(csvOf(rows, CATALOGUE_CSV_COLUMNS.filter((c) => c !== 'price_ex_vat'))));
        expect(missing).toEqual([{ row: 1, column: 'price_ex_vat', message: 'The column price_ex_vat is missing from the first row (the header).' }]);
        const unknown = await errorsOf(bytes(csvOf(rows.map((r) => ({ ...r, colour: 'red' })), [...CATALOGUE_CSV_COLUMNS, 'colour'])));
        expect(unknown).toEqual([{ row: 1, column: 'colour', message: expect.stringContaining('does not know') }]);
        const simple = `${CATALOGUE_CSV_COLUMNS.join(',')}\n` + 'X1,Box,Cat,,A4,,5,1.00,yes,no,no,,,,,no,,,extra\n' + 'X2,Box,Cat,,A4\n';
        expect(await errorsOf(bytes(simple))).toEqual([
          { row: 2, column: null, message: expect.stringContaining('an extra cell') },
          { row: 3, column: null, message: expect.stringContaining('cells are missing') },
        ]);
        const unclosed = await errorsOf(bytes(`${CATALOGUE_CSV_COLUMNS.join(',')}\nP1,"Box,Cat\n`));
        expect(unclosed).toEqual([{ row: expect.any(Number), column: null, message: expect.stringContaining('could not be read as CSV') }]);
      });

      it('a pack listed twice, rows of one code that disagree, negative, non-numeric and missing prices, bad pack quantities, unknown category', async () => {
        const rows = rowsOf(exported).filter((r) => r.product_code === 'P000001');
        const first = rows[0]!;
        const file = csvOf([
          first,
          { ...first },
          { ...first, name: 'Another name', pack_quantities: '999' },
          { ...first, pack_quantities: '7', price_ex_vat: '-3.00' },
          { ...first, pack_quantities: '8', price_ex_vat: 'twelve' },
          { ...first, pack_quantities: '9', price_ex_vat: '1.234' },
          { ...first, pack_quantities: '0', price_ex_vat: '1.00' },
          { ...first, product_code: 'OTHER-1', category: 'No such > Place' },
          { ...first, product_code: 'BAD CODE' },
        ]);
        const errors = await errorsOf(bytes(file));
        expect(errors).toEqual([
          { row: 3, column: 'pack_quantities', message: expect.stringContaining('on an earlier row too') },
          { row: 4, column: 'name', message: expect.stringContaining('must agree on name') },
          { row: 5, column: 'price_ex_vat', message: 'A price must be more than £0.00.' },
          { row: 6, column: 'price_ex_vat', message: expect.stringContaining('"twelve" is not a price') },
          { row: 7, column: 'price_ex_vat', message: expect.stringContaining('at most 2 decimals') },
          { row: 8, column: 'pack_quantities', message: expect.stringContaining('not a pack quantity') },
          { row: 9, column: 'category', message: expect.stringContaining('No category has the path "No such > Place"') },
          { row: 10, column: 'product_code', message: expect.stringContaining('no spaces') },
        ]);
      });

      it('a pack quantity that lists the same units twice ("25|25") is refused, saying which', async () => {
        const first = rowsOf(exported).find((r) => r.product_code === 'P000001')!;
        const errors = await errorsOf(bytes(csvOf([{ ...first, pack_quantities: '25|25' }])));
        expect(errors).toEqual([{ row: 2, column: 'pack_quantities', message: '"25|25" lists 25 twice: give each choice of units once (for example 25|50).' }]);
      });

      it('a name with a right-to-left override ("\u202Egnp.exe") is read without it, as the editor stores it', async () => {
        const first = rowsOf(exported).find((r) => r.product_code === 'P000001')!;
        const report = await admin.csv.dryRun(bytes(csvOf([{ ...first, product_code: 'RLO-CSV', name: '\u202Egnp.exe' }])));
        expect(report.adds.map((a) => a.name)).toEqual(['gnp.exe']);
      });

      it('a file saved with semicolons (or tabs) between cells gets one message saying so, not every column missing', async () => {
        const rows = rowsOf(exported).slice(0, 2);
        const semicolons = stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], delimiter: ';' });
        expect(await errorsOf(bytes(semicolons))).toEqual([{ row: null, column: null, message: expect.stringContaining('separates its cells with semicolons, not commas') }]);
        const tabs = stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS], delimiter: '\t' });
        expect(await errorsOf(bytes(tabs))).toEqual([{ row: null, column: null, message: expect.stringContaining('with tabs, not commas') }]);
      });

      it('one mistyped cell is one error on its own row, even on the first row of a product with several packs', async () => {
        const rows = rowsOf(exported);
        const code = rows.find((r, i) => rows.filter((o) => o.product_code === r.product_code).length >= 3 && i >= 0)!.product_code;
        const packs = rows.filter((r) => r.product_code === code);
        const [head, ...rest] = packs;
        expect(await errorsOf(bytes(csvOf([{ ...head!, category: 'No such > Place' }, ...rest])))).toEqual([
          { row: 2, column: 'category', message: expect.stringContaining(`must agree on category: this row differs from row 3`) },
        ]);
        expect(await errorsOf(bytes(csvOf([{ ...head!, featured: 'maybe' }, ...rest])))).toEqual([
          { row: 2, column: 'featured', message: expect.stringContaining('must agree on featured') },
        ]);
      });

      it('a 20 MB file is refused by its size before it is read', async () => {
        const big = new Uint8Array(20 * 1024 * 1024).fill(0x41);
        expect(big.byteLength).toBeGreaterThan(IMPORT_MAX_BYTES);
        expect(await errorsOf(big)).toEqual([{ row: null, column: null, message: expect.stringContaining('The file is 20.0 MB') }]);
      });

      it('a binary file (an image renamed .csv) is not CSV', async () => {
        expect(await errorsOf(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]))).toEqual([
          { row: null, column: null, message: expect.stringMatching(/not UTF-8|binary/) },
        ]);
      });

      it('applying a file with errors writes nothing at all, not even its good rows', async () => {
        const rows = rowsOf(exported).slice(0, 3);
        const good = { ...rows[0]!, price_ex_vat: '77.77' };
        const bad = { ...rows[2]!, price_ex_vat: '-1' };
        const file = bytes(csvOf([good, rows[1]!, bad]));
        await expect(admin.csv.apply(file, staffId)).rejects.toMatchObject({ code: 'invalid_request', details: { report: { errorCount: 1 } } });
        expect(rowsOf(await text(admin.csv.export())).find((r) => r.product_code === rows[0]!.product_code)!.price_ex_vat).toBe(rows[0]!.price_ex_vat);
      });

      it('applying after the catalogue changed since the dry run is refused: check again', async () => {
        const rows = rowsOf(exported).slice(0, 1);
        rows[0]!.price_ex_vat = '55.55';
        const file = bytes(csvOf(rows));
        const report = await admin.csv.dryRun(file);
        const [product] = await queryRows<{ product_id: number }>(database.db, sql`SELECT product_id FROM products WHERE product_code = ${rows[0]!.product_code}`);
        const current = await admin.products.product(Number(product!.product_id));
        await admin.products.update(staffId, current.productId, current.version, { ...current, name: `${current.name} (renamed)` });
        await expect(admin.csv.apply(file, staffId, report.digest)).rejects.toMatchObject({ code: 'conflict', message: expect.stringContaining('changed since this dry run') });
        await admin.products.update(staffId, current.productId, current.version + 1, current);
      });
    });
  });
}
