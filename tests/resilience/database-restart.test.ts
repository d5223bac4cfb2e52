/**
 * PostgreSQL restarted under order traffic. The shared PostgreSQL server
 * cannot be restarted (other suites use it), so a restart of the one fresh database the server
 * uses is simulated: every backend of that database is terminated (admin shutdown, 57P01), a
 * few times, then the database refuses all connections (ALLOW_CONNECTIONS false, as while a
 * server is down) for a few seconds with its backends terminated again, then it is opened.
 * Meanwhile customers fill baskets and place bank-transfer orders with an Idempotency-Key,
 * retrying a 503 with the same key. It proves that
 *  - no request answers 500 or loses its connection: only 2xx, 409/429 where expected, or 503
 *    with Retry-After in DESIGN's JSON shape;
 *  - pages answer 503 (not 500) while the database is away;
 *  - after the outage /readyz is 200 and new orders succeed (the pool recovered by itself);
 *  - every acknowledged order exists in the database exactly once, with its lines.
 * PostgreSQL only: skipped without TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../apps/server/src/testing/until.ts';
import {
  addToCartBody,
  type Answer,
  type ApiCustomer,
  call,
  type CartView,
  createDataDir,
  createFreshDatabase,
  deliveryAddress,
  demoPacks,
  expectStatus,
  type FreshDatabase,
  orderBodyFor,
  type PackRef,
  type ServerProcess,
  signUpOverHttp,
  sleep,
  startServer,
  stopAllServers,
} from './server-process.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) console.log('database-restart suite skipped: it needs PostgreSQL (set TEST_DATABASE_URL=postgres://user@host:5432/postgres).');

const SHOPPERS = 10;
/** How long the database refuses every connection. */
const OUTAGE_MS = 4_000;
/** A 503 is retried after this (shorter than Retry-After, to keep the test short). */
const RETRY_DELAY_MS = 150;

interface Shopper {
  customer: ApiCustomer;
  addressId: number;
}

/** Statuses a request may answer during the restart, besides 503. */
const EXPECTED_STATUSES = new Set([200, 201, 204, 409, 429]);

