/**
 * The API document tells the truth.
 *
 * The OpenAPI document the app serves (GET /api/docs/json) is the only input: for every
 * operation, fast-check generates requests from its parameters' and body's JSON schemas
 * (json-schema.ts), as a signed-in customer with an address, a placed order and a basket, as a
 * guest, and with a dead token. Each request is either documented-valid or, with one part made
 * invalid, documented-invalid (the document's own schemas decide which). Every answer must be:
 *  - never a 5xx, and a status the operation documents;
 *  - for documented-valid input, never a 400 from the route's schema (a 400 for a business rule,
 *    such as a pack that is not a pack of that product, is fine);
 *  - for documented-invalid input, a 4xx;
 *  - without a valid token where the document asks for one, a 401;
 *  - a body matching the schema documented for that status (no body where none is documented).
 * What the document says in prose is read too: every 400 says text with the NUL character is
 * refused, so such text is documented-invalid; request bodies name no `additionalProperties:
 * false`, so documented-valid bodies carry unknown fields at times (they must be ignored). And
 * the document itself is sound: every schema it holds is one an operation uses, every reference
 * resolves, no `anyOf` is empty, no request schema refuses unknown fields.
 *
 * Runs are bounded in count (OPENAPI_FUZZ_RUNS per operation, default 60) and time
 * (OPENAPI_FUZZ_TIME_BUDGET_MS for all operations, default 30 s). FUZZ_SEED=<n> replays a
 * failure; FUZZ_STATS=1 prints the statuses each operation got.
 */
import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import type * as TypeProviderZod from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CartDto } from '@shop/contract';
import { bearer, insertBasketCatalogue, newSession, signUp, type BasketFixture, type Customer } from '../../apps/server/src/testing/basket-fixtures.ts';
import { addToBasket, createAddress, orderBodyFrom, placeOrder } from '../../apps/server/src/testing/checkout-fixtures.ts';
import { createTestApp, type TestApp } from '../../apps/server/src/testing/test-app.ts';
import { SchemaReader, type Hints, type Schema } from './json-schema.ts';

/**
 * Which 400s come from a route's schema, as opposed to a business rule: counted where the app
 * checks requests against its schemas (the validator compiler app.ts installs).
 */
const schemaRefusals = vi.hoisted(() => ({ count: 0 }));
vi.mock('fastify-type-provider-zod', async (importOriginal) => {
  const original = await importOriginal<typeof TypeProviderZod>();
  const validatorCompiler: typeof original.validatorCompiler = (route) => {
    const validate = original.validatorCompiler(route);
    return (data) => {
      const result = validate(data);
      if ((result as { error?: unknown }).error) schemaRefusals.count += 1;
      return result;
    };
  };
  return { ...original, validatorCompiler };
});

const RUNS = Number(process.env.OPENAPI_FUZZ_RUNS ?? 60);
const TOTAL_TIME_BUDGET_MS = Number(process.env.OPENAPI_FUZZ_TIME_BUDGET_MS ?? 30_000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const PRINT_STATS = process.env.FUZZ_STATS === '1';

const relaxedLimits = {
  AUTH_RATE_LIMIT_PER_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL_AND_IP: '100000',
  AUTH_RATE_LIMIT_PER_EMAIL: '100000',
  AUTH_ACCOUNT_FREE_FAILURES: '100000',
  SESSION_RATE_LIMIT_PER_MINUTE: '100000',
  ORDER_LOG_RATE_LIMIT_PER_MINUTE: '100000',
  POSTCODE_LOOKUP_RATE_LIMIT_PER_MINUTE: '100000',
};

/* ---------- the document, read ---------- */

interface OpenApiDocument {
  info: { description?: string };
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, Schema> };
}
interface RawOperation {
  description?: string;
  parameters?: { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: Schema; description?: string }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
  security?: Record<string, unknown>[];
}

/** Who may call an operation, from its `security`: as in apps/server/src/http/authentication.ts. */
type Access = 'public' | 'signed-in' | 'guest-or-signed-in';
type Auth = 'customer' | 'none' | 'dead token';

