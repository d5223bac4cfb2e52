/**
 * Test payments only where they are meant (DESIGN sections 4 and 5): simulated payments on a
 * shop at a localhost address or with PAYMENTS_TEST_MODE=1. Elsewhere, without PayPal, the
 * payment tab is told there are no card payments, the test-order call is a 404, a TEST- payment
 * pays for no order, and the start-up log says bank transfer only. Orders a test payment paid
 * say so to the customer, to staff and in the exports.
 */
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { orderMessages, type StaffMember } from '@shop/core';
import { createTestDatabase } from '@shop/db/testing';
import { TestPayments } from '../adapters/payments/test-payments.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../testing/basket-fixtures.ts';
import { countRows, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };
const LIVE_SHOP = { ...relaxedLimits, PUBLIC_BASE_URL: 'https://shop.example.com', PAYMENTS_TEST_SECRET: 'the-same-key-as-a-test-shop' };
const manager: StaffMember = { staffId: 1, email: 'manager@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };

async function textOf(pieces: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const piece of pieces) text += piece;
  return text;
}

describeOnPglite('a shop others reach, without PayPal: bank transfer only', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: LIVE_SHOP });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  it('tells the payment tab there are no card payments, and the test-order call answers 404 JSON', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ mode: 'none', clientId: null, currency: 'GBP' });
    const minted = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: 35.99 } });
    expect(minted.statusCode).toBe(404);
    expect(minted.headers['content-type']).toMatch(/^application\/json/);
    expect(minted.json()).toEqual({ error: 'not_found', message: 'Test payments are off: this shop takes real payments only.' });
  });

  it('refuses an order paid with a TEST- payment, even one signed with the right key: nothing placed, the basket kept', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const forged = new TestPayments(LIVE_SHOP.PAYMENTS_TEST_SECRET).createOrder(35_99);
    const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: forged }));
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ error: 'payment_required', message: orderMessages.testPaymentsOff });
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    // Bank transfer still places the order.
    expect((await placeOrder(t.app, customer.token, orderBodyFrom(cart))).statusCode).toBe(200);
  });
});

describe('which payments a shop takes, from its address and PAYMENTS_TEST_MODE', () => {
  it('test payments on a localhost address or with PAYMENTS_TEST_MODE=1; off at a public address; PayPal wins when configured', () => {
    expect(loadConfig({}).payments.testMode).toBe(true);
    expect(loadConfig({ HOST: '127.0.0.1' }).payments.testMode).toBe(true);
    expect(loadConfig({ HOST: '::1' }).payments.testMode).toBe(true);
    expect(loadConfig({ PUBLIC_BASE_URL: 'http://127.0.0.1:3210' }).payments.testMode).toBe(true);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://shop.example.com' }).payments.testMode).toBe(false);
    expect(loadConfig({ HOST: '10.0.0.5' }).payments.testMode).toBe(false);
    expect(loadConfig({ HOST: '127.0.0.1', PUBLIC_BASE_URL: 'https://shop.example.com' }).payments.testMode).toBe(false);
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://shop.example.com', PAYMENTS_TEST_MODE: '1' }).payments.testMode).toBe(true);
    expect(() => loadConfig({ PAYMENTS_TEST_MODE: 'yes' })).toThrow(/PAYMENTS_TEST_MODE must be 1 or 0/);
  });

  it('the start-up log says which payment mode is on', async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ PUBLIC_BASE_URL: 'https://shop.example.com' }, /^Payments: bank transfer only/],
      [{}, /^Payments: TEST PAYMENTS ARE ON/],
      [{ PAYPAL_CLIENT_ID: 'id', PAYPAL_CLIENT_SECRET: 'secret', PAYPAL_ENV: 'live' }, /^Payments: PayPal \(live\)/],
    ];
    const { database, drop } = await createTestDatabase('pglite');
    for (const [env, line] of cases) {
      const logs: { msg?: string; paymentMode?: string }[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          for (const text of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(text) as (typeof logs)[number]);
          done();
        },
      });
      const app = await buildApp({ config: loadConfig({ DATA_DIR: '/tmp/shop-test-data', ...env }), database, logger: { level: 'info', stream } });
      await app.ready();
      await app.close();
      expect(logs.filter((entry) => entry.paymentMode).map((entry) => entry.msg), JSON.stringify(env)).toEqual([expect.stringMatching(line)]);
    }
    await drop();
  });
});

describeOnPglite('test payments on (a staging shop with PAYMENTS_TEST_MODE=1)', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { ...LIVE_SHOP, PAYMENTS_TEST_MODE: '1' } });
    packs = await insertBasketCatalogue(t.database);
    await t.database.db.execute(sql`INSERT INTO staff (staff_id, email, name, role) VALUES (1, 'manager@example.com', 'Mona Manager', 'manager')`);
  });
  afterAll(async () => t?.close());

  it('an order paid by a test payment is marked for the customer, staff and the exports; a bank order is not', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toMatchObject({ mode: 'test' });
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const { id } = (await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: cart.total } })).json<{ id: string }>();
    const paid = (await placeOrder(t.app, customer.token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: id }))).json<number>();
    const other = await readyCustomer(t, [[packs.box25, 1]]);
    const bank = (await placeOrder(t.app, other.customer.token, orderBodyFrom(other.cart))).json<number>();

    const orderOf = async (orderId: number, token: string) =>
      (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(token) })).json<OrderDto>();
    expect(await orderOf(paid, customer.token)).toMatchObject({ payment_method: 'paypal', payment_reference: id, payment_is_test: true });
    expect(await orderOf(bank, other.customer.token)).toMatchObject({ payment_method: 'bank', payment_is_test: false });
    const [stored] = await queryRows<{ payment_is_test: boolean }>(t.database.db, sql`SELECT payment_is_test FROM orders WHERE order_id = ${paid}`);
    expect(stored!.payment_is_test).toBe(true);

    // Staff: the order list and the order page.
    const list = await t.app.services.orderAdministration.list({});
    expect(list.rows.find((row) => row.orderId === paid)).toMatchObject({ paymentIsTest: true });
    expect(list.rows.find((row) => row.orderId === bank)).toMatchObject({ paymentIsTest: false });
    expect((await t.app.services.orderAdministration.detail(paid, manager)).payment).toMatchObject({ method: 'paypal', isTest: true });

    // The exports: the last column of orders.csv, and of invoices.csv once the order is invoiced.
    const range = { from: '2000-01-01', to: '2999-12-31' };
    const orders = (await textOf(t.app.services.accountingExports.ordersCsv(range))).trim().split('\n');
    expect(orders[0]).toMatch(/,test_payment$/);
    expect(orders.find((line) => line.startsWith(`${paid},`))).toMatch(/,yes$/);
    expect(orders.find((line) => line.startsWith(`${bank},`))).toMatch(/,$/);
    await t.app.services.documents.issueInvoice(paid);
    const invoices = (await textOf(t.app.services.accountingExports.invoicesCsv(range))).trim().split('\n');
    expect(invoices[0]).toMatch(/,test_payment$/);
    expect(invoices.find((line) => line.includes(`,${paid},`))).toMatch(/,yes$/);
  });
});
