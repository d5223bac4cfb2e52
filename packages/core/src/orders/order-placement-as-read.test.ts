/**
 * Placing an order reads the basket without locks, then writes the order in one statement that
 * removes the basket's lines only as they were read (order-placement.ts, issue 13 item 7). These
 * tests change the basket exactly between that read and that write, as another tab or a second
 * checkout could, and check what the customer gets: never an order of lines other than the ones
 * priced, nothing lost from the basket, and the same answer the basket's lock would have given.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartBodySchema, createAddressBodySchema, placeOrderBodySchema } from '@shop/contract';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { demoCatalogue, insertCatalogue } from '@shop/db/seed';
import { AddressRepository } from '../addresses/address-repository.ts';
import { CartRepository } from '../cart/cart-repository.ts';
import { cartPricingRules } from '../pricing/cart-totals.ts';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { OrderPlacement } from './order-placement.ts';
import { OrderRepository } from './order-repository.ts';

/** A basket repository that runs `meanwhile` right after the unlocked read of a checkout. */
class BasketChangedAfterRead extends CartRepository {
  meanwhile: (() => Promise<void>) | null = null;

  override async userContentsAsRead<Extra>(userId: number, extraColumns: Parameters<CartRepository['userContentsAsRead']>[1]) {
    const read = await super.userContentsAsRead<Extra>(userId, extraColumns);
    const change = this.meanwhile;
    this.meanwhile = null;
    await change?.();
    return read;
  }
}

for (const kind of databaseKinds()) {
  describe(`a basket that changes while its order is placed [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let baskets: BasketChangedAfterRead;
    let placement: OrderPlacement;
    let packs: { product_id: number; product_price_id: number }[];
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind));
      await insertCatalogue(database.db, demoCatalogue());
      services = createCoreServices(database, { shop: demoShopConfig });
      baskets = new BasketChangedAfterRead(database.db);
      placement = new OrderPlacement(new OrderRepository(database.db), baskets, new AddressRepository(database.db), {
        shop: demoShopConfig,
        rules: cartPricingRules(demoShopConfig),
        jobs: services.jobs,
        payments: null,
        tradeAccounts: services.tradeAccounts,
      });
      packs = (
        await queryRows<{ product_id: number; product_price_id: number }>(
          database.db,
          sql`SELECT product_id, product_price_id FROM product_prices ORDER BY product_price_id LIMIT 2`,
        )
      ).map((row) => ({ product_id: Number(row.product_id), product_price_id: Number(row.product_price_id) }));
    }, 60_000);
    afterAll(async () => drop?.());

    /** A customer with 2 packs of the first product in the basket and a delivery address; the body of the order they see. */
    async function customerAtCheckout() {
      const { userId } = await services.accounts.signUp({
        first_name: 'Ria',
        last_name: 'Shah',
        email: `as-read-${++n}-${kind}@example.com`,
        password: 'correct horse',
        phone: '0113 496 0123',
      });
      await services.carts.add(userId, addToCartBodySchema.parse({ ...packs[0], count: 2 }));
      const address = await services.addresses.create(
        userId,
        createAddressBodySchema.parse({
          reference: 'Unit 4',
          contact_name: 'Ria Shah',
          region: '1',
          company_name: '',
          address: 'Kirkstall Road',
          town: 'Leeds',
          country: 'United Kingdom',
          post_code: 'LS4 2AA',
          phone: '0113 496 0123',
        }),
      );
      const cart = await services.carts.assignAddress(userId, { addressId: address.address_id });
      const body = placeOrderBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total });
      return { userId, body };
    }

    async function ordersOf(userId: number) {
      return queryRows<{ order_id: number }>(database.db, sql`SELECT order_id FROM orders WHERE user_id = ${userId}`);
    }

    async function confirmationsOf(userId: number) {
      return queryRows<{ job_id: number }>(database.db, sql`SELECT job_id FROM jobs WHERE payload->>'userId' = ${String(userId)}`);
    }

    it('nothing changes: the order is placed, the basket emptied and one confirmation recorded', async () => {
      const { userId, body } = await customerAtCheckout();
      const placed = await placement.place(userId, { body, idempotencyKey: null });
      expect(placed.created).toBe(true);
      expect((await services.orders.detail(userId, placed.orderId)).orderLines.map((line) => line.count)).toEqual([2]);
      expect((await services.carts.cartOf({ kind: 'user', userId })).count).toBe(0);
      expect(await confirmationsOf(userId)).toHaveLength(1);
    });

    it('more packs added to a line meanwhile: 409 with the new totals, nothing ordered, the basket as the customer left it', async () => {
      const { userId, body } = await customerAtCheckout();
      baskets.meanwhile = async () => void (await services.carts.add(userId, addToCartBodySchema.parse({ ...packs[0], count: 3 })));
      await expect(placement.place(userId, { body, idempotencyKey: null })).rejects.toMatchObject({ code: 'conflict', details: { totals: expect.any(Object) } });
      expect(await ordersOf(userId)).toEqual([]);
      expect(await confirmationsOf(userId)).toEqual([]);
      const basket = await services.carts.cartOf({ kind: 'user', userId });
      expect(basket.cartIems.map((line) => line.count)).toEqual([5]);
    });

    it('the basket emptied meanwhile (another checkout): 400 empty basket, no second order', async () => {
      const { userId, body } = await customerAtCheckout();
      baskets.meanwhile = async () => {
        await database.db.execute(sql`DELETE FROM cart_lines WHERE cart_id IN (SELECT cart_id FROM carts WHERE user_id = ${userId})`);
      };
      await expect(placement.place(userId, { body, idempotencyKey: null })).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('basket is empty') });
      expect(await ordersOf(userId)).toEqual([]);
    });

    it('another pack added meanwhile: the order is of the lines priced, the new pack stays in the basket', async () => {
      const { userId, body } = await customerAtCheckout();
      baskets.meanwhile = async () => void (await services.carts.add(userId, addToCartBodySchema.parse({ ...packs[1], count: 1 })));
      const placed = await placement.place(userId, { body, idempotencyKey: null });
      const order = await services.orders.detail(userId, placed.orderId);
      expect(order.orderLines.map((line) => [line.product_price_id, line.count])).toEqual([[packs[0]!.product_price_id, 2]]);
      const basket = await services.carts.cartOf({ kind: 'user', userId });
      expect(basket.cartIems.map((line) => [line.product_price_id, line.count])).toEqual([[packs[1]!.product_price_id, 1]]);
    });

    it('a retry under the same Idempotency-Key after the basket was filled again answers the first order and keeps the new basket', async () => {
      const { userId, body } = await customerAtCheckout();
      const key = 'retry-after-refill-0001';
      const first = await placement.place(userId, { body, idempotencyKey: key });
      // The same packs again, so the retry's totals match a basket that is there.
      await services.carts.add(userId, addToCartBodySchema.parse({ ...packs[0], count: 2 }));
      const retry = await placement.place(userId, { body, idempotencyKey: key });
      expect(retry).toEqual({ orderId: first.orderId, created: false });
      expect(await ordersOf(userId)).toHaveLength(1);
      expect(await confirmationsOf(userId)).toHaveLength(1);
      expect((await services.carts.cartOf({ kind: 'user', userId })).cartIems.map((line) => line.count)).toEqual([2]);
    });
  });
}