interface Operation {
  name: string;
  method: string;
  path: string;
  parameters: NonNullable<RawOperation['parameters']>;
  body: Schema | null;
  access: Access;
  /** Each documented status, with the schema of its JSON body, or null for no body. */
  responses: Map<number, Schema | null>;
  /** A status documented with a body that is not JSON (a PDF), and its media type. */
  otherBodies: Map<number, string>;
}

interface GeneratedRequest {
  params: Record<string, unknown>;
  body: unknown;
  auth: Auth;
  /** Which part was made invalid, if any (the document still decides whether it is). */
  mutated: string | null;
}

function operationsOf(document: OpenApiDocument): Operation[] {
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const security = raw.security?.map((requirement) => Object.keys(requirement).join());
      const access: Access = !security?.includes('bearer') ? 'public' : security.includes('') ? 'guest-or-signed-in' : 'signed-in';
      const responses = new Map<number, Schema | null>();
      const otherBodies = new Map<number, string>();
      for (const [status, response] of Object.entries(raw.responses)) {
        responses.set(Number(status), response.content?.['application/json']?.schema ?? null);
        const other = Object.keys(response.content ?? {}).find((type) => type !== 'application/json');
        if (other && !response.content?.['application/json']) otherBodies.set(Number(status), other);
      }
      operations.push({
        name: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: raw.parameters ?? [],
        body: raw.requestBody?.content['application/json']?.schema ?? null,
        access,
        responses,
        otherBodies,
      });
    }
  }
  return operations;
}

/* ---------- the app and its customer ---------- */

let t: TestApp;
let packs: BasketFixture;
let customer: Customer;
let sessionId: string;
let addressId: number;
let orderId: number;
let cartId: number;
let reader: SchemaReader;
let operations: Operation[];
let document: OpenApiDocument;

/** Values of real records by parameter or property name (`id` depends on the path). */
function hintsFor(operation: Operation): Hints {
  const idByPath: Record<string, unknown[]> = {
    '/api/products/GetById/{id}': [packs.box25.productId, packs.tapeBrown.productId],
    '/api/order/{id}': [orderId],
    '/api/users/{id}': [customer.userId],
    '/api/address/{id}': [addressId],
  };
  const byName: Record<string, unknown[]> = {
    id: idByPath[operation.path] ?? [],
    product_id: [packs.box25.productId, packs.tapeBrown.productId, packs.tapeClear.productId],
    product_price_id: [packs.box25.productPriceId, packs.box50.productPriceId, packs.tapeBrown.productPriceId, packs.tapeClear.productPriceId],
    qty: [packs.box25.qty, packs.box50.qty, packs.tapeBrown.qty, packs.tapeClear.qty],
    count: [1, 2],
    userId: [customer.userId],
    addressId: [addressId],
    address_id: [addressId],
    billing_address_id: [addressId],
    cartId: [cartId],
    sessionOrUserId: [sessionId, String(customer.userId)],
    session_id: [sessionId],
    anonymousUserId: [sessionId],
    slug: ['test-supplies'],
    condition: ['test-supplies', ''],
    filter: ['box', String(orderId)],
    Filter: [String(orderId)],
    text: ['LS1 4AP', 'LS14AP'],
    placeholder: ['""'],
    email: [customer.email],
    password: [customer.password],
  };
  return (name) => byName[name] ?? [];
}

function requestsFor(operation: Operation): fc.Arbitrary<GeneratedRequest> {
  const hints = hintsFor(operation);
  const paramModel: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters) {
    const values = reader.valid(parameter.schema, hints, parameter.name);
    paramModel[parameter.name] = parameter.in === 'path' ? values.filter((value) => sendableInPath(String(value))) : values;
  }
  const required = operation.parameters.filter((p) => p.required).map((p) => p.name);
  const auths: Auth[] = operation.access === 'public' ? ['none', 'none', 'customer'] : ['customer', 'customer', 'customer', 'customer', 'none', 'dead token'];
  const valid = fc.record({
    params: fc.record(paramModel, { requiredKeys: required }),
    body: operation.body ? reader.valid(operation.body, hints) : fc.constant(undefined),
    auth: fc.constantFrom(...auths),
    mutated: fc.constant(null),
  });
  const targets = [...operation.parameters.map((p) => `param:${p.name}`), ...bodyTargets(operation.body)];
  if (targets.length === 0) return valid;
  const invalid = fc
    .tuple(valid, fc.constantFrom(...targets))
    .chain(([request, target]) => mutation(operation, target).map((change) => ({ ...change(request), mutated: target })));
  return fc.oneof(valid, invalid);
}

