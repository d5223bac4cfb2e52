/**
 * customer B, a visitor with no token, and holders of customer A's
 * expired, revoked or forged tokens try every API call that reads or changes a basket, an
 * address, an order, a user or the order log against customer A's records.
 *
 * For every (caller, call) pair: the status is the expected refusal (or, where the call acts on
 * the caller's own records because ids in bodies are ignored, a success on the caller's own
 * records), the body holds none of A's data, and A's records, re-read as A afterwards, equal
 * the snapshot taken before.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressDto, CartDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, type BasketFixture } from '../../apps/server/src/testing/basket-fixtures.ts';
import { addToBasket, basketOf, orderBodyFrom, validAddress } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { authHeaders, createParty, createSecurityApp, describeOnEachDatabase, type Party, type SecurityApp } from './support.ts';

type Caller = 'customer B' | 'no token' | "A's expired token" | "A's revoked token" | 'a forged token';
const callers: Caller[] = ['customer B', 'no token', "A's expired token", "A's revoked token", 'a forged token'];

interface Context {
  t: SecurityApp;
  a: Party;
  b: Party;
  packs: BasketFixture;
  /** A's shopping list (its name holds A's last name, so any answer showing it leaks). */
  aListId: number;
}

interface Call {
  /** What is tried, as a reader of the table would say it. */
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (c: Context) => string;
  body?: (c: Context, caller: Caller) => unknown | Promise<unknown>;
  headers?: (c: Context) => Record<string, string>;
  /** The status for customer B, for callers without a valid token, and (when it differs) for no token at all. */
  expect: { other: number; anonymous: number; noToken?: number };
  /** The call uses up the caller's token (logout): customer B gets a fresh one for it. */
  consumesToken?: boolean;
  /** Extra checks of what happened (e.g. who a record was written for). */
  verify?: (c: Context, caller: Caller, response: { statusCode: number; body: string }) => Promise<void> | void;
}

/** B's basket has at least one line, so an order attempt is refused for the reason tested. */
async function bBasketBody(c: Context, overrides: Record<string, unknown>): Promise<Record<string, unknown>> {
  let cart = await basketOf(c.t.app, c.b);
  if (cart.cartIems.length === 0) cart = await addToBasket(c.t.app, c.b.token, c.packs.tapeClear, 1);
  return orderBodyFrom(cart, { address_id: c.b.addressId, ...overrides });
}

/** Order bodies: B's own basket (so only the tested field is wrong); A's for callers without a token. */
const orderBody = (overrides: (c: Context) => Record<string, unknown>) => async (c: Context, caller: Caller) =>
  caller === 'customer B' ? bBasketBody(c, overrides(c)) : orderBodyFrom(c.a.cart, { address_id: c.a.otherAddressId, ...overrides(c) });

const line = (c: Context) => ({ product_id: c.a.basketPack.productId, product_price_id: c.a.basketPack.productPriceId });

/** Refused: 401 without a valid token, 404 for another customer's record. */
const refused = { other: 404, anonymous: 401 };

