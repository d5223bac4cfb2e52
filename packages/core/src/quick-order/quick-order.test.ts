/**
 * Quick order on PGlite and PostgreSQL: lines of product codes and packs go into the basket in one
 * step; each line that cannot is named with its line, its code and why (unknown code, size, pack,
 * number of packs, stock), and nothing of it is in the basket.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { products, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { insertStockCatalogue, setBackorders, setStock, type StockCatalogue } from '../stock/stock-fixtures.ts';
import { quickOrderReasons } from './quick-order.ts';

for (const kind of databaseKinds()) {
  describe(`quick order [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;
    let box: string;
    let tape: string;
    let userId: number;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 4 }));
      c = await insertStockCatalogue(database.db);
      services = createCoreServices(database, { shop: demoShopConfig });
      const codeOf = async (productId: number) =>
        (await database.db.select({ code: products.productCode }).from(products).where(eq(products.productId, productId)))[0]!.code;
      box = await codeOf(c.productId);
      tape = await codeOf(c.untrackedProductId);
      ({ userId } = await services.accounts.signUp({ first_name: 'Quinn', last_name: 'Order', email: `quick.${kind}@example.com`, password: 'correct horse battery', phone: '0113 496 0000' }));
    }, 60_000);
    afterAll(async () => drop?.());

    beforeEach(async () => {
      await database.db.execute(sql`DELETE FROM cart_lines`);
      await setStock(database.db, c.sizeA, 1000);
      await setStock(database.db, c.sizeB, 20);
      await setBackorders(database.db, c.productId, false);
      await database.db.update(products).set({ isActive: true });
    });

    const owner = () => ({ kind: 'user' as const, userId });

    it('adds the right lines in one step and names each wrong one with its line, code and reason', async () => {
      const text = [
        `${box}, 12x9x6", 25, 2`, // 1: added
        `${tape} 3`, // 2: one size, one pack: added
        `${box} 18x12x12 1`, // 3: size without its inch mark, its one pack: added
        'NOPE-1, 4', // 4: unknown code
        `${box}, 4`, // 5: which size?
        `${box}\t12x9x6"\t\t1`, // 6: which pack?
        `${box}, 12x9x6", 50, 1`, // 7: no such pack
        `${box}, A4, 25, 1`, // 8: no such size
        `${tape}, lots`, // 9: not a number
        `${box}, 18x12x12", 10, 3`, // 10: 30 units, 20 available: out of stock for that many
        `${tape.toLowerCase()}, 1`, // 11: codes compared without case: added
      ].join('\n');
      const result = await services.quickOrder.add(owner(), { rows: [], text, csv: '' });

      expect(result.added.map((line) => [line.line, line.product_price_id, line.count])).toEqual([
        [1, c.packA25, 2],
        [2, c.untrackedPack, 3],
        [3, c.packB10, 1],
        [11, c.untrackedPack, 1],
      ]);
      expect(result.not_added.map(({ line, code, reason }) => ({ line, code, reason }))).toEqual([
        { line: 4, code: 'NOPE-1', reason: quickOrderReasons.unknownCode('NOPE-1') },
        { line: 5, code: box, reason: quickOrderReasons.whichSize('Stock Test Box', '12x9x6" and 18x12x12"') },
        { line: 6, code: box, reason: quickOrderReasons.whichPack('Stock Test Box 12x9x6"', 'packs of 25 and 100') },
        { line: 7, code: box, reason: quickOrderReasons.unknownPack('Stock Test Box 12x9x6"', '50', 'packs of 25 and 100') },
        { line: 8, code: box, reason: quickOrderReasons.unknownSize('Stock Test Box', 'A4', '12x9x6" and 18x12x12"') },
        { line: 9, code: tape, reason: quickOrderReasons.quantity('lots') },
        { line: 10, code: box, reason: expect.stringMatching(/^Sorry, only 1 pack of 10 of Stock Test Box 18x12x12" can be added besides what is in your basket/) },
      ]);
      // The basket holds exactly what was added (the tape's two lines on one basket line).
      const basket = new Map(result.cartIems.map((line) => [line.product_price_id, line.count]));
      expect(basket).toEqual(new Map([[c.packA25, 2], [c.untrackedPack, 4], [c.packB10, 1]]));
    });

    it('adds to what the basket holds already, as Add + does, and keeps to the 1000 packs of a line', async () => {
      await services.quickOrder.add(owner(), { rows: [{ code: tape, quantity: '600' }], text: '', csv: '' });
      const result = await services.quickOrder.add(owner(), { rows: [{ code: tape, quantity: '300' }, { code: tape, quantity: '200' }], text: '', csv: '' });
      expect(result.added.map((line) => line.line)).toEqual([1]);
      expect(result.not_added).toEqual([
        expect.objectContaining({ source: 'row', line: 2, reason: expect.stringContaining('at most 100 more can be added') }),
      ]);
      expect(result.cartIems.find((line) => line.product_price_id === c.untrackedPack)?.count).toBe(900);
    });

    it('says a withdrawn product is no longer sold, and lets a backordered size be ordered past its stock', async () => {
      await database.db.update(products).set({ isActive: false }).where(eq(products.productId, c.untrackedProductId));
      await setBackorders(database.db, c.productId, true);
      const result = await services.quickOrder.add(owner(), { rows: [], text: '', csv: `code,size,pack,qty\n${tape},,,1\n${box},18x12x12",10,5\n` });
      expect(result.not_added).toEqual([expect.objectContaining({ source: 'csv', line: 2, reason: quickOrderReasons.notSold('Untracked Tape') })]);
      expect(result.added).toEqual([expect.objectContaining({ source: 'csv', line: 3, product_price_id: c.packB10, count: 5 })]);
    });

    it("puts a visitor's lines in their session's basket", async () => {
      const sessionId = await services.sessions.create('');
      const result = await services.quickOrder.add({ kind: 'session', sessionId }, { rows: [{ code: tape, quantity: '2' }], text: '', csv: '' });
      expect(result.cartIems.map((line) => [line.product_price_id, line.count])).toEqual([[c.untrackedPack, 2]]);
      expect((await services.carts.cartOf(owner())).cartIems).toEqual([]);
    });

    it('refuses a quick order with no line at all, adding nothing', async () => {
      await expect(services.quickOrder.add(owner(), { rows: [{}], text: '\n  \n', csv: '' })).rejects.toMatchObject({ code: 'invalid_request' });
    });
  });
}