/** The parts of a body that can be made invalid: the whole body, or one of its properties. */
function bodyTargets(body: Schema | null): string[] {
  if (!body) return [];
  const properties = Object.keys(reader.resolve(body).properties ?? {});
  return ['body', ...properties.map((name) => `body:${name}`)];
}

type Change = (request: GeneratedRequest) => GeneratedRequest;

/**
 * A path value no client can send as itself: empty (that is another URL), or "." and ".."
 * (every URL parser resolves them as navigation, encoded or not). Valid or invalid, it is
 * never generated for a path parameter.
 */
function sendableInPath(value: string): boolean {
  return value !== '' && value !== '.' && value !== '..';
}

function mutation(operation: Operation, target: string): fc.Arbitrary<Change> {
  const [kind, name = ''] = target.split(':') as [string, string | undefined];
  if (kind === 'param') {
    const parameter = operation.parameters.find((p) => p.name === name)!;
    const text = reader.invalid(parameter.schema).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
    return text
      .filter((value) => parameter.in !== 'path' || sendableInPath(value))
      // HTTP cannot carry NUL in a header: that refusal is not the document's to make.
      .filter((value) => parameter.in !== 'header' || !value.includes('\u0000'))
      .map((value) => (request) => ({ ...request, params: { ...request.params, [name]: value } }));
  }
  const body = reader.resolve(operation.body!);
  if (kind === 'body') return reader.invalid(body).map((value) => (request) => ({ ...request, body: value }));
  const property = body.properties![name]!;
  return fc.oneof(
    reader.invalid(property).map((value): Change => (request) => ({ ...request, body: { ...(request.body as object), [name]: value } })),
    fc.constant<Change>((request) => {
      const { [name]: _dropped, ...rest } = request.body as Record<string, unknown>;
      return { ...request, body: rest };
    }),
  );
}

/** What is wrong with the request according to the document, or null when it is valid. */
function documentProblem(operation: Operation, request: GeneratedRequest): string | null {
  for (const parameter of operation.parameters) {
    const value = request.params[parameter.name];
    if (value === undefined) {
      if (parameter.required) return `${parameter.name} is missing`;
      continue;
    }
    const problem = reader.problemOf(parameter.schema, asParameterValue(parameter.schema, String(value)), parameter.name);
    if (problem) return problem;
  }
  return operation.body ? reader.problemOf(operation.body, request.body, 'body') : null;
}

/** Parameters travel as text: decimal text is the number it spells where the schema wants a number. */
function asParameterValue(schema: Schema, text: string): unknown {
  const type = reader.resolve(schema).type;
  return (type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : text;
}

async function send(operation: Operation, request: GeneratedRequest): Promise<LightMyRequestResponse> {
  let url = operation.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    const value = request.params[parameter.name];
    if (value === undefined) continue;
    const text = String(value);
    if (parameter.in === 'path') url = url.replace(`{${parameter.name}}`, encodeURIComponent(text));
    else if (parameter.in === 'query') query.append(parameter.name, text);
    else headers[parameter.name] = text;
  }
  if (query.size > 0) url += `?${query}`;
  if (request.auth === 'customer') Object.assign(headers, bearer(await customerToken(operation)));
  if (request.auth === 'dead token') Object.assign(headers, bearer(randomBytes(32).toString('base64url')));
  if (operation.body === null) return t.app.inject({ method: operation.method as 'GET', url, headers });
  return t.app.inject({
    method: operation.method as 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/json' },
    payload: JSON.stringify(request.body ?? null),
  });
}

