/**
 * Property-based fuzzing of every API request schema.
 *
 * For every route that takes a body, path parameters or a query string, fast-check generates
 * random and boundary inputs: valid requests with fields dropped or replaced by values of the
 * wrong type, unicode and control characters, huge, negative and NaN-like numbers, nested
 * objects and arrays, strings just under, at and over each length limit, ids of the other
 * customer's records, malformed JSON, wrong content types and oversized bodies. They are sent
 * with app.inject (PGlite) as customer A. Each answer must be:
 *  - never a 5xx;
 *  - JSON, and on a 4xx the error shape `{ error, message }` (DESIGN section 4 "Errors");
 * and at the end customer B's basket, addresses, orders, details and order-log entries are
 * exactly as they were, and both customers' tokens still work.
 *
 * Runs are bounded in count (FUZZ_RUNS per route, default 150) and time (FUZZ_TIME_BUDGET_MS for
 * all routes, default 40 s), so the file stays under a minute on two cores. FUZZ_SEED=<n>
 * replays a reported failure; FUZZ_STATS=1 prints the statuses each route got; FUZZ_DATABASE=postgres
 * runs it on PostgreSQL (TEST_DATABASE_URL).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressDto, CartDto, OrderDto } from '@shop/contract';
import { queryRows } from '@shop/db';
import { bearer, insertBasketCatalogue, newSession, signUp, type BasketFixture, type Customer } from '../../apps/server/src/testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder, validAddress } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '../../apps/server/src/testing/test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/** All routes together stop after about this long, so a slow machine cuts runs, not the budget. */
const TOTAL_TIME_BUDGET_MS = Number(process.env.FUZZ_TIME_BUDGET_MS ?? 40_000);
/** FUZZ_STATS=1 prints how many answers of each status every route got (to see what the runs reach). */
const PRINT_STATS = process.env.FUZZ_STATS === '1';
/** PGlite by default; FUZZ_DATABASE=postgres (with TEST_DATABASE_URL) fuzzes on PostgreSQL instead. */
const KIND = process.env.FUZZ_DATABASE === 'postgres' ? ('postgres' as const) : ('pglite' as const);

const relaxedLimits = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '100000',
  AUTH_ACCOUNT_FREE_FAILURES: '100000',
  SESSION_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_LOG_RATE_LIMIT_PER_MINUTE: '100000',
  POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: '100000',
};

interface FuzzRequest {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  headers: Record<string, string>;
  payload?: string;
}

let t: TestApp;
let packs: BasketFixture;
let dataDir: string;
let alice: Customer; // customer A: sends every fuzzed request
let bob: Customer; // customer B: must be untouched
let aliceAddressId: number;
let aliceSessionId: string;
let bobIds: { addressIds: number[]; orderId: number; cartId: number };
let bobBefore: CustomerSnapshot;

/* ---------- generators of hostile values ---------- */

const DROP = Symbol('drop');
type Dropped = typeof DROP;

/** Numbers at the edges: zero, negatives, fractions, beyond int32, beyond safe integers, extremes. */
const edgeNumbers = fc.constantFrom(
  0, -0, -1, 1, 1.5, 0.001, 1e-9, -1e-9, 999.995, 2_147_483_647, 2_147_483_648, -2_147_483_648,
  2 ** 53, 2 ** 53 + 2, 1e21, 1e308, -1e308, Number.MIN_VALUE, 100_000_000, 100_000_000.01, 1_000_000, 1_000_001,
);
/** Strings that parsers tend to misread as numbers, booleans, nothing or code. */
const trickyStrings = fc.constantFrom(
  '', ' ', '   ', 'NaN', 'Infinity', '-Infinity', '1e309', '-0', '0x1F', '1_000', ' 1', '1 ', '1.0', '01', '+1',
  '٣', '１２３', 'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor', 'toString',
  "'; DROP TABLE users; --", '" OR 1=1 --', '\\', '%', '%00', '\u0000', 'a\u0000b', '\ud800', '\udfff\ud800', '\u202e\u200b',
  '<script>alert(1)</script>', '../../etc/passwd', '\r\nX-Injected: 1', '9'.repeat(400), '💥'.repeat(60), 'é'.repeat(101),
);
/** Strings one below, at and one over the length limits of the schemas (50, 99, 100, 200, 500, 4000...). */
const nearLimitStrings = fc
  .tuple(fc.constantFrom(14, 15, 20, 50, 99, 100, 200, 500, 4000), fc.integer({ min: -1, max: 1 }), fc.constantFrom('a', 'é', '😀', ' ', '9', '\u0000'))
  .map(([limit, delta, unit]) => unit.repeat(Math.max(0, limit + delta)));
