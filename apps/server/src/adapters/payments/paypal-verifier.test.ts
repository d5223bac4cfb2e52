/**
 * The PayPal adapter against a local imitation of PayPal's REST v2 endpoints (node:http on
 * 127.0.0.1, testing/paypal-imitation.ts): OAuth2 client credentials, then GET
 * /v2/checkout/orders/{id}. Refunds are in paypal-refunds.test.ts. Through the whole
 * app (POST /api/order, PayPal not answering in time included) and on the adapter alone for
 * timeouts and token caching.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto, OrderDto } from '@shop/contract';
import { PaymentProviderUnavailable, PaymentReferenceUnknown } from '@shop/core';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture } from '../../testing/basket-fixtures.ts';
import { addToBasket, basketOf, countRows, createAddress, orderBodyFrom, placeOrder } from '../../testing/checkout-fixtures.ts';
import { PAYPAL_CLIENT_ID as CLIENT_ID, PAYPAL_CLIENT_SECRET as CLIENT_SECRET, PayPalImitation } from '../../testing/paypal-imitation.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../../testing/test-app.ts';
import { PayPalVerifier } from './paypal-verifier.ts';

/** PAYPAL_TIMEOUT_SECONDS of the app under test: short, yet ample for the local imitation's normal answers. */
const CHECKOUT_PAYPAL_TIMEOUT_MS = 2_000;