describe.skipIf(!hasPostgres)('database restart under order traffic [postgres]', () => {
  let database: FreshDatabase;
  let admin: pg.Client;
  let dataDir: string;
  let server: ServerProcess;
  let packs: PackRef[];
  const shoppers: Shopper[] = [];
  /** Every answer of the traffic, as "METHOD url -> status". */
  const unexpected: string[] = [];
  let unavailableAnswers = 0;
  /** Acknowledged orders: the id each key was answered with. */
  const acknowledged = new Map<string, { userId: number; orderId: number }>();

  beforeAll(async () => {
    dataDir = await createDataDir('shop-db-restart');
    database = await createFreshDatabase('shop_db_restart', { seeded: true });
    // On the server's own maintenance database: the shop's database will refuse connections.
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    admin.on('error', () => {});
    await admin.connect();
    server = await startServer({ label: 'db-restart', env: { DATA_DIR: dataDir, DATABASE_URL: database.url, DATABASE_POOL_SIZE: '8' } });
    packs = await demoPacks(server.baseUrl, 4);
    for (let i = 0; i < SHOPPERS; i++) {
      const customer = await signUpOverHttp(server.baseUrl, 'Restart');
      const address = await expectStatus<{ address_id: number }>(200, server.baseUrl, 'POST', '/api/address', { token: customer.token, body: deliveryAddress });
      shoppers.push({ customer, addressId: address.address_id });
    }
  });

  afterAll(async () => {
    await stopAllServers();
    if (admin) {
      await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`).catch(() => {});
      await admin.end().catch(() => {});
    }
    await database?.drop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function terminateBackends(): Promise<number> {
    const rows = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()`, [database.name]);
    return rows.rowCount ?? 0;
  }

  /** One call that must answer an expected status, or 503 with Retry-After (and the JSON shape from the API). */
  async function tracked<T>(method: string, url: string, options: Parameters<typeof call>[3]): Promise<Answer<T> | null> {
    let answer: Answer<T>;
    try {
      answer = await call<T>(server.baseUrl, method, url, { timeoutMs: 20_000, ...options });
    } catch (error) {
      unexpected.push(`${method} ${url} -> no answer (${(error as Error).message})`);
      return null;
    }
    if (answer.status === 503) {
      unavailableAnswers += 1;
      const body = answer.body as { error?: unknown; message?: unknown };
      // The API answers DESIGN's JSON shape; a page answers its HTML error page. Both say when to retry.
      const isPage = (answer.headers.get('content-type') ?? '').startsWith('text/html');
      const jsonShape = typeof body?.error === 'string' && typeof body?.message === 'string';
      if (!(Number(answer.headers.get('retry-after')) > 0) || (!isPage && !jsonShape)) {
        unexpected.push(`${method} ${url} -> 503 without Retry-After or the JSON shape: ${JSON.stringify(answer.body)}`);
      }
    } else if (!EXPECTED_STATUSES.has(answer.status)) {
      unexpected.push(`${method} ${url} -> ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`);
    }
    return answer;
  }

  /** Retries a 503 (or a lost answer) until `deadline`; the last answer, or null. */
  async function untilAnswered<T>(deadline: number, method: string, url: string, options: Parameters<typeof call>[3]): Promise<Answer<T> | null> {
    for (;;) {
      const answer = await tracked<T>(method, url, options);
      if (answer && answer.status !== 503) return answer;
      if (Date.now() > deadline) return answer;
      await sleep(RETRY_DELAY_MS);
    }
  }

  /** A shopper's loop: basket, address, order with a fresh key, retried with the same key; until `stopAt`. */
  async function shop({ customer, addressId }: Shopper, index: number, stopAt: number): Promise<void> {
    const token = customer.token;
    for (let round = 0; Date.now() < stopAt; round++) {
      const giveUpAt = stopAt + OUTAGE_MS * 3; // an order under way is finished after the traffic stops
      const pack = packs[(index + round) % packs.length]!;
      const added = await untilAnswered(giveUpAt, 'POST', '/api/cart', { token, body: addToCartBody(pack, 1 + (round % 3)) });
      if (added?.status !== 200) continue;
      const cart = await untilAnswered<CartView>(giveUpAt, 'PUT', '/api/cart/AssignAddress', { token, body: { addressId, cartId: null } });
      if (cart?.status !== 200 || cart.body.cartIems.length === 0) continue;
      const key = randomUUID();
      const order = await untilAnswered<number>(giveUpAt, 'POST', '/api/order', { token, headers: { 'idempotency-key': key }, body: orderBodyFor(cart.body) });
      if (order?.status === 200) acknowledged.set(key, { userId: customer.userId, orderId: order.body });
      // A page as well: it answers like the API (503 while the database is away).
      await tracked('GET', `/products?search=box${round}`, {});
    }
  }

  it('answers 503 with Retry-After (never 500) while the database restarts, recovers, and loses no acknowledged order', async () => {
    const trafficMs = OUTAGE_MS + 5_000;
    const stopAt = Date.now() + trafficMs;
    const traffic = Promise.all(shoppers.map((shopper, i) => shop(shopper, i, stopAt)));

    // The "restart": terminated sessions, then a database that refuses connections, then back.
    // A fixed timeline (traffic for OUTAGE_MS + 5 s, the restart after 0.7 s of it), not a wait for an event.
    let terminated = 0;
    await sleep(700);
    for (let i = 0; i < 4; i++) {
      terminated += await terminateBackends();
      await sleep(250);
    }
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS false`);
    const outageEnds = Date.now() + OUTAGE_MS;
    let pageDuringOutage: Answer | null = null;
    let apiDuringOutage: Answer | null = null;
    while (Date.now() < outageEnds) {
      terminated += await terminateBackends();
      // Uncached reads that need the database: a page and an API call.
      pageDuringOutage ??= await call(server.baseUrl, 'GET', `/products?search=outage${randomUUID().slice(0, 8)}`);
      apiDuringOutage ??= await call(server.baseUrl, 'GET', `/api/products/Search?filter=outage${randomUUID().slice(0, 8)}`);
      await sleep(300);
    }
    await admin.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS true`);
    await traffic;

    expect(terminated, 'the simulated restart terminated no session').toBeGreaterThan(0);
    // A crashed server shows as answers lost; its last words say why.
    expect(unexpected, [...unexpected.slice(0, 20), ...server.errors.slice(-30)].join('\n')).toEqual([]);
    expect(unavailableAnswers, 'no request met the outage').toBeGreaterThan(0);
    expect(pageDuringOutage?.status).toBe(503);
    expect(Number(pageDuringOutage?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(apiDuringOutage?.status).toBe(503);
    expect(apiDuringOutage?.body).toEqual({ error: 'service_unavailable', message: expect.any(String) });
    expect(acknowledged.size, 'no order was acknowledged').toBeGreaterThan(0);

    // Recovered: ready, and a new order goes through for every shopper.
    await until(async () => (await call(server.baseUrl, 'GET', '/readyz')).status === 200, 15_000, 'the server to be ready again');
    for (const [i, { customer, addressId }] of shoppers.entries()) {
      await expectStatus(200, server.baseUrl, 'POST', '/api/cart', { token: customer.token, body: addToCartBody(packs[i % packs.length]!, 1) });
      const cart = await expectStatus<CartView>(200, server.baseUrl, 'PUT', '/api/cart/AssignAddress', { token: customer.token, body: { addressId, cartId: null } });
      const key = randomUUID();
      const orderId = await expectStatus<number>(200, server.baseUrl, 'POST', '/api/order', {
        token: customer.token,
        headers: { 'idempotency-key': key },
        body: orderBodyFor(cart),
      });
      acknowledged.set(key, { userId: customer.userId, orderId });
    }

    // Every acknowledged order is in the database exactly once, under its key, with lines.
    const keys = [...acknowledged.keys()];
    const rows = await database.query<{ order_id: number; user_id: number; idempotency_key: string; lines: string }>(
      `SELECT o.order_id, o.user_id, o.idempotency_key, (SELECT count(*) FROM order_lines l WHERE l.order_id = o.order_id) AS lines
         FROM orders o WHERE o.idempotency_key = ANY($1::text[])`,
      [keys],
    );
    const byKey = new Map<string, typeof rows>();
    for (const row of rows) byKey.set(row.idempotency_key, [...(byKey.get(row.idempotency_key) ?? []), row]);
    for (const [key, { userId, orderId }] of acknowledged) {
      const found = byKey.get(key) ?? [];
      expect(found.length, `order ${orderId} (key ${key}) exactly once`).toBe(1);
      expect(found[0]).toMatchObject({ order_id: orderId, user_id: userId });
      expect(Number(found[0]!.lines), `order ${orderId} has its lines`).toBeGreaterThan(0);
    }
    // And the server is still the one that started: the outage crashed nothing.
    expect(server.hasExited()).toBe(false);
  });
});