const unicodeStrings = fc.oneof(fc.string({ unit: 'binary', maxLength: 60 }), fc.string({ unit: 'grapheme', maxLength: 30 }));

/** Any hostile value for one field. */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.anything({ maxDepth: 3, maxKeys: 4, withNullPrototype: true }) },
  { weight: 3, arbitrary: unicodeStrings },
  { weight: 2, arbitrary: edgeNumbers },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 3, arbitrary: trickyStrings },
  { weight: 2, arbitrary: nearLimitStrings },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, [], {}, [[]], { a: { b: { c: [1, 'x', null] } } }) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string(), fc.constant(null)), { maxLength: 4 }) },
);

/** Ids a fuzzed request may point at: customer B's records above all, then edges. */
function idCandidates(): fc.Arbitrary<number | string> {
  const ids = [
    bob.userId, ...bobIds.addressIds, bobIds.orderId, bobIds.cartId,
    alice.userId, aliceAddressId,
    packs.box25.productId, packs.box25.productPriceId, packs.tapeBrown.productPriceId, packs.retired.productPriceId,
    0, -1, 1, 2_147_483_647, 2_147_483_648,
  ];
  return fc.oneof(fc.constantFrom(...ids), fc.constantFrom(...ids).map(String));
}

/** A field value: kept, dropped, a plausible id, or hostile. */
function fieldValue(valid: unknown, extra?: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constant(DROP) },
    { weight: 2, arbitrary: idCandidates() },
    { weight: 4, arbitrary: extra ? fc.oneof(extra, hostile) : hostile },
  );
}

/** A body derived from a valid one: every field kept, dropped or replaced; extra keys; or a hostile body. */
function bodyFrom(valid: Record<string, unknown>, extras: Record<string, fc.Arbitrary<unknown>> = {}): fc.Arbitrary<unknown> {
  const fields: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(valid)) fields[key] = fieldValue(value, extras[key]);
  for (const [key, extra] of Object.entries(extras)) if (!(key in fields)) fields[key] = fieldValue(DROP, extra);
  const mutated = fc
    .tuple(fc.record(fields), fc.dictionary(fc.string({ maxLength: 12 }), hostile, { maxKeys: 2 }))
    .map(([record, additional]) => {
      const body: Record<string, unknown> = { ...additional };
      for (const [key, value] of Object.entries(record as Record<string, unknown | Dropped>)) if (value !== DROP) body[key] = value;
      return body;
    });
  // One field hostile and the rest valid reaches deeper than a body with many bad fields.
  const keys = [...new Set([...Object.keys(valid), ...Object.keys(extras)])];
  const oneField = fc
    .tuple(fc.constantFrom(...keys), hostile, fc.boolean())
    .chain(([key, value, useExtra]) =>
      (useExtra && extras[key] ? extras[key] : fc.constant(value)).map((v) => ({ ...valid, [key]: v })),
    );
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 4, arbitrary: oneField },
    { weight: 2, arbitrary: hostile },
    { weight: 1, arbitrary: fc.constant(valid) },
  );
}

interface Payload {
  payload?: string;
  contentType?: string;
}

