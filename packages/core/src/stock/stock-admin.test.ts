/**
 * Staff and stock, as the back office uses it: goods-in and counts change on hand (the warehouse
 * may do both), thresholds and backorders are the catalogue's, every change is an audit row
 * naming who and why, and the low-stock list and dashboard figure show what is low or out.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { Forbidden, Invalid } from '../errors.ts';
import { StockAdministration, stockAdminMessages } from './stock-admin.ts';
import { insertStockCatalogue, levelOf, MANAGER, setStock, WAREHOUSE, type StockCatalogue } from './stock-fixtures.ts';

for (const kind of databaseKinds()) {
  describe(`staff set stock [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let stock: StockAdministration;
    let c: StockCatalogue;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 4 }));
      c = await insertStockCatalogue(database.db);
      stock = new StockAdministration(database.db, { now: () => new Date('2026-11-27T10:00:00Z') });
    }, 60_000);
    afterAll(async () => drop?.());

    const audit = async (productSizeId: number) =>
      (
        await queryRows<{ kind: string; on_hand_change: number; staff_id: number; reason: string }>(
          database.db,
          sql`SELECT kind, on_hand_change, staff_id, reason FROM stock_movements WHERE product_size_id = ${productSizeId} ORDER BY stock_movement_id`,
        )
      ).map((m) => [m.kind, Number(m.on_hand_change), Number(m.staff_id), m.reason]);

    it('goods-in by the warehouse puts the units on hand, starts tracking a size, and records the delivery', async () => {
      expect(await levelOf(database.db, c.sizeB)).toBeNull();
      const deliveryId = await stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-4471', note: '', lines: [{ productSizeId: c.sizeB, units: 240 }] });
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 240, allocated: 0 });
      expect(await audit(c.sizeB)).toEqual([['goods_in', 240, WAREHOUSE.staffId, 'Goods in: DN-4471']]);
      expect((await stock.recentDeliveries(WAREHOUSE))[0]).toMatchObject({ deliveryId, supplierReference: 'DN-4471', staffName: 'Will Warehouse', lines: 1, units: 240 });
    });

    it('goods-in without a supplier reference, lines or whole units is refused and changes nothing', async () => {
      await expect(stock.receiveGoods(WAREHOUSE, { supplierReference: ' ', note: '', lines: [{ productSizeId: c.sizeB, units: 1 }] })).rejects.toThrow(stockAdminMessages.supplierReference);
      await expect(stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-1', note: '', lines: [] })).rejects.toThrow(stockAdminMessages.noLines);
      const refused = await stock.receiveGoods(WAREHOUSE, { supplierReference: 'DN-1', note: '', lines: [{ productSizeId: c.sizeB, units: 2.5 }] }).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(Invalid);
      expect((refused as Invalid).details.fields).toEqual([{ field: 'lines.0.units', message: stockAdminMessages.units }]);
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 240, allocated: 0 });
    });

    it('a count sets on hand to the figure counted and records the difference and the reason', async () => {
      await stock.count(WAREHOUSE, { productSizeId: c.sizeB, counted: 226, reason: 'Monthly count' });
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 226, allocated: 0 });
      expect((await audit(c.sizeB)).at(-1)).toEqual(['count', -14, WAREHOUSE.staffId, 'Counted 226 (was 240): Monthly count']);
      await expect(stock.count(WAREHOUSE, { productSizeId: c.sizeB, counted: 10, reason: '' })).rejects.toThrow(stockAdminMessages.reason);
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 226, allocated: 0 });
    });

    it('thresholds and backorders are set by catalogue staff, audited, and the warehouse may not', async () => {
      await expect(stock.saveSettings(WAREHOUSE, c.productId, { backordersAllowed: true, expectedDate: null, thresholds: [] })).rejects.toBeInstanceOf(Forbidden);
      await stock.saveSettings(MANAGER, c.productId, { backordersAllowed: true, expectedDate: '2026-12-04', thresholds: [{ productSizeId: c.sizeB, lowThreshold: 300 }] });
      const product = await stock.productStock(MANAGER, c.productId);
      expect(product).toMatchObject({ backordersAllowed: true, expectedDate: '2026-12-04' });
      const sizeB = product.sizes.find((s) => s.productSizeId === c.sizeB)!;
      expect(sizeB).toMatchObject({ tracked: true, onHand: 226, lowThreshold: 300, packUnits: 10 });
      expect(sizeB.status.label).toBe('Only 22 packs of 10 left');
      expect(product.sizes.find((s) => s.productSizeId === c.sizeA)!.tracked).toBe(false);
      expect((await audit(c.sizeB)).at(-1)).toEqual(['settings', 0, MANAGER.staffId, 'Low-stock threshold 0 → 300 units; Backorders allowed, expected 4 December 2026']);
      await expect(stock.saveSettings(MANAGER, c.productId, { backordersAllowed: true, expectedDate: '2026-02-30', thresholds: [] })).rejects.toThrow(stockAdminMessages.expectedDate);
      await stock.saveSettings(MANAGER, c.productId, { backordersAllowed: false, expectedDate: null, thresholds: [] });
    });

    it('the bin or shelf of each size is kept for the picking list, audited when the size is tracked, and cleared when emptied', async () => {
      await stock.saveSettings(MANAGER, c.productId, { backordersAllowed: false, expectedDate: null, thresholds: [], locations: [{ productSizeId: c.sizeB, location: ' B12-3 ' }, { productSizeId: c.sizeA, location: 'A1' }] });
      const product = await stock.productStock(MANAGER, c.productId);
      expect(product.sizes.find((s) => s.productSizeId === c.sizeB)!.location).toBe('B12-3');
      expect(product.sizes.find((s) => s.productSizeId === c.sizeA)!.location).toBe('A1');
      expect((await audit(c.sizeB)).at(-1)).toEqual(['settings', 0, MANAGER.staffId, 'Shelf not set → B12-3']);
      await expect(
        stock.saveSettings(MANAGER, c.productId, { backordersAllowed: false, expectedDate: null, thresholds: [], locations: [{ productSizeId: c.sizeB, location: 'x'.repeat(31) }] }),
      ).rejects.toThrow(stockAdminMessages.location);
      await stock.saveSettings(MANAGER, c.productId, { backordersAllowed: false, expectedDate: null, thresholds: [], locations: [{ productSizeId: c.sizeB, location: '' }] });
      const [row] = await queryRows<{ location: string | null }>(database.db, sql`SELECT location FROM product_sizes WHERE product_size_id = ${c.sizeB}`);
      expect(row!.location).toBeNull();
    });

    it('the low-stock list and the dashboard figure show sizes below their threshold and those out, out first', async () => {
      await setStock(database.db, c.sizeA, 20, { lowThreshold: 100 }); // less than a pack of 25: out
      const list = await stock.lowStock(WAREHOUSE);
      expect(list.map((row) => [row.size1, row.available, row.out])).toEqual([
        ['12x9x6"', 20, true],
        ['18x12x12"', 226, false],
      ]);
      expect(await stock.lowStockFigures()).toEqual({ low: 1, out: 1 });
    });
  });
}
