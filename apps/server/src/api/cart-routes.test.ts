import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, type CartDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, newSession, signUp, type BasketFixture, type Customer, type Pack } from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf, createAddress, validAddress } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

describeOnEachDatabase('basket API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  const getCart = async (owner: string | number, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/cart/${owner}`, headers });

  const add = (pack: Pack, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers,
      // As the storefront sends it: a fixed user_id of 1, the price it showed, qty = first pack_range value.
      payload: { user_id: 1, product_id: pack.productId, product_price_id: pack.productPriceId, price: 25, qty: pack.qty, ...extra },
    });

  const modify = (pack: Pack, count: unknown, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/cart/ModifyCart',
      headers,
      payload: { user_id: 1, cart_id: 1, product_id: pack.productId, product_price_id: pack.productPriceId, price: 1, qty: pack.qty, count, ...extra },
    });

  const remove = (pack: Pack, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/cart/remove',
      headers,
      payload: { user_id: 1, product_id: pack.productId, product_price_id: pack.productPriceId, ...extra },
    });

  const linesOf = (cart: CartDto) => cart.cartIems.map((l) => ({ product_price_id: l.product_price_id, count: l.count }));

  describe('reading a basket', () => {
    it('a new visitor sees an empty basket with nothing to pay', async () => {
      const session = await newSession(t.app);
      const response = await getCart(session);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toEqual({
        cart_id: null,
        address_id: null,
        count: 0,
        subTotal: 0,
        deliveryFee: 0,
        taxPercentage: 20,
        totalTax: 0,
        total: 0,
        vatTreatment: 'standard',
        deliveryZone: null,
        dispatchPromise: expect.objectContaining({ dispatchText: expect.stringMatching(/^Order (within .+ for dispatch today|now for dispatch on .+)$/) }),
        cartIems: [],
        discount: 0,
        offers: [],
        offer_code: null,
        offer_code_problem: null,
        next_offers: [],
      });
    });

    it('an unknown session reads as an empty basket', async () => {
      const response = await getCart(randomUUID());
      expect(response.statusCode).toBe(200);
      expect(response.json<CartDto>()).toMatchObject({ count: 0, total: 0, cartIems: [] });
    });

    it('something that is neither a session id nor a user id is a 400', async () => {
      for (const owner of ['abc', '0', '-1', '1.5', `${randomUUID()}x`]) {
        const response = await getCart(owner);
        expect(response.statusCode, owner).toBe(400);
        expect(response.json().error).toBe('invalid_request');
      }
    });
  });

  describe('adding to a basket', () => {
    it('prices the pack from the catalogue, ignoring the price and user_id sent, with delivery and VAT', async () => {
      const session = await newSession(t.app);
      const response = await add(packs.box25, { session_id: session, price: 0.01 });
      expect(response.statusCode).toBe(200);
      const cart = response.json<CartDto>();
      expect(cart).toMatchObject({ count: 1, subTotal: 25, deliveryFee: 4.99, taxPercentage: 20, totalTax: 6, total: 35.99 });
      expect(cart.cart_id).toEqual(expect.any(Number));
      expect(cart.cartIems).toEqual([
        {
          cart_id: cart.cart_id,
          address_id: null,
          product_id: packs.box25.productId,
          product_price_id: packs.box25.productPriceId,
          price: 25,
          qty: 25,
          count: 1,
          total_price: 25,
          unit_price: 1,
          item_name: 'Cardboard Box 12x9x6',
          product: {
            product_id: packs.box25.productId,
            name: 'Cardboard Box 12x9x6',
            image_url: '/media/products/box-kraft.svg',
            produc_prices: [{ product_price_id: packs.box25.productPriceId, size1: '12x9x6"' }],
          },
        },
      ]);
      expect((await getCart(session)).json()).toEqual(cart);
    });

    it('names an item by product and size when the product name has no size in it', async () => {
      const session = await newSession(t.app);
      const cart = (await add(packs.tapeBrown, { session_id: session })).json<CartDto>();
      expect(cart.cartIems[0]!.item_name).toBe('Packing Tape Brown');
    });

    it('adding a pack already in the basket adds to its number of packs', async () => {
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session, count: 2 });
      const cart = (await add(packs.box25, { session_id: session, count: 3 })).json<CartDto>();
      expect(linesOf(cart)).toEqual([{ product_price_id: packs.box25.productPriceId, count: 5 }]);
      expect(cart).toMatchObject({ count: 5, subTotal: 125, deliveryFee: 0, totalTax: 25, total: 150 });
    });

    it('lists lines in the order they were added', async () => {
      const session = await newSession(t.app);
      await add(packs.tapeClear, { session_id: session });
      await add(packs.box50, { session_id: session });
      await add(packs.box25, { session_id: session });
      const cart = (await add(packs.tapeClear, { session_id: session })).json<CartDto>();
      expect(cart.cartIems.map((l) => l.product_price_id)).toEqual([
        packs.tapeClear.productPriceId,
        packs.box50.productPriceId,
        packs.box25.productPriceId,
      ]);
      // The answer to the add already holds the line as it is after the add.
      expect(linesOf(cart)[0]).toEqual({ product_price_id: packs.tapeClear.productPriceId, count: 2 });
      expect((await t.app.inject({ method: 'GET', url: `/api/cart/${session}` })).json<CartDto>()).toEqual(cart);
    });

    it('charges £4.99 delivery up to £74.99 and delivers free from £75.00', async () => {
      const session = await newSession(t.app);
      const below = (await add(packs.tapeBrown, { session_id: session })).json<CartDto>();
      // 20% of (74.99 + 4.99) = 15.996
      expect(below).toMatchObject({ subTotal: 74.99, deliveryFee: 4.99, totalTax: 16, total: 95.98 });
      const atThreshold = (await add(packs.tapeClear, { session_id: session })).json<CartDto>();
      expect(atThreshold).toMatchObject({ count: 2, subTotal: 75, deliveryFee: 0, totalTax: 15, total: 90 });
    });

    it('accepts any size of the pack\'s range, and the first one when qty is left out', async () => {
      const session = await newSession(t.app);
      const with60 = (await add(packs.box50, { session_id: session, qty: 60 })).json<CartDto>();
      expect(with60.cartIems[0]!.qty).toBe(60);
      const other = await newSession(t.app);
      const noQty = { user_id: 1, session_id: other, product_id: packs.box50.productId, product_price_id: packs.box50.productPriceId };
      const response = await t.app.inject({ method: 'POST', url: '/api/cart', payload: noQty });
      expect(response.json<CartDto>().cartIems[0]!.qty).toBe(50);
    });

    it('refuses a qty that is not one of the pack sizes', async () => {
      const session = await newSession(t.app);
      const response = await add(packs.box50, { session_id: session, qty: 55 });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ error: 'invalid_request', fields: [{ field: 'qty' }] });
      expect(response.json().message).toContain('50, 60');
      expect((await getCart(session)).json<CartDto>().cartIems).toEqual([]);
    });

    it('refuses a pack that belongs to another product', async () => {
      const session = await newSession(t.app);
      const response = await add({ ...packs.box25, productId: packs.tapeBrown.productId }, { session_id: session });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/not a pack of product/);
    });

    it('refuses an unknown pack and a product that is no longer sold', async () => {
      const session = await newSession(t.app);
      const unknown = await add({ ...packs.box25, productPriceId: 999_999 }, { session_id: session });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toMatch(/not for sale/);
      const retired = await add(packs.retired, { session_id: session });
      expect(retired.statusCode).toBe(400);
      expect(retired.json().message).toMatch(/not for sale/);
    });

    it('refuses a number of packs outside 1 to 1000 with the form\'s message', async () => {
      const session = await newSession(t.app);
      for (const count of [0, -1, 1001, 1.5, '2', null]) {
        const response = await add(packs.box25, { session_id: session, count });
        expect(response.statusCode, String(count)).toBe(400);
        expect(response.json().fields).toEqual([{ field: 'count', message: fieldMessages.packCount }]);
      }
      const ok = await add(packs.box25, { session_id: session, count: 1000 });
      expect(ok.json<CartDto>().count).toBe(1000);
    });

    it('refuses to take a line past 1000 packs and leaves it as it was', async () => {
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session, count: 998 });
      const response = await add(packs.box25, { session_id: session, count: 3 });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain('No. of Pack must be a whole number from 1 to 1000');
      expect(response.json().message).toContain('already has 998');
      expect((await getCart(session)).json<CartDto>().count).toBe(998);
      expect((await add(packs.box25, { session_id: session, count: 2 })).json<CartDto>().count).toBe(1000);
    });

    it('without a token needs a session: none is a 400, an unknown one a 404', async () => {
      const missing = await add(packs.box25);
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fields).toEqual([{ field: 'session_id', message: expect.any(String) }]);
      const unknown = await add(packs.box25, { session_id: randomUUID() });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toMatch(/Unknown session/);
      const notUuid = await add(packs.box25, { session_id: 'not-a-session' });
      expect(notUuid.statusCode).toBe(400);
    });

    it('removing the discount code of an unknown session is a 404 (the fuzzer found a 500)', async () => {
      const answer = await t.app.inject({ method: 'DELETE', url: '/api/cart/code', payload: { session_id: '00000000-0000-0000-0000-000000000000' } });
      expect(answer.statusCode, answer.body).toBe(404);
      expect(answer.json().message).toMatch(/Unknown session/);
    });

    it('20 parallel adds of one pack end as one line of 20 packs', async () => {
      const session = await newSession(t.app);
      const responses = await Promise.all(Array.from({ length: 20 }, () => add(packs.box25, { session_id: session })));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      const cart = (await getCart(session)).json<CartDto>();
      expect(linesOf(cart)).toEqual([{ product_price_id: packs.box25.productPriceId, count: 20 }]);
      const baskets = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM carts WHERE session_id = ${session}::uuid`);
      expect(Number(baskets[0]!.n)).toBe(1);
    });

    it('parallel adds of different packs to a new basket all land in one basket', async () => {
      const session = await newSession(t.app);
      await Promise.all([packs.box25, packs.box50, packs.tapeBrown, packs.tapeClear].map((p) => add(p, { session_id: session })));
      const cart = (await getCart(session)).json<CartDto>();
      expect(cart.cartIems).toHaveLength(4);
      expect(cart.count).toBe(4);
    });
  });

  describe('changing and removing lines', () => {
    it('sets the number of packs of a line and reprices the basket', async () => {
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session });
      await add(packs.tapeClear, { session_id: session });
      const response = await modify(packs.box25, 4, { session_id: session });
      expect(response.statusCode).toBe(200);
      const cart = response.json<CartDto>();
      expect(linesOf(cart)).toEqual([
        { product_price_id: packs.box25.productPriceId, count: 4 },
        { product_price_id: packs.tapeClear.productPriceId, count: 1 },
      ]);
      expect(cart).toMatchObject({ count: 5, subTotal: 100.01, deliveryFee: 0, totalTax: 20, total: 120.01 });
      expect(cart.cartIems[0]!.total_price).toBe(100);
    });

    it('an anonymous basket may be named by its session id in user_id, as in SPEC\'s bodies', async () => {
      const session = await newSession(t.app);
      const other = await newSession(t.app);
      const cart = (await add(packs.box25, { user_id: session })).json<CartDto>();
      await add(packs.box25, { session_id: other });
      const modified = await modify(packs.box25, 3, { user_id: session, cart_id: cart.cart_id, price: 25, qty: 25 });
      expect(modified.statusCode).toBe(200);
      expect(linesOf(modified.json<CartDto>())).toEqual([{ product_price_id: packs.box25.productPriceId, count: 3 }]);
      const removed = await t.app.inject({
        method: 'POST',
        url: '/api/cart/remove',
        payload: { user_id: session, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId },
      });
      expect(removed.json<CartDto>().cartIems).toEqual([]);
      // The other visitor's basket is untouched.
      expect(linesOf((await t.app.inject({ method: 'GET', url: `/api/cart/${other}` })).json<CartDto>())).toEqual([
        { product_price_id: packs.box25.productPriceId, count: 1 },
      ]);
    });

    it('refuses a number of packs outside 1 to 1000', async () => {
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session, count: 2 });
      for (const count of [0, 1001, 2.5, 'ten']) {
        const response = await modify(packs.box25, count, { session_id: session });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual([{ field: 'count', message: fieldMessages.packCount }]);
      }
      expect((await getCart(session)).json<CartDto>().count).toBe(2);
    });

    it('a line that is not in the caller\'s basket is a 404, and another basket is left alone', async () => {
      const owner = await newSession(t.app);
      const stranger = await newSession(t.app);
      await add(packs.box25, { session_id: owner });
      const notMine = await modify(packs.box25, 7, { session_id: stranger });
      expect(notMine.statusCode).toBe(404);
      const removeNotMine = await remove(packs.box25, { session_id: stranger });
      expect(removeNotMine.statusCode).toBe(404);
      const missingLine = await modify(packs.box50, 7, { session_id: owner });
      expect(missingLine.statusCode).toBe(404);
      expect((await getCart(owner)).json<CartDto>().count).toBe(1);
    });

    it('removes a line and answers the basket without it', async () => {
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session });
      await add(packs.tapeBrown, { session_id: session });
      const response = await remove(packs.box25, { session_id: session });
      expect(response.statusCode).toBe(200);
      const cart = response.json<CartDto>();
      expect(linesOf(cart)).toEqual([{ product_price_id: packs.tapeBrown.productPriceId, count: 1 }]);
      expect(cart.subTotal).toBe(74.99);
      const again = await remove(packs.box25, { session_id: session });
      expect(again.statusCode).toBe(404);
    });

    it('removing the last line leaves an empty basket with nothing to pay', async () => {
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session });
      const cart = (await remove(packs.box25, { session_id: session })).json<CartDto>();
      expect(cart).toMatchObject({ count: 0, subTotal: 0, deliveryFee: 0, totalTax: 0, total: 0, cartIems: [] });
    });
  });

  describe('a signed-in customer\'s basket', () => {
    it('is read by user id with that user\'s token only: none is 401, another user\'s is 404', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      await add(packs.box25, {}, bearer(alice.token));
      expect((await getCart(alice.userId)).statusCode).toBe(401);
      expect((await getCart(alice.userId, bearer(bob.token))).statusCode).toBe(404);
      expect((await getCart(alice.userId, bearer('x'.repeat(43)))).statusCode).toBe(401);
      const own = await getCart(alice.userId, bearer(alice.token));
      expect(own.statusCode).toBe(200);
      expect(linesOf(own.json())).toEqual([{ product_price_id: packs.box25.productPriceId, count: 1 }]);
      expect((await getCart(bob.userId, bearer(bob.token))).json<CartDto>().cartIems).toEqual([]);
    });

    it('a token decides whose basket changes, whatever user_id and session_id say', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session, user_id: bob.userId }, bearer(alice.token));
      expect((await getCart(alice.userId, bearer(alice.token))).json<CartDto>().count).toBe(1);
      expect((await getCart(bob.userId, bearer(bob.token))).json<CartDto>().count).toBe(0);
      expect((await getCart(session)).json<CartDto>().count).toBe(0);

      expect((await modify(packs.box25, 9, { user_id: alice.userId }, bearer(bob.token))).statusCode).toBe(404);
      expect((await modify(packs.box25, 9, {}, bearer(alice.token))).json<CartDto>().count).toBe(9);
      expect((await remove(packs.box25, { user_id: alice.userId }, bearer(bob.token))).statusCode).toBe(404);
      expect((await remove(packs.box25, {}, bearer(alice.token))).json<CartDto>().count).toBe(0);
    });

    it('a signed-out (revoked) token no longer reaches the user\'s basket', async () => {
      const alice = await signUp(t.app);
      await add(packs.box25, {}, bearer(alice.token));
      await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(alice.token) });
      expect((await getCart(alice.userId, bearer(alice.token))).statusCode).toBe(401);
    });

    it('a dead token is a 401, never the guest basket; no Authorization header at all is the guest', async () => {
      const alice = await signUp(t.app);
      const session = await newSession(t.app);
      await t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(alice.token) });
      for (const headers of [bearer(alice.token), bearer('x'.repeat(43)), { authorization: 'Basic YWxpY2U6c2VjcmV0' }]) {
        const added = await add(packs.box25, { session_id: session }, headers);
        expect(added.statusCode, added.body).toBe(401);
        expect(added.json()).toMatchObject({ error: 'unauthorized', message: expect.stringMatching(/expired or is not valid/) });
        expect((await modify(packs.box25, 3, { session_id: session }, headers)).statusCode).toBe(401);
        expect((await remove(packs.box25, { session_id: session }, headers)).statusCode).toBe(401);
        expect((await getCart(session, headers)).statusCode).toBe(401);
      }
      expect((await getCart(session)).json<CartDto>().count).toBe(0);
      expect((await add(packs.box25, { session_id: session })).statusCode).toBe(200);
      expect((await getCart(session)).json<CartDto>().count).toBe(1);
    });
  });

  describe('keeping the basket on sign-in', () => {
    const assign = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'PUT', url: '/api/cart', headers, payload: body });

    it('needs the token of that user: none is 401, another user\'s is 404, and nothing moves', async () => {
      const alice = await signUp(t.app);
      const bob = await signUp(t.app);
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session });
      expect((await assign({ anonymousUserId: session, userId: alice.userId })).statusCode).toBe(401);
      expect((await assign({ anonymousUserId: session, userId: alice.userId }, bearer(bob.token))).statusCode).toBe(404);
      expect((await getCart(session)).json<CartDto>().count).toBe(1);
      expect((await getCart(bob.userId, bearer(bob.token))).json<CartDto>().count).toBe(0);
    });

    it('moves the visitor\'s basket into the customer\'s: a pack in both keeps the larger count, others are added, the session basket is emptied', async () => {
      const alice = await signUp(t.app);
      // Alice's basket from an earlier visit.
      await add(packs.box25, { count: 20 }, bearer(alice.token));
      await add(packs.tapeClear, { count: 12 }, bearer(alice.token));
      await add(packs.tapeBrown, { count: 1 }, bearer(alice.token));
      // Today's anonymous basket: the same 20 boxes, 5 of the tape she saved 12 of, and a new pack.
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session, count: 20 });
      await add(packs.tapeClear, { session_id: session, count: 5 });
      await add(packs.box50, { session_id: session, count: 2 });
      await add(packs.tapeBrown, { session_id: session, count: 3 });

      const response = await assign({ anonymousUserId: session, userId: alice.userId }, bearer(alice.token));
      expect(response.statusCode).toBe(200);
      const cart = response.json<CartDto>();
      expect(linesOf(cart)).toEqual([
        { product_price_id: packs.box25.productPriceId, count: 20 }, // 20 + the same 20: never a silent doubling
        { product_price_id: packs.tapeClear.productPriceId, count: 12 }, // 5 as a guest, 12 saved
        { product_price_id: packs.tapeBrown.productPriceId, count: 3 }, // 3 as a guest, 1 saved
        { product_price_id: packs.box50.productPriceId, count: 2 }, // only in the guest basket
      ]);
      expect(cart.count).toBe(37);
      expect((await getCart(alice.userId, bearer(alice.token))).json()).toEqual(cart);
      expect((await getCart(session)).json<CartDto>()).toMatchObject({ cart_id: null, count: 0, cartIems: [] });
    });

    it('signing in twice with the same guest basket never doubles it', async () => {
      const alice = await signUp(t.app);
      for (let visit = 0; visit < 2; visit++) {
        const session = await newSession(t.app);
        await add(packs.box25, { session_id: session, count: 20 });
        const cart = (await assign({ anonymousUserId: session, userId: alice.userId }, bearer(alice.token))).json<CartDto>();
        expect(linesOf(cart)).toEqual([{ product_price_id: packs.box25.productPriceId, count: 20 }]);
      }
    });

    it('accepts the user id as the string the storefront stores', async () => {
      const alice = await signUp(t.app);
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session });
      const cart = (await assign({ anonymousUserId: session, userId: String(alice.userId) }, bearer(alice.token))).json<CartDto>();
      expect(cart.count).toBe(1);
    });

    it('with no anonymous basket (or no session) answers the customer\'s basket unchanged', async () => {
      const alice = await signUp(t.app);
      await add(packs.tapeBrown, {}, bearer(alice.token));
      for (const anonymousUserId of [randomUUID(), null, undefined]) {
        const response = await assign({ anonymousUserId, userId: alice.userId }, bearer(alice.token));
        expect(response.statusCode).toBe(200);
        expect(linesOf(response.json())).toEqual([{ product_price_id: packs.tapeBrown.productPriceId, count: 1 }]);
      }
    });

    it('the session can fill a new basket after its basket moved', async () => {
      const alice = await signUp(t.app);
      const session = await newSession(t.app);
      await add(packs.box25, { session_id: session });
      await assign({ anonymousUserId: session, userId: alice.userId }, bearer(alice.token));
      const cart = (await add(packs.box50, { session_id: session })).json<CartDto>();
      expect(linesOf(cart)).toEqual([{ product_price_id: packs.box50.productPriceId, count: 1 }]);
    });

    it('adds racing with the move are never lost', async () => {
      for (let round = 0; round < 3; round++) {
        const alice = await signUp(t.app);
        const session = await newSession(t.app);
        await add(packs.box25, { session_id: session });
        const results = await Promise.all([
          ...Array.from({ length: 4 }, () => add(packs.box25, { session_id: session })),
          assign({ anonymousUserId: session, userId: alice.userId }, bearer(alice.token)),
          ...Array.from({ length: 4 }, () => add(packs.box50, { session_id: session })),
        ]);
        expect(results.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
        const inUser = (await getCart(alice.userId, bearer(alice.token))).json<CartDto>().count;
        const inSession = (await getCart(session)).json<CartDto>().count;
        expect(inUser + inSession).toBe(9);
      }
    });
  });

  describe('delivery by the zone of the delivery address (SPEC 9)', () => {
    /** A signed-in customer with `boxes` packs of £25 in the basket and an address at `postCode`, not yet chosen. */
    async function customerWith(boxes: number, postCode: string, town: string): Promise<{ customer: Customer; addressId: number }> {
      const customer = await signUp(t.app);
      await addToBasket(t.app, customer.token, packs.box25, boxes);
      const address = await createAddress(t.app, customer.token, { post_code: postCode, town });
      return { customer, addressId: address.address_id };
    }
    const deliverTo = (customer: Customer, addressId: number) =>
      t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(customer.token), payload: { addressId, cartId: null } });

    it('a Leeds (LS1) address: £4.99 under £75.00, free from £75.00, as quoted before the address was chosen', async () => {
      const under = await customerWith(1, 'LS1 4AP', 'Leeds');
      expect(await basketOf(t.app, under.customer)).toMatchObject({ deliveryZone: null, subTotal: 25, deliveryFee: 4.99, totalTax: 6, total: 35.99 });
      expect((await deliverTo(under.customer, under.addressId)).json<CartDto>()).toMatchObject({ deliveryZone: 'mainland', deliveryFee: 4.99, total: 35.99 });
      expect(await basketOf(t.app, under.customer)).toMatchObject({ deliveryZone: 'mainland', deliveryFee: 4.99, total: 35.99 });

      const over = await customerWith(3, 'LS1 4AP', 'Leeds');
      await deliverTo(over.customer, over.addressId);
      expect(await basketOf(t.app, over.customer)).toMatchObject({ deliveryZone: 'mainland', subTotal: 75, deliveryFee: 0, totalTax: 15, total: 90 });
    });

    it('a Belfast (BT1) address pays the remote carriage once chosen, over £75.00 too', async () => {
      const { customer, addressId } = await customerWith(3, 'BT1 1AA', 'Belfast');
      // Before an address is chosen the basket quotes mainland UK.
      expect(await basketOf(t.app, customer)).toMatchObject({ deliveryZone: null, subTotal: 75, deliveryFee: 0, total: 90 });
      const assigned = await deliverTo(customer, addressId);
      expect(assigned.statusCode).toBe(200);
      // 20% of (75 + 14.99) = 17.998 -> 18.00
      const remote = { deliveryZone: 'northern-ireland', subTotal: 75, deliveryFee: 14.99, taxPercentage: 20, totalTax: 18, total: 107.99 };
      expect(assigned.json<CartDto>()).toMatchObject(remote);
      expect(await basketOf(t.app, customer)).toMatchObject(remote);
      // Adding keeps the zone: the answer of the add prices the same address.
      expect(await addToBasket(t.app, customer.token, packs.tapeClear)).toMatchObject({ deliveryZone: 'northern-ireland', subTotal: 75.01, deliveryFee: 14.99 });
    });

    it('an Inverness (IV2) address pays the remote carriage; choosing a Leeds one again quotes mainland UK', async () => {
      const { customer, addressId } = await customerWith(1, 'iv2 3bw', 'Inverness');
      // 20% of (25 + 14.99) = 7.998 -> 8.00
      expect((await deliverTo(customer, addressId)).json<CartDto>()).toMatchObject({
        deliveryZone: 'highlands-and-islands',
        deliveryFee: 14.99,
        totalTax: 8,
        total: 47.99,
      });
      const leeds = await createAddress(t.app, customer.token, { reference: 'Leeds office' });
      expect((await deliverTo(customer, leeds.address_id)).json<CartDto>()).toMatchObject({ deliveryZone: 'mainland', deliveryFee: 4.99, total: 35.99 });
    });

    it('a Jersey (JE2) address is a zero-rated export: taxPercentage 0, no VAT, total = goods + delivery', async () => {
      const { customer, addressId } = await customerWith(1, 'JE2 3AB', 'St Helier');
      // Before an address is chosen: the standard rate, as today.
      expect(await basketOf(t.app, customer)).toMatchObject({ deliveryZone: null, vatTreatment: 'standard', taxPercentage: 20, totalTax: 6, total: 35.99 });
      const exported = { deliveryZone: 'channel-islands', vatTreatment: 'export', subTotal: 25, deliveryFee: 14.99, taxPercentage: 0, totalTax: 0, total: 39.99 };
      expect((await deliverTo(customer, addressId)).json<CartDto>()).toMatchObject(exported);
      expect(await basketOf(t.app, customer)).toMatchObject(exported);
    });

    it('a Dublin Eircode is a zero-rated export; a Douglas (IM1) address pays UK VAT (Isle of Man is in the UK VAT area)', async () => {
      const dublin = await customerWith(1, 'D02 X285', 'Dublin');
      expect((await deliverTo(dublin.customer, dublin.addressId)).json<CartDto>()).toMatchObject({
        deliveryZone: 'republic-of-ireland',
        vatTreatment: 'export',
        taxPercentage: 0,
        totalTax: 0,
        total: 39.99,
      });
      const douglas = await customerWith(1, 'IM1 1AA', 'Douglas');
      // 20% of (25 + 14.99) = 7.998 -> 8.00
      expect((await deliverTo(douglas.customer, douglas.addressId)).json<CartDto>()).toMatchObject({
        deliveryZone: 'isle-of-man',
        vatTreatment: 'standard',
        taxPercentage: 20,
        totalTax: 8,
        total: 47.99,
      });
    });

    it('follows a change of the chosen address\'s postcode', async () => {
      const { customer, addressId } = await customerWith(1, 'LS1 4AP', 'Leeds');
      await deliverTo(customer, addressId);
      const moved = await t.app.inject({
        method: 'PUT',
        url: '/api/address',
        headers: bearer(customer.token),
        payload: { ...validAddress({ post_code: 'JE2 3AB', town: 'St Helier' }), address_id: addressId },
      });
      expect(moved.statusCode).toBe(200);
      expect(await basketOf(t.app, customer)).toMatchObject({ deliveryZone: 'channel-islands', deliveryFee: 14.99 });
    });
  });

  describe('malformed requests', () => {
    it('answer 400 with the JSON error shape, never 500', async () => {
      const customer = await signUp(t.app);
      const cases = [
        t.app.inject({ method: 'POST', url: '/api/cart', headers: { 'content-type': 'application/json' }, payload: '{"product_id":' }),
        t.app.inject({ method: 'POST', url: '/api/cart', payload: { product_id: 'one', product_price_id: 1 } }),
        t.app.inject({ method: 'PUT', url: '/api/cart/ModifyCart', payload: {} }),
        t.app.inject({ method: 'POST', url: '/api/cart/remove', payload: { product_id: 1 } }),
        t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(customer.token), payload: { anonymousUserId: 'nope', userId: 1 } }),
      ];
      for (const response of await Promise.all(cases)) {
        expect(response.statusCode).toBe(400);
        expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      }
    });
  });
});

describeOnEachDatabase('the basket answers the dispatch promise for its delivery address', (kind) => {
  // Friday 27 November 2026, 13:46 in London: 1 h 14 min before the 3pm cut-off.
  const friday = new Date('2026-11-27T13:46:00Z');
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, clock: () => friday, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  async function basketDeliveredTo(postCode: string | null): Promise<CartDto> {
    const customer = await signUp(t.app);
    await addToBasket(t.app, customer.token, packs.box25, 1);
    if (postCode === null) return basketOf(t.app, customer);
    const address = await createAddress(t.app, customer.token, { post_code: postCode });
    const assigned = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/AssignAddress',
      headers: bearer(customer.token),
      payload: { addressId: address.address_id, cartId: null },
    });
    expect(assigned.json<CartDto>().dispatchPromise).toEqual((await basketOf(t.app, customer)).dispatchPromise);
    return assigned.json<CartDto>();
  }

  const dispatchedToday = { dispatchDate: '2026-11-27', dispatchToday: true, dispatchText: 'Order within 1 h 14 min for dispatch today' };

  it('before an address is chosen: mainland UK, next working day (Monday)', async () => {
    expect((await basketDeliveredTo(null)).dispatchPromise).toEqual({
      ...dispatchedToday,
      deliveryFrom: '2026-11-30',
      deliveryTo: '2026-11-30',
      deliveryText: 'Expected delivery Monday 30 November',
    });
  });

  it('Leeds (LS1): mainland, Monday', async () => {
    expect((await basketDeliveredTo('LS1 4AP')).dispatchPromise).toMatchObject({ ...dispatchedToday, deliveryFrom: '2026-11-30', deliveryTo: '2026-11-30' });
  });

  it('Belfast (BT1): 3-5 working days', async () => {
    expect((await basketDeliveredTo('BT1 1AA')).dispatchPromise).toEqual({
      ...dispatchedToday,
      deliveryFrom: '2026-12-02',
      deliveryTo: '2026-12-04',
      deliveryText: 'Expected delivery between Wednesday 2 December and Friday 4 December',
    });
  });

  it("Inverness (IV2): 3-5 working days, St Andrew's Day (Monday 30 November) not one of them", async () => {
    expect((await basketDeliveredTo('IV2 3BW')).dispatchPromise).toMatchObject({ ...dispatchedToday, deliveryFrom: '2026-12-03', deliveryTo: '2026-12-07' });
  });
});