const calls: Call[] = [
  // Basket
  { name: "read A's basket", method: 'GET', url: (c) => `/api/cart/${c.a.userId}`, expect: refused },
  {
    name: "add to a basket naming A's user_id and cart_id (ids in the body are ignored)",
    method: 'POST',
    url: () => '/api/cart',
    body: (c) => ({
      user_id: c.a.userId,
      cart_id: c.a.cart.cart_id,
      product_id: c.packs.tapeClear.productId,
      product_price_id: c.packs.tapeClear.productPriceId,
      qty: c.packs.tapeClear.qty,
      count: 1,
      price: 0.01,
    }),
    // B adds to B's own basket; a dead token is a 401; without a token there is no basket to add to (no session_id).
    expect: { other: 200, anonymous: 401, noToken: 400 },
    verify: (c, caller, response) => {
      if (caller === 'customer B') expect(JSON.parse(response.body).cart_id).toBe(c.b.cart.cart_id);
    },
  },
  {
    name: "change the count of a line in A's basket",
    method: 'PUT',
    url: () => '/api/cart/ModifyCart',
    body: (c) => ({ user_id: c.a.userId, cart_id: c.a.cart.cart_id, ...line(c), count: 999 }),
    expect: { other: 404, anonymous: 401, noToken: 400 },
  },
  {
    name: "remove a line from A's basket",
    method: 'POST',
    url: () => '/api/cart/remove',
    body: (c) => ({ user_id: c.a.userId, ...line(c) }),
    expect: { other: 404, anonymous: 401, noToken: 400 },
  },
  {
    name: "merge a session basket into A's basket (PUT /api/cart with A's userId)",
    method: 'PUT',
    url: () => '/api/cart',
    body: (c) => ({ userId: c.a.userId, anonymousUserId: null }),
    expect: refused,
  },
  {
    name: "deliver A's basket to A's address (AssignAddress)",
    method: 'PUT',
    url: () => '/api/cart/AssignAddress',
    body: (c) => ({ addressId: c.a.addressId, cartId: c.a.cart.cart_id }),
    expect: refused,
  },
  {
    name: "deliver A's basket to B's address (AssignAddress with A's cartId)",
    method: 'PUT',
    url: () => '/api/cart/AssignAddress',
    body: (c) => ({ addressId: c.b.addressId, cartId: c.a.cart.cart_id }),
    expect: refused,
  },
  {
    name: "deliver B's basket to A's address (AssignAddress without cartId)",
    method: 'PUT',
    url: () => '/api/cart/AssignAddress',
    body: (c) => ({ addressId: c.a.otherAddressId }),
    expect: refused,
  },
  // Shopping lists (docs/quick-order.md): listsVisibleTo is the one rule.
  {
    name: "list the caller's shopping lists (B sees none of A's)",
    method: 'GET',
    url: () => '/api/lists',
    expect: { other: 200, anonymous: 401 },
    verify: (_c, caller, response) => {
      if (caller === 'customer B') expect(JSON.parse(response.body)).toEqual([]);
    },
  },
  { name: "read A's shopping list", method: 'GET', url: (c) => `/api/lists/${c.aListId}`, expect: refused },
  { name: "rename A's shopping list", method: 'PUT', url: (c) => `/api/lists/${c.aListId}`, body: () => ({ name: 'Taken over' }), expect: refused },
  { name: "add A's shopping list to a basket", method: 'POST', url: (c) => `/api/lists/${c.aListId}/basket`, expect: refused },
  { name: "delete A's shopping list", method: 'DELETE', url: (c) => `/api/lists/${c.aListId}`, expect: refused },
  // Addresses
  {
    name: "add an address naming A's user_id (the address is the caller's)",
    method: 'POST',
    url: () => '/api/address',
    body: (c) => validAddress({ user_id: c.a.userId, reference: 'Intruder site' }),
    expect: { other: 200, anonymous: 401 },
    verify: (c, caller, response) => {
      if (caller === 'customer B') expect(JSON.parse(response.body)).toMatchObject({ user_id: c.b.userId, type: null });
    },
  },
  {
    name: "change A's address",
    method: 'PUT',
    url: () => '/api/address',
    body: (c) => validAddress({ address_id: c.a.addressId, user_id: c.a.userId, address: 'Intruder Street' }),
    expect: refused,
  },
  {
    name: "mark A's other address as billing ({ address_id })",
    method: 'PUT',
    url: () => '/api/address/MarkAsBilling',
    body: (c) => ({ address_id: c.a.otherAddressId }),
    expect: refused,
  },
  {
    name: "mark A's other address as billing (bare id)",
    method: 'PUT',
    url: () => '/api/address/MarkAsBilling',
    body: (c) => c.a.otherAddressId,
    expect: refused,
  },
  { name: "list A's addresses", method: 'GET', url: (c) => `/api/address/GetBy/${c.a.userId}`, expect: refused },
  { name: "read A's billing address", method: 'GET', url: (c) => `/api/address/${c.a.addressId}`, expect: refused },
  { name: "read A's other address", method: 'GET', url: (c) => `/api/address/${c.a.otherAddressId}`, expect: refused },
  // Orders
  {
    name: "place an order delivered to A's address",
    method: 'POST',
    url: () => '/api/order',
    headers: () => ({ 'idempotency-key': randomUUID() }),
    body: orderBody((c) => ({ address_id: c.a.addressId, user_id: c.a.userId })),
    expect: refused,
  },
  {
    name: "place an order billed to A's address",
    method: 'POST',
    url: () => '/api/order',
    headers: () => ({ 'idempotency-key': randomUUID() }),
    body: orderBody((c) => ({ billing_address_id: c.a.addressId, user_id: c.a.userId })),
    expect: refused,
  },
  {
    name: "replay A's Idempotency-Key (must never answer A's order)",
    method: 'POST',
    url: () => '/api/order',
    headers: (c) => ({ 'idempotency-key': c.a.orderIdempotencyKey }),
    body: orderBody((c) => ({ user_id: c.a.userId })),
    // B's own basket becomes B's own new order.
    expect: { other: 200, anonymous: 401 },
    verify: (c, caller, response) => {
      if (caller === 'customer B') expect(JSON.parse(response.body)).not.toBe(c.a.orderId);
    },
  },
  { name: "read A's order", method: 'GET', url: (c) => `/api/order/${c.a.orderId}`, expect: refused },
  {
    name: "search the order history for A's order number",
    method: 'GET',
    url: (c) => `/api/order/GetMine?Filter=${c.a.orderId}`,
    expect: { other: 200, anonymous: 401 },
  },
  {
    name: "search the order history for A's payment reference",
    method: 'GET',
    url: (c) => `/api/order/GetMine?Filter=${encodeURIComponent(c.a.paymentReference)}`,
    expect: { other: 200, anonymous: 401 },
  },
  { name: 'list the order history', method: 'GET', url: () => '/api/order/GetMine', expect: { other: 200, anonymous: 401 } },
  // Order log
  {
    name: "write an order-log entry naming A's user_id (recorded for the caller, never A)",
    method: 'POST',
    url: () => '/api/OrderLog',
    body: (c) => ({ error: 'Intruder report', request: '', extra_info: '', external_id: '', user_id: c.a.userId }),
    // A dead token is a 401 (the client learns its sign-in ended); no token is a guest's report.
    expect: { other: 204, anonymous: 401, noToken: 204 },
    verify: async (c, caller, response) => {
      if (response.statusCode !== 204) return;
      const [row] = await queryRows<{ user_id: number | null }>(
        c.t.database.db,
        sql`SELECT user_id FROM order_logs ORDER BY order_log_id DESC LIMIT 1`,
      );
      expect(row?.user_id === null ? null : Number(row?.user_id)).toBe(caller === 'customer B' ? c.b.userId : null);
    },
  },
  // Users and sign-in
  { name: "read A's user details", method: 'GET', url: (c) => `/api/users/${c.a.userId}`, expect: refused },
  {
    name: "sign in as A with B's password",
    method: 'POST',
    url: () => '/api/account',
    body: (c) => ({ email: c.a.email, password: c.b.password === c.a.password ? 'not the password' : c.b.password }),
    expect: { other: 401, anonymous: 401 },
  },
  {
    name: 'sign out naming A (only the token sent is revoked)',
    method: 'POST',
    url: () => '/api/account/logout',
    body: (c) => ({ user_id: c.a.userId }),
    consumesToken: true,
    // Only a valid token can be signed out: a dead, unknown or missing one is a 401.
    expect: { other: 204, anonymous: 401 },
  },
  {
    name: "reset A's password with B's reset token",
    method: 'PUT',
    url: () => '/api/forgotpassword',
    body: async (c) => ({ user_id: c.a.userId, token: await c.t.app.services.accounts.tokens.issue(c.b.userId, 'reset'), password: 'taken over' }),
    expect: { other: 400, anonymous: 400 },
  },
  {
    name: "reset A's password with A's access token as the reset token",
    method: 'PUT',
    url: () => '/api/forgotpassword',
    body: (c) => ({ user_id: c.a.userId, token: c.a.token, password: 'taken over' }),
    expect: { other: 400, anonymous: 400 },
  },
  {
    name: "reset A's password with a guessed token",
    method: 'PUT',
    url: () => '/api/forgotpassword',
    body: (c) => ({ user_id: c.a.userId, token: randomBytes(32).toString('base64url'), password: 'taken over' }),
    expect: { other: 400, anonymous: 400 },
  },
];

