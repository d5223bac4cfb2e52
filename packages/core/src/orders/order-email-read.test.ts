/**
 * The order e-mails (confirmation, dispatch, cancellation) read the order, its lines and whom to
 * write to in one statement (one for all the e-mails of a worker's batch): the same order as the customer's order detail shows, the customer's
 * own address and first name, and nothing for an order id that is not theirs.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addToCartBodySchema, createAddressBodySchema, placeOrderBodySchema } from '@shop/contract';
import { queryRows, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';

for (const kind of databaseKinds()) {
  describe(`what an order e-mail reads [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { demoCatalogue: true }));
      services = createCoreServices(database, { shop: demoShopConfig });
    }, 60_000);
    afterAll(async () => drop?.());

    async function customerWithOrder(firstName: string) {
      const email = `email-read-${++n}-${kind}@example.com`;
      const { userId } = await services.accounts.signUp({ first_name: firstName, last_name: 'Lee', email, password: 'correct horse', phone: '0113 496 0123' });
      const packs = await queryRows<{ product_id: number; product_price_id: number }>(
        database.db,
        sql`SELECT product_id, product_price_id FROM product_prices ORDER BY product_price_id LIMIT 2`,
      );
      for (const pack of packs) {
        await services.carts.add(userId, addToCartBodySchema.parse({ product_id: Number(pack.product_id), product_price_id: Number(pack.product_price_id), count: 1 }));
      }
      const address = await services.addresses.create(
        userId,
        createAddressBodySchema.parse({ reference: 'Site', contact_name: `${firstName} Lee`, region: '1', address: 'High Street', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '0113 496 0123' }),
      );
      const cart = await services.carts.assignAddress(userId, { addressId: address.address_id });
      const { orderId } = await services.orderPlacement.place(userId, {
        body: placeOrderBodySchema.parse({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total }),
        idempotencyKey: null,
      });
      return { userId, orderId, email };
    }

    it('is the order as its detail page shows it, with its lines, and the customer to write to', async () => {
      const ivy = await customerWithOrder('Ivy');
      const read = await services.orders.detailForEmail(ivy.userId, ivy.orderId);
      expect(read).not.toBeNull();
      expect(read!.customer).toEqual({ email: ivy.email, firstName: 'Ivy' });
      expect(read!.order).toEqual(await services.orders.detail(ivy.userId, ivy.orderId));
      expect(read!.order.orderLines).toHaveLength(2);
    });

    it("is nothing for an order id that is another customer's, or that does not exist", async () => {
      const ivy = await customerWithOrder('Ivy');
      const max = await customerWithOrder('Max');
      expect(await services.orders.detailForEmail(max.userId, ivy.orderId)).toBeNull();
      expect(await services.orders.detailForEmail(ivy.userId, 2_000_000_000)).toBeNull();
    });

    it("several asked for at once (the e-mail worker's batch) each get their own order and customer, and another's stays nothing", async () => {
      const customers = [await customerWithOrder('Ada'), await customerWithOrder('Ben'), await customerWithOrder('Cy')];
      const [ada, ben, cy, adaAsksForBens] = await Promise.all([
        ...customers.map((customer) => services.orders.detailForEmail(customer.userId, customer.orderId)),
        services.orders.detailForEmail(customers[0]!.userId, customers[1]!.orderId),
      ]);
      expect([ada, ben, cy].map((read) => [read!.customer.firstName, read!.order.order_id, read!.order.user_id])).toEqual(
        customers.map((customer, i) => [['Ada', 'Ben', 'Cy'][i], customer.orderId, customer.userId]),
      );
      expect(adaAsksForBens).toBeNull();
    });
  });
}
