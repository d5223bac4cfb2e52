import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto, OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { TestPayments } from '../adapters/payments/test-payments.ts';
import { loadConfig } from '../config.ts';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture, type Pack } from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf, countRows, createAddress, orderBodyFrom, placeOrder } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

describeOnEachDatabase('test payments (PayPal not configured)', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: relaxedLimits });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  const testOrder = async (amount: unknown) => t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount } });

  async function customerWithBasket(lines: [Pack, number][]) {
    const customer = await signUp(t.app);
    for (const [pack, count] of lines) await addToBasket(t.app, customer.token, pack, count);
    const address = await createAddress(t.app, customer.token);
    const cart = await basketOf(t.app, customer);
    return { customer, cart: { ...cart, address_id: address.address_id } as CartDto };
  }

  const logsOf = (userId: number) =>
    queryRows<{ error: string; external_id: string; extra_info: string }>(
      t.database.db,
      sql`SELECT error, external_id, extra_info FROM order_logs WHERE user_id = ${userId} ORDER BY order_log_id`,
    );

  it('tells the payment tab to show the test button', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ mode: 'test', clientId: null, currency: 'GBP' });
  });

  it('end to end: a simulated payment for the total places a paid order with its reference', async () => {
    const { customer, cart } = await customerWithBasket([[packs.box25, 2]]);
    const minted = await testOrder(cart.total);
    expect(minted.statusCode).toBe(200);
    const { id } = minted.json<{ id: string }>();
    expect(id).toMatch(/^TEST-6599-[0-9a-f]{16}-[A-Za-z0-9_-]{22}$/);

    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: id }));
    expect(placed.statusCode).toBe(200);
    const order = (await t.app.inject({ method: 'GET', url: `/api/order/${placed.json<number>()}`, headers: bearer(customer.token) })).json<OrderDto>();
    expect(order).toMatchObject({ payment_method: 'paypal', payment_reference: id, status: 'PendingDelivery', total: 65.99 });
    expect((await basketOf(t.app, customer)).count).toBe(0);
  });

  it('a payment used before: 409, nothing placed, the basket intact, logged', async () => {
    const first = await customerWithBasket([[packs.box25, 1]]);
    const { id } = (await testOrder(first.cart.total)).json<{ id: string }>();
    expect((await placeOrder(t.app, first.customer.token, orderBodyFrom(first.cart, { payment_method: 'paypal', payment_reference: id }))).statusCode).toBe(200);

    // The same customer again, and someone else with the same payment.
    await addToBasket(t.app, first.customer.token, packs.box25);
    const again = await placeOrder(t.app, first.customer.token, orderBodyFrom(first.cart, { payment_method: 'paypal', payment_reference: id }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already been used for your order \d+/);
    const other = await customerWithBasket([[packs.box25, 1]]);
    const stolen = await placeOrder(t.app, other.customer.token, orderBodyFrom(other.cart, { payment_method: 'paypal', payment_reference: id }));
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toBe('This payment has already been used for another order, so no new order was placed.');
    expect(await countRows(t.database.db, 'orders', other.customer.userId)).toBe(0);
    expect((await basketOf(t.app, other.customer)).count).toBe(1);
    expect(await logsOf(other.customer.userId)).toEqual([expect.objectContaining({ external_id: id, error: expect.stringMatching(/already been used/) })]);
  });

  it('concurrent checkouts by two customers with one payment: one order', async () => {
    const a = await customerWithBasket([[packs.box25, 1]]);
    const b = await customerWithBasket([[packs.box25, 1]]);
    const { id } = (await testOrder(a.cart.total)).json<{ id: string }>();
    const results = await Promise.all([
      placeOrder(t.app, a.customer.token, orderBodyFrom(a.cart, { payment_method: 'paypal', payment_reference: id })),
      placeOrder(t.app, b.customer.token, orderBodyFrom(b.cart, { payment_method: 'paypal', payment_reference: id })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const [row] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE payment_reference = ${id}`);
    expect(Number(row!.n)).toBe(1);
  });

  it('a payment for another amount: 409 with a clear message, nothing placed, logged', async () => {
    const { customer, cart } = await customerWithBasket([[packs.box25, 1]]);
    const { id } = (await testOrder(1)).json<{ id: string }>();
    const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: id }));
    expect(response.statusCode).toBe(409);
    // The shop returns the payment by itself (DESIGN section 4 "Orders"), and says so.
    expect(response.json()).toEqual({
      error: 'conflict',
      message:
        'The payment of £1.00 does not match the order total of £35.99, so no order was placed. ' +
        `The payment of £1.00 you made (reference ${id}) is being returned to you in full, so you need not contact us; you can pay again once your basket is right.`,
      payment_returned: { reference: id, amount: 1 },
    });
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    expect((await basketOf(t.app, customer)).count).toBe(1);
    expect(await logsOf(customer.userId)).toEqual([expect.objectContaining({ external_id: id, error: expect.stringMatching(/does not match/) })]);
  });

  it('a forged or made-up payment reference: 402; none at all: 400', async () => {
    const { customer, cart } = await customerWithBasket([[packs.box25, 1]]);
    const { id } = (await testOrder(1)).json<{ id: string }>();
    const forged = id.replace(/^TEST-100-/, 'TEST-3599-');
    for (const reference of [forged, 'TEST-3599-0000000000000000-AAAAAAAAAAAAAAAAAAAAAA', '5O190127TN364715T']) {
      const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference }));
      expect(response.statusCode, reference).toBe(402);
      expect(response.json()).toMatchObject({ error: 'payment_required', message: expect.stringMatching(/does not know this payment/) });
    }
    const missing = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: '' }));
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields[0].field).toBe('payment_reference');
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
  });

  it('refuses a test order for a malformed amount', async () => {
    for (const amount of [0, -1, '12', 12.345, 2_000_000]) expect((await testOrder(amount)).statusCode, String(amount)).toBe(400);
  });

  it('an id minted by another process of the same shop verifies (stateless, shared key)', async () => {
    const sibling = new TestPayments(loadConfig({ DATA_DIR: '/tmp/shop-test-data' }).payments.testSecret);
    const { customer, cart } = await customerWithBasket([[packs.box25, 1]]);
    const id = sibling.createOrder(3599);
    const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: id }));
    expect(response.statusCode).toBe(200);
  });
});

describe('test payments key', () => {
  it('defaults to one derived from the database location, and can be set', () => {
    const a = loadConfig({ DATA_DIR: '/srv/shop' }).payments.testSecret;
    expect(loadConfig({ DATA_DIR: '/srv/shop' }).payments.testSecret).toBe(a);
    expect(loadConfig({ DATA_DIR: '/srv/other' }).payments.testSecret).not.toBe(a);
    const url = 'postgres://shop@db:5432/shop';
    expect(loadConfig({ DATA_DIR: '/a', DATABASE_URL: url }).payments.testSecret).toBe(loadConfig({ DATA_DIR: '/b', DATABASE_URL: url }).payments.testSecret);
    expect(loadConfig({ PAYMENTS_TEST_SECRET: 'a-shared-secret-of-some-length' }).payments.testSecret).toBe('a-shared-secret-of-some-length');
    expect(() => loadConfig({ PAYMENTS_TEST_SECRET: 'short' })).toThrow(/at least 16/);
  });

  it('PayPal needs both the client id and the secret', () => {
    expect(() => loadConfig({ PAYPAL_CLIENT_ID: 'abc' })).toThrow(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET/);
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'abc', PAYPAL_CLIENT_SECRET: 'def' }).payments.paypal).toEqual({
      clientId: 'abc',
      clientSecret: 'def',
      env: 'sandbox',
      apiBase: 'https://api-m.sandbox.paypal.com',
      timeoutMs: 10_000,
    });
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'abc', PAYPAL_CLIENT_SECRET: 'def', PAYPAL_TIMEOUT_SECONDS: '0.5' }).payments.paypal?.timeoutMs).toBe(500);
    expect(loadConfig({ PAYPAL_CLIENT_ID: 'abc', PAYPAL_CLIENT_SECRET: 'def', PAYPAL_ENV: 'live' }).payments.paypal?.apiBase).toBe('https://api-m.paypal.com');
  });
});