/** The bytes on the wire: JSON of the body, or malformed JSON, another content type, or too much. */
function payloadOf(body: fc.Arbitrary<unknown>, valid: unknown): fc.Arbitrary<Payload> {
  const validJson = JSON.stringify(valid);
  return fc.oneof(
    { weight: 20, arbitrary: body.map((value) => ({ payload: JSON.stringify(value) ?? '', contentType: 'application/json' })) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }).map((text) => ({ payload: text, contentType: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.nat({ max: Math.max(0, validJson.length - 1) }).map((cut) => ({ payload: validJson.slice(0, cut), contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Payload>(
        { payload: 'a=1&b=2', contentType: 'application/x-www-form-urlencoded' },
        { payload: validJson, contentType: 'text/plain' },
        { payload: validJson, contentType: 'application/json; charset=latin1' },
        { payload: validJson, contentType: 'application/xml' },
        { payload: validJson },
        { payload: '' , contentType: 'application/json' },
        { contentType: 'application/json' },
        {},
        { payload: 'null', contentType: 'application/json' },
        { payload: '{"__proto__":{"admin":true}}', contentType: 'application/json' },
        { payload: '{"constructor":{"prototype":{"admin":true}}}', contentType: 'application/json' },
        { payload: '\ufeff{}', contentType: 'application/json' },
        { payload: `{"a":"${'x'.repeat(110 * 1024)}"}`, contentType: 'application/json' }, // over the 100 kB limit
        { payload: `${'['.repeat(50_000)}${']'.repeat(50_000)}`, contentType: 'application/json' }, // deep nesting under the limit
        { payload: JSON.stringify(Array.from({ length: 9_000 }, (_, i) => i)), contentType: 'application/json' },
      ),
    },
  );
}

/** A path segment: encoded hostile text, a plausible id, or raw bytes that are not valid percent-encoding. */
function segment(valid: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant(valid) },
    { weight: 3, arbitrary: idCandidates().map((id) => encodeSegment(String(id))) },
    { weight: 4, arbitrary: hostile.map((value) => encodeSegment(typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined'))) },
    {
      weight: 2,
      arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '..', '%2e%2e', '%00', '%2F', 'a;b', '-1', '0', '1.5', '1e3', '0x1F', '%20', '%22%22', '""', '%ED%A0%80', 'x'.repeat(2000)),
    },
  );
}

function encodeSegment(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate cannot be encoded: send its raw UTF-8 bytes instead
  }
}

/** A query string: the route's own keys (and others) with hostile, repeated or badly encoded values. */
function queryOf(keys: string[]): fc.Arbitrary<string> {
  const value = hostile.map((v) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? '')));
  const pairs = fc.array(
    fc.tuple(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }), fc.oneof(value, idCandidates().map(String))),
    { maxLength: 5 },
  );
  return fc.oneof(
    { weight: 6, arbitrary: pairs.map((list) => new URLSearchParams(list.map(([k, v]) => [k, v.replace(/[\ud800-\udfff]/g, '\ufffd')])).toString()) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        `${keys[0]}=%`, `${keys[0]}=%E0%A4%A`, `${keys[0]}=%00`, `${keys[0]}[]=a`, `${keys[0]}[a]=b`, `${keys[0]}`, '=', '&&&',
        'page=1&page=2', 'pageSize=1e2', 'page=-0', '__proto__=1', 'constructor[prototype][x]=1', `${keys[0]}=${'z'.repeat(5000)}`,
      ),
    },
  );
}

/** Who sends it: customer A almost always; sometimes no token, a broken one, or B's user id as a token. */
function authOf(): fc.Arbitrary<Record<string, string>> {
  return fc.oneof(
    { weight: 12, arbitrary: fc.constant(bearer(alice.token)) },
    { weight: 1, arbitrary: fc.constant({}) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { authorization: 'Bearer' },
        { authorization: 'Bearer ' },
        { authorization: `Bearer ${alice.token}x` },
        { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
        { authorization: `Bearer ${String(bob.userId)}` },
        { authorization: `Bearer ${'A'.repeat(5000)}` },
        { authorization: `bearer  ${alice.token}` },
      ),
    },
  );
}

/* ---------- routes ---------- */

interface RouteFuzz {
  name: string;
  request: () => fc.Arbitrary<FuzzRequest>;
  /** Runs relative to RUNS (slow routes, e.g. argon2 on sign-in, get fewer). */
  weight?: number;
  /** Restores customer A's state between runs when a run may have used it up. */
  afterRun?: (response: LightMyRequestResponse) => Promise<void>;
}

function bodyRoute(method: 'POST' | 'PUT', url: string, valid: () => Record<string, unknown>, extras: () => Record<string, fc.Arbitrary<unknown>> = () => ({})) {
  return (): fc.Arbitrary<FuzzRequest> => {
    const template = valid();
    return fc.tuple(payloadOf(bodyFrom(template, extras()), template), authOf()).map(([p, auth]) => withPayload(method, url, auth, p));
  };
}

function withPayload(method: 'POST' | 'PUT', url: string, headers: Record<string, string>, p: Payload): FuzzRequest {
  const all = { ...headers, ...(p.contentType ? { 'content-type': p.contentType } : {}) };
  return { method, url, headers: all, ...(p.payload === undefined ? {} : { payload: p.payload }) };
}

