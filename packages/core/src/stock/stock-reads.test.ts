/**
 * The storefront's reads of stock: each size's label and the product's in a list, and the
 * basket's lines that sold out since they were added, marked with what can be had.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@shop/db';
import { createTestDatabase } from '@shop/db/testing';
import { StockReader } from './stock-reads.ts';
import { insertStockCatalogue, setBackorders, setStock, type StockCatalogue } from './stock-fixtures.ts';

describe('stock as the storefront reads it [pglite]', () => {
  let database: DatabaseHandle;
  let drop: () => Promise<void>;
  let reader: StockReader;
  let c: StockCatalogue;

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase('pglite'));
    c = await insertStockCatalogue(database.db);
    reader = new StockReader(database.db, { now: () => new Date('2026-11-27T10:00:00Z') });
  }, 60_000);
  afterAll(async () => drop?.());

  it("labels each size and the product by its best size; a product not tracked has no label", async () => {
    await setStock(database.db, c.sizeA, 10, { lowThreshold: 100 }); // less than a pack of 25: out
    await setStock(database.db, c.sizeB, 50, { lowThreshold: 100 }); // 5 packs of 10: low
    const views = await reader.ofProducts([c.productId, c.untrackedProductId]);
    const box = views.get(c.productId)!;
    expect(box.sizes.get(c.sizeA)!.status.label).toBe('Out of stock');
    expect(box.sizes.get(c.sizeB)!.status.label).toBe('Only 5 packs of 10 left');
    expect(box.summary).toMatchObject({ state: 'low', label: 'Low stock' });
    expect(views.get(c.untrackedProductId)!.summary.state).toBe('untracked');
    await setBackorders(database.db, c.productId, true, '2026-12-04');
    expect((await reader.ofProducts([c.productId])).get(c.productId)!.sizes.get(c.sizeA)!.status.label).toBe('Available to order, dispatched around 4 December');
    await setBackorders(database.db, c.productId, false);
  });

  it('marks basket lines that cannot be had as they are, sharing a size between its lines in order', async () => {
    await setStock(database.db, c.sizeA, 130); // 5 packs of 25, or 1 of 100 and 1 of 25
    const { shortfalls, backorder } = await reader.basketStock([
      { product_price_id: c.packA100, qty: 100, count: 1 },
      { product_price_id: c.packA25, qty: 25, count: 3 },
      { product_price_id: c.untrackedPack, qty: 6, count: 999 },
    ]);
    expect(Object.fromEntries(shortfalls)).toEqual({ [c.packA25]: 'Only 1 pack can be had now: change the number of packs to order.' });
    expect(backorder).toBeNull();
    await setStock(database.db, c.sizeA, 0);
    expect(Object.fromEntries((await reader.basketStock([{ product_price_id: c.packA25, qty: 25, count: 1 }])).shortfalls)).toEqual({
      [c.packA25]: 'Out of stock: remove this line to order the rest.',
    });
  });

  it('a basket needing more than the shelf holds of a product that may be backordered is not short: it waits for the date staff expect more, and its line says so', async () => {
    await setStock(database.db, c.sizeA, 30); // 1 pack of 25 on the shelf
    await setBackorders(database.db, c.productId, true, '2026-12-04');
    try {
      const within = await reader.basketStock([{ product_price_id: c.packA25, qty: 25, count: 1 }]);
      expect(within).toEqual({ shortfalls: new Map(), backordered: new Map(), backorder: null });
      const beyond = await reader.basketStock([{ product_price_id: c.packA25, qty: 25, count: 2 }]);
      expect(beyond).toEqual({ shortfalls: new Map(), backordered: new Map([[c.packA25, 'Available to order, dispatched around 4 December']]), backorder: { expectedDate: '2026-12-04' } });
      await setBackorders(database.db, c.productId, true, null);
      const undated = await reader.basketStock([{ product_price_id: c.packA25, qty: 25, count: 2 }]);
      expect(undated.backorder).toEqual({ expectedDate: null });
      expect(Object.fromEntries(undated.backordered)).toEqual({ [c.packA25]: 'Available to order' });
    } finally {
      await setBackorders(database.db, c.productId, false);
    }
  });
});
