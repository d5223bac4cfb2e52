import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, type OrderDto } from '@shop/contract';
import { orderLogs, queryRows } from '@shop/db';
import { ORDER_REFERENCE_ALPHABET } from '@shop/core';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture} from '../testing/basket-fixtures.ts';
import { addToBasket, basketOf, countRows, createAddress, insertCustomers, orderBodyFrom, placeOrder, readyCustomer } from '../testing/checkout-fixtures.ts';
import { createTestApp, describeOnEachDatabase, type TestApp } from '../testing/test-app.ts';
import { until } from '../testing/until.ts';

const relaxedLimits = { AUTH_RATE_LIMIT_PER_IP: '10000', AUTH_RATE_LIMIT_PER_EMAIL: '10000', ORDER_LOG_RATE_LIMIT_PER_MINUTE: '10000' };

describeOnEachDatabase('orders API', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-orders-'));
    t = await createTestApp({ kind, seed: false, env: { ...relaxedLimits, DATA_DIR: dataDir } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const getOrder = (id: number | string, token: string | null) =>
    t.app.inject({ method: 'GET', url: `/api/order/${id}`, headers: token ? bearer(token) : {} });
  const getMine = (token: string | null, filter?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/order/GetMine${filter === undefined ? '' : `?Filter=${encodeURIComponent(filter)}`}`,
      headers: token ? bearer(token) : {},
    });

  describe('placing a bank transfer order', () => {
    it("places the basket as one order with the order's own reference, PendingDelivery, basket emptied, snapshots kept", async () => {
      const { customer, cart, addressId } = await readyCustomer(t, [
        [packs.box25, 2],
        [packs.tapeBrown, 1],
      ]);
      expect(cart).toMatchObject({ subTotal: 124.99, deliveryFee: 0, totalTax: 25, total: 149.99 });

      const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
      expect(response.statusCode).toBe(200);
      expect(response.body).toMatch(/^\d+$/);
      const orderId = response.json<number>();

      const detail = await getOrder(orderId, customer.token);
      expect(detail.statusCode).toBe(200);
      const order = detail.json<OrderDto>();
      expect(order).toEqual({
        order_id: orderId,
        created: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        // DESIGN section 4 "Orders": the prefix, a hyphen and a code of the order's own.
        payment_reference: expect.stringMatching(new RegExp(`^${t.config.shop.bank.referencePrefix}-[${ORDER_REFERENCE_ALPHABET}]{6}$`)),
        payment_method: 'bank',
        payment_is_test: false,
        status: 'PendingDelivery',
        sub_total: 124.99,
        discount: 0,
        offers: [],
        delivery_fee: 0,
        total_tax: 25,
        total: 149.99,
        vat_treatment: 'standard',
        vat_rate_percent: 20,
        note: 'Leave at the back door',
        user_id: customer.userId,
        address_id: addressId,
        is_active: true,
        address: {
          reference: 'Warehouse',
          contact_name: 'Alice Walker',
          region: '12',
          company_name: 'Walker Crafts Ltd',
          address: 'Boar Lane',
          town: 'Leeds',
          country: 'United Kingdom',
          post_code: 'LS1 4AP',
          phone: '0113 496 0123',
        },
        billing_address: expect.objectContaining({ reference: 'Warehouse', post_code: 'LS1 4AP' }),
        // Fixed at placement by the server's clock (tested with a fixed clock in core's order-placement-dispatch.test.ts).
        purchase_order_number: null,
        quote_number: null,
        dispatched_at: null,
        carrier: null,
        tracking_number: null,
        tracking_url: null,
        shipments: [],
        delivered_at: null,
        cancelled_at: null,
        cancel_reason: null,
        payment_status: 'awaiting_payment',
        amount_paid: 0,
        amount_due: 149.99,
        refund_due: 0,
        amount_refunded: 0,
        payment_due_date: null,
        promised_dispatch_date: expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
        orderLines: [
          {
            product_id: packs.box25.productId,
            product_price_id: packs.box25.productPriceId,
            kind: 'goods',
            name: 'Cardboard Box 12x9x6',
            item_name: 'Cardboard Box 12x9x6',
            size1: '12x9x6"',
            image_url: '/media/products/box-kraft.svg',
            price: 25,
            qty: 25,
            count: 2,
            total_price: 50,
            discount: 0,
            is_active: true,
          },
          {
            product_id: packs.tapeBrown.productId,
            product_price_id: packs.tapeBrown.productPriceId,
            kind: 'goods',
            name: 'Packing Tape',
            item_name: 'Packing Tape Brown',
            size1: 'Brown',
            image_url: '/media/products/tape-brown.svg',
            price: 74.99,
            qty: 6,
            count: 1,
            total_price: 74.99,
            discount: 0,
            is_active: true,
          },
        ],
      });

      const after = await basketOf(t.app, customer);
      expect(after).toMatchObject({ count: 0, total: 0, cartIems: [] });
      // The chosen address stays with the basket for the next order.
      expect(after.address_id).toBe(addressId);
    });

    it('keeps what was bought when the catalogue and the address change later', async () => {
      const { customer, cart, addressId } = await readyCustomer(t, [[packs.box50, 1]]);
      const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>();
      const before = (await getOrder(orderId, customer.token)).json<OrderDto>();
      await t.database.db.execute(sql`UPDATE product_prices SET price_pence = price_pence + 1000 WHERE product_price_id = ${packs.box50.productPriceId}`);
      await t.database.db.execute(sql`UPDATE addresses SET town = 'Elsewhere' WHERE address_id = ${addressId}`);
      try {
        const after = (await getOrder(orderId, customer.token)).json<OrderDto>();
        expect(after.orderLines).toEqual(before.orderLines);
        expect(after.address).toEqual(before.address);
        expect(after.total).toBe(before.total);
      } finally {
        await t.database.db.execute(sql`UPDATE product_prices SET price_pence = price_pence - 1000 WHERE product_price_id = ${packs.box50.productPriceId}`);
      }
    });

    it('uses the basket\'s address when address_id is left out, and needs one', async () => {
      const ready = await readyCustomer(t, [[packs.box25, 1]]);
      const withoutId = await placeOrder(t.app, ready.customer.token, orderBodyFrom(ready.cart, { address_id: null }));
      expect(withoutId.statusCode).toBe(200);
      expect((await getOrder(withoutId.json<number>(), ready.customer.token)).json<OrderDto>().address_id).toBe(ready.addressId);

      const bob = await signUp(t.app);
      const bobsCart = await addToBasket(t.app, bob.token, packs.box25);
      const noAddress = await placeOrder(t.app, bob.token, orderBodyFrom(bobsCart));
      expect(noAddress.statusCode).toBe(400);
      expect(noAddress.json().message).toBe('Please choose a delivery address before placing your order.');
      expect(await countRows(t.database.db, 'orders', bob.userId)).toBe(0);
    });

    it('bills the user\'s billing address unless another of theirs is named', async () => {
      const ready = await readyCustomer(t, [[packs.box25, 1]]);
      const office = await createAddress(t.app, ready.customer.token, { reference: 'Office', town: 'York' });
      const orderId = (await placeOrder(t.app, ready.customer.token, orderBodyFrom(ready.cart, { address_id: office.address_id }))).json<number>();
      const order = (await getOrder(orderId, ready.customer.token)).json<OrderDto>();
      expect(order.address).toMatchObject({ reference: 'Office', town: 'York' });
      expect(order.billing_address).toMatchObject({ reference: 'Warehouse', town: 'Leeds' });

      await addToBasket(t.app, ready.customer.token, packs.box25);
      const cart = await basketOf(t.app, ready.customer);
      const second = await placeOrder(t.app, ready.customer.token, orderBodyFrom(cart, { billing_address_id: office.address_id }));
      expect((await getOrder(second.json<number>(), ready.customer.token)).json<OrderDto>().billing_address).toMatchObject({ reference: 'Office' });
    });
  });

  describe('delivery by zone (SPEC 9): the order charges what the basket quoted for its delivery address', () => {
    it.each([
      ['Belfast (BT1)', { post_code: 'BT1 1AA', town: 'Belfast' }, 3, { sub_total: 75, delivery_fee: 14.99, total_tax: 18, total: 107.99 }],
      ['Inverness (IV2)', { post_code: 'IV2 3BW', town: 'Inverness' }, 1, { sub_total: 25, delivery_fee: 14.99, total_tax: 8, total: 47.99 }],
      ['Leeds (LS1) over £75', { post_code: 'LS1 4AP', town: 'Leeds' }, 3, { sub_total: 75, delivery_fee: 0, total_tax: 15, total: 90 }],
      ['Leeds (LS1) under £75', { post_code: 'LS1 4AP', town: 'Leeds' }, 1, { sub_total: 25, delivery_fee: 4.99, total_tax: 6, total: 35.99 }],
    ])('%s', async (_place, address, boxes, totals) => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, boxes]], address);
      expect({ sub_total: cart.subTotal, delivery_fee: cart.deliveryFee, total_tax: cart.totalTax, total: cart.total }).toEqual(totals);
      const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
      expect(placed.statusCode, placed.body).toBe(200);
      const order = (await getOrder(placed.json<number>(), customer.token)).json<OrderDto>();
      expect(order).toMatchObject(totals);
      expect(order.address).toMatchObject(address);
    });

    it('a Jersey (JE2) order is a zero-rated export: stored as such, no VAT in its totals', async () => {
      const jersey = { post_code: 'JE2 3AB', town: 'St Helier', country: 'Jersey' };
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]], jersey);
      expect(cart).toMatchObject({ vatTreatment: 'export', taxPercentage: 0, subTotal: 25, deliveryFee: 14.99, totalTax: 0, total: 39.99 });
      const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
      expect(placed.statusCode, placed.body).toBe(200);
      const orderId = placed.json<number>();
      const order = (await getOrder(orderId, customer.token)).json<OrderDto>();
      expect(order).toMatchObject({ vat_treatment: 'export', vat_rate_percent: 0, sub_total: 25, delivery_fee: 14.99, total_tax: 0, total: 39.99 });
      const [row] = await queryRows<{ vat_treatment: string; vat_rate_percent: number; total_tax_pence: number }>(
        t.database.db,
        sql`SELECT vat_treatment, vat_rate_percent, total_tax_pence FROM orders WHERE order_id = ${orderId}`,
      );
      expect(row).toEqual({ vat_treatment: 'export', vat_rate_percent: 0, total_tax_pence: 0 });
    });

    it('an order whose body carries VAT for a Jersey address is a 409 with the zero-rated totals (the server decides the VAT)', async () => {
      const ready = await readyCustomer(t, [[packs.box25, 1]], { post_code: 'JE2 3AB', town: 'St Helier' });
      const withVat = orderBodyFrom(ready.cart, { total_tax: 8, total: 47.99 });
      const response = await placeOrder(t.app, ready.customer.token, withVat);
      expect(response.statusCode).toBe(409);
      expect(response.json().totals).toEqual({ sub_total: 25, delivery_fee: 14.99, total_tax: 0, total: 39.99 });
      expect(await countRows(t.database.db, 'orders', ready.customer.userId)).toBe(0);
    });

    it('recomputes the fee for the address the order names: mainland totals for a Belfast address are a 409 with the remote ones', async () => {
      const ready = await readyCustomer(t, [[packs.box25, 3]]);
      const belfast = await createAddress(t.app, ready.customer.token, { reference: 'Belfast', post_code: 'bt1 1aa', town: 'Belfast' });
      const response = await placeOrder(t.app, ready.customer.token, orderBodyFrom(ready.cart, { address_id: belfast.address_id }));
      expect(response.statusCode).toBe(409);
      expect(response.json().totals).toEqual({ sub_total: 75, delivery_fee: 14.99, total_tax: 18, total: 107.99 });
      expect(await countRows(t.database.db, 'orders', ready.customer.userId)).toBe(0);
    });

    it('refuses to deliver to a PO box (400, nothing placed), but bills one', async () => {
      const ready = await readyCustomer(t, [[packs.box25, 1]]);
      const poBox = await createAddress(t.app, ready.customer.token, { reference: 'PO box', region: 'PO Box 42', address: 'Stornoway', post_code: 'HS1 2XX' });
      const refused = await placeOrder(t.app, ready.customer.token, orderBodyFrom(ready.cart, { address_id: poBox.address_id }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ error: 'invalid_request', message: 'We cannot deliver to PO boxes. Please give a street address.' });
      expect(await countRows(t.database.db, 'orders', ready.customer.userId)).toBe(0);

      // A PO box saved as the basket's address before the rule (written straight to the database) is refused too.
      await t.database.db.execute(sql`UPDATE carts SET address_id = ${poBox.address_id} WHERE user_id = ${ready.customer.userId}`);
      const fromBasket = await placeOrder(t.app, ready.customer.token, orderBodyFrom(ready.cart, { address_id: null }));
      expect(fromBasket.statusCode).toBe(400);
      await t.database.db.execute(sql`UPDATE carts SET address_id = ${ready.addressId} WHERE user_id = ${ready.customer.userId}`);

      const billed = await placeOrder(t.app, ready.customer.token, orderBodyFrom(ready.cart, { billing_address_id: poBox.address_id }));
      expect(billed.statusCode, billed.body).toBe(200);
      const order = (await getOrder(billed.json<number>(), ready.customer.token)).json<OrderDto>();
      expect(order.billing_address).toMatchObject({ region: 'PO Box 42' });
      expect(order.address).toMatchObject({ region: '12', town: 'Leeds' });
    });
  });

  describe('refusing to place', () => {
    it('a tampered total: 409 with the fresh totals, nothing placed, the basket intact, the attempt logged', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
      for (const tampered of [{ total: 0.01 }, { sub_total: 20 }, { total_tax: 0 }, { delivery_fee: 0 }]) {
        const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart, tampered));
        expect(response.statusCode, JSON.stringify(tampered)).toBe(409);
        expect(response.json()).toEqual({
          error: 'conflict',
          message: 'Your basket has changed since you saw it: the total is now £35.99. Nothing was ordered; please check your order and try again.',
          totals: { sub_total: 25, delivery_fee: 4.99, total_tax: 6, total: 35.99 },
        });
      }
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
      expect((await basketOf(t.app, customer)).cartIems).toHaveLength(1);
      expect(await countRows(t.database.db, 'order_logs', customer.userId)).toBe(4);
      // With the fresh totals it goes through.
      expect((await placeOrder(t.app, customer.token, orderBodyFrom(cart))).statusCode).toBe(200);
    });

    it('a basket changed in another tab since the totals were shown: 409', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
      await addToBasket(t.app, customer.token, packs.box25);
      const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
      expect(response.statusCode).toBe(409);
      expect(response.json().totals).toEqual({ sub_total: 50, delivery_fee: 4.99, total_tax: 11, total: 65.99 });
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    });

    it('a product withdrawn from sale after it was added: 409 naming it, nothing placed, the basket intact', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.tapeClear, 1], [packs.box25, 1]]);
      await t.database.db.execute(sql`UPDATE products SET is_active = false WHERE product_id = ${packs.tapeClear.productId}`);
      try {
        const response = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
        expect(response.statusCode).toBe(409);
        expect(response.json()).toMatchObject({
          error: 'conflict',
          message: 'We no longer sell Packing Tape Clear. Nothing was ordered; please remove it from your basket and try again.',
        });
        expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
        expect((await basketOf(t.app, customer)).cartIems).toHaveLength(2);
      } finally {
        await t.database.db.execute(sql`UPDATE products SET is_active = true WHERE product_id = ${packs.tapeClear.productId}`);
      }
    });

    it('an empty basket: 400 and nothing placed', async () => {
      const alice = await signUp(t.app);
      const address = await createAddress(t.app, alice.token);
      const body = { sub_total: 0, delivery_fee: 0, total_tax: 0, total: 0, address_id: address.address_id, payment_method: 'bank', orderLines: [] };
      const never = await placeOrder(t.app, alice.token, body);
      expect(never.statusCode).toBe(400);
      expect(never.json()).toMatchObject({ error: 'invalid_request', message: 'Your basket is empty, so there is nothing to order.' });
      // A basket that was filled and emptied again.
      await addToBasket(t.app, alice.token, packs.box25);
      await t.app.inject({
        method: 'POST',
        url: '/api/cart/remove',
        headers: bearer(alice.token),
        payload: { product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId },
      });
      expect((await placeOrder(t.app, alice.token, body)).statusCode).toBe(400);
      expect(await countRows(t.database.db, 'orders', alice.userId)).toBe(0);
    });

    it('malformed bodies and headers: 400 with the form\'s message, never 500', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
      const longNote = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { note: 'n'.repeat(51) }));
      expect(longNote.statusCode).toBe(400);
      expect(longNote.json().fields).toEqual([{ field: 'note', message: fieldMessages.deliveryNote }]);
      const badKey = await placeOrder(t.app, customer.token, orderBodyFrom(cart), 'not a key!');
      expect(badKey.statusCode).toBe(400);
      expect(badKey.json().fields[0].field).toBe('idempotency-key');
      for (const body of [{}, orderBodyFrom(cart, { total: '35.99' }), orderBodyFrom(cart, { payment_method: 'cash' }), orderBodyFrom(cart, { address_id: 'x' })]) {
        const response = await placeOrder(t.app, customer.token, body);
        expect(response.statusCode).toBe(400);
        expect(response.json().error).toBe('invalid_request');
      }
      const broken = await t.app.inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...bearer(customer.token), 'content-type': 'application/json' },
        payload: '{"total":',
      });
      expect(broken.statusCode).toBe(400);
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(0);
    });
  });

  describe('idempotency and concurrency', () => {
    it('the same Idempotency-Key twice answers the same order, placed once', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 3]]);
      const key = randomUUID();
      const first = await placeOrder(t.app, customer.token, orderBodyFrom(cart), key);
      const second = await placeOrder(t.app, customer.token, orderBodyFrom(cart), key);
      expect(first.statusCode).toBe(200);
      expect(second.statusCode).toBe(200);
      expect(second.json()).toBe(first.json());
      expect(first.headers['idempotent-replayed']).toBeUndefined();
      expect(second.headers['idempotent-replayed']).toBe('true');
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);
    });

    it('the same Idempotency-Key with a different request answers 422 naming the first order, and places nothing', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
      const key = randomUUID();
      const first = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { note: 'Leave at the gate' }), key);
      expect(first.statusCode).toBe(200);
      const orderId = first.json<number>();
      // The client's bug: a new order (another note) sent under the old key.
      const reused = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { note: 'Ring the bell' }), key);
      expect(reused.statusCode).toBe(422);
      expect(reused.json()).toMatchObject({ error: 'unprocessable', orderId, message: expect.stringContaining(`order ${orderId}`) });
      // The same request again still answers the first order.
      const repeated = await placeOrder(t.app, customer.token, orderBodyFrom(cart, { note: 'Leave at the gate' }), key);
      expect(repeated.statusCode).toBe(200);
      expect(repeated.json()).toBe(orderId);
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);
    });

    it('20 concurrent requests with one key make one order and all answer its id', async () => {
      const { customer, cart } = await readyCustomer(t, [
        [packs.box25, 1],
        [packs.tapeClear, 4],
      ]);
      const key = randomUUID();
      const responses = await Promise.all(Array.from({ length: 20 }, () => placeOrder(t.app, customer.token, orderBodyFrom(cart), key)));
      expect(responses.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);
      const order = (await getOrder(responses[0]!.json<number>(), customer.token)).json<OrderDto>();
      expect(order.orderLines.map((l) => l.count)).toEqual([1, 4]);
    });

    it('two checkouts of one basket with different keys place it once; the other finds it empty', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 2]]);
      const responses = await Promise.all([
        placeOrder(t.app, customer.token, orderBodyFrom(cart)),
        placeOrder(t.app, customer.token, orderBodyFrom(cart)),
        placeOrder(t.app, customer.token, orderBodyFrom(cart)),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);
    });

    it('adds racing with a checkout land either in the order or in the emptied basket, never lost', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
      const [placed, ...adds] = await Promise.all([
        placeOrder(t.app, customer.token, orderBodyFrom(cart)),
        ...Array.from({ length: 5 }, () => addToBasket(t.app, customer.token, packs.tapeClear)),
      ]);
      const left = (await basketOf(t.app, customer)).count;
      if (placed!.statusCode === 200) {
        const order = (await getOrder(placed!.json<number>(), customer.token)).json<OrderDto>();
        const ordered = order.orderLines.reduce((n, l) => n + l.count, 0);
        expect(ordered + left).toBe(6);
      } else {
        expect(placed!.statusCode).toBe(409);
        expect(left).toBe(6);
      }
      expect(adds).toHaveLength(5);
    });
  });

  describe('only the owner', () => {
    it('without a token: 401 everywhere', async () => {
      const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
      const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>();
      await addToBasket(t.app, customer.token, packs.box25);
      expect((await placeOrder(t.app, '', orderBodyFrom(cart))).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/order', payload: orderBodyFrom(cart) })).statusCode).toBe(401);
      expect((await getOrder(orderId, null)).statusCode).toBe(401);
      expect((await getMine(null)).statusCode).toBe(401);
      expect((await getOrder(orderId, 'A'.repeat(43))).statusCode).toBe(401);
    });

    it('another user\'s token: their order is not found, their history excludes it, their address cannot be used', async () => {
      const alice = await readyCustomer(t, [[packs.box25, 1]]);
      const mallory = await readyCustomer(t, [[packs.box25, 1]]);
      const aliceOrder = (await placeOrder(t.app, alice.customer.token, orderBodyFrom(alice.cart))).json<number>();

      expect((await getOrder(aliceOrder, mallory.customer.token)).statusCode).toBe(404);
      expect((await getMine(mallory.customer.token)).json<OrderDto[]>()).toEqual([]);
      expect((await getMine(mallory.customer.token, String(aliceOrder))).json<OrderDto[]>()).toEqual([]);

      const withAlicesAddress = await placeOrder(t.app, mallory.customer.token, orderBodyFrom(mallory.cart, { address_id: alice.addressId, user_id: alice.customer.userId }));
      expect(withAlicesAddress.statusCode).toBe(404);
      const billedToAlice = await placeOrder(t.app, mallory.customer.token, orderBodyFrom(mallory.cart, { billing_address_id: alice.addressId }));
      expect(billedToAlice.statusCode).toBe(404);
      expect(await countRows(t.database.db, 'orders', mallory.customer.userId)).toBe(0);

      // user_id in the body never makes an order someone else's.
      const placed = await placeOrder(t.app, mallory.customer.token, orderBodyFrom(mallory.cart, { user_id: alice.customer.userId }));
      const order = (await getOrder(placed.json<number>(), mallory.customer.token)).json<OrderDto>();
      expect(order.user_id).toBe(mallory.customer.userId);
      expect((await getMine(alice.customer.token)).json<OrderDto[]>().map((o) => o.order_id)).toEqual([aliceOrder]);
    });

    it('an unknown order is a 404, a malformed id a 400', async () => {
      const alice = await signUp(t.app);
      expect((await getOrder(999_999, alice.token)).statusCode).toBe(404);
      expect((await getOrder('abc', alice.token)).statusCode).toBe(400);
      expect((await getOrder('99999999999', alice.token)).statusCode).toBe(400);
    });
  });

  describe('order history', () => {
    it('lists the user\'s orders newest first, filtered by order number or payment reference', async () => {
      const ready = await readyCustomer(t, [[packs.box25, 1]]);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        if (i > 0) await addToBasket(t.app, ready.customer.token, packs.box25);
        const cart = await basketOf(t.app, ready.customer);
        ids.push((await placeOrder(t.app, ready.customer.token, orderBodyFrom(cart))).json<number>());
      }
      const all = await getMine(ready.customer.token);
      expect(all.statusCode).toBe(200);
      const orders = all.json<OrderDto[]>();
      expect(orders.map((o) => o.order_id)).toEqual([...ids].reverse());
      expect(orders[0]).toMatchObject({ status: 'PendingDelivery', total: 35.99, payment_method: 'bank' });
      // Each order comes with its lines, as GET /api/order/{id} gives them.
      for (const order of orders) {
        expect(order.orderLines).toEqual((await getOrder(order.order_id, ready.customer.token)).json<OrderDto>().orderLines);
        expect(order.orderLines).toHaveLength(1);
      }
      expect((await getMine(ready.customer.token, '')).json<OrderDto[]>()).toHaveLength(3);
      expect((await getMine(ready.customer.token, String(ids[1]))).json<OrderDto[]>().map((o) => o.order_id)).toContain(ids[1]);
      // Each order has its own reference: part of one, in any case, finds that order.
      const reference = orders.find((o) => o.order_id === ids[0])!.payment_reference;
      expect(new Set(orders.map((o) => o.payment_reference)).size).toBe(3);
      expect((await getMine(ready.customer.token, reference.toLowerCase())).json<OrderDto[]>().map((o) => o.order_id)).toEqual([ids[0]]);
      expect((await getMine(ready.customer.token, reference.slice(-4))).json<OrderDto[]>().map((o) => o.order_id)).toEqual([ids[0]]);
      expect((await getMine(ready.customer.token, 'no-such-ref')).json<OrderDto[]>()).toEqual([]);
      expect((await getMine(ready.customer.token, '%')).json<OrderDto[]>()).toEqual([]);
      const lower = await t.app.inject({ method: 'GET', url: `/api/order/GetMine?filter=${ids[2]}`, headers: bearer(ready.customer.token) });
      expect(lower.json<OrderDto[]>().map((o) => o.order_id)).toContain(ids[2]);
    });
  });

  describe('the order log', () => {
    it('records a report with the signed-in user (never the body\'s user_id) and answers 204', async () => {
      const alice = await signUp(t.app);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/OrderLog',
        headers: bearer(alice.token),
        payload: { error: 'INSTRUMENT_DECLINED', request: { id: 'PAY-1' }, extra_info: 'card', external_id: '5O190127TN364715T', user_id: 1 },
      });
      expect(response.statusCode).toBe(204);
      expect(response.body).toBe('');
      const rows = await queryRows<{ error: string; request: string; external_id: string; user_id: number }>(
        t.database.db,
        sql`SELECT error, request, external_id, user_id FROM order_logs WHERE external_id = '5O190127TN364715T'`,
      );
      expect(rows).toEqual([{ error: 'INSTRUMENT_DECLINED', request: '{"id":"PAY-1"}', external_id: '5O190127TN364715T', user_id: alice.userId }]);
      const anonymous = await t.app.inject({ method: 'POST', url: '/api/OrderLog', payload: { error: 'script failed to load' } });
      expect(anonymous.statusCode).toBe(204);
    });

    it('refuses a field over 4000 characters and a body over 100 kB', async () => {
      const long = await t.app.inject({ method: 'POST', url: '/api/OrderLog', payload: { error: 'e'.repeat(4001) } });
      expect(long.statusCode).toBe(400);
      expect(long.json().fields).toEqual([{ field: 'error', message: 'error is at most 4000 characters' }]);
      const huge = await t.app.inject({ method: 'POST', url: '/api/OrderLog', payload: { error: 'e', extra_info: 'x'.repeat(110_000) } });
      expect(huge.statusCode).toBe(413);
    });
  });

  it('documents the checkout calls in OpenAPI', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { summary?: string }>> }>();
    for (const [route, method] of [
      ['/api/address', 'post'],
      ['/api/address', 'put'],
      ['/api/address/MarkAsBilling', 'put'],
      ['/api/address/GetBy/{userId}', 'get'],
      ['/api/address/{id}', 'get'],
      ['/api/cart/AssignAddress', 'put'],
      ['/api/FindAddress/{placeholder}/{text}', 'get'],
      ['/api/order', 'post'],
      ['/api/order/{id}', 'get'],
      ['/api/order/GetMine', 'get'],
      ['/api/OrderLog', 'post'],
      ['/api/payments/config', 'get'],
      ['/api/payments/test-order', 'post'],
    ] as const) {
      expect(spec.paths[route]?.[method]?.summary, `${method} ${route}`).toBeTruthy();
    }
  });
});

describeOnEachDatabase('order log rate limit', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ kind, seed: false, env: { ORDER_LOG_RATE_LIMIT_PER_MINUTE: '3' } });
  });
  afterAll(async () => t?.close());

  it('limits reports per client IP', async () => {
    const report = (ip: string) => t.app.inject({ method: 'POST', url: '/api/OrderLog', payload: { error: 'x' }, remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await report('10.7.0.1')).statusCode).toBe(204);
    const limited = await report('10.7.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toBe('too_many_requests');
    expect((await report('10.7.0.2')).statusCode).toBe(204);
  });
});

describeOnEachDatabase('order confirmation through a real SMTP server', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;
  let smtp: SMTPServer;
  const inbox: ParsedMail[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream).then(
          (mail) => {
            inbox.push(mail);
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const { port } = smtp.server.address() as AddressInfo;
    t = await createTestApp({
      kind,
      seed: false,
      env: { ...relaxedLimits, SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Boxwell Test <orders@example.com>', PUBLIC_BASE_URL: 'http://localhost:3999' },
      // Friday 27 November 2026, 16:30 in London: after the 3pm cut-off, dispatched on Monday.
      clock: () => new Date('2026-11-27T16:30:00Z'),
    });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('a bank transfer order e-mails the lines, totals, address and the payee details with the reference', async () => {
    const { customer, cart } = await readyCustomer(t, [
      [packs.box25, 2],
      [packs.tapeClear, 1],
    ]);
    const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart, { note: 'Ring the bell' }))).json<number>();
    await t.app.services.jobWorker.drain();

    const mails = inbox.filter((m) => m.subject?.endsWith(` order ${orderId}`));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe(customer.email);
    expect(mail.from?.value).toEqual([{ name: 'Boxwell Test', address: 'orders@example.com' }]);
    const { bank } = t.config.shop;
    const reference = (await t.app.inject({ method: 'GET', url: `/api/order/${orderId}`, headers: bearer(customer.token) })).json<OrderDto>().payment_reference;
    expect(reference).toMatch(new RegExp(`^${bank.referencePrefix}-`));
    for (const part of [mail.text ?? '', mail.html || '']) {
      expect(part).toContain('Cardboard Box 12x9x6');
      expect(part).toContain('Packing Tape Clear');
      expect(part).toContain('£50.01');
      expect(part).toContain('£66.00');
      expect(part).toContain('Boar Lane');
      expect(part).toContain('LS1 4AP');
      expect(part).toContain('Ring the bell');
      expect(part).toContain(bank.payee);
      expect(part).toContain(bank.sortCode);
      expect(part).toContain(bank.accountNumber);
      expect(part).toContain(reference);
      // The promise stored with the order (Leeds: the next working day after dispatch).
      expect(part).toContain('Dispatch on Monday 30 November if your payment has arrived by then. Expected delivery Tuesday 1 December.');
    }
    expect(mail.text).toContain(`Reference: ${reference}`);
    expect(mail.text).toContain(`http://localhost:3999/order-detail?orderId=${orderId}`);
    expect(mail.text).toContain('VAT (20%): £');
  });

  it('an order to Jersey e-mails its VAT line as a zero-rated export, why, and that import VAT or duty may be due on arrival', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]], { post_code: 'JE2 3AB', town: 'St Helier', country: 'Jersey' });
    const orderId = (await placeOrder(t.app, customer.token, orderBodyFrom(cart))).json<number>();
    await t.app.services.jobWorker.drain();
    const mail = inbox.find((m) => m.subject?.endsWith(` order ${orderId}`));
    expect(mail?.text).toContain('Zero-rated export (no UK VAT): £0.00');
    expect(mail?.text).toContain('Total: £39.99');
    expect(mail?.text).toContain('No UK VAT: goods sent outside the UK VAT area are zero-rated exports.');
    expect((mail?.text ?? '').split('Import VAT, GST or customs duty may be due when the goods arrive')).toHaveLength(2);
    expect(mail?.html).toContain('Zero-rated export (no UK VAT)');
  });
});

