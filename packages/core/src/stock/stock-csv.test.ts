/**
 * Stock in the catalogue CSV (docs/catalogue-csv.md): the export writes on hand and the
 * threshold per size and backorders per product; the import's dry run lists each stock change,
 * and applying counts on hand to the file's figure with the reason "CSV import" (audited, with
 * who), sets thresholds and backorders, and refuses a threshold for a size not tracked.
 */
import { sql } from 'drizzle-orm';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { CatalogueAdmin } from '../catalogue-admin/catalogue-admin.ts';
import { CATALOGUE_CSV_COLUMNS } from '../catalogue-admin/catalogue-csv.ts';
import { insertStockCatalogue, levelOf, MANAGER, setBackorders, setStock, type StockCatalogue } from './stock-fixtures.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
async function text(pieces: AsyncIterable<string>): Promise<string> {
  let out = '';
  for await (const piece of pieces) out += piece;
  return out;
}
const rowsOf = (csv: string) => parse(csv, { columns: true, bom: true }) as Record<string, string>[];
const csvOf = (rows: Record<string, string>[]) => stringify(rows, { header: true, columns: [...CATALOGUE_CSV_COLUMNS] });

for (const kind of databaseKinds()) {
  describe(`stock in the catalogue CSV [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let admin: CatalogueAdmin;
    let c: StockCatalogue;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 4 }));
      c = await insertStockCatalogue(database.db);
      admin = new CatalogueAdmin(database.db);
      await setStock(database.db, c.sizeA, 500, { lowThreshold: 100 });
      await setBackorders(database.db, c.productId, false, '2026-12-04');
    }, 60_000);
    afterAll(async () => drop?.());

    const boxRows = async () => rowsOf(await text(admin.csv.export())).filter((row) => row.name === 'Stock Test Box');

    it('exports on hand and the threshold per size (empty when not tracked), backorders and the expected date per product', async () => {
      const rows = await boxRows();
      expect(rows.map((row) => [row.size1, row.pack_quantities, row.stock_on_hand, row.low_stock_threshold, row.backorders, row.expected_date])).toEqual([
        ['12x9x6"', '25', '500', '100', 'no', '2026-12-04'],
        ['12x9x6"', '100', '500', '100', 'no', '2026-12-04'],
        ['18x12x12"', '10', '', '', 'no', '2026-12-04'],
      ]);
    });

    it('imports on hand as a count with the reason "CSV import": listed in the dry run, written only when applied, audited with who', async () => {
      const all = rowsOf(await text(admin.csv.export()));
      const edited = all.map((row) =>
        row.name !== 'Stock Test Box' ? row : row.size1 === '12x9x6"' ? { ...row, stock_on_hand: '480', low_stock_threshold: '150' } : { ...row, stock_on_hand: '60', backorders: 'yes' },
      );
      // The box's third row is its only row of 18x12x12"; backorders must agree across its rows.
      for (const row of edited) if (row.name === 'Stock Test Box') row.backorders = 'yes';
      const file = bytes(csvOf(edited));
      const report = await admin.csv.dryRun(file);
      expect(report.errors).toEqual([]);
      expect(report.changes.find((change) => change.name === 'Stock Test Box')!.changes).toEqual([
        '12x9x6" stock on hand: 500 -> 480 (a count, "CSV import")',
        '12x9x6" low-stock threshold: 100 -> 150',
        '18x12x12" stock on hand: not tracked -> 60 (a count, "CSV import")',
        'backorders: no -> yes',
      ]);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 500, allocated: 0 });
      await admin.csv.apply(file, MANAGER.staffId, report.digest);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 480, allocated: 0 });
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 60, allocated: 0 });
      const audit = await queryRows<{ kind: string; on_hand_change: number; staff_id: number; reason: string }>(
        database.db,
        sql`SELECT kind, on_hand_change, staff_id, reason FROM stock_movements WHERE product_size_id = ${c.sizeA} ORDER BY stock_movement_id`,
      );
      expect(audit.map((m) => [m.kind, Number(m.on_hand_change), Number(m.staff_id), m.reason])).toEqual([
        ['count', -20, MANAGER.staffId, 'Counted 480 (was 500): CSV import'],
        ['settings', 0, MANAGER.staffId, 'Low-stock threshold 100 → 150 units: CSV import'],
        ['settings', 0, MANAGER.staffId, 'Backorders allowed, expected 4 December 2026: CSV import'],
      ]);
      // The same file again changes nothing.
      const again = await admin.csv.dryRun(file);
      expect(again.changes).toEqual([]);
    });

    it('refuses a threshold for a size not tracked, and figures that are not whole units, naming row and column', async () => {
      await database.db.execute(sql`DELETE FROM stock_levels WHERE product_size_id = ${c.sizeB}`);
      const rows = (await boxRows()).map((row) =>
        row.size1 === '18x12x12"' ? { ...row, stock_on_hand: '', low_stock_threshold: '20' } : { ...row, stock_on_hand: '12.5' },
      );
      const report = await admin.csv.dryRun(bytes(csvOf(rows)));
      expect(report.errors.map((e) => [e.row, e.column, e.message])).toEqual([
        [2, 'stock_on_hand', 'stock_on_hand must be a whole number of units from 0 to 10,000,000, or empty to leave it as it is.'],
        [4, 'low_stock_threshold', 'This size is not tracked yet: give its stock_on_hand too (a count), or leave low_stock_threshold empty.'],
      ]);
      // Two rows of one size that disagree: the second is named.
      const disagree = (await boxRows()).map((row, i) => (i === 1 ? { ...row, stock_on_hand: '7' } : row));
      expect((await admin.csv.dryRun(bytes(csvOf(disagree)))).errors.map((e) => [e.row, e.column, e.message])).toEqual([
        [3, 'stock_on_hand', `The rows of one size of product ${disagree[0]!.product_code} must agree on stock_on_hand: this row differs from row 2.`],
      ]);
    });
  });
}
