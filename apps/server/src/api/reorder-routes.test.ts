/**
 * "Order again" through the API: POST /api/order/{id}/reorder puts a past
 * order's lines that are still on sale into the basket at today's prices and lists what changed.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartDto, ReorderResultDto } from '@shop/contract';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture, type Customer, type Pack } from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf, createAddress, orderBodyFrom, placeOrder } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

describeOnPglite('reorder API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: relaxedLimits });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A customer who placed one bank-transfer order of these lines; the basket is empty afterwards. */
  async function customerWithOrder(lines: [Pack, number][]): Promise<{ customer: Customer; orderId: number }> {
    const customer = await signUp(t.app);
    for (const [pack, count] of lines) await addToBasket(t.app, customer.token, pack, count);
    const address = await createAddress(t.app, customer.token);
    const assigned = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/AssignAddress',
      headers: bearer(customer.token),
      payload: { addressId: address.address_id, cartId: null },
    });
    expect(assigned.statusCode).toBe(200);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(assigned.json<CartDto>()));
    expect(placed.statusCode, placed.body).toBe(200);
    return { customer, orderId: placed.json<number>() };
  }

  const reorder = (orderId: number | string, token: string | null) =>
    t.app.inject({ method: 'POST', url: `/api/order/${orderId}/reorder`, headers: token ? bearer(token) : {} });

  const lineOf = (cart: CartDto, pack: Pack) => cart.cartIems.find((line) => line.product_price_id === pack.productPriceId);

  it("puts the order's lines into the basket at today's prices, with nothing to report when nothing changed", async () => {
    const { customer, orderId } = await customerWithOrder([
      [packs.box25, 2],
      [packs.box50, 1],
    ]);
    expect((await basketOf(t.app, customer)).cartIems).toEqual([]);

    const response = await reorder(orderId, customer.token);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json<ReorderResultDto>();
    expect(result.changes).toEqual([]);
    expect(result.cartIems.map((line) => [line.product_price_id, line.count, line.price])).toEqual([
      [packs.box25.productPriceId, 2, 25],
      [packs.box50.productPriceId, 1, 45],
    ]);
    expect(result).toMatchObject({ count: 3, subTotal: 95 });
    // The answer is the basket as GET /api/cart shows it.
    const { changes: _changes, ...cart } = result;
    expect(await basketOf(t.app, customer)).toEqual(cart);
  });

  it('a pack already in the basket keeps the larger count, never the sum', async () => {
    const { customer, orderId } = await customerWithOrder([
      [packs.box25, 2],
      [packs.box50, 1],
    ]);
    await addToBasket(t.app, customer.token, packs.box25, 1); // fewer than ordered: becomes 2
    await addToBasket(t.app, customer.token, packs.box50, 3); // more than ordered: stays 3

    const result = (await reorder(orderId, customer.token)).json<ReorderResultDto>();
    expect(lineOf(result, packs.box25)?.count).toBe(2);
    expect(lineOf(result, packs.box50)?.count).toBe(3);

    // Ordering again a second time changes nothing.
    const again = (await reorder(orderId, customer.token)).json<ReorderResultDto>();
    expect(again.cartIems.map((line) => line.count)).toEqual(result.cartIems.map((line) => line.count));
  });

  it('another customer\'s order, an unknown order and no token: 404, 404 and 401, and no basket changes', async () => {
    const { orderId } = await customerWithOrder([[packs.box25, 1]]);
    const stranger = await signUp(t.app);

    const theirs = await reorder(orderId, stranger.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toMatchObject({ error: 'not_found' });
    expect((await reorder(999_999, stranger.token)).statusCode).toBe(404);
    expect((await reorder(orderId, null)).statusCode).toBe(401);
    expect((await reorder('abc', stranger.token)).statusCode).toBe(400);
    expect((await basketOf(t.app, stranger)).cartIems).toEqual([]);
  });

  describe('after the catalogue changed', () => {
    // Last in the suite: it raises a price and withdraws a product for good.
    it('reports a new price and a withdrawn product; the withdrawn line is left out', async () => {
      const { customer, orderId } = await customerWithOrder([
        [packs.box25, 2],
        [packs.tapeBrown, 1],
        [packs.box50, 1],
      ]);
      await t.database.db.execute(sql`UPDATE product_prices SET price_pence = 2640 WHERE product_price_id = ${packs.box25.productPriceId}`);
      await t.database.db.execute(sql`UPDATE products SET is_active = false WHERE product_id = ${packs.tapeBrown.productId}`);

      const response = await reorder(orderId, customer.token);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<ReorderResultDto>();

      expect(result.cartIems.map((line) => [line.product_price_id, line.count, line.price])).toEqual([
        [packs.box25.productPriceId, 2, 26.4],
        [packs.box50.productPriceId, 1, 45],
      ]);
      expect(result.subTotal).toBe(97.8);
      expect(result.changes).toEqual([
        {
          kind: 'price_changed',
          product_id: packs.box25.productId,
          product_price_id: packs.box25.productPriceId,
          item_name: 'Cardboard Box 12x9x6',
          qty: 25,
          old_price: 25,
          new_price: 26.4,
          message: 'Cardboard Box 12x9x6, pack of 25: now £26.40 (was £25.00)',
        },
        {
          kind: 'withdrawn',
          product_id: packs.tapeBrown.productId,
          product_price_id: packs.tapeBrown.productPriceId,
          item_name: 'Packing Tape Brown',
          qty: 6,
          old_price: 74.99,
          new_price: null,
          message: 'Packing Tape Brown is no longer sold',
        },
      ]);
    });
  });
});