/** Signing out uses up the token sent, so it gets a fresh one; every other call uses the customer's. */
async function customerToken(operation: Operation): Promise<string> {
  if (operation.path === '/api/account/logout') return t.app.services.accounts.tokens.issue(customer.userId, 'access');
  return customer.token;
}

/** Every rule of the file header, for one answer. */
function checkAnswer(operation: Operation, request: GeneratedRequest, response: LightMyRequestResponse, refusedBySchema: boolean): void {
  const problem = documentProblem(operation, request);
  const context = `${operation.name} ${JSON.stringify(request)} (${problem ?? 'documented-valid'}) -> ${response.statusCode} ${response.body.slice(0, 400)}`;
  expect(response.statusCode, context).toBeLessThan(500);
  expect(operation.responses.has(response.statusCode), `undocumented status: ${context}`).toBe(true);

  const tokenMissing = (operation.access === 'signed-in' && request.auth !== 'customer') || (operation.access === 'guest-or-signed-in' && request.auth === 'dead token');
  if (tokenMissing) expect(response.statusCode, context).toBe(401);
  else if (problem === null) expect(refusedBySchema && response.statusCode === 400, `documented-valid input refused by the schema: ${context}`).toBe(false);
  else expect(response.statusCode >= 400 && response.statusCode < 500, `documented-invalid input accepted: ${context}`).toBe(true);

  const schema = operation.responses.get(response.statusCode);
  const other = operation.otherBodies.get(response.statusCode);
  if (other !== undefined) {
    expect(response.headers['content-type'], `a body of another type than documented: ${context}`).toMatch(new RegExp(`^${other.replace('/', '\\/')}`));
    return;
  }
  if (schema === null) {
    expect(response.body, `a body where the document says none: ${context}`).toBe('');
    return;
  }
  expect(response.headers['content-type'], context).toMatch(/^application\/json/);
  const bodyProblem = reader.problemOf(schema!, response.json(), 'response');
  expect(bodyProblem, `answer outside its documented schema: ${context}`).toBeNull();
}

/** The operation a fixed request is for, and the request as the generator would have made it. */
function documentedRequest(method: string, url: string, body: unknown): { operation: Operation; request: GeneratedRequest } {
  for (const operation of operations.filter((o) => o.method === method)) {
    const names: string[] = [];
    const pattern = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) => (names.push(name), '([^/]+)'));
    const match = new RegExp(`^${pattern}$`).exec(url);
    if (!match) continue;
    const params = Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(match[index + 1]!)]));
    return { operation, request: { params, body, auth: 'customer', mutated: null } };
  }
  throw new Error(`${method} ${url} is not documented`);
}

/* ---------- the suite ---------- */