const getRoute = (build: (parts: string[]) => string, segments: () => fc.Arbitrary<string>[]) => (): fc.Arbitrary<FuzzRequest> =>
  fc.tuple(fc.tuple(...segments()), authOf()).map(([parts, headers]) => ({ method: 'GET' as const, url: build(parts), headers }));

const queryRoute = (url: string, keys: string[]) => (): fc.Arbitrary<FuzzRequest> =>
  fc.tuple(queryOf(keys), authOf()).map(([query, headers]) => ({ method: 'GET' as const, url: query ? `${url}?${query}` : url, headers }));

const cartLine = () => ({
  user_id: 1,
  session_id: null,
  cart_id: null,
  product_id: packs.box25.productId,
  product_price_id: packs.box25.productPriceId,
  price: 25,
  qty: packs.box25.qty,
  count: 1,
});
const counts = () => fc.constantFrom(0, 1, 999, 1000, 1001, -5, 1.5, 1e9);

const routes: RouteFuzz[] = [
  // Catalogue and session.
  { name: 'GET /api/categories/GetBySlug/:slug', request: getRoute(([s]) => `/api/categories/GetBySlug/${s}`, () => [segment('test-supplies')]) },
  { name: 'GET /api/products/GetById/:id', request: getRoute(([s]) => `/api/products/GetById/${s}`, () => [segment(String(packs.box25.productId))]) },
  { name: 'GET /api/products?condition=', request: queryRoute('/api/products', ['condition', 'page', 'pageSize']) },
  { name: 'GET /api/products/GetLanding?condition=', request: queryRoute('/api/products/GetLanding', ['condition']) },
  { name: 'GET /api/products/Search?filter=', request: queryRoute('/api/products/Search', ['filter', 'page', 'pageSize']) },
  { name: 'POST /api/session', request: bodyRoute('POST', '/api/session', () => ({ ip: '' })) },
  // Basket.
  { name: 'GET /api/cart/:sessionOrUserId', request: getRoute(([s]) => `/api/cart/${s}`, () => [segment(String(alice.userId))]) },
  { name: 'POST /api/cart', request: bodyRoute('POST', '/api/cart', cartLine, () => ({ count: counts(), session_id: fc.constant(aliceSessionId) })) },
  { name: 'PUT /api/cart/ModifyCart', request: bodyRoute('PUT', '/api/cart/ModifyCart', cartLine, () => ({ count: counts() })) },
  {
    name: 'POST /api/cart/remove',
    request: bodyRoute('POST', '/api/cart/remove', () => ({ user_id: 1, session_id: null, product_id: packs.tapeClear.productId, product_price_id: packs.tapeClear.productPriceId })),
    afterRun: async () => void (await addToBasket(t.app, alice.token, packs.tapeClear, 1)),
  },
  {
    name: 'PUT /api/cart (assign the session basket)',
    request: bodyRoute('PUT', '/api/cart', () => ({ anonymousUserId: aliceSessionId, userId: alice.userId }), () => ({ anonymousUserId: fc.uuid().map(String) })),
  },
  // Accounts.
  {
    name: 'POST /api/users (sign-up)',
    request: bodyRoute('POST', '/api/users', () => ({ first_name: 'Fuzzy', last_name: 'Tester', email: `fuzz-${randomUUID()}@example.com`, password: 'correct horse', phone: '0113 496 0999', newsletter: false }), () => ({
      email: fc.constantFrom(alice.email, bob.email, bob.email.toUpperCase(), 'a@b.co', 'UPPER@EXAMPLE.COM'),
    })),
    weight: 0.5,
  },
  {
    name: 'POST /api/account (sign-in)',
    request: bodyRoute('POST', '/api/account', () => ({ email: bob.email, password: 'wrong password' }), () => ({ email: fc.constantFrom(bob.email, ` ${bob.email.toUpperCase()} `) })),
    weight: 0.5,
  },
  { name: 'GET /api/users/:id', request: getRoute(([s]) => `/api/users/${s}`, () => [segment(String(alice.userId))]) },
  { name: 'POST /api/forgotpassword', request: bodyRoute('POST', '/api/forgotpassword', () => ({ email: alice.email })), weight: 0.5 },
  {
    name: 'PUT /api/forgotpassword (reset)',
    request: bodyRoute('PUT', '/api/forgotpassword', () => ({ password: 'new password', user_id: bob.userId, token: 'not-a-real-token' })),
  },
  // Addresses and the postcode finder.
  { name: 'POST /api/address', request: bodyRoute('POST', '/api/address', () => validAddress()), weight: 0.7 },
  { name: 'PUT /api/address', request: bodyRoute('PUT', '/api/address', () => ({ ...validAddress(), address_id: aliceAddressId })) },
  {
    name: 'PUT /api/address/MarkAsBilling',
    request: () =>
      fc.oneof(
        bodyRoute('PUT', '/api/address/MarkAsBilling', () => ({ address_id: aliceAddressId }))(),
        fc.tuple(idCandidates(), authOf()).map(([id, auth]) => withPayload('PUT', '/api/address/MarkAsBilling', auth, { payload: JSON.stringify(id), contentType: 'application/json' })),
      ),
  },
  { name: 'GET /api/address/GetBy/:userId', request: getRoute(([s]) => `/api/address/GetBy/${s}`, () => [segment(String(alice.userId))]) },
  { name: 'GET /api/address/:id', request: getRoute(([s]) => `/api/address/${s}`, () => [segment(String(aliceAddressId))]) },
  { name: 'PUT /api/cart/AssignAddress', request: bodyRoute('PUT', '/api/cart/AssignAddress', () => ({ addressId: aliceAddressId, cartId: null })) },
  {
    name: 'GET /api/FindAddress/:placeholder/:text',
    request: getRoute(([p, s]) => `/api/FindAddress/${p}/${s}`, () => [segment('""'), segment('LS1 4AP')]),
  },
  // Orders, the order log and payments.
  {
    name: 'POST /api/order',
    request: () => {
      const template: Record<string, unknown> = { ...orderBodyFrom(aliceCartForOrders, { address_id: aliceAddressId }), billing_address_id: aliceAddressId };
      const validLines = template.orderLines as unknown[];
      const body = bodyFrom(template, {
        payment_method: fc.constantFrom('bank', 'paypal', 'PAYPAL', 'card', ''),
        payment_reference: fc.oneof(
          fc.constant(aliceTestPaymentId),
          fc.constantFrom('TEST-', 'TEST-0-0000000000000000-AAAAAAAAAAAAAAAAAAAAAA', `${aliceTestPaymentId}x`, aliceTestPaymentId.toLowerCase(), 'TEST-999999999-ffffffffffffffff-__________________-_'),
        ),
        orderLines: fc.oneof(
          fc.array(fc.oneof(fc.constantFrom(...validLines), hostile), { maxLength: 3 }),
          fc.constant(Array.from({ length: 1001 }, () => validLines[0])), // one over the limit
        ),
      });
      const key = fc.oneof(
        { weight: 3, arbitrary: fc.uuid().map(String) },
        { weight: 1, arbitrary: fc.constant('fuzz-order-key') },
        { weight: 1, arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 120 }).map((s) => s.replace(/[^\x20-\x7e]/g, '')) },
        { weight: 1, arbitrary: fc.constantFrom('', ' ', 'a'.repeat(100), 'a'.repeat(101), '../x', 'ключ') },
      );
      return fc
        .tuple(payloadOf(body, template), authOf(), fc.option(key, { nil: undefined }))
        .map(([p, auth, k]) => withPayload('POST', '/api/order', { ...auth, ...(k === undefined ? {} : { 'idempotency-key': k }) }, p));
    },
    afterRun: async (response) => {
      if (response.statusCode === 200) await refillAlice();
    },
  },
  { name: 'GET /api/order/GetMine?Filter=', request: queryRoute('/api/order/GetMine', ['Filter', 'filter']) },
  { name: 'GET /api/order/:id', request: getRoute(([s]) => `/api/order/${s}`, () => [segment(String(bobIds.orderId))]) },
  {
    name: 'POST /api/OrderLog',
    request: bodyRoute('POST', '/api/OrderLog', () => ({ error: 'card declined', request: '{"id":1}', extra_info: '', external_id: 'PAY-1', user_id: bob.userId })),
  },
  {
    name: 'POST /api/payments/test-order',
    request: bodyRoute('POST', '/api/payments/test-order', () => ({ amount: 12.34 }), () => ({ amount: edgeNumbers })),
  },
];