describeOnEachDatabase('a confirmation e-mail that cannot be sent', (kind) => {
  let t: TestApp;
  let packs: BasketFixture;

  beforeAll(async () => {
    // Nothing listens on port 9: every send fails. Three quick attempts, then the job is given up.
    t = await createTestApp({
      kind,
      seed: false,
      env: { ...relaxedLimits, SMTP_URL: 'smtp://127.0.0.1:9', JOB_MAX_ATTEMPTS: '3', JOB_RETRY_BASE_SECONDS: '0.05' },
    });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => t?.close());

  it('does not undo the order; it is tried again, and once given up the failure is written to the order log', async () => {
    const { customer, cart } = await readyCustomer(t, [[packs.box25, 1]]);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(cart));
    expect(placed.statusCode).toBe(200);
    const orderId = placed.json<number>();
    const job = await waitForJob(t, `order-confirmation:${orderId}`, (row) => row.state === 'failed');
    expect(job.attempts).toBe(3);
    expect(await countRows(t.database.db, 'orders', customer.userId)).toBe(1);
    // The give-up step writes the log just after the job is marked failed.
    const logs = await until(
      async () => {
        const rows = await t.database.db.select({ error: orderLogs.error, external_id: orderLogs.externalId }).from(orderLogs).where(eq(orderLogs.userId, customer.userId));
        return rows.length > 0 && rows;
      },
      10_000,
      'the order log of the e-mail given up',
    );
    expect(logs).toEqual([{ error: expect.stringMatching(/^Confirmation e-mail not sent/), external_id: String(orderId) }]);
  });
});

