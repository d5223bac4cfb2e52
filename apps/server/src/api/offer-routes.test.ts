/**
 * Discount codes and automatic offers over the API (core/offers/): the basket shows what a code
 * takes off, checkout charges exactly that with VAT on what is left, the order and its invoice
 * carry it, and a code's uses are counted in the order's transaction, so concurrent checkouts
 * never pass its limit.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, like, sql } from 'drizzle-orm';
import type { CartDto, OrderDto } from '@shop/contract';
import { categories, offers, offerUses, orders as ordersTable, products, type offers as offerTable } from '@shop/db';
import { bearer, insertBasketCatalogue, newSession, signUp, type BasketFixture } from '../testing/basket-fixtures.ts';
import { addToBasket, createAddress, insertCustomers, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';

describeOnEachDatabase('offers over the API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let boxesCategoryId: number;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    // Boxes in "Packaging > Boxes"; the tape stays in the fixture's category. Offers name "Packaging".
    const [packaging] = await t.database.db.insert(categories).values({ name: 'Packaging', slug: 'packaging' }).returning({ categoryId: categories.categoryId });
    const [boxes] = await t.database.db
      .insert(categories)
      .values({ name: 'Boxes', slug: 'boxes', parentId: packaging!.categoryId })
      .returning({ categoryId: categories.categoryId });
    await t.database.db.update(products).set({ categoryId: boxes!.categoryId }).where(like(products.name, 'Cardboard Box%'));
    boxesCategoryId = packaging!.categoryId;
  });
  afterAll(async () => t?.close());

  /** A live offer (a code unless `code: null`); answers its id. */
  async function makeOffer(terms: Partial<typeof offerTable.$inferInsert>): Promise<{ offerId: number; code: string | null }> {
    const code = terms.code === undefined ? `SAVE${++n}${kind.toUpperCase()}` : terms.code;
    const [made] = await t.database.db
      .insert(offers)
      .values({ name: '10% off boxes', kind: 'percent', percentOff: 1000, startsOn: '2026-01-01', ...terms, code })
      .returning({ offerId: offers.offerId });
    return { offerId: made!.offerId, code };
  }

  const applyCode = (token: string, code: string) => t.app.inject({ method: 'PUT', url: '/api/cart/code', headers: bearer(token), payload: { code } });

  it('a code for 10% off the boxes: the basket shows it, the order charges it with VAT on what is left, and the code is used once', async () => {
    const { code, offerId } = await makeOffer({ appliesTo: 'categories', categoryIds: [boxesCategoryId], maxUses: 100 });
    const { customer } = await readyCustomer(t, [
      [packs.box25, 2],
      [packs.tapeBrown, 1],
    ]);
    const applied = await applyCode(customer.token, code!.toLowerCase());
    expect(applied.statusCode).toBe(200);
    const cart = applied.json<CartDto>();
    // Boxes £50.00 less 10% = £5.00; tape £74.99 not covered. Free delivery (over £75). VAT 20% of 119.99 = 24.00.
    expect(cart).toMatchObject({ subTotal: 124.99, discount: 5, deliveryFee: 0, totalTax: 24, total: 143.99, offer_code: code, offer_code_problem: null });
    expect(cart.offers).toEqual([{ name: '10% off boxes', code, discount: 5, delivery_saved: 0 }]);

    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json<number>();
    const order = (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(customer.token) })).json<OrderDto>();
    expect(order).toMatchObject({ sub_total: 124.99, discount: 5, delivery_fee: 0, total_tax: 24, total: 143.99 });
    expect(order.offers).toEqual([{ name: '10% off boxes', code, discount: 5, delivery_saved: 0 }]);
    expect(order.orderLines.map((line) => [line.total_price, line.discount])).toEqual([
      [50, 5],
      [74.99, 0],
    ]);
    const [offer] = await t.database.db.select({ uses: offers.uses }).from(offers).where(eq(offers.offerId, offerId));
    expect(offer!.uses).toBe(1);
    const uses = await t.database.db.select().from(offerUses).where(eq(offerUses.orderId, orderId));
    expect(uses).toMatchObject([{ offerId, userId: customer.userId, discountPence: 500, deliverySavedPence: 0 }]);
    // The next basket starts without the code.
    const after = (await t.app.inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) })).json<CartDto>();
    expect(after).toMatchObject({ offer_code: null, discount: 0 });
  });

  it('a code once per customer: their first order gets it, and their next basket is told they have used it', async () => {
    const { code, offerId } = await makeOffer({ kind: 'amount', percentOff: null, amountOffPence: 200, maxUsesPerCustomer: 1 });
    const { customer, addressId } = await readyCustomer(t, [[packs.box25, 1]]);
    const first = (await applyCode(customer.token, code!)).json<CartDto>();
    expect(first).toMatchObject({ discount: 2, offer_code_problem: null });
    // The order's own use is written before the limit is checked, and is not counted against it.
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(first));
    expect(placed.statusCode, placed.body).toBe(200);
    expect(await t.database.db.select().from(offerUses).where(eq(offerUses.offerId, offerId))).toHaveLength(1);

    await addToBasket(t.app, customer.token, packs.box25, 1);
    await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(customer.token), payload: { addressId, cartId: null } });
    const again = (await applyCode(customer.token, code!)).json<CartDto>();
    expect(again).toMatchObject({ discount: 0, offer_code: code, offer_code_problem: `You have used the code ${code} as many times as it may be.` });
  });

  it('a code with no limit that staff end after the basket took it: the order is refused with the message, places nothing, and the basket says why', async () => {
    const { code, offerId } = await makeOffer({ name: 'Spring sale', kind: 'amount', percentOff: null, amountOffPence: 300 });
    const { customer } = await readyCustomer(t, [[packs.box25, 1]]);
    const cart = (await applyCode(customer.token, code!)).json<CartDto>();
    expect(cart).toMatchObject({ discount: 3, offer_code_problem: null });
    await t.database.db.update(offers).set({ endedAt: new Date() }).where(eq(offers.offerId, offerId));

    const refused = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(
      `The code ${code} has ended. Nothing was ordered: your basket now shows the total without it, £35.99; please check it and place your order again.`,
    );
    expect(await t.database.db.select().from(offerUses).where(eq(offerUses.offerId, offerId))).toHaveLength(0);
    expect(await t.database.db.select().from(ordersTable).where(eq(ordersTable.userId, customer.userId))).toHaveLength(0);
    const basket = (await t.app.inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) })).json<CartDto>();
    expect(basket).toMatchObject({ discount: 0, offer_code_problem: `The code ${code} has ended.` });
    expect(basket.cartIems).toHaveLength(1);
  });

  it('an unknown or empty code is refused with the form message and not kept; a known code below its minimum spend is kept and says why', async () => {
    const customer = await signUp(t.app);
    await addToBasket(t.app, customer.token, packs.box25, 1);
    const unknown = await applyCode(customer.token, 'NOSUCHCODE');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('There is no offer with the code NOSUCHCODE. Check the code and try again.');
    expect((await applyCode(customer.token, '   ')).statusCode).toBe(400);
    const { code } = await makeOffer({ minSpendPence: 10_000 });
    const kept = (await applyCode(customer.token, code!)).json<CartDto>();
    expect(kept).toMatchObject({ offer_code: code, discount: 0, offer_code_problem: `Spend £75.00 more on what the code ${code} covers to use it.` });
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/cart/code', headers: bearer(customer.token), payload: {} });
    expect(removed.json<CartDto>()).toMatchObject({ offer_code: null, offer_code_problem: null });
  });

  it("a guest's code comes along when they sign in, and an automatic free-delivery offer says how much more to spend", async () => {
    const free = await makeOffer({ code: null, name: 'Free delivery over £40', kind: 'free-delivery', percentOff: null, minSpendPence: 4000 });
    const { code } = await makeOffer({ kind: 'amount', percentOff: null, amountOffPence: 300, name: '£3 off' });
    const session = await newSession(t.app);
    const add = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      payload: { session_id: session, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId, qty: packs.box25.qty, count: 1 },
    });
    expect(add.json<CartDto>().next_offers).toEqual(['Spend £15.00 more for free delivery']);
    const guest = await t.app.inject({ method: 'PUT', url: '/api/cart/code', payload: { session_id: session, code } });
    expect(guest.json<CartDto>()).toMatchObject({ discount: 3, total: Math.round((25 - 3 + 4.99) * 1.2 * 100) / 100 });
    const customer = await signUp(t.app);
    const merged = await t.app.inject({ method: 'PUT', url: '/api/cart', headers: bearer(customer.token), payload: { anonymousUserId: session, userId: customer.userId } });
    expect(merged.json<CartDto>()).toMatchObject({ offer_code: code, discount: 3 });
    await t.database.db.update(offers).set({ endedAt: sql`now()` }).where(eq(offers.offerId, free.offerId));
  });

  it('50 concurrent checkouts with a code that has 10 uses left place exactly 10 orders with it; the others are told and place nothing', async () => {
    const { code, offerId } = await makeOffer({ name: 'Ten left', kind: 'amount', percentOff: null, amountOffPence: 100, maxUses: 12, uses: 2 });
    const customers = await insertCustomers(t.app, t.database.db, 50);
    const bodies = await Promise.all(
      customers.map(async (customer) => {
        await addToBasket(t.app, customer.token, packs.box25, 1);
        const address = await createAddress(t.app, customer.token);
        await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(customer.token), payload: { addressId: address.address_id, cartId: null } });
        const cart = (await applyCode(customer.token, code!)).json<CartDto>();
        expect(cart.discount).toBe(1);
        return orderBodyFrom(cart);
      }),
    );
    const answers = await Promise.all(customers.map((customer, i) => placeOrder(t.app, customer.token, bodies[i]!)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(10);
    expect(statuses.filter((status) => status === 409)).toHaveLength(40);
    // Refused by the offer's own count (the order raced past the basket's read) or already at the basket's read.
    const refusal = answers.find((answer) => answer.statusCode === 409)!.json<{ message: string }>().message;
    expect(refusal).toMatch(/^"Ten left" can no longer be used|^The code .* has been used as many times as it may be\. Nothing was ordered/);
    const [offer] = await t.database.db.select({ uses: offers.uses }).from(offers).where(eq(offers.offerId, offerId));
    expect(offer!.uses).toBe(12);
    expect(await t.database.db.select().from(offerUses).where(eq(offerUses.offerId, offerId))).toHaveLength(10);
    // A refused customer's basket now says why, and places its order without the code.
    const refused = customers[statuses.indexOf(409)]!;
    const basket = (await t.app.inject({ method: 'GET', url: `/api/cart/${refused.userId}`, headers: bearer(refused.token) })).json<CartDto>();
    expect(basket).toMatchObject({ discount: 0, offer_code_problem: `The code ${code} has been used as many times as it may be.` });
    expect((await placeOrder(t.app, refused.token, orderBodyFrom(basket))).statusCode).toBe(200);
  }, 120_000);
});
