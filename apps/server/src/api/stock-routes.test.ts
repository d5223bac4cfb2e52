/**
 * Stock at the JSON API, as a client sees it: adding more packs than can be had is refused (409,
 * DESIGN section 4's error shape) saying how many can, and an order whose size ran out since it
 * was added to the basket is refused with the line and the packs left, nothing placed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, newSession, type BasketFixture } from '../testing/basket-fixtures.ts';
import { orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

describeOnPglite('stock at the API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let sizeId: number;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    const [row] = await queryRows<{ product_size_id: number }>(t.database.db, sql`SELECT product_size_id FROM product_prices WHERE product_price_id = ${packs.box25.productPriceId}`);
    sizeId = Number(row!.product_size_id);
  });
  afterAll(async () => t?.close());

  const setOnHand = (units: number) =>
    t.database.db.execute(
      sql`INSERT INTO stock_levels (product_size_id, on_hand) VALUES (${sizeId}, ${units}) ON CONFLICT (product_size_id) DO UPDATE SET on_hand = ${units}, allocated = 0`,
    );
  const add = (session: string, count: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { user_id: 1, session_id: session, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId, price: 25, qty: 25, count },
    });

  it('adding more packs than can be had is refused with 409, saying how many can be added; within it, they are added', async () => {
    await setOnHand(80); // 3 packs of 25
    const session = await newSession(t.app);
    const refused = await add(session, 4);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'conflict',
      message: 'Sorry, only 3 packs of 25 of Cardboard Box 12x9x6 can be added, so nothing was added. Choose 3 or fewer.',
      lines: [{ product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId, requested_packs: 4, available_packs: 3 }],
    });
    expect((await add(session, 2)).statusCode).toBe(200);
    const more = await add(session, 2);
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe('Sorry, only 1 pack of 25 of Cardboard Box 12x9x6 can be added besides what is in your basket, so nothing was added. Choose 1 or fewer.');
    await setOnHand(0);
    const out = await add(await newSession(t.app), 1);
    expect(out.json().message).toBe('Sorry, Cardboard Box 12x9x6 (packs of 25) is out of stock, so it was not added.');
  });

  it('raising a basket line past what can be had is refused with 409 and the line kept; bringing it down is always taken', async () => {
    await setOnHand(100); // 4 packs of 25
    const session = await newSession(t.app);
    expect((await add(session, 3)).statusCode).toBe(200);
    const modify = (count: number) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/cart/ModifyCart',
        payload: { user_id: 1, session_id: session, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId, price: 25, qty: 25, count },
      });
    const refused = await modify(5);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      error: 'conflict',
      message: 'Sorry, only 4 packs of 25 of Cardboard Box 12x9x6 can be had, so your basket is unchanged. Choose 4 or fewer.',
      lines: [{ product_price_id: packs.box25.productPriceId, requested_packs: 5, available_packs: 4 }],
    });
    expect((await modify(4)).statusCode).toBe(200);
    await setOnHand(25); // the size ran short since: the customer may still bring the line down
    const lowered = await modify(2);
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().cartIems[0].count).toBe(2);
  });

  it('an order whose size ran out since it was added is refused (409) naming the line and the packs left; nothing is placed', async () => {
    await setOnHand(1000);
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 4], [packs.tapeBrown, 1]]);
    await setOnHand(60); // 2 packs of 25 left
    const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      error: 'conflict',
      message: 'Not enough stock: only 2 packs of 25 of Cardboard Box 12x9x6 can be had (you asked for 4). Nothing was ordered; please change that line and try again.',
      lines: [{ product_price_id: packs.box25.productPriceId, requested_packs: 4, available_packs: 2 }],
    });
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders WHERE user_id = ${customer.userId}`);
    expect(Number(n)).toBe(0);
    const basket = await t.app.inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) });
    expect(basket.json().cartIems).toHaveLength(2);
  });
});
