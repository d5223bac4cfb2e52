/**
 * Placing an order locks the basket and its lines, then writes the order, its lines and its
 * confirmation job and removes the lines it read, in one transaction (order-placement.ts). These
 * tests change the basket while the checkout holds that lock, as another tab could, and check
 * what the customer gets: an order of exactly the lines priced, and nothing lost from the basket
 * (the change waits for the checkout and lands in the basket after it).
 */
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartBodySchema, createAddressBodySchema, placeOrderBodySchema } from '@shop/contract';
import { queryRows, type DatabaseHandle, type Executor } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { AddressRepository } from '../addresses/address-repository.ts';
import { CartRepository } from '../cart/cart-repository.ts';
import { cartPricingRules } from '../pricing/cart-totals.ts';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';
import { OrderPlacement } from './order-placement.ts';
import { OrderRepository } from './order-repository.ts';

/**
 * A basket repository that starts `meanwhile` right after a checkout has locked the basket. It
 * is not awaited there (it waits for the lock); `changed` settles once it has run.
 */
class BasketChangedWhileLocked extends CartRepository {
  meanwhile: (() => Promise<void>) | null = null;
  changed: Promise<void> = Promise.resolve();

  override async lockedUserContents<K extends string = never>(userId: number, tx: Executor, candidateReference: string, readAlong?: Readonly<Record<K, SQL>>) {
    const locked = await super.lockedUserContents(userId, tx, candidateReference, readAlong);
    const change = this.meanwhile;
    this.meanwhile = null;
    if (change) this.changed = change();
    return locked;
  }
}

for (const kind of databaseKinds()) {
  describe(`a basket that changes while its order is placed [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let baskets: BasketChangedWhileLocked;
    let placement: OrderPlacement;
    let packs: { product_id: number; product_price_id: number }[];
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { demoCatalogue: true }));
      services = createCoreServices(database, { shop: demoShopConfig });
      baskets = new BasketChangedWhileLocked(database.db);
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
        email: `locked-${++n}-${kind}@example.com`,
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

    it('more packs of a line added during checkout: the order is of the packs priced, the added ones stay in the basket', async () => {
      const { userId, body } = await customerAtCheckout();
      baskets.meanwhile = async () => void (await services.carts.add(userId, addToCartBodySchema.parse({ ...packs[0], count: 3 })));
      const placed = await placement.place(userId, { body, idempotencyKey: null });
      await baskets.changed;
      expect((await services.orders.detail(userId, placed.orderId)).orderLines.map((line) => line.count)).toEqual([2]);
      const basket = await services.carts.cartOf({ kind: 'user', userId });
      expect(basket.cartIems.map((line) => [line.product_price_id, line.count])).toEqual([[packs[0]!.product_price_id, 3]]);
      expect(await confirmationsOf(userId)).toHaveLength(1);
    });

    it('another pack added during checkout: the order is of the lines priced, the new pack stays in the basket', async () => {
      const { userId, body } = await customerAtCheckout();
      baskets.meanwhile = async () => void (await services.carts.add(userId, addToCartBodySchema.parse({ ...packs[1], count: 1 })));
      const placed = await placement.place(userId, { body, idempotencyKey: null });
      await baskets.changed;
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
