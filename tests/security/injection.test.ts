/**
 * SQL-injection strings in every text field and query parameter.
 * Never a 5xx, never a slow answer (no injected pg_sleep runs), every table intact afterwards,
 * and text that is stored comes back byte for byte (names, address fields, delivery note,
 * order-log fields).
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, withoutDirectionControls, type AddressDto, type CartDto, type OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, signUp, type BasketFixture, type Customer } from '../../apps/server/src/testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder, validAddress } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { createSecurityApp, describeOnEachDatabase, type SecurityApp } from './support.ts';

/** Classic and less classic injection strings (no leading or trailing spaces: text fields are trimmed). */
const payloads: Record<string, string> = {
  'quote OR': "' OR '1'='1",
  'drop table': "'; DROP TABLE users; --",
  'stacked pg_sleep': '1; SELECT pg_sleep(5)',
  'quoted pg_sleep': "'||pg_sleep(5)||'",
  'dollar quoting': '$$; DROP TABLE orders; $$',
  'backslash quote': "\\'",
  'double backslash quote': "\\\\'",
  'unicode quotes': 'ʼ‘’“”＇＂ OR ʼ1ʼ=ʼ1',
  'comment': "admin'--",
  'union select': "1) UNION SELECT email, password_hash FROM users --",
  'LIKE wildcards': '%_\\%',
  'full-text operators': "!(a & b) | c:* <-> 'd'",
  'json breakers': '"},{"user_id":1,"x":"',
  'emoji and RTL': 'Box 📦 \u202Eevil\u202C',
};

/** NUL cannot be stored in PostgreSQL text: it must be refused with a 400, not crash a query. */
const nulPayload = "a\u0000'; DROP TABLE users; --";

const entries = Object.entries(payloads);

/** Fits a payload into a field's length rule by padding (the payload itself stays intact). */
function fit(payload: string, min: number): string {
  return payload.length >= min ? payload : `${payload}${'_'.repeat(min - payload.length)}`;
}

