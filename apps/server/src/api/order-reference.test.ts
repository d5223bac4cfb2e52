/**
 * An order's own payment reference (DESIGN section 4 "Orders"): the basket gets one when the
 * payment step shows it, keeps it on every later view, and the bank transfer or account order
 * placed from it carries it; an API client that never saw the page still gets one; no two
 * baskets or orders share one; orders placed before references per order keep theirs; staff
 * find an order by it typed any way.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { CartService, cartPricingRules, ORDER_REFERENCE_ALPHABET, type StaffMember } from '@shop/core';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };
const manager: StaffMember = { staffId: 1, email: 'manager@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };

describeOnEachDatabase('payment references per order', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let newForm: RegExp;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: relaxedLimits });
    packs = await insertBasketCatalogue(t.database);
    newForm = new RegExp(`^${t.config.shop.bank.referencePrefix}-[${ORDER_REFERENCE_ALPHABET}]{6}$`);
    await t.database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'manager@example.com', 'Mona Manager', 'manager')`);
  });
  afterAll(async () => t?.close());

  const orderOf = async (orderId: number, token: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(token) })).json<OrderDto>();
  const basketReferenceOf = async (userId: number) =>
    (await queryRows<{ payment_reference: string | null }>(t.database.db, sql`SELECT payment_reference FROM carts WHERE user_id = ${userId}`))[0]
      ?.payment_reference ?? null;

  it('the payment step shows the basket a reference before it is paid, the same one on reload, and the bank order placed carries it', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
    const shown = await t.app.services.carts.paymentReference(customer.userId);
    expect(shown).toMatch(newForm);
    expect(await t.app.services.carts.paymentReference(customer.userId)).toBe(shown);

    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(placed.statusCode).toBe(200);
    expect(await orderOf(placed.json<number>(), customer.token)).toMatchObject({ payment_method: 'bank', payment_reference: shown });
    // It went with the basket: the next basket's order gets a new one.
    expect(await basketReferenceOf(customer.userId)).toBeNull();
    await addToBasket(t.app, customer.token, packs.box25);
    const next = await t.app.services.carts.paymentReference(customer.userId);
    expect(next).toMatch(newForm);
    expect(next).not.toBe(shown);
  });

  it('a customer without a basket gets no reference', async () => {
    const customer = await signUp(t.app);
    expect(await t.app.services.carts.paymentReference(customer.userId)).toBeNull();
  });

  it('an API client that never saw the payment step: its bank order gets a reference of its own, each order a different one', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const first = await orderOf((await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>(), customer.token);
    const again = await addToBasket(t.app, customer.token, packs.box25);
    const second = await orderOf((await placeOrder(t.app, customer.token, orderBodyFrom({ ...again, address_id: cart.address_id }))).json<number>(), customer.token);
    expect(first.payment_reference).toMatch(newForm);
    expect(second.payment_reference).toMatch(newForm);
    expect(second.payment_reference).not.toBe(first.payment_reference);
  });

  it('a trade-account order carries the basket reference too (it is paid later by bank transfer)', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    await t.app.services.tradeAccounts.open(1, customer.userId, 500_00);
    const shown = await t.app.services.carts.paymentReference(customer.userId);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'account' }));
    expect(placed.statusCode).toBe(200);
    expect(await orderOf(placed.json<number>(), customer.token)).toMatchObject({ payment_method: 'account', payment_reference: shown });
  });

  it('two baskets never share a reference: 20 shown at once are all different, and a drawn one already taken is drawn again', async () => {
    const customers = await Promise.all(Array.from({ length: 20 }, () => readyCustomer(t, [[packs.box25, 1]])));
    const references = await Promise.all(customers.map(({ customer }) => t.app.services.carts.paymentReference(customer.userId)));
    expect(new Set(references).size).toBe(20);

    // A draw that repeats another basket's reference, then an order's, then a new one: the new one is kept.
    const { customer: placedBy, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const ordered = (await orderOf((await placeOrder(t.app, placedBy.token, orderBodyFrom(cart))).json<number>(), placedBy.token)).payment_reference;
    const draws = [references[0]!, ordered, `${t.config.shop.bank.referencePrefix}-TTTTTT`];
    const unlucky = new CartService(t.app.services.carts.repository, {
      rules: cartPricingRules(t.config.shop),
      dispatch: t.app.services.dispatch,
      referencePrefix: t.config.shop.bank.referencePrefix,
      drawReference: () => draws.shift()!,
    });
    const { customer } = await readyCustomer(t, [[packs.box25, 1]]);
    expect(await unlucky.paymentReference(customer.userId)).toBe(`${t.config.shop.bank.referencePrefix}-TTTTTT`);
    expect(await t.app.services.carts.paymentReference(customers[0]!.customer.userId)).toBe(references[0]);
  });

  it('orders placed before references per order keep theirs (prefix + customer number, shared by their orders)', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const old = `${t.config.shop.bank.referencePrefix}${customer.userId}`;
    const [a, b] = await Promise.all(
      [1, 2].map(async () => {
        const [row] = await queryRows<{ order_id: number }>(
          t.database.db,
          sql`INSERT INTO orders (user_id, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence, total_tax_pence, total_pence)
              VALUES (${customer.userId}, 'bank', ${old}, 'PendingDelivery', 1000, 0, 200, 1200) RETURNING order_id`,
        );
        return Number(row!.order_id);
      }),
    );
    const placed = await orderOf((await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>(), customer.token);
    expect(placed.payment_reference).toMatch(newForm);
    expect((await orderOf(a!, customer.token)).payment_reference).toBe(old);
    expect((await orderOf(b!, customer.token)).payment_reference).toBe(old);
  });

  it('staff find an order by its reference with or without the hyphen, in any case, with spaces', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>();
    const reference = (await orderOf(orderId, customer.token)).payment_reference;
    const [prefix, code] = reference.split('-') as [string, string];
    for (const typed of [reference, reference.toLowerCase(), `${prefix}${code}`, `${prefix}${code}`.toLowerCase(), `${prefix} ${code}`, ` ${prefix.toLowerCase()}-${code} `]) {
      const found = await t.app.services.orderAdministration.list({ search: typed });
      expect(found.rows.map((row) => row.orderId), typed).toEqual([orderId]);
    }
    // The older form too.
    const old = `${t.config.shop.bank.referencePrefix}${customer.userId}`;
    await t.database.db.execute(sql`UPDATE orders SET payment_reference = ${old} WHERE order_id = ${orderId}`);
    expect((await t.app.services.orderAdministration.list({ search: old.toLowerCase() })).rows.map((row) => row.orderId)).toEqual([orderId]);
    expect(await t.app.services.orderAdministration.detail(orderId, manager)).toMatchObject({ payment: { reference: old, isTest: false } });
  });
});