describeOnPglite('PayPal payments against a local imitation of PayPal', (kind) => {
  const paypal = new PayPalImitation();
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    await paypal.start();
    t = await createTestApp({
      kind,
      seed: false,
      env: {
        AUTH_RATE_LIMIT_PER_IP: '10000',
        AUTH_RATE_LIMIT_PER_EMAIL: '10000',
        PAYPAL_CLIENT_ID: CLIENT_ID,
        PAYPAL_CLIENT_SECRET: CLIENT_SECRET,
        PAYPAL_ENV: 'sandbox',
        PAYPAL_API_BASE: paypal.baseUrl,
        PAYPAL_TIMEOUT_SECONDS: String(CHECKOUT_PAYPAL_TIMEOUT_MS / 1000),
      },
    });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await paypal.stop();
  });
  afterEach(() => {
    paypal.mode = 'normal';
    paypal.slowMs = 1_500;
  });

  async function customerWithBasket() {
    const customer = await signUp(t.app);
    await addToBasket(t.app, customer.token, packs.box25, 1);
    const address = await createAddress(t.app, customer.token);
    const cart = { ...(await basketOf(t.app, customer)), address_id: address.address_id } as CartDto;
    return { customer, cart };
  }
  const payWith = (token: string, cart: CartDto, reference: string) =>
    placeOrder(t.app, token, orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference }));
  const logsOf = (userId: number) =>
    queryRows<{ error: string; external_id: string; extra_info: string }>(
      t.database.db,
      sql`SELECT error, external_id, extra_info FROM order_logs WHERE user_id = ${userId} ORDER BY order_log_id`,
    );

  it('tells the payment tab to load PayPal with the client id; test orders are off', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/payments/config' })).json()).toEqual({ mode: 'paypal', clientId: CLIENT_ID, currency: 'GBP' });
    expect((await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: 10 } })).statusCode).toBe(404);
  });

  it('approved: a COMPLETED GBP order for the total places the order with the PayPal order id', async () => {
    paypal.orders.set('5O190127TN364715T', { status: 'COMPLETED', value: '35.99' });
    const { customer, cart } = await customerWithBasket();
    const response = await payWith(customer.token, cart, '5O190127TN364715T');
    expect(response.statusCode).toBe(200);
    const order = (await t.app.inject({ method: 'GET', url: `/api/order/${response.json<number>()}`, headers: bearer(customer.token) })).json<OrderDto>();
    expect(order).toMatchObject({ payment_method: 'paypal', payment_reference: '5O190127TN364715T', total: 35.99, status: 'PendingDelivery' });
    expect((await basketOf(t.app, customer)).count).toBe(0);
  });

  it('reuses one access token across payments', async () => {
    const before = paypal.tokenRequests;
    for (const id of ['1AB23456CD789012E', '2AB23456CD789012E']) {
      paypal.orders.set(id, { status: 'COMPLETED', value: '35.99' });
      const { customer, cart } = await customerWithBasket();
      expect((await payWith(customer.token, cart, id)).statusCode).toBe(200);
    }
    expect(paypal.tokenRequests - before).toBeLessThanOrEqual(1);
  });

  it('an access token PayPal no longer accepts is replaced once, transparently', async () => {
    paypal.orders.set('3AB23456CD789012E', { status: 'COMPLETED', value: '35.99' });
    const { customer, cart } = await customerWithBasket();
    paypal.mode = 'expired-token';
    expect((await payWith(customer.token, cart, '3AB23456CD789012E')).statusCode).toBe(200);
  });

  it('amount mismatch: 409, nothing placed, basket intact, written to the order log', async () => {
    paypal.orders.set('4AB23456CD789012E', { status: 'COMPLETED', value: '5.00' });
    const { customer, cart } = await customerWithBasket();
    const response = await payWith(customer.token, cart, '4AB23456CD789012E');
    expect(response.statusCode).toBe(409);
    // The shop returns the payment by itself (DESIGN section 4 "Orders"), and says so.
    expect(response.json().message).toBe(
      'The payment of £5.00 does not match the order total of £35.99, so no order was placed. ' +
        'The payment of £5.00 you made (reference 4AB23456CD789012E) is being returned to you in full, so you need not contact us; you can pay again once your basket is right.',
    );
    expect(response.json().payment_returned).toEqual({ reference: '4AB23456CD789012E', amount: 5 });
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    expect((await basketOf(t.app, customer)).count).toBe(1);
    expect(await logsOf(customer.userId)).toEqual([expect.objectContaining({ external_id: '4AB23456CD789012E', error: expect.stringMatching(/does not match/) })]);
  });

  it('reused reference: 409 for anyone, nothing placed, logged', async () => {
    paypal.orders.set('5AB23456CD789012E', { status: 'COMPLETED', value: '35.99' });
    const first = await customerWithBasket();
    expect((await payWith(first.customer.token, first.cart, '5AB23456CD789012E')).statusCode).toBe(200);
    const second = await customerWithBasket();
    const response = await payWith(second.customer.token, second.cart, '5AB23456CD789012E');
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toMatch(/already been used/);
    expect(await countRows(t.database.db, 'orders', second.customer.userId)).toBe(0);
    expect(await logsOf(second.customer.userId)).toHaveLength(1);
  });

  it('not completed, another currency or unknown to PayPal: 402 with a clear message, nothing placed', async () => {
    paypal.orders.set('6AB23456CD789012E', { status: 'APPROVED', value: '35.99' });
    paypal.orders.set('7AB23456CD789012E', { status: 'COMPLETED', value: '35.99', currency: 'USD' });
    const { customer, cart } = await customerWithBasket();
    const cases: [string, RegExp][] = [
      ['6AB23456CD789012E', /has not been completed \(its status is APPROVED\)/],
      ['7AB23456CD789012E', /The payment is in USD, but the shop takes GBP/],
      ['8NOTKNOWNBYPAYPAL', /does not know this payment/],
      ['not a paypal id!', /does not know this payment/],
    ];
    for (const [reference, message] of cases) {
      const response = await payWith(customer.token, cart, reference);
      expect(response.statusCode, reference).toBe(402);
      expect(response.json()).toMatchObject({ error: 'payment_required', message: expect.stringMatching(message) });
    }
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    expect(await logsOf(customer.userId)).toHaveLength(4);
  });

  it('provider down: 502 with a clear message, nothing placed, the provider\'s answer in the order log only', async () => {
    paypal.orders.set('9AB23456CD789012E', { status: 'COMPLETED', value: '35.99' });
    const { customer, cart } = await customerWithBasket();
    paypal.mode = 'down';
    const response = await payWith(customer.token, cart, '9AB23456CD789012E');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({
      error: 'provider_unavailable',
      message:
        'We could not reach the payment provider to confirm your payment, so no order was placed yet. ' +
        'Please try again in a few minutes; if the problem continues, contact us quoting payment reference 9AB23456CD789012E.',
    });
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    const [log] = await logsOf(customer.userId);
    expect(log!.extra_info).toMatch(/PayPal answered 503/);
    // When PayPal is back, the same payment places the order.
    paypal.mode = 'normal';
    expect((await payWith(customer.token, cart, '9AB23456CD789012E')).statusCode).toBe(200);
  });

  it('PayPal not answering in time: 502 after the timeout, nothing placed; the retry with the same key and payment places exactly one order', async () => {
    const reference = 'TAB23456CD789012E';
    paypal.orders.set(reference, { status: 'COMPLETED', value: '35.99' });
    const { customer, cart } = await customerWithBasket();
    const body = orderBodyFrom(cart, { payment_method: 'paypal', payment_reference: reference });
    const idempotencyKey = randomUUID();

    paypal.mode = 'slow';
    paypal.slowMs = CHECKOUT_PAYPAL_TIMEOUT_MS * 3;
    const startedAt = Date.now();
    const timedOut = await placeOrder(t.app, customer.token, body, idempotencyKey);
    const waitedMs = Date.now() - startedAt;
    expect(timedOut.statusCode).toBe(502);
    expect(timedOut.json()).toEqual({
      error: 'provider_unavailable',
      message: expect.stringMatching(/^We could not reach the payment provider to confirm your payment, so no order was placed yet\. Please try again/),
    });
    expect(timedOut.json().message).toContain(reference);
    // It gave up at its timeout rather than waiting for PayPal's late answer.
    expect(waitedMs).toBeGreaterThanOrEqual(CHECKOUT_PAYPAL_TIMEOUT_MS - 50);
    expect(waitedMs).toBeLessThan(paypal.slowMs);
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    expect((await basketOf(t.app, customer)).count).toBe(1);
    const [log] = await logsOf(customer.userId);
    expect(log!.extra_info).toContain(`no answer within ${CHECKOUT_PAYPAL_TIMEOUT_MS} ms`);

    // PayPal answers again: the customer's retry (same key, same payment) places the order, once.
    paypal.mode = 'normal';
    const retried = await placeOrder(t.app, customer.token, body, idempotencyKey);
    expect(retried.statusCode).toBe(200);
    const again = await placeOrder(t.app, customer.token, body, idempotencyKey);
    expect(again.statusCode).toBe(200);
    expect(again.json<number>()).toBe(retried.json<number>());
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);
    expect((await basketOf(t.app, customer)).count).toBe(0);
  });
});

