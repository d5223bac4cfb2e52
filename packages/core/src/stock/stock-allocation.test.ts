/**
 * Stock follows an order through every state change, on PGlite and PostgreSQL: placing
 * allocates its units (a pack of 25 takes 25), a short size refuses the whole order with what can
 * be had, dispatch ships, cancelling releases; and 50 buyers racing for the last packs of one size
 * get exactly those packs between them.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { NotEnoughStock } from './stock-allocation.ts';
import { customerAtCheckout, insertStockCatalogue, levelOf, MANAGER, setBackorders, setStock, type StockCatalogue } from './stock-fixtures.ts';
import { stockMovements } from './stock-movements.ts';

for (const kind of databaseKinds()) {
  describe(`stock through an order's life [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let c: StockCatalogue;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { poolSize: 20 }));
      c = await insertStockCatalogue(database.db);
      services = createCoreServices(database, { shop: demoShopConfig });
    }, 60_000);
    afterAll(async () => drop?.());

    const place = (userId: number, body: Parameters<CoreServices['orderPlacement']['place']>[1]['body']) => services.orderPlacement.place(userId, { body, idempotencyKey: null });
    const versionOf = async (orderId: number) => (await services.orderAdministration.detail(orderId, MANAGER)).version;
    const movementsOf = async (orderId: number) =>
      (
        await queryRows<{ kind: string; on_hand_change: number; allocated_change: number; staff_id: number | null; user_id: number | null }>(
          database.db,
          sql`SELECT kind, on_hand_change, allocated_change, staff_id, user_id FROM stock_movements WHERE order_id = ${orderId} ORDER BY stock_movement_id`,
        )
      ).map((m) => [m.kind, Number(m.on_hand_change), Number(m.allocated_change), m.staff_id === null ? null : Number(m.staff_id)]);

    it('placing an order allocates its units, pack size times packs, and records who and why', async () => {
      await setStock(database.db, c.sizeA, 1000);
      const { userId, body } = await customerAtCheckout(services, database.db, [
        { productId: c.productId, productPriceId: c.packA25, count: 2 },
        { productId: c.productId, productPriceId: c.packA100, count: 1 },
      ]);
      const { orderId } = await place(userId, body);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 1000, allocated: 150 });
      expect(await movementsOf(orderId)).toEqual([
        ['allocated', 0, 50, null],
        ['allocated', 0, 100, null],
      ]);
      const [who] = await queryRows<{ user_id: number; reason: string }>(database.db, sql`SELECT user_id, reason FROM stock_movements WHERE order_id = ${orderId} LIMIT 1`);
      expect([Number(who!.user_id), who!.reason]).toEqual([userId, 'Order placed']);
    });

    it('dispatching ships the allocated units: on hand and allocated both fall', async () => {
      await setStock(database.db, c.sizeA, 500);
      const { userId, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packA25, count: 4 }]);
      const { orderId } = await place(userId, body);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 500, allocated: 100 });
      await services.orderAdministration.recordPayment(MANAGER, orderId, await versionOf(orderId), { amountPence: (await services.orderAdministration.detail(orderId, MANAGER)).totals.totalPence, receivedOn: services.vatReturns.today(), bankReference: 'BACS 1' });
      await services.orderAdministration.dispatch(MANAGER, orderId, await versionOf(orderId), { carrier: 'Royal Mail', trackingNumber: 'AB123456789GB' });
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 400, allocated: 0 });
      expect(await movementsOf(orderId)).toEqual([
        ['allocated', 0, 100, null],
        ['shipped', -100, -100, MANAGER.staffId],
      ]);
      // Delivered moves nothing more.
      await services.orderAdministration.markDelivered(MANAGER, orderId, await versionOf(orderId));
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 400, allocated: 0 });
    });

    it('cancelling an order releases its allocation, once', async () => {
      await setStock(database.db, c.sizeA, 300);
      const { userId, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packA25, count: 3 }]);
      const { orderId } = await place(userId, body);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 300, allocated: 75 });
      await services.orderAdministration.cancel(MANAGER, orderId, await versionOf(orderId), 'Customer asked');
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 300, allocated: 0 });
      // A second release (another caller) finds nothing held.
      await database.db.transaction((tx) => stockMovements.release(tx as never, orderId, 'all', MANAGER.staffId));
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 300, allocated: 0 });
      expect(await movementsOf(orderId)).toEqual([
        ['allocated', 0, 75, null],
        ['released', 0, -75, MANAGER.staffId],
      ]);
    });

    it('not enough of one size: nothing is placed, no stock moves, and the customer is told which line and how many packs can be had', async () => {
      await setStock(database.db, c.sizeA, 1000);
      await setStock(database.db, c.sizeB, 1000);
      const { userId, body } = await customerAtCheckout(services, database.db, [
        { productId: c.productId, productPriceId: c.packA25, count: 1 },
        { productId: c.productId, productPriceId: c.packB10, count: 5 },
      ]);
      // Others bought it meanwhile: 3 packs of 10 are left.
      await setStock(database.db, c.sizeB, 35);
      const before = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`);
      const refusal = await place(userId, body).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(NotEnoughStock);
      const error = refusal as NotEnoughStock;
      expect(error.message).toBe(
        'Not enough stock: only 3 packs of 10 of Stock Test Box 18x12x12" can be had (you asked for 5). Nothing was ordered; please change that line and try again.',
      );
      expect(error.details.lines).toEqual([{ product_id: c.productId, product_price_id: c.packB10, requested_packs: 5, available_packs: 3 }]);
      expect(await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders`)).toEqual(before);
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 1000, allocated: 0 });
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 35, allocated: 0 });
      expect((await services.carts.cartOf({ kind: 'user', userId })).count).toBeGreaterThan(0);
    });

    it('under an Idempotency-Key a short order is refused too, never answered as placed', async () => {
      await setStock(database.db, c.sizeB, 1000);
      const { userId, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packB10, count: 5 }]);
      await setStock(database.db, c.sizeB, 20);
      const refusal = await services.orderPlacement.place(userId, { body, idempotencyKey: 'short-stock-0001' }).catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(NotEnoughStock);
      expect(await queryRows(database.db, sql`SELECT order_id FROM orders WHERE user_id = ${userId}`)).toEqual([]);
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 20, allocated: 0 });
    });

    it('with backorders allowed the order is placed beyond what is on hand, promised for dispatch when more is expected', async () => {
      await setStock(database.db, c.sizeB, 10);
      await setBackorders(database.db, c.productId, true, '2099-12-04');
      try {
        const { userId, body } = await customerAtCheckout(services, database.db, [{ productId: c.productId, productPriceId: c.packB10, count: 4 }]);
        const { orderId } = await place(userId, body);
        expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 10, allocated: 40 });
        const [order] = await queryRows<{ promised_dispatch_date: string }>(database.db, sql`SELECT promised_dispatch_date::text FROM orders WHERE order_id = ${orderId}`);
        expect(order!.promised_dispatch_date).toBe('2099-12-04');
      } finally {
        await setBackorders(database.db, c.productId, false);
      }
    });

    it('a size that is not tracked sells as before and moves no stock', async () => {
      const { userId, body } = await customerAtCheckout(services, database.db, [{ productId: c.untrackedProductId, productPriceId: c.untrackedPack, count: 900 }]);
      const { orderId } = await place(userId, body);
      expect(await movementsOf(orderId)).toEqual([]);
    });

    it('50 buyers race for the last 10 packs: exactly 10 are sold, the others are told what is left, nothing is placed in part', async () => {
      await setStock(database.db, c.sizeA, 1000);
      await setStock(database.db, c.sizeB, 100); // 10 packs of 10
      const buyers = await Promise.all(
        Array.from({ length: 50 }, () =>
          customerAtCheckout(services, database.db, [
            { productId: c.productId, productPriceId: c.packA25, count: 1 },
            { productId: c.productId, productPriceId: c.packB10, count: 1 },
          ]),
        ),
      );
      const outcomes = await Promise.allSettled(buyers.map(({ userId, body }) => place(userId, body)));
      const placed = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected');
      expect(placed).toHaveLength(10);
      expect(refused).toHaveLength(40);
      for (const { reason } of refused) {
        expect(reason).toBeInstanceOf(NotEnoughStock);
        expect((reason as NotEnoughStock).message).toMatch(/^Not enough stock: Stock Test Box 18x12x12" \(packs of 10\) is out of stock\./);
      }
      expect(await levelOf(database.db, c.sizeB)).toEqual({ onHand: 100, allocated: 100 });
      // Each placed order took its pack of 25 too; the refused ones took nothing.
      expect(await levelOf(database.db, c.sizeA)).toEqual({ onHand: 1000, allocated: 250 });
      const userIds = buyers.map((b) => b.userId);
      const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ANY(${`{${userIds.join(',')}}`}::int[])`);
      expect(Number(n)).toBe(10);
    }, 120_000);
  });
}
