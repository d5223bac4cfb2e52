/**
 * Quick order and shopping lists through the API: POST /api/quick-order adds lines by product code
 * and names those it could not add; /api/lists saves the basket, renames, deletes and adds a list
 * back; no customer reaches another's list. All documented in the OpenAPI document.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickOrderMessages, type AddListToBasketResultDto, type CartDto, type QuickOrderResultDto, type ShoppingListDto, type ShoppingListSummaryDto } from '@shop/contract';
import { products } from '@shop/db';
import { bearer, insertBasketCatalogue, newSession, signUp, type BasketFixture, type Customer } from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnPglite, type TestApp } from '../testing/test-app.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' };

describeOnPglite('quick order and shopping lists API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  /** Product codes (as the product page prints them) by fixture product. */
  let code: { box: string; tape: string; retired: string };

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: relaxedLimits });
    packs = await insertBasketCatalogue(t.database);
    const codeOf = async (productId: number) =>
      (await t.database.db.select({ code: products.productCode }).from(products).where(eq(products.productId, productId)))[0]!.code;
    code = { box: await codeOf(packs.box25.productId), tape: await codeOf(packs.tapeBrown.productId), retired: await codeOf(packs.retired.productId) };
  });
  afterAll(async () => {
    await t?.close();
  });

  const quickOrder = (payload: object, token: string | null) =>
    t.app.inject({ method: 'POST', url: '/api/quick-order', headers: token ? bearer(token) : {}, payload });

  describe('POST /api/quick-order', () => {
    it('adds the right lines to the basket and names each wrong one with its line, code and reason', async () => {
      const customer = await signUp(t.app);
      const text = [`${code.box}, 25, 2`, `${code.tape}\tBrown\t\t1`, 'NOSUCH 3', `${code.retired}, 1`, `${code.box} 4`].join('\n');
      const response = await quickOrder({ text, rows: [{ code: code.tape, size: 'Clear', quantity: 5 }] }, customer.token);
      expect(response.statusCode, response.body).toBe(200);
      const result = response.json<QuickOrderResultDto>();
      expect(result.added.map((line) => [line.source, line.line, line.product_price_id, line.count])).toEqual([
        ['row', 1, packs.tapeClear.productPriceId, 5],
        ['text', 1, packs.box25.productPriceId, 2],
        ['text', 2, packs.tapeBrown.productPriceId, 1],
      ]);
      expect(result.not_added.map((line) => [line.source, line.line, line.code, line.text])).toEqual([
        ['text', 3, 'NOSUCH', 'NOSUCH 3'],
        ['text', 4, code.retired, `${code.retired}, 1`],
        ['text', 5, code.box, `${code.box} 4`],
      ]);
      expect(result.not_added.map((line) => line.reason)).toEqual([
        'Unknown product code NOSUCH: check it against the product page.',
        'Retired Bubble Wrap is no longer sold.',
        'Cardboard Box 12x9x6 comes in packs of 25 and 50: add the pack (the units in it).',
      ]);
      const basket = await basketOf(t.app, customer);
      expect(basket.cartIems.map((line) => [line.product_price_id, line.count]).sort()).toEqual(
        [
          [packs.box25.productPriceId, 2],
          [packs.tapeBrown.productPriceId, 1],
          [packs.tapeClear.productPriceId, 5],
        ].sort(),
      );
    });

    it("adds to a visitor's session basket, and refuses a request without a basket or with nothing in it", async () => {
      const sessionId = await newSession(t.app);
      const added = await quickOrder({ csv: `sku,size,qty\n${code.tape.toLowerCase()},brown,2\n`, session_id: sessionId }, null);
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json<QuickOrderResultDto>().added).toEqual([expect.objectContaining({ source: 'csv', line: 2, product_price_id: packs.tapeBrown.productPriceId, count: 2 })]);
      const basket = await t.app.inject({ method: 'GET', url: `/api/cart/${sessionId}` });
      expect(basket.json<CartDto>().cartIems.map((line) => [line.product_price_id, line.count])).toEqual([[packs.tapeBrown.productPriceId, 2]]);

      const noBasket = await quickOrder({ text: `${code.box}, 25, 1` }, null);
      expect(noBasket.statusCode).toBe(400);
      const nothing = await quickOrder({ text: '\n\n', session_id: sessionId }, null);
      expect(nothing.statusCode).toBe(400);
      expect(nothing.json<{ message: string }>().message).toBe(quickOrderMessages.nothing);
    });

    it('answers 401 to a token that is not valid, never the anonymous basket', async () => {
      const response = await quickOrder({ text: `${code.box}, 25, 1` }, 'not-a-real-token-not-a-real-token-not-a-re');
      expect(response.statusCode).toBe(401);
    });
  });

  describe('/api/lists', () => {
    const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, customer: Customer | null, payload?: object) =>
      t.app.inject({ method, url, headers: customer ? bearer(customer.token) : {}, ...(payload ? { payload } : {}) });

    it('saves the basket as a list, and adds the list back to the emptied basket', async () => {
      const customer = await signUp(t.app, { first_name: 'Lena' });
      await addToBasket(t.app, customer.token, packs.box25, 3);
      await addToBasket(t.app, customer.token, packs.tapeBrown, 1);
      const saved = await call('POST', '/api/lists', customer, { name: 'Monthly order' });
      expect(saved.statusCode, saved.body).toBe(200);
      const summary = saved.json<ShoppingListSummaryDto>();
      expect(summary).toMatchObject({ name: 'Monthly order', lines: 2, packs: 4, saved_by: 'Lena' });

      const shown = (await call('GET', `/api/lists/${summary.list_id}`, customer)).json<ShoppingListDto>();
      expect(shown.items.map((line) => [line.item_name, line.count, line.price, line.on_sale])).toEqual([
        ['Cardboard Box 12x9x6', 3, 25, true],
        ['Packing Tape Brown', 1, 74.99, true],
      ]);

      await t.database.db.execute(sql`DELETE FROM cart_lines WHERE cart_id IN (SELECT cart_id FROM carts WHERE user_id = ${customer.userId})`);
      const back = await call('POST', `/api/lists/${summary.list_id}/basket`, customer);
      expect(back.statusCode, back.body).toBe(200);
      const result = back.json<AddListToBasketResultDto>();
      expect(result).toMatchObject({ added: 2, not_added: [] });
      expect(result.cartIems.map((line) => [line.product_price_id, line.count])).toEqual([
        [packs.box25.productPriceId, 3],
        [packs.tapeBrown.productPriceId, 1],
      ]);
    });

    it('renames and deletes a list; refuses an empty name and an empty basket', async () => {
      const customer = await signUp(t.app);
      expect((await call('POST', '/api/lists', customer, { name: 'Empty' })).statusCode).toBe(400);
      await addToBasket(t.app, customer.token, packs.box25, 1);
      const { list_id } = (await call('POST', '/api/lists', customer, { name: 'First' })).json<ShoppingListSummaryDto>();
      const blank = await call('PUT', `/api/lists/${list_id}`, customer, { name: '   ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json<{ fields: { field: string; message: string }[] }>().fields).toEqual([{ field: 'name', message: 'List name is required. (1-100) Characters' }]);
      expect((await call('PUT', `/api/lists/${list_id}`, customer, { name: 'Renamed' })).json<ShoppingListSummaryDto>().name).toBe('Renamed');
      expect((await call('GET', '/api/lists', customer)).json<ShoppingListSummaryDto[]>().map((list) => list.name)).toEqual(['Renamed']);
      expect((await call('DELETE', `/api/lists/${list_id}`, customer)).statusCode).toBe(204);
      expect((await call('GET', '/api/lists', customer)).json()).toEqual([]);
    });

    it("gives no customer another's list (404), and nobody without a token any list (401)", async () => {
      const owner = await signUp(t.app);
      const other = await signUp(t.app);
      await addToBasket(t.app, owner.token, packs.box25, 1);
      const { list_id } = (await call('POST', '/api/lists', owner, { name: 'Private' })).json<ShoppingListSummaryDto>();
      expect((await call('GET', '/api/lists', other)).json()).toEqual([]);
      for (const [method, url, payload] of [
        ['GET', `/api/lists/${list_id}`],
        ['PUT', `/api/lists/${list_id}`, { name: 'Taken' }],
        ['POST', `/api/lists/${list_id}/basket`],
        ['DELETE', `/api/lists/${list_id}`],
      ] as const) {
        expect((await call(method, url, other, payload)).statusCode, `${method} ${url}`).toBe(404);
        expect((await call(method, url, null, payload)).statusCode, `${method} ${url} without a token`).toBe(401);
      }
      expect((await basketOf(t.app, other)).cartIems).toEqual([]);
      expect((await call('GET', `/api/lists/${list_id}`, owner)).json<ShoppingListDto>().name).toBe('Private');
    });
  });

  it('documents quick order and the list calls in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, unknown>> }>();
    expect(Object.keys(document.paths['/api/quick-order'] ?? {})).toEqual(['post']);
    expect(Object.keys(document.paths['/api/lists'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/lists/{id}'] ?? {}).sort()).toEqual(['delete', 'get', 'put']);
    expect(Object.keys(document.paths['/api/lists/{id}/basket'] ?? {})).toEqual(['post']);
  });
});
