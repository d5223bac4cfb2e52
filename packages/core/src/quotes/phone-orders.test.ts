/**
 * Orders staff take by phone: at catalogue prices with the storefront's VAT and delivery rules,
 * on account only within the customer's limit (over it: refused, saying so, nothing placed), the
 * timeline saying who took it; a new customer is e-mailed a link to set a password.
 */
import { sql } from 'drizzle-orm';
import { percentOffPence } from '../pricing/price-lists.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAddressBodySchema } from '@shop/contract';
import { queryRows, staff, type DatabaseHandle } from '@shop/db';
import { createTestDatabase, databaseKinds } from '@shop/db/testing';
import { createCoreServices, type CoreServices } from '../services.ts';
import { demoShopConfig } from '../shop/shop-config.ts';

for (const kind of databaseKinds()) {
  describe(`orders taken by phone [${kind}]`, () => {
    let database: DatabaseHandle;
    let drop: () => Promise<void>;
    let services: CoreServices;
    let mandy: { staffId: number; name: string };
    let pack: { id: number; pricePence: number };
    let n = 0;

    beforeAll(async () => {
      ({ database, drop } = await createTestDatabase(kind, { demoCatalogue: true }));
      services = createCoreServices(database, { shop: demoShopConfig });
      const [member] = await database.db.insert(staff).values({ email: `mandy-phone-${kind}@example.com`, name: 'Mandy Manager', role: 'manager' }).returning();
      mandy = { staffId: member!.staffId, name: member!.name };
      const [row] = await queryRows<{ product_price_id: number; price_pence: number }>(
        database.db,
        sql`SELECT pp.product_price_id, pp.price_pence FROM product_prices pp JOIN products p USING (product_id) WHERE p.is_active ORDER BY pp.product_price_id LIMIT 1`,
      );
      pack = { id: Number(row!.product_price_id), pricePence: Number(row!.price_pence) };
    }, 60_000);
    afterAll(async () => drop?.());

    async function customerWithAddress() {
      const { userId } = await services.phoneOrders.createCustomer(mandy.staffId, { firstName: 'Tom', lastName: 'Lee', email: `phone-${++n}-${kind}@example.com`, phone: '0113 496 0999' });
      const address = await services.addresses.create(
        userId,
        createAddressBodySchema.parse({ reference: 'Shop', contact_name: 'Tom Lee', region: '2', company_name: '', address: 'Kirkstall Road', town: 'Leeds', country: 'United Kingdom', post_code: 'LS4 2AA', phone: '0113 496 0999' }),
      );
      return { userId, addressId: address.address_id };
    }

    it('a new customer taken on the phone is e-mailed a link to set their password, saying the account was opened for them', async () => {
      const { userId } = await customerWithAddress();
      const jobs = await queryRows<{ kind: string; reason: string }>(database.db, sql`SELECT kind, payload->>'reason' AS reason FROM jobs WHERE payload->>'userId' = ${String(userId)}`);
      expect(jobs).toContainEqual({ kind: 'email.password-reset', reason: 'account-opened' });
      await expect(services.phoneOrders.createCustomer(mandy.staffId, { firstName: 'A', lastName: 'B', email: `PHONE-${n}-${kind}@example.com`, phone: '0113 496 0999' })).rejects.toThrow(/already exists/);
    });

    it('an order on account over the customer\'s limit is refused with the reason, and nothing is placed', async () => {
      const { userId, addressId } = await customerWithAddress();
      await services.tradeAccounts.open(mandy.staffId, userId, 1000);
      await expect(
        services.phoneOrders.place(mandy, { userId, lines: [{ productPriceId: pack.id, count: 50 }], deliveryAddressId: addressId, note: '', payment: 'account', formKey: `over-limit-${n}` }),
      ).rejects.toMatchObject({ code: 'payment_required', message: expect.stringMatching(/limit|available|credit/i) });
      expect(await queryRows(database.db, sql`SELECT 1 FROM orders WHERE user_id = ${userId}`)).toHaveLength(0);
    });

    it('refused on account when the customer has no trade account', async () => {
      const { userId, addressId } = await customerWithAddress();
      await expect(
        services.phoneOrders.place(mandy, { userId, lines: [{ productPriceId: pack.id, count: 1 }], deliveryAddressId: addressId, note: '', payment: 'account', formKey: `no-account-${n}` }),
      ).rejects.toMatchObject({ code: 'forbidden' });
    });

    it('within the limit the order is placed at catalogue prices with VAT, and its timeline says it was taken by phone by Mandy Manager', async () => {
      const { userId, addressId } = await customerWithAddress();
      await services.tradeAccounts.open(mandy.staffId, userId, 1_000_000);
      const formKey = `within-limit-${n}`;
      const { orderId } = await services.phoneOrders.place(mandy, { userId, lines: [{ productPriceId: pack.id, count: 2 }], deliveryAddressId: addressId, note: 'Call before delivery', payment: 'account', formKey });
      const order = await services.orders.detail(userId, orderId!);
      const goods = (2 * pack.pricePence) / 100;
      expect(order.sub_total).toBe(goods);
      expect(order.payment_method).toBe('account');
      expect(order.total).toBeCloseTo((goods + order.delivery_fee) * 1.2, 2);
      const [event] = await queryRows<{ kind: string; staff_id: number; after: { how: string } }>(database.db, sql`SELECT kind, staff_id, after FROM order_events WHERE order_id = ${orderId}`);
      expect(event).toMatchObject({ kind: 'taken-by-phone', staff_id: mandy.staffId, after: { how: 'by phone', taken_by: 'Mandy Manager' } });
      // The same form sent twice places one order.
      const again = await services.phoneOrders.place(mandy, { userId, lines: [{ productPriceId: pack.id, count: 2 }], deliveryAddressId: addressId, note: 'Call before delivery', payment: 'account', formKey });
      expect(again.orderId).toBe(orderId);
    });

    it('a trade customer on a price list is charged their own price on the phone, as their basket would show it', async () => {
      const { userId, addressId } = await customerWithAddress();
      await services.tradeAccounts.open(mandy.staffId, userId, 1_000_000);
      const [list] = await queryRows<{ price_list_id: number }>(database.db, sql`INSERT INTO price_lists (name) VALUES (${`Phone trade ${kind} ${n}`}) RETURNING price_list_id`);
      await database.db.execute(
        sql`INSERT INTO price_list_entries (price_list_id, product_size_id, percent_off)
            SELECT ${list!.price_list_id}, product_size_id, 1000 FROM product_prices WHERE product_price_id = ${pack.id}`,
      );
      await database.db.execute(sql`INSERT INTO price_list_customers (price_list_id, user_id) VALUES (${list!.price_list_id}, ${userId})`);
      // 10% off (percent_off is in hundredths of a percent).
      const tradePence = percentOffPence(pack.pricePence, 1000);
      expect((await services.phoneOrders.packLines(userId, [{ productPriceId: pack.id, count: 1 }]))[0]!.pricePence).toBe(tradePence);
      const { orderId } = await services.phoneOrders.place(mandy, { userId, lines: [{ productPriceId: pack.id, count: 2 }], deliveryAddressId: addressId, note: '', payment: 'account', formKey: `trade-price-${n}` });
      expect((await services.orders.detail(userId, orderId!)).sub_total).toBe((2 * tradePence) / 100);
    });

    it('to pay by card, the packs go into the customer\'s basket with the address, and they are e-mailed the link', async () => {
      const { userId, addressId } = await customerWithAddress();
      const result = await services.phoneOrders.place(mandy, { userId, lines: [{ productPriceId: pack.id, count: 3 }], deliveryAddressId: addressId, note: '', payment: 'card-link', formKey: `card-link-${n}` });
      expect(result.orderId).toBeNull();
      const basket = await services.carts.cartOf({ kind: 'user', userId });
      expect(basket.cartIems.map((line) => [line.product_price_id, line.count])).toEqual([[pack.id, 3]]);
      expect(await queryRows(database.db, sql`SELECT 1 FROM jobs WHERE kind = 'email.card-payment-link' AND payload->>'userId' = ${String(userId)}`)).toHaveLength(1);
    });
  });
}