interface JobRow {
  state: string;
  attempts: number;
}

/** The job with this dedupe key once it satisfies `done` (the worker runs in the background). */
function waitForJob(t: TestApp, dedupeKey: string, done: (row: JobRow) => boolean, timeoutMs = 10_000): Promise<JobRow> {
  return until(async () => {
    const [row] = await queryRows<JobRow>(t.database.db, sql`SELECT state, attempts FROM jobs WHERE dedupe_key = ${dedupeKey}`);
    return row && done(row) && row;
  }, timeoutMs, `job ${dedupeKey}`);
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('200 concurrent checkouts by 200 customers [postgres]', () => {
  let t: TestApp;
  let packs: BasketFixture;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-load-'));
    t = await createTestApp({ kind: 'postgres', seed: false, env: { ...relaxedLimits, DATA_DIR: dataDir } });
    packs = await insertBasketCatalogue(t.database);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('places 200 orders, none lost or duplicated, each with the right totals', { timeout: 120_000 }, async () => {
    const customers = await insertCustomers(t.app, t.database.db, 200);
    // Varied baskets: some under the free-delivery threshold, some over it.
    const baskets = await Promise.all(
      customers.map(async (customer, i) => {
        await addToBasket(t.app, customer.token, packs.box25, (i % 4) + 1);
        if (i % 3 === 0) await addToBasket(t.app, customer.token, packs.tapeClear, (i % 7) + 1);
        const address = await createAddress(t.app, customer.token, { reference: `Site ${i}` });
        const cart = await basketOf(t.app, customer);
        return { customer, cart, addressId: address.address_id };
      }),
    );

    const started = performance.now();
    const responses = await Promise.all(
      baskets.map(({ customer, cart, addressId }) => placeOrder(t.app, customer.token, orderBodyFrom(cart, { address_id: addressId }))),
    );
    const seconds = (performance.now() - started) / 1000;
    console.info(`200 concurrent checkouts on PostgreSQL: ${seconds.toFixed(2)} s`);

    expect(responses.map((r) => r.statusCode)).toEqual(Array(200).fill(200));
    const ids = responses.map((r) => r.json<number>());
    expect(new Set(ids).size).toBe(200);
    expect(await countRows(t.database.db, 'orders')).toBe(200);

    const rows = await queryRows<{ order_id: number; user_id: number; total_pence: number; lines: number }>(
      t.database.db,
      sql`SELECT o.order_id, o.user_id, o.total_pence, (SELECT count(*)::int FROM order_lines l WHERE l.order_id = o.order_id) AS lines FROM orders o`,
    );
    const byUser = new Map(rows.map((r) => [Number(r.user_id), r]));
    for (const { customer, cart } of baskets) {
      const row = byUser.get(customer.userId)!;
      expect(Number(row.total_pence)).toBe(Math.round(cart.total * 100));
      expect(Number(row.lines)).toBe(cart.cartIems.length);
    }
    const [left] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM cart_lines`);
    expect(Number(left!.n)).toBe(0);
    await t.app.services.jobWorker.drain();
  });
});