describe('the served OpenAPI document tells the truth', () => {
  beforeAll(async () => {
    t = await createTestApp({ seed: false, env: relaxedLimits });
    packs = await insertBasketCatalogue(t.database);
    customer = await signUp(t.app);
    sessionId = await newSession(t.app);
    addressId = (await createAddress(t.app, customer.token)).address_id;
    const basket = await addToBasket(t.app, customer.token, packs.box25, 2);
    const placed = await placeOrder(t.app, customer.token, orderBodyFrom(basket, { address_id: addressId }));
    expect(placed.statusCode, placed.body).toBe(200);
    orderId = placed.json<number>();
    // A basket for the next order, so basket calls find lines to change.
    const next: CartDto = await addToBasket(t.app, customer.token, packs.tapeBrown, 1);
    cartId = next.cart_id!;

    const served = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(served.statusCode).toBe(200);
    document = served.json<OpenApiDocument>();
    // The NUL rule is prose: read only when every operation's 400 states it.
    const nulRefused = Object.values(document.paths).every((methods) =>
      Object.values(methods).every((operation) => /NUL character \(U\+0000\)/.test(operation.responses['400']?.description ?? '')),
    );
    reader = new SchemaReader(document.components.schemas, { nulRefused });
    operations = operationsOf(document);
  });
  afterAll(async () => t?.close());

  it('covers every operation the API has', () => {
    const names = operations.map((o) => o.name);
    expect(names.length).toBeGreaterThanOrEqual(29);
    for (const name of ['GET /api/users/{id}', 'PUT /api/cart/AssignAddress', 'GET /api/order/{id}', 'POST /api/OrderLog', 'POST /api/account/logout']) {
      expect(names).toContain(name);
    }
  });

  it('is a sound document: every schema used, every reference resolved, no empty alternatives', () => {
    const used = new Set<string>();
    const problems: string[] = [];
    const visit = (value: unknown, at: string): void => {
      if (Array.isArray(value)) return value.forEach((item, index) => visit(item, `${at}[${index}]`));
      if (value === null || typeof value !== 'object') return;
      for (const [key, item] of Object.entries(value)) {
        if (key === '$ref') {
          const name = String(item).replace('#/components/schemas/', '');
          if (!(name in document.components.schemas)) problems.push(`${at}: ${String(item)} resolves to nothing`);
          else if (!used.has(name)) {
            used.add(name);
            visit(document.components.schemas[name], `#/components/schemas/${name}`);
          }
        } else if ((key === 'anyOf' || key === 'oneOf' || key === 'allOf') && (!Array.isArray(item) || item.length === 0)) {
          problems.push(`${at}.${key} is empty: no value could match`);
        } else visit(item, `${at}.${key}`);
      }
    };
    visit(document.paths, '#/paths');
    for (const name of Object.keys(document.components.schemas)) if (!used.has(name)) problems.push(`${name} is used by no operation`);
    expect(problems).toEqual([]);
  });

  it('says what the server does beyond the schemas: unknown fields ignored, NUL refused, the Idempotency-Key rules', () => {
    // A request body that says additionalProperties false would promise a refusal the server never makes.
    const strict: string[] = [];
    const visit = (schema: Schema, at: string, seen: Set<Schema>): void => {
      const s = reader.resolve(schema);
      if (seen.has(s)) return;
      seen.add(s);
      if (s.additionalProperties === false) strict.push(at);
      for (const [name, property] of Object.entries(s.properties ?? {})) visit(property, `${at}.${name}`, seen);
      for (const member of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? []), ...(s.items ? [s.items] : [])]) visit(member, at, seen);
    };
    for (const operation of operations) if (operation.body) visit(operation.body, operation.name, new Set());
    expect(strict).toEqual([]);
    expect(document.info.description).toMatch(/fields a schema does not name: they are ignored/);
    for (const operation of operations) expect(operation.responses.has(400), `${operation.name} documents its 400`).toBe(true);
    expect(reader.problemOf({ type: 'string' }, 'a\u0000b'), 'every 400 states the NUL rule').not.toBeNull();
    const placing = document.paths['/api/order']!.post!;
    expect(placing.parameters?.find((p) => p.name === 'idempotency-key')?.description).toMatch(/empty value is a 400/);
    expect(placing.description).toMatch(/Without the header every request places an order/);
  });

  it('tells schema refusals from business refusals (the seam the checks rely on)', async () => {
    const before = schemaRefusals.count;
    const malformed = await t.app.inject({ method: 'GET', url: '/api/users/abc', headers: bearer(customer.token) });
    expect(malformed.statusCode).toBe(400);
    expect(schemaRefusals.count).toBe(before + 1);
    // A pack that is not a pack of that product: valid by the schema, refused by the basket's rules.
    const mismatched = await t.app.inject({
      method: 'POST',
      url: '/api/cart',
      headers: bearer(customer.token),
      payload: { product_id: packs.tapeBrown.productId, product_price_id: packs.box25.productPriceId },
    });
    expect(mismatched.statusCode).toBe(400);
    expect(schemaRefusals.count).toBe(before + 1);
  });

  it('every operation: valid input accepted, invalid input a documented 4xx, every answer as documented', async () => {
    const budgetPerOperation = Math.round(TOTAL_TIME_BUDGET_MS / operations.length);
    for (const operation of operations) {
      const statuses = new Map<number, number>();
      // Runs past the budget pass without sending: fast-check's own time limit would leave a request
      // in flight, whose schema refusal would then be counted against the next request.
      const deadline = Date.now() + budgetPerOperation;
      await fc.assert(
        fc.asyncProperty(requestsFor(operation), async (request) => {
          if (Date.now() > deadline) return;
          const refusalsBefore = schemaRefusals.count;
          const response = await send(operation, request);
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          checkAnswer(operation, request, response, schemaRefusals.count > refusalsBefore);
        }),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
      if (PRINT_STATS) console.log(operation.name, Object.fromEntries([...statuses].sort(([a], [b]) => a - b)));
    }
  });

  // What the outside fuzzer found, kept as fixed cases: the document calls each input invalid now,
  // and the server answers the documented 400 with DESIGN's error shape.
  it.each([
    ['GET', '/api/users/0.0', undefined, 'user id must be a positive number'],
    ['GET', '/api/order/9647130508', undefined, 'order id is too large'],
    ['PUT', '/api/cart/AssignAddress', { addressId: 0.0 }, 'addressId must be a positive number'],
    ['PUT', '/api/cart', { userId: 19874813330094300 }, 'userId is too large'],
    ['POST', '/api/payments/test-order', { amount: 12.345 }, 'amount has at most 2 decimals'],
    ['GET', `/api/categories/GetBySlug/${'a'.repeat(150)}`, undefined, null],
    ['GET', `/api/categories/GetBySlug/${'a'.repeat(201)}`, undefined, 'slug'],
    ['GET', `/api/FindAddress/%22%22/${'A'.repeat(101)}`, undefined, 'A postcode is at most 100 characters'],
    ['PUT', '/api/cart/AssignAddress', { addressId: 'a\u0000' }, 'Text must not contain the NUL character'],
    ['GET', '/api/users/1%00', undefined, 'Text must not contain the NUL character'],
  ] as const)('regression: %s %s', async (method, url, body, message) => {
    const { operation, request } = documentedRequest(method, url, body);
    expect(documentProblem(operation, request), 'the document calls it invalid').toEqual(message === null ? null : expect.any(String));
    const response = await t.app.inject({
      method,
      url,
      headers: { ...bearer(customer.token), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { payload: JSON.stringify(body) } : {}),
    });
    if (message === null) {
      // Long but valid (slugs are documented up to 200): looked up, not lost to the router.
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json().message).not.toMatch(/No API route/);
      return;
    }
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({ error: 'invalid_request' });
    expect(response.json().message).toContain(message);
  });

  it('regression: unknown body fields are ignored, not refused (no additionalProperties false to obey)', async () => {
    // A fresh address: the fuzz runs above may have deleted the first one.
    const fresh = (await createAddress(t.app, customer.token)).address_id;
    const { operation, request } = documentedRequest('PUT', '/api/address/MarkAsBilling', { address_id: fresh, is_default: true });
    expect(documentProblem(operation, request)).toBeNull();
    const marked = await t.app.inject({ method: 'PUT', url: '/api/address/MarkAsBilling', headers: bearer(customer.token), payload: request.body as object });
    expect(marked.statusCode, marked.body).toBe(200);
    const bare = await t.app.inject({ method: 'PUT', url: '/api/address/MarkAsBilling', headers: { ...bearer(customer.token), 'content-type': 'application/json' }, payload: String(fresh) });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it('regression: an operation without parameters refuses NUL in a query it does not read with its documented 400', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/payments/config?x=%00' });
    expect(response.statusCode, response.body).toBe(400);
    expect(operations.find((o) => o.name === 'GET /api/payments/config')?.responses.has(400)).toBe(true);
  });

  it('regression: an empty Idempotency-Key is the documented 400, nothing placed', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/order',
      headers: { ...bearer(customer.token), 'content-type': 'application/json', 'idempotency-key': '' },
      payload: JSON.stringify({ sub_total: 0, delivery_fee: 0, total_tax: 0, total: 0 }),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().message).toContain('Idempotency-Key must be 1-100 characters');
  });
});