describe('PayPal adapter alone', () => {
  const paypal = new PayPalImitation();
  beforeAll(async () => paypal.start());
  afterAll(async () => paypal.stop());
  afterEach(() => {
    paypal.mode = 'normal';
  });

  it('reads status, currency and amount in pence', async () => {
    paypal.orders.set('AAA111', { status: 'COMPLETED', value: '1234.56' });
    const verifier = new PayPalVerifier({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: paypal.baseUrl });
    expect(await verifier.verify('AAA111')).toEqual({ reference: 'AAA111', status: 'COMPLETED', currency: 'GBP', amountPence: 123456, captureId: 'CAP-AAA111' });
    await expect(verifier.verify('NOPE')).rejects.toBeInstanceOf(PaymentReferenceUnknown);
  });

  it('gives up after its timeout, and reports refused credentials and an unreachable host', async () => {
    paypal.orders.set('BBB222', { status: 'COMPLETED', value: '1.00' });
    paypal.mode = 'slow';
    const slow = new PayPalVerifier({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: paypal.baseUrl, timeoutMs: 300 });
    await expect(slow.verify('BBB222')).rejects.toThrow(new PaymentProviderUnavailable('PayPal /v1/oauth2/token: no answer within 300 ms'));
    paypal.mode = 'normal';
    const wrongSecret = new PayPalVerifier({ clientId: CLIENT_ID, clientSecret: 'wrong', apiBase: paypal.baseUrl });
    await expect(wrongSecret.verify('BBB222')).rejects.toThrow(/refused an access token: 401 \(check PAYPAL_CLIENT_ID/);
    const nowhere = new PayPalVerifier({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: 'http://127.0.0.1:9', timeoutMs: 1_000 });
    await expect(nowhere.verify('BBB222')).rejects.toBeInstanceOf(PaymentProviderUnavailable);
  });

  it('the timeout covers the answer\'s body too: headers followed by silence are no answer', async () => {
    paypal.orders.set('CCC333', { status: 'COMPLETED', value: '1.00' });
    const verifier = new PayPalVerifier({ clientId: CLIENT_ID, clientSecret: CLIENT_SECRET, apiBase: paypal.baseUrl, timeoutMs: 300 });
    await verifier.verify('CCC333'); // the access token, fetched while PayPal answers normally
    paypal.mode = 'stalled-body';
    const startedAt = Date.now();
    await expect(verifier.verify('CCC333')).rejects.toThrow(new PaymentProviderUnavailable('PayPal /v2/checkout/orders/CCC333: no answer within 300 ms'));
    expect(Date.now() - startedAt).toBeLessThan(paypal.slowMs);
  });
});