/* ---------- what every answer must look like ---------- */

function describeExchange(request: FuzzRequest, response: LightMyRequestResponse): string {
  const payload = request.payload === undefined ? '' : ` ${request.payload.length > 300 ? `${request.payload.slice(0, 300)}… (${request.payload.length} chars)` : request.payload}`;
  return `${request.method} ${request.url.slice(0, 300)}${payload}\n-> ${response.statusCode} ${response.body.slice(0, 300)}`;
}

function checkAnswer(request: FuzzRequest, response: LightMyRequestResponse): void {
  const context = describeExchange(request, response);
  expect(response.statusCode, context).toBeLessThan(500);
  if (response.statusCode === 204 || response.statusCode === 304) return;
  expect(String(response.headers['content-type']), context).toMatch(/^application\/json/);
  let body: unknown;
  expect(() => (body = JSON.parse(response.body)), context).not.toThrow();
  if (response.statusCode >= 400) {
    const error = body as { error?: unknown; message?: unknown };
    expect(typeof error.error, context).toBe('string');
    expect(typeof error.message, context).toBe('string');
    expect(String(error.message), context).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/); // no stack traces
  }
}

async function send(request: FuzzRequest): Promise<LightMyRequestResponse> {
  const options: InjectOptions = { method: request.method, url: request.url, headers: request.headers };
  if (request.payload !== undefined) options.payload = request.payload;
  return t.app.inject(options);
}