/** Everything of A's, read as A, plus what only the database shows (password, tokens, order log). */
async function snapshotOf(t: SecurityApp, a: Party & { listId: number }) {
  const read = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(a.token) });
    if (response.statusCode !== 200) throw new Error(`A cannot read ${url}: ${response.statusCode} ${response.body}`);
    return response.json<unknown>();
  };
  const [user, cart, addresses, address1, address2, order, orders, lists, list] = await Promise.all([
    read(`/api/users/${a.userId}`),
    read(`/api/cart/${a.userId}`),
    read(`/api/address/GetBy/${a.userId}`),
    read(`/api/address/${a.addressId}`),
    read(`/api/address/${a.otherAddressId}`),
    read(`/api/order/${a.orderId}`),
    read('/api/order/GetMine'),
    read('/api/lists'),
    read(`/api/lists/${a.listId}`),
  ]);
  const [account] = await queryRows(t.database.db, sql`SELECT first_name, last_name, email, password_hash, phone FROM users WHERE user_id = ${a.userId}`);
  // The tokens that work (revoking A's already expired token changes nothing that matters).
  const tokens = await queryRows(
    t.database.db,
    sql`SELECT token_hash, kind FROM auth_tokens
        WHERE user_id = ${a.userId} AND revoked_at IS NULL AND used_at IS NULL AND expires_at > now() ORDER BY token_id`,
  );
  const orderLogs = await queryRows(
    t.database.db,
    sql`SELECT order_log_id, error, request, extra_info, external_id FROM order_logs WHERE user_id = ${a.userId} ORDER BY order_log_id`,
  );
  const [counts] = await queryRows(
    t.database.db,
    sql`SELECT (SELECT count(*)::int FROM orders WHERE user_id = ${a.userId}) AS orders,
               (SELECT count(*)::int FROM addresses WHERE user_id = ${a.userId}) AS addresses`,
  );
  return { user, cart, addresses, address1, address2, order, orders, lists, list, account, tokens, orderLogs, counts };
}

