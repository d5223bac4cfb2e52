/**
 * A placed order keeps the dispatch date it promised: computed at placement
 * with the server's clock (fixed here) and the delivery address's postcode, stored with the
 * order and answered by order detail as `promised_dispatch_date`.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartBodySchema, createAddressBodySchema, placeOrderBodySchema } from '@shop/contract';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';

for (const kind of databaseKinds()) {
  describe(`the promised dispatch date of a placed order [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let now = new Date('2025-11-28T10:00:00Z');
    let packId: { product_id: number; product_price_id: number };
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { demoCatalogue: true }));
      services = createCoreServices(database, { shop: demoShopConfig, clock: () => now });
      const [pack] = await queryRows<{ product_id: number; product_price_id: number }>(
        database.db,
        sql`SELECT product_id, product_price_id FROM product_prices ORDER BY product_price_id LIMIT 1`,
      );
      packId = { product_id: Number(pack!.product_id), product_price_id: Number(pack!.product_price_id) };
    }, 60_000);
    afterAll(async () => drop?.());

    /** Signs up a customer with one pack in the basket, delivered to `postcode`, and places the order at `at`. */
    async function placeAt(at: string, postcode: string) {
      const { userId } = await services.accounts.signUp({
        first_name: 'Ian',
        last_name: 'Lee',
        email: `dispatch-${++n}-${kind}@example.com`,
        password: 'correct horse',
        phone: '0113 496 0123',
      });
      await services.carts.add(userId, addToCartBodySchema.parse({ ...packId, count: 2 }));
      const address = await services.addresses.create(
        userId,
        createAddressBodySchema.parse({
          reference: 'Site',
          contact_name: 'Ian Lee',
          region: '1',
          company_name: '',
          address: 'High Street',
          town: 'Town',
          country: 'United Kingdom',
          post_code: postcode,
          phone: '0113 496 0123',
        }),
      );
      const cart = await services.carts.assignAddress(userId, { addressId: address.address_id });
      now = new Date(at);
      const { orderId } = await services.orderPlacement.place(userId, {
        body: placeOrderBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total }),
        idempotencyKey: null,
      });
      return services.orders.detail(userId, orderId);
    }

    it.each([
      // Before 3pm (10:00 GMT) on a working day: dispatched that day, wherever it goes.
      ['2025-11-28T10:00:00Z', 'LS1 4AP', '2025-11-28'],
      ['2025-11-28T10:00:00Z', 'IV2 3AA', '2025-11-28'],
      ['2025-11-28T10:00:00Z', 'BT1 5GS', '2025-11-28'],
      // Friday 16:00 BST before the August bank holiday: Tuesday.
      ['2025-08-22T15:00:00Z', 'LS1 4AP', '2025-08-26'],
      // 14:59 BST on a Monday is before the cut-off (13:59 UTC); 15:00 BST is not.
      ['2025-03-31T13:59:00Z', 'EH1 1YZ', '2025-03-31'],
      ['2025-03-31T14:00:00Z', 'EH1 1YZ', '2025-04-01'],
      // Christmas Eve after 3pm: Monday 29 December.
      ['2025-12-24T16:00:00Z', 'BT1 5GS', '2025-12-29'],
    ])('placed at %s to %s: dispatch promised for %s', async (at, postcode, promised) => {
      const order = await placeAt(at, postcode);
      expect(order.promised_dispatch_date).toBe(promised);
      // The promise stored is a date, not an instant: it reads the same in any server time zone.
      const [row] = await queryRows<{ promised: string }>(
        database.db,
        sql`SELECT promised_dispatch_date::text AS promised FROM orders WHERE order_id = ${order.order_id}`,
      );
      expect(row!.promised).toBe(promised);
    });

    it('an order placed before promises were recorded answers null', async () => {
      const order = await placeAt('2025-11-28T10:00:00Z', 'LS1 4AP');
      await database.db.execute(sql`UPDATE orders SET promised_dispatch_date = NULL WHERE order_id = ${order.order_id}`);
      expect((await services.orders.detail(order.user_id, order.order_id)).promised_dispatch_date).toBeNull();
    });
  });
}