/* ---------- customer B, before and after ---------- */

interface CustomerSnapshot {
  basket: CartDto;
  addresses: AddressDto[];
  orders: OrderDto[];
  orderDetails: OrderDto[];
  user: unknown;
  rows: Record<string, number>;
}

async function asJson<T>(method: 'GET', url: string, token: string): Promise<T> {
  const response = await t.app.inject({ method, url, headers: bearer(token) });
  expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
  return response.json<T>();
}

async function snapshotOf(customer: Customer): Promise<CustomerSnapshot> {
  const orders = await asJson<OrderDto[]>('GET', '/api/order/GetMine', customer.token);
  const [rows] = await queryRows<Record<string, number>>(
    t.database.db,
    sql`SELECT
          (SELECT count(*)::int FROM addresses WHERE user_id = ${customer.userId}) AS addresses,
          (SELECT count(*)::int FROM orders WHERE user_id = ${customer.userId}) AS orders,
          (SELECT count(*)::int FROM order_lines ol JOIN orders o ON o.order_id = ol.order_id WHERE o.user_id = ${customer.userId}) AS order_lines,
          (SELECT count(*)::int FROM order_logs WHERE user_id = ${customer.userId}) AS order_logs,
          (SELECT count(*)::int FROM cart_lines cl JOIN carts c ON c.cart_id = cl.cart_id WHERE c.user_id = ${customer.userId}) AS cart_lines`,
  );
  return {
    basket: await asJson<CartDto>('GET', `/api/cart/${customer.userId}`, customer.token),
    addresses: await asJson<AddressDto[]>('GET', `/api/address/GetBy/${customer.userId}`, customer.token),
    orders,
    orderDetails: await Promise.all(orders.map((o) => asJson<OrderDto>('GET', `/api/order/${o.order_id}`, customer.token))),
    user: await asJson('GET', `/api/users/${customer.userId}`, customer.token),
    rows: rows!,
  };
}

/* ---------- customer A's state, kept usable ---------- */

let aliceCartForOrders: CartDto;
let aliceTestPaymentId: string;

async function refillAlice(): Promise<void> {
  await addToBasket(t.app, alice.token, packs.box25, 2);
  await addToBasket(t.app, alice.token, packs.tapeClear, 1);
  const assigned = await t.app.inject({
    method: 'PUT',
    url: '/api/cart/AssignAddress',
    headers: bearer(alice.token),
    payload: { addressId: aliceAddressId, cartId: null },
  });
  expect(assigned.statusCode).toBe(200);
  aliceCartForOrders = assigned.json<CartDto>();
  const payment = await t.app.inject({ method: 'POST', url: '/api/payments/test-order', payload: { amount: aliceCartForOrders.total } });
  aliceTestPaymentId = payment.json<{ id: string }>().id;
}

/* ---------- the suite ---------- */

