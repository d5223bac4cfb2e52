/**
 * Customer price lists through the JSON API and what follows from an order: a customer on a
 * list sees their price (marked `trade_price`) on the product and category answers and in the
 * basket, the order is placed at it, and its confirmation e-mail and VAT invoice show it. Another
 * customer and an anonymous caller get the public price, also right after the customer on the list
 * asked for the same product (the cached bytes are public; the customer's answer is never
 * stored or kept by a browser). A category entry takes its percentage off every pack below it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { CartDto, ProductDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture, type Customer } from '../testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder } from '../testing/checkout-fixtures.ts';
import { startSmtpInbox, type SmtpInbox } from '../testing/smtp-inbox.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';
import { pdfText } from '../../../../packages/core/src/documents/pdf-text.ts';

describeOnEachDatabase('customer price lists through the API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let smtp: SmtpInbox;
  let trade: Customer;
  let other: Customer;

  beforeAll(async () => {
    smtp = await startSmtpInbox();
    t = await createTestApp({ kind, seed: false, env: { SMTP_URL: smtp.url, AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000' } });
    packs = await insertBasketCatalogue(t.database);
    trade = await signUp(t.app, { first_name: 'Tara', last_name: 'Trade' });
    other = await signUp(t.app, { first_name: 'Olly', last_name: 'Other' });
    const [box] = await queryRows<{ product_code: string }>(t.database.db, sql`SELECT product_code FROM products WHERE product_id = ${packs.box25.productId}`);
    const [tape] = await queryRows<{ product_code: string }>(t.database.db, sql`SELECT product_code FROM products WHERE product_id = ${packs.tapeBrown.productId}`);
    const lists = t.app.services.priceLists;
    const listId = await lists.create(null, 'Trade A');
    // £20.00 for the box's pack of 25 (public £25.00); 10% off the brown tape (public £74.99).
    await lists.saveEntry(null, listId, { product_code: box!.product_code, size1: '12x9x6"', pack_quantity: '25', price_ex_vat: '20.00' });
    await lists.saveEntry(null, listId, { product_code: tape!.product_code, size1: 'Brown', percent_off: '10' });
    await lists.assign(null, listId, trade.email);
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const product = (id: number, who: Customer | null) =>
    t.app.inject({ method: 'GET', url: `/api/products/GetById/${id}`, headers: who ? bearer(who.token) : {} });
  const packOf = (body: ProductDto, productPriceId: number) => body.product_Sizes.flatMap((s) => s.packs).find((p) => p.product_price_id === productPriceId)!;

  it('the product answer: their price for the customer on the list, the public price for everyone else, before and after them', async () => {
    const anonymousFirst = await product(packs.box25.productId, null);
    expect(packOf(anonymousFirst.json<ProductDto>(), packs.box25.productPriceId)).toEqual({ product_price_id: packs.box25.productPriceId, price: 25, pack_range: [25], unit_price: 1 });

    const theirs = await product(packs.box25.productId, trade);
    expect(theirs.statusCode).toBe(200);
    expect(packOf(theirs.json<ProductDto>(), packs.box25.productPriceId)).toEqual({
      product_price_id: packs.box25.productPriceId,
      price: 20,
      pack_range: [25],
      unit_price: 0.8,
      trade_price: true,
      public_price: 25,
    });
    // The pack of 50 is not on the list: its public price, unmarked.
    expect(packOf(theirs.json<ProductDto>(), packs.box50.productPriceId)).toMatchObject({ price: 45 });
    expect(packOf(theirs.json<ProductDto>(), packs.box50.productPriceId).trade_price).toBeUndefined();
    expect(theirs.headers['cache-control']).toBe('private, no-store');

    const anonymousAfter = await product(packs.box25.productId, null);
    expect(anonymousAfter.body).toBe(anonymousFirst.body);
    expect(anonymousAfter.headers['cache-control']).toBe('public, max-age=60, stale-while-revalidate=300');
    expect(anonymousAfter.headers.vary).toBe('Authorization');
    const otherCustomer = await product(packs.box25.productId, other);
    expect(otherCustomer.body).toBe(anonymousFirst.body);
  });

  it('when the customer on the list asks first, the next anonymous caller and customer still get the public price', async () => {
    const theirs = await product(packs.tapeBrown.productId, trade);
    expect(packOf(theirs.json<ProductDto>(), packs.tapeBrown.productPriceId)).toMatchObject({ price: 67.49, trade_price: true, public_price: 74.99 });
    const anonymous = await product(packs.tapeBrown.productId, null);
    expect(packOf(anonymous.json<ProductDto>(), packs.tapeBrown.productPriceId)).toEqual({ product_price_id: packs.tapeBrown.productPriceId, price: 74.99, pack_range: [6], unit_price: 12.4983 });
    const again = await product(packs.tapeBrown.productId, other);
    expect(again.body).toBe(anonymous.body);
  });

  it("the category's product list: their prices for them, public for others", async () => {
    const url = '/api/products?condition=test-supplies&page=1&pageSize=20';
    const theirs = (await t.app.inject({ method: 'GET', url, headers: bearer(trade.token) })).json<ProductDto[]>();
    const box = theirs.find((p) => p.product_id === packs.box25.productId)!;
    expect(packOf(box, packs.box25.productPriceId)).toMatchObject({ price: 20, trade_price: true });
    const publicList = (await t.app.inject({ method: 'GET', url })).json<ProductDto[]>();
    expect(packOf(publicList.find((p) => p.product_id === packs.box25.productId)!, packs.box25.productPriceId).price).toBe(25);
  });

  it('the basket, the order, its e-mail and its invoice are at their price; another customer pays the public price', async () => {
    const theirs = await addToBasket(t.app, trade.token, packs.box25, 2);
    // With the list price it replaces, for the basket to show it and the saving.
    expect(theirs.cartIems[0]).toMatchObject({ price: 20, total_price: 40, unit_price: 0.8, trade_price: true, public_price: 25 });
    expect(theirs.subTotal).toBe(40);
    const others = await addToBasket(t.app, other.token, packs.box25, 2);
    expect(others.cartIems[0]).toMatchObject({ price: 25, total_price: 50 });
    expect(others.cartIems[0]!.trade_price).toBeUndefined();
    expect(others.cartIems[0]!.public_price).toBeUndefined();

    const saved = await createAddress(t.app, trade.token);
    const assigned = await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(trade.token), payload: { addressId: saved.address_id, cartId: null } });
    const cart = assigned.json<CartDto>();
    // The public totals are refused: the server prices the order at the customer's price.
    const publicTotals = await placeOrder(t.app, trade.token, orderBodyFrom(cart, { sub_total: 50, total_tax: 10.99, total: 65.98 }));
    expect(publicTotals.statusCode).toBe(409);
    const placed = await placeOrder(t.app, trade.token, orderBodyFrom(cart));
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json<number>();
    const order = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(trade.token) });
    expect(order.json()).toMatchObject({ sub_total: 40, orderLines: [{ price: 20, count: 2, total_price: 40 }] });

    await t.app.services.jobWorker.drain();
    const [confirmation] = smtp.received.filter((m) => m.recipients.includes(trade.email));
    expect(confirmation).toBeDefined();
    expect(confirmation!.mail.text).toContain('£40.00');
    expect(confirmation!.mail.text).not.toContain('£50.00');

    await t.database.db.execute(sql`UPDATE orders SET paid_pence = total_pence WHERE order_id = ${orderId}`);
    const invoice = await t.app.inject({ method: 'GET', url: `/api/order/${orderId}/invoice`, headers: bearer(trade.token) });
    expect(invoice.statusCode).toBe(200);
    expect((await pdfText(invoice.rawPayload)).join('\n')).toContain('Cardboard Box 12x9x6 2 x pack of 25 (50 units) £20.00 20% £40.00');

    // "Order again" puts it back at their price, with no price change to report.
    const again = await t.app.inject({ method: 'POST', url: `/api/order/${orderId}/reorder`, headers: bearer(trade.token) });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ changes: [], cartIems: [{ price: 20, trade_price: true }] });
  });

  it('a category entry takes its percentage off every pack below it; the best price wins over it', async () => {
    const lists = t.app.services.priceLists;
    const listId = await lists.create(null, 'Whole range 30% off');
    await lists.saveEntry(null, listId, { category: 'Test Supplies', percent_off: '30' });
    const customer = await signUp(t.app);
    await lists.assign(null, listId, customer.email);
    const body = (await product(packs.box25.productId, customer)).json<ProductDto>();
    expect(packOf(body, packs.box25.productPriceId)).toMatchObject({ price: 17.5, trade_price: true });
    expect(packOf(body, packs.box50.productPriceId)).toMatchObject({ price: 31.5, trade_price: true });
    // On both lists, the cheaper wins pack by pack: 30% off (17.50) beats £20.00; 30% off beats 10% off the tape.
    await lists.assign(null, listId, trade.email);
    const both = (await product(packs.box25.productId, trade)).json<ProductDto>();
    expect(packOf(both, packs.box25.productPriceId).price).toBe(17.5);
  });
});