/** A's data that must never appear in an answer to anyone else. */
function leakPatternsOf(a: Party): RegExp[] {
  const text = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'i');
  const field = (name: string, value: number | null) => new RegExp(`"${name}":\\s*${value}(?!\\d)`);
  const address = a.addresses[0]!;
  return [
    text(a.email),
    text(a.firstName),
    text(a.lastName),
    text(address.reference),
    text(address.contact_name),
    text(address.company_name),
    text(address.address),
    text(address.region),
    text(address.town),
    text(a.note),
    text(a.orderLogText),
    field('order_id', a.orderId),
    field('address_id', a.addressId),
    field('address_id', a.otherAddressId),
    field('cart_id', a.cart.cart_id),
    field('user_id', a.userId),
    text('quarterly boxes'),
    field('userId', a.userId),
    // A's order id as a bare JSON number (the answer of POST /api/order).
    new RegExp(`^\\s*${a.orderId}\\s*$`),
  ];
}

describeOnEachDatabase('security: one customer cannot reach another\'s records', (kind) => {
  const c = {} as Context;
  let before: Awaited<ReturnType<typeof snapshotOf>>;
  const tokens = {} as Record<Caller, string | null>;

  beforeAll(async () => {
    // A fixed clock: A's basket is read before and after, and its dispatch promise counts minutes.
    c.t = await createSecurityApp(kind, { clock: () => new Date('2026-11-24T10:00:00Z') });
    c.packs = await insertBasketCatalogue(c.t.database);
    const { box25, box50, tapeBrown } = c.packs;
    c.a = await createParty(
      c.t.app,
      {
        firstName: 'Annabel',
        lastName: 'Ashcroft',
        address: {
          reference: 'Aardvark Depot',
          contact_name: 'Annabel Ashcroft',
          region: 'Unit Zeta-7',
          company_name: 'Ashcroft Quills Ltd',
          address: 'Quillpen Wharf',
          town: 'Amblethorpe',
        },
        note: 'Ring the brass bell twice',
        orderLogText: 'Annabel card declined ABC-123',
      },
      box25,
      box50,
    );
    c.b = await createParty(
      c.t.app,
      {
        firstName: 'Bertrand',
        lastName: 'Blackwood',
        address: {
          reference: 'Bison Yard',
          contact_name: 'Bertrand Blackwood',
          region: 'Plot 9',
          company_name: 'Blackwood Cartons',
          address: 'Tanners Row',
          town: 'Bramford',
        },
        note: 'Side gate',
        orderLogText: 'Bertrand paypal closed',
      },
      tapeBrown,
      tapeBrown,
    );

    // A's own tokens, made useless: one expired (expires_at in the past), one revoked by logout.
    // (Both are issued first: issuing a token tidies up the user's expired ones.)
    const expired = await c.t.app.services.accounts.tokens.issue(c.a.userId, 'access');
    const revoked = await c.t.app.services.accounts.tokens.issue(c.a.userId, 'access');
    await queryRows(
      c.t.database.db,
      sql`UPDATE auth_tokens SET expires_at = now() - interval '1 minute'
          WHERE token_hash = ${createHash('sha256').update(expired).digest('hex')}`,
    );
    const logout = await c.t.app.inject({ method: 'POST', url: '/api/account/logout', headers: bearer(revoked) });
    expect(logout.statusCode).toBe(204);

    tokens['customer B'] = c.b.token;
    tokens['no token'] = null;
    tokens["A's expired token"] = expired;
    tokens["A's revoked token"] = revoked;
    tokens['a forged token'] = randomBytes(32).toString('base64url');

    // A's shopping list, saved from A's basket.
    const saved = await c.t.app.inject({ method: 'POST', url: '/api/lists', headers: bearer(c.a.token), payload: { name: 'Ashcroft quarterly boxes' } });
    expect(saved.statusCode, saved.body).toBe(200);
    c.aListId = saved.json<{ list_id: number }>().list_id;

    before = await snapshotOf(c.t, { ...c.a, listId: c.aListId });
  });
  afterAll(async () => c.t?.close());

  it('the dead tokens are really A\'s (A\'s live token reads the same records)', async () => {
    const rows = await queryRows<{ n: number }>(c.t.database.db, sql`SELECT count(*)::int AS n FROM auth_tokens WHERE user_id = ${c.a.userId} AND kind = 'access'`);
    expect(Number(rows[0]!.n)).toBe(3);
    expect(before.orders).toHaveLength(1);
    expect((before.addresses as AddressDto[]).map((x) => x.address_id)).toEqual([c.a.addressId, c.a.otherAddressId]);
    expect((before.cart as CartDto).cartIems).toHaveLength(1);
    expect(before.orderLogs).toHaveLength(1);
  });

  describe.each(callers)('%s', (caller) => {
    it.each(calls.map((call) => [`${call.method} ${call.name}`, call] as const))('%s', async (_name, call) => {
      let token = tokens[caller];
      if (call.consumesToken && caller === 'customer B') token = await c.t.app.services.accounts.tokens.issue(c.b.userId, 'access');
      const payload = call.body ? await call.body(c, caller) : undefined;
      const response = await c.t.app.inject({
        method: call.method,
        url: call.url(c),
        headers: { ...authHeaders(token), ...(call.headers?.(c) ?? {}) },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });

      const expected =
        caller === 'customer B' ? call.expect.other : caller === 'no token' ? (call.expect.noToken ?? call.expect.anonymous) : call.expect.anonymous;
      expect(response.statusCode, response.body).toBe(expected);
      if (expected >= 400) expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String) });
      for (const pattern of leakPatternsOf(c.a)) expect(response.body, `answer leaks ${pattern}`).not.toMatch(pattern);
      await call.verify?.(c, caller, response);

      expect(await snapshotOf(c.t, { ...c.a, listId: c.aListId })).toEqual(before);
    });
  });

  it("B's token stayed valid throughout (the 'customer B' rows were really signed in)", async () => {
    const me = await c.t.app.inject({ method: 'GET', url: `/api/users/${c.b.userId}`, headers: bearer(c.b.token) });
    expect(me.statusCode).toBe(200);
  });

  it('A still signs in with the original password', async () => {
    const signIn = await c.t.app.inject({ method: 'POST', url: '/api/account', payload: { email: c.a.email, password: c.a.password } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json()).toMatchObject({ userId: c.a.userId });
  });
});