describe(`fuzzing every request schema [${KIND}]`, () => {
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-fuzz-'));
    // A fixed clock: B's basket is compared before and after, and its dispatch promise counts minutes.
    t = await createTestApp({ kind: KIND, seed: false, clock: () => new Date('2026-11-24T10:00:00Z'), env: { ...relaxedLimits, DATA_DIR: dataDir } });
    packs = await insertBasketCatalogue(t.database);

    [alice, bob] = [await signUp(t.app, { first_name: 'Alice' }), await signUp(t.app, { first_name: 'Bobby' })];
    aliceAddressId = (await createAddress(t.app, alice.token)).address_id;
    aliceSessionId = await newSession(t.app);
    await refillAlice();

    // B: two addresses, one placed order, and a basket waiting for the next one.
    const bobHome = await createAddress(t.app, bob.token, { reference: 'Home', contact_name: 'Bobby Tables' });
    const bobOffice = await createAddress(t.app, bob.token, { reference: 'Office' });
    await addToBasket(t.app, bob.token, packs.tapeBrown, 1);
    await addToBasket(t.app, bob.token, packs.box50, 3);
    const assigned = await t.app.inject({
      method: 'PUT',
      url: '/api/cart/AssignAddress',
      headers: bearer(bob.token),
      payload: { addressId: bobOffice.address_id, cartId: null },
    });
    const placed = await placeOrder(t.app, bob.token, orderBodyFrom(assigned.json<CartDto>()));
    expect(placed.statusCode, placed.body).toBe(200);
    const bobBasket = await addToBasket(t.app, bob.token, packs.box25, 4);
    await addToBasket(t.app, bob.token, packs.tapeClear, 7);
    bobIds = { addressIds: [bobHome.address_id, bobOffice.address_id], orderId: placed.json<number>(), cartId: bobBasket.cart_id! };
    bobBefore = await snapshotOf(bob);
  });

  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  for (const route of routes) {
    it(`${route.name}: random and boundary inputs never answer 5xx, always JSON errors`, async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(route.request(), async (request) => {
          const response = await send(request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          checkAnswer(request, response);
          await route.afterRun?.(response);
        }),
        {
          numRuns: Math.max(5, Math.round(RUNS * (route.weight ?? 1))),
          interruptAfterTimeLimit: Math.round(TOTAL_TIME_BUDGET_MS / routes.length),
          markInterruptAsFailure: false,
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
      if (PRINT_STATS) console.log(route.name, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    });
  }

  // What fuzzing found (500s from NUL characters reaching PostgreSQL text, and from a test payment
  // below a penny), kept as fixed cases: NUL is refused wherever it is sent.
  it.each([
    ['a NUL character in a query parameter', { method: 'GET', url: '/api/order/GetMine?Filter=%00', headers: {} }, 'Filter'],
    ['a NUL character in a search', { method: 'GET', url: '/api/products/Search?filter=box%00', headers: {} }, 'filter'],
    ['a NUL character in a path parameter', { method: 'GET', url: '/api/FindAddress/%22%22/LS1%00', headers: {} }, 'text'],
    ['a NUL character in the order log', { method: 'POST', url: '/api/OrderLog', headers: {}, payload: '{"error":"x","external_id":"\\u0000"}' }, 'external_id'],
    ['a NUL character in an address', { method: 'POST', url: '/api/address', headers: {}, payload: JSON.stringify({ town: 'Leeds\u0000' }) }, 'town'],
    ['a NUL character in a key of the body', { method: 'POST', url: '/api/OrderLog', headers: {}, payload: '{"a\\u0000":1}' }, 'a\u0000'],
    ['a test payment of less than a penny', { method: 'POST', url: '/api/payments/test-order', headers: {}, payload: '{"amount":1e-9}' }, 'amount'],
  ] as const)('regression: %s answers 400 naming the field', async (_name, request, field) => {
    const fuzzRequest: FuzzRequest = {
      ...request,
      headers: { ...bearer(alice.token), ...('payload' in request ? { 'content-type': 'application/json' } : {}) },
    };
    const response = await send(fuzzRequest);
    checkAnswer(fuzzRequest, response);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<{ fields?: { field: string }[] }>().fields?.map((f) => f.field)).toContain(field);
  });

  it("customer B's basket, addresses, orders and details are unchanged, and both tokens still work", async () => {
    const after = await snapshotOf(bob);
    expect(after).toEqual(bobBefore);
    expect((await t.app.inject({ method: 'GET', url: `/api/users/${alice.userId}`, headers: bearer(alice.token) })).statusCode).toBe(200);
    // The process still answers (nothing crashed it) and the database is still usable.
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