describeOnEachDatabase('security: SQL injection strings', (kind) => {
  let t: SecurityApp;
  let packs: BasketFixture;
  let customer: Customer;
  let tablesBefore: unknown[];
  let catalogueBefore: unknown;

  const inject = async (options: InjectOptions) => {
    const started = performance.now();
    const response = await t.app.inject(options);
    const ms = performance.now() - started;
    expect(response.statusCode, `${JSON.stringify(options).slice(0, 200)} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
    // An injected pg_sleep(5) would make this take 5 s.
    expect(ms).toBeLessThan(4_000);
    return response;
  };
  const tables = () =>
    queryRows(t.database.db, sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name`);
  const catalogueCounts = async () =>
    (
      await queryRows(
        t.database.db,
        sql`SELECT (SELECT count(*)::int FROM categories) AS categories, (SELECT count(*)::int FROM products) AS products,
                   (SELECT count(*)::int FROM product_prices) AS prices, (SELECT count(*)::int FROM product_sizes) AS sizes`,
      )
    )[0];

  beforeAll(async () => {
    t = await createSecurityApp(kind);
    packs = await insertBasketCatalogue(t.database);
    customer = await signUp(t.app);
    // Orders to search through: the customer has one, so a wildcard filter would show it.
    await addToBasket(t.app, customer.token, packs.box25, 1);
    const address = await createAddress(t.app, customer.token);
    const cart = await t.app.inject({ method: 'PUT', url: '/api/cart/AssignAddress', headers: bearer(customer.token), payload: { addressId: address.address_id } });
    expect((await placeOrder(t.app, customer.token, orderBodyFrom(cart.json<CartDto>()))).statusCode).toBe(200);
    tablesBefore = await tables();
    catalogueBefore = await catalogueCounts();
  });
  afterAll(async () => t?.close());

  describe.each(entries)('%s', (_label, payload) => {
    it('sign-up names are stored and come back byte for byte (invisible direction controls dropped); sign-in and forgot password refuse quietly', async () => {
      const first = fit(payload, 4).slice(0, 50);
      const last = fit(`${payload}x`, 4).slice(0, 50);
      const email = `inj.${randomUUID().slice(0, 8)}'--@example.com`;
      const response = await inject({
        method: 'POST',
        url: '/api/users',
        payload: { first_name: first, last_name: last, email, password: fit(payload, 5), phone: '0113 496 0999' },
      });
      expect(response.statusCode).toBe(200);
      const { userId, token } = response.json<{ userId: number; token: string }>();
      // A phone number is digits, spaces and a leading + (the address form's rule): the payload is refused there.
      const asPhone = await inject({ method: 'POST', url: '/api/users', payload: { first_name: first, last_name: last, email: `x${email}`, password: 'correct horse', phone: payload } });
      expect(asPhone.statusCode).toBe(/^\+?[0-9 ]{10,15}$/.test(payload.trim()) ? 200 : 400);
      const me = await inject({ method: 'GET', url: `/api/users/${userId}`, headers: bearer(token) });
      // Names are stored as typed, but for Unicode's direction controls, which could make a name read backwards (field-rules.ts).
      expect(me.json()).toEqual({ user_id: userId, first_name: withoutDirectionControls(first).trim(), last_name: withoutDirectionControls(last).trim(), email, company_name: null, vat_number: null, newsletter: false });

      // The password with the payload signs in; the payload as an e-mail address does not.
      expect((await inject({ method: 'POST', url: '/api/account', payload: { email, password: fit(payload, 5) } })).statusCode).toBe(200);
      const wrong = await inject({ method: 'POST', url: '/api/account', payload: { email: payload, password: payload } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toMatchObject({ userId: 0, token: '' });
      const wrongPassword = await inject({ method: 'POST', url: '/api/account', payload: { email, password: "x' OR 'x'='x" } });
      expect(wrongPassword.statusCode).toBe(401);
      // Forgot password: the payload is not an e-mail address (400), or one nobody has (userId 0).
      const forgot = await inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: payload } });
      expect([200, 400]).toContain(forgot.statusCode);
      if (forgot.statusCode === 200) expect(forgot.json()).toEqual({ userId: 0 });
      const forgotQuoted = await inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: `x${payload}@example.com` } });
      expect([200, 400]).toContain(forgotQuoted.statusCode);
      if (forgotQuoted.statusCode === 200) expect(forgotQuoted.json()).toEqual({ userId: 0 });
      const reset = await inject({ method: 'PUT', url: '/api/forgotpassword', payload: { user_id: userId, token: payload, password: 'new password' } });
      expect(reset.statusCode).toBe(400);
      const resetId = await inject({ method: 'PUT', url: '/api/forgotpassword', payload: { user_id: payload, token: payload, password: 'new password' } });
      expect(resetId.statusCode).toBe(400);
    });

    it('every address field is stored and comes back byte for byte (invisible direction controls dropped)', async () => {
      const fields = {
        reference: payload,
        contact_name: payload,
        region: payload.slice(0, 50),
        company_name: payload,
        address: payload,
        town: payload.slice(0, 50),
        country: payload.slice(0, 50),
        // A postcode must be one (stored normalised) and a phone digits, spaces and a leading +:
        // as those two the payload is refused with the field's message, never stored.
        post_code: 'LS1 4AP',
        phone: '0113 496 0123',
      };
      for (const [field, message] of [
        ['post_code', fieldMessages.postCodeFormat],
        ['phone', fieldMessages.addressPhoneFormat],
      ] as const) {
        const refused = await inject({ method: 'POST', url: '/api/address', headers: bearer(customer.token), payload: validAddress({ ...fields, [field]: fit(payload, 10).slice(0, 15) }) });
        expect(refused.statusCode, field).toBe(400);
        expect(refused.json().fields).toContainEqual({ field, message });
      }
      const created = await inject({ method: 'POST', url: '/api/address', headers: bearer(customer.token), payload: validAddress(fields) });
      expect(created.statusCode, created.body).toBe(200);
      const address = created.json<AddressDto>();
      const stored = Object.fromEntries(Object.entries(fields).map(([field, value]) => [field, withoutDirectionControls(value)]));
      expect(address).toMatchObject(stored);
      const read = await inject({ method: 'GET', url: `/api/address/${address.address_id}`, headers: bearer(customer.token) });
      expect(read.json()).toMatchObject(stored);
      const updated = await inject({
        method: 'PUT',
        url: '/api/address',
        headers: bearer(customer.token),
        payload: validAddress({ ...fields, address_id: address.address_id, address: `${payload} 2` }),
      });
      expect(updated.json()).toMatchObject({ ...stored, address: withoutDirectionControls(`${payload} 2`) });
      // Ids as text are refused.
      for (const url of [`/api/address/${encodeURIComponent(payload)}`, `/api/address/GetBy/${encodeURIComponent(payload)}`]) {
        expect((await inject({ method: 'GET', url, headers: bearer(customer.token) })).statusCode).toBe(400);
      }
      const mark = await inject({ method: 'PUT', url: '/api/address/MarkAsBilling', headers: bearer(customer.token), payload: { address_id: payload } });
      expect(mark.statusCode).toBe(400);
    });

    it('the delivery note is stored on the order and comes back byte for byte; order ids and filters as text are harmless', async () => {
      const note = payload.slice(0, 50);
      await addToBasket(t.app, customer.token, packs.tapeClear, 1);
      const cart = (await inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) })).json<CartDto>();
      const placed = await inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...bearer(customer.token), 'idempotency-key': randomUUID() },
        payload: orderBodyFrom(cart, { note, payment_reference: payload }),
      });
      expect(placed.statusCode, placed.body).toBe(200);
      const order = (await inject({ method: 'GET', url: `/api/order/${placed.json<number>()}`, headers: bearer(customer.token) })).json<OrderDto>();
      expect(order.note).toBe(note.trim());
      expect(order.payment_reference).not.toContain(payload); // bank: the server sets the reference

      for (const name of ['Filter', 'filter']) {
        const mine = await inject({ method: 'GET', url: `/api/order/GetMine?${name}=${encodeURIComponent(payload)}`, headers: bearer(customer.token) });
        expect(mine.statusCode).toBe(200);
        // No order number or reference contains these characters: a wildcard or OR would list orders.
        expect(mine.json<OrderDto[]>()).toEqual([]);
      }
      expect((await inject({ method: 'GET', url: `/api/order/${encodeURIComponent(payload)}`, headers: bearer(customer.token) })).statusCode).toBe(400);

      // A card payment reference with the payload is verified (and refused) without a 5xx.
      await addToBasket(t.app, customer.token, packs.tapeClear, 1);
      const cart2 = (await inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) })).json<CartDto>();
      const paypal = await inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...bearer(customer.token), 'idempotency-key': randomUUID() },
        payload: orderBodyFrom(cart2, { payment_method: 'paypal', payment_reference: payload }),
      });
      expect(paypal.statusCode).toBeGreaterThanOrEqual(400);
      const badKey = await inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...bearer(customer.token), 'idempotency-key': encodeURIComponent(payload) },
        payload: orderBodyFrom(cart2),
      });
      expect([200, 400]).toContain(badKey.statusCode);
    });

    it('order-log fields are stored byte for byte', async () => {
      const marker = randomUUID();
      const response = await inject({
        method: 'POST',
        url: '/api/OrderLog',
        headers: bearer(customer.token),
        payload: { error: payload, request: payload, extra_info: payload, external_id: marker, user_id: payload },
      });
      expect(response.statusCode).toBe(204);
      const [row] = await queryRows<{ error: string; request: string; extra_info: string; user_id: number }>(
        t.database.db,
        sql`SELECT error, request, extra_info, user_id FROM order_logs WHERE external_id = ${marker}`,
      );
      expect(row).toEqual({ error: payload, request: payload, extra_info: payload, user_id: customer.userId });
    });

    it('catalogue, postcode, basket and user parameters answer without a 5xx', async () => {
      const q = encodeURIComponent(payload);
      const search = await inject({ method: 'GET', url: `/api/products/Search?filter=${q}` });
      expect(search.statusCode).toBe(200);
      expect(Array.isArray(search.json())).toBe(true);
      // An OR-injection would list everything; none of these strings (but 'Box ...') names a product.
      if (!payload.startsWith('Box')) expect(search.json()).toEqual([]);
      const products = await inject({ method: 'GET', url: `/api/products?condition=${q}` });
      expect([200, 400, 404]).toContain(products.statusCode);
      if (products.statusCode === 200) expect(products.json()).toEqual([]);
      const landing = await inject({ method: 'GET', url: `/api/products/GetLanding?condition=${q}` });
      expect([200, 400, 404]).toContain(landing.statusCode);
      expect([400, 404]).toContain((await inject({ method: 'GET', url: `/api/categories/GetBySlug/${q}` })).statusCode);
      expect((await inject({ method: 'GET', url: `/api/products/GetById/${q}` })).statusCode).toBe(400);
      for (const url of [`/api/FindAddress/""/${q}`, `/api/FindAddress/%22%22/${q}`]) {
        const found = await inject({ method: 'GET', url });
        expect([200, 400]).toContain(found.statusCode);
        if (found.statusCode === 200) expect(found.json()).toMatchObject({ status: 'Failure' });
      }
      expect((await inject({ method: 'GET', url: `/api/cart/${q}`, headers: bearer(customer.token) })).statusCode).toBe(400);
      expect((await inject({ method: 'GET', url: `/api/users/${q}`, headers: bearer(customer.token) })).statusCode).toBe(400);
      const session = await inject({ method: 'POST', url: '/api/session', payload: { ip: payload } });
      expect(session.statusCode).toBe(200);
      const add = await inject({ method: 'POST', url: '/api/cart', payload: { session_id: payload, product_id: packs.box25.productId, product_price_id: packs.box25.productPriceId } });
      expect(add.statusCode).toBe(400);
      const assign = await inject({ method: 'PUT', url: '/api/cart', headers: bearer(customer.token), payload: { userId: customer.userId, anonymousUserId: payload } });
      expect(assign.statusCode).toBe(400);
    });
  });

  describe('NUL characters (PostgreSQL text cannot hold them)', () => {
    it('are refused with a 400 in every stored text field, never a 500', async () => {
      const signUpResponse = await inject({
        method: 'POST',
        url: '/api/users',
        payload: { first_name: nulPayload, last_name: 'Walker', email: `nul.${randomUUID().slice(0, 8)}@example.com`, password: 'secret1', phone: '0113 496 0999' },
      });
      expect(signUpResponse.statusCode).toBe(400);
      const address = await inject({ method: 'POST', url: '/api/address', headers: bearer(customer.token), payload: validAddress({ address: nulPayload }) });
      expect(address.statusCode).toBe(400);
      const log = await inject({ method: 'POST', url: '/api/OrderLog', payload: { error: nulPayload, request: '', extra_info: '', external_id: '' } });
      expect(log.statusCode).toBe(400);
      const signIn = await inject({ method: 'POST', url: '/api/account', payload: { email: nulPayload, password: nulPayload } });
      expect([400, 401]).toContain(signIn.statusCode);
      const forgot = await inject({ method: 'POST', url: '/api/forgotpassword', payload: { email: `a${nulPayload}@example.com` } });
      expect(forgot.statusCode).toBe(400);
      await addToBasket(t.app, customer.token, packs.tapeClear, 1);
      const cart = (await inject({ method: 'GET', url: `/api/cart/${customer.userId}`, headers: bearer(customer.token) })).json<CartDto>();
      const order = await inject({
        method: 'POST',
        url: '/api/order',
        headers: { ...bearer(customer.token), 'idempotency-key': randomUUID() },
        payload: orderBodyFrom(cart, { note: 'a\u0000b' }),
      });
      expect(order.statusCode).toBe(400);
    });

    it('in query parameters answer without a 5xx', async () => {
      const q = encodeURIComponent(nulPayload);
      await inject({ method: 'GET', url: `/api/products/Search?filter=${q}` });
      await inject({ method: 'GET', url: `/api/products?condition=${q}` });
      await inject({ method: 'GET', url: `/api/products/GetLanding?condition=${q}` });
      await inject({ method: 'GET', url: `/api/FindAddress/""/${q}` });
      await inject({ method: 'GET', url: `/api/order/GetMine?Filter=${q}`, headers: bearer(customer.token) });
      await inject({ method: 'POST', url: '/api/session', payload: { ip: nulPayload } });
    });
  });

  it('every table is still there, the catalogue is unchanged and the users table answers', async () => {
    expect(await tables()).toEqual(tablesBefore);
    expect(await catalogueCounts()).toEqual(catalogueBefore);
    const [users] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM users`);
    // The customer, and one account per payload.
    expect(Number(users!.n)).toBe(1 + entries.length);
    const [orders] = await queryRows<{ n: number }>(t.database.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(Number(orders!.n)).toBeGreaterThan(entries.length);
  });
});
