/**
 * Scale-out: two server processes on one fresh PostgreSQL database serve the
 * same customers, every request alternating between the two ports. The results must be those
 * of one process:
 *  - both start at once on the empty database: migrated and seeded exactly once;
 *  - no lost update: N concurrent adds of one pack across both processes make a count of N;
 *  - no duplicate order: one Idempotency-Key sent to both processes at once makes one order,
 *    and two different keys for one basket make one order too;
 *  - an interleaved basket-and-checkout script ends exactly where a model of it says;
 *  - confirmation e-mails recorded by both processes while the mail server is away are retried
 *    by both workers and each is delivered once;
 *  - a price changed directly in the database (UPDATE product_prices) reaches both processes'
 *    caches within a short poll (they LISTEN on catalogue_changed), never the stale price
 *    after that, also after the LISTEN connection was cut;
 *  - a sign-in ended on one process (logout), or in the database, is refused by both
 *    processes at once: every request checks its token in the database (decision record 010,
 *    superseded).
 * PostgreSQL only: PGlite is embedded in one process. Skipped without TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoCatalogue, type SeedCategory } from '@shop/db/seed';
import {
  addToCartBody,
  call,
  createFreshDatabase,
  deliveryAddress,
  demoPacks,
  expectStatus,
  lineKey,
  orderBodyFor,
  signUpOverHttp,
  sleep,
  startServer,
  stopAllServers,
  type ApiCustomer,
  type CartView,
  type FreshDatabase,
  type OrderView,
  type PackRef,
  type ServerProcess,
} from './server-process.ts';
import { startSmtpInbox, type SmtpInbox } from '../../apps/server/src/testing/smtp-inbox.ts';
import { until } from '../../apps/server/src/testing/until.ts';

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  console.log('scale-out suite skipped: it needs PostgreSQL (set TEST_DATABASE_URL=postgres://user@host:5432/postgres); PGlite is single-process.');
}

/** How long a price change may take to reach every process. */
const PROPAGATION_LIMIT_MS = 5_000;

function countProducts(tree: SeedCategory[]): number {
  return tree.reduce((n, c) => n + (c.products?.length ?? 0) + countProducts(c.children ?? []), 0);
}

describe.skipIf(!hasPostgres)('scale-out: two server processes on one PostgreSQL [postgres]', () => {
  let database: FreshDatabase;
  let dataDir: string;
  let servers: [ServerProcess, ServerProcess];
  let packs: PackRef[];
  let smtp: SmtpInbox;
  /** Request n goes to process n % 2. */
  const base = (n: number) => servers[n % 2]!.baseUrl;

  beforeAll(async () => {
    database = await createFreshDatabase('shop_scale');
    dataDir = await mkdtemp(path.join(tmpdir(), 'shop-scale-'));
    // Both at once on the empty database: migrations and the seed each run under an advisory lock.
    smtp = await startSmtpInbox();
    const env = { DATABASE_URL: database.url, DATA_DIR: dataDir, DATABASE_POOL_SIZE: '10', SMTP_URL: smtp.url, JOB_RETRY_BASE_SECONDS: '0.2' };
    servers = (await Promise.all([startServer({ label: 'process A', env }), startServer({ label: 'process B', env })])) as [ServerProcess, ServerProcess];
    packs = await demoPacks(base(0), 4);
  }, 120_000);

  afterAll(async () => {
    await stopAllServers();
    await database?.drop();
    await smtp?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function shopperWithBasket(n: number, lines: [PackRef, number][]): Promise<{ customer: ApiCustomer; cart: CartView }> {
    const customer = await signUpOverHttp(base(n), 'Scale');
    for (const [i, [pack, count]] of lines.entries()) {
      await expectStatus(200, base(n + i + 1), 'POST', '/api/cart', { token: customer.token, body: addToCartBody(pack, count) });
    }
    const address = await expectStatus<{ address_id: number }>(200, base(n), 'POST', '/api/address', { token: customer.token, body: deliveryAddress });
    const cart = await expectStatus<CartView>(200, base(n + 1), 'PUT', '/api/cart/AssignAddress', {
      token: customer.token,
      body: { addressId: address.address_id, cartId: null },
    });
    return { customer, cart };
  }

  it('both processes started together on the empty database: migrated once, seeded once, same catalogue', async () => {
    const [row] = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM products');
    expect(row?.n).toBe(countProducts(demoCatalogue()));
    const [a, b] = await Promise.all([call(base(0), 'GET', '/api/categories'), call(base(1), 'GET', '/api/categories')]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
  });

  it('no lost update: concurrent adds of one pack across both processes add up, for users and anonymous sessions', async () => {
    const N = 30;
    const customers = await Promise.all([0, 1, 2].map((n) => signUpOverHttp(base(n), 'Adder')));
    const sessionId = await expectStatus<string>(200, base(1), 'POST', '/api/session', { body: { ip: '' } });
    const pack = packs[0]!;
    const other = packs[1]!;

    await Promise.all([
      ...customers.flatMap((customer) =>
        Array.from({ length: N }, (_, n) =>
          // Every other request adds a second pack, so two lines change at once in one basket.
          expectStatus(200, base(n), 'POST', '/api/cart', { token: customer.token, body: addToCartBody(n % 3 === 2 ? other : pack, 1) }),
        ),
      ),
      ...Array.from({ length: N }, (_, n) => expectStatus(200, base(n + 1), 'POST', '/api/cart', { body: addToCartBody(pack, 1, sessionId) })),
    ]);

    const otherCount = Array.from({ length: N }, (_, n) => n).filter((n) => n % 3 === 2).length;
    for (const [i, customer] of customers.entries()) {
      const cart = await expectStatus<CartView>(200, base(i), 'GET', `/api/cart/${customer.userId}`, { token: customer.token });
      const byPack = Object.fromEntries(cart.cartIems.map((l) => [l.product_price_id, l.count]));
      expect(byPack).toEqual({ [pack.productPriceId]: N - otherCount, [other.productPriceId]: otherCount });
      expect(cart.count).toBe(N);
    }
    const session = await expectStatus<CartView>(200, base(0), 'GET', `/api/cart/${sessionId}`);
    expect(session.cartIems.map((l) => l.count)).toEqual([N]);
  });

  it('no duplicate order: one Idempotency-Key sent to both processes at once places one order', async () => {
    const shoppers = await Promise.all([0, 1, 2, 3, 4].map((n) => shopperWithBasket(n, [[packs[n % packs.length]!, 2], [packs[(n + 1) % packs.length]!, 1]])));
    const results = await Promise.all(
      shoppers.map(async ({ customer, cart }) => {
        const key = randomUUID();
        const answers = await Promise.all(
          [0, 1, 2, 3].map((n) =>
            call<number>(base(n), 'POST', '/api/order', { token: customer.token, headers: { 'idempotency-key': key }, body: orderBodyFor(cart) }),
          ),
        );
        return { customer, cart, answers };
      }),
    );
    for (const { customer, cart, answers } of results) {
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
      const ids = new Set(answers.map((a) => a.body));
      expect(ids.size).toBe(1);
      const mine = await expectStatus<OrderView[]>(200, base(1), 'GET', '/api/order/GetMine', { token: customer.token });
      expect(mine.map((o) => o.order_id)).toEqual([...ids]);
      const order = await expectStatus<OrderView>(200, base(0), 'GET', `/api/order/${mine[0]!.order_id}`, { token: customer.token });
      expect(lineKey(order.orderLines)).toEqual(lineKey(cart.cartIems));
    }
    const userIds = results.map((r) => r.customer.userId);
    const perUser = await database.query<{ n: number }>('SELECT count(*)::int AS n FROM orders WHERE user_id = ANY($1) GROUP BY user_id', [userIds]);
    expect(perUser.map((r) => r.n)).toEqual(userIds.map(() => 1));
  });

  it('no duplicate order: two different keys for one basket on the two processes place one order; the other finds the basket empty', async () => {
    const shoppers = await Promise.all([0, 1, 2, 3].map((n) => shopperWithBasket(n, [[packs[n % packs.length]!, 3]])));
    for (const { customer, cart } of shoppers) {
      const answers = await Promise.all(
        [0, 1].map((n) => call<number>(base(n), 'POST', '/api/order', { token: customer.token, headers: { 'idempotency-key': randomUUID() }, body: orderBodyFor(cart) })),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
      const mine = await expectStatus<OrderView[]>(200, base(0), 'GET', '/api/order/GetMine', { token: customer.token });
      expect(mine).toHaveLength(1);
    }
  });

  it('interleaved basket and checkout traffic across both processes ends where a model of it says', async () => {
    const [p0, p1, p2] = packs as [PackRef, PackRef, PackRef];
    const customers = await Promise.all([0, 1, 2, 3, 4, 5].map((n) => signUpOverHttp(base(n), 'Mixer')));
    await Promise.all(
      customers.map(async (customer, c) => {
        let n = c; // the next request goes to process n % 2
        const step = <T,>(status: number, method: string, url: string, body?: unknown) =>
          expectStatus<T>(status, base(n++), method, url, { token: customer.token, ...(body === undefined ? {} : { body }) });
        // Model: adds add, ModifyCart sets, remove removes; checkout moves the basket into an order.
        await step(200, 'POST', '/api/cart', addToCartBody(p0, 2));
        await step(200, 'POST', '/api/cart', addToCartBody(p1, 1));
        await step(200, 'POST', '/api/cart', addToCartBody(p0, 3)); // p0: 5
        await step(200, 'PUT', '/api/cart/ModifyCart', { ...addToCartBody(p1, 7) }); // p1: 7
        await step(200, 'POST', '/api/cart', addToCartBody(p2, 1));
        await step(200, 'POST', '/api/cart/remove', { user_id: 1, product_id: p2.productId, product_price_id: p2.productPriceId });
        const address = await step<{ address_id: number }>(200, 'POST', '/api/address', deliveryAddress);
        const cart = await step<CartView>(200, 'PUT', '/api/cart/AssignAddress', { addressId: address.address_id, cartId: null });
        expect(lineKey(cart.cartIems)).toEqual(lineKey([
          { product_price_id: p0.productPriceId, price: p0.pricePounds, qty: p0.qty, count: 5 },
          { product_price_id: p1.productPriceId, price: p1.pricePounds, qty: p1.qty, count: 7 },
        ]));
        const orderId = await step<number>(200, 'POST', '/api/order', orderBodyFor(cart));
        // Read back on both processes: the order, and the empty basket.
        for (let i = 0; i < 2; i++) {
          const order = await step<OrderView>(200, 'GET', `/api/order/${orderId}`);
          expect(lineKey(order.orderLines)).toEqual(lineKey(cart.cartIems));
          expect(order.total).toBe(cart.total);
          expect((await step<CartView>(200, 'GET', `/api/cart/${customer.userId}`)).cartIems).toEqual([]);
        }
        // A second basket after the order, on the other process.
        await step(200, 'POST', '/api/cart', addToCartBody(p2, 4));
        const after = await step<CartView>(200, 'GET', `/api/cart/${customer.userId}`);
        expect(after.cartIems.map((l) => [l.product_price_id, l.count])).toEqual([[p2.productPriceId, 4]]);
        expect((await step<OrderView[]>(200, 'GET', '/api/order/GetMine')).map((o) => o.order_id)).toEqual([orderId]);
      }),
    );
  });

  it('confirmations recorded while the mail server is away are retried by both processes and each is delivered once', async () => {
    await smtp.stop();
    const placed = await Promise.all(
      Array.from({ length: 12 }, async (_, n) => {
        const { customer, cart } = await shopperWithBasket(n, [[packs[n % packs.length]!, 1 + (n % 3)]]);
        const orderId = await expectStatus<number>(200, base(n), 'POST', '/api/order', { token: customer.token, body: orderBodyFor(cart) });
        return { orderId, email: customer.email };
      }),
    );
    // Both workers fail, back off and try again, racing for the same due jobs.
    const failedAttemptsOf = (server: ServerProcess) => server.logs.filter((line) => line.includes('job attempt failed')).length;
    const triedAgain = async () => {
      const [row] = await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM jobs WHERE state = 'pending' AND attempts < 2`);
      return row!.n === 0 && servers.every((server) => failedAttemptsOf(server) > 0);
    };
    await until(triedAgain, 30_000, 'every confirmation tried twice, by both processes');
    await smtp.start();
    const confirmationsOf = (orderId: number) => smtp.received.filter(({ mail }) => mail.subject?.endsWith(` order ${orderId}`));
    await until(async () => placed.every(({ orderId }) => confirmationsOf(orderId).length > 0), 30_000, `a confirmation of each of the ${placed.length} orders`);
    await sleep(1_000); // time for a duplicate, if there were one, to arrive
    for (const { orderId, email } of placed) {
      expect(confirmationsOf(orderId).map(({ recipients }) => recipients), `order ${orderId}`).toEqual([[email]]);
    }
    // Both workers took part: each logged failed attempts (warnings) while the mail server was away.
    const failedAttempts = servers.map(failedAttemptsOf);
    console.log(`failed attempts while the mail server was away, process A/B: ${failedAttempts.join('/')}; ${placed.length} confirmations delivered once each`);
    expect(failedAttempts.every((count) => count > 0)).toBe(true);
  }, 90_000);

  /**
   * Reads from both processes until both answer `expected`, then `confirmations` more reads never
   * answer anything else (cached answers included). Returns how long it took to get there.
   */
  async function expectOnBothProcesses<T>(read: (n: number) => Promise<T>, expected: T, what: string, confirmations: number): Promise<number> {
    const started = Date.now();
    const seen = [false, false];
    const bothAnswer = async () => {
      for (const n of [0, 1]) if (!seen[n]) seen[n] = (await read(n)) === expected;
      return seen.every(Boolean);
    };
    await until(bothAnswer, PROPAGATION_LIMIT_MS, `processes A and B to answer ${what} (${expected})`).catch(async (error: Error) => {
      throw new Error(`${error.message}; they answer ${await read(0)} and ${await read(1)}`);
    });
    const elapsed = Date.now() - started;
    for (let n = 0; n < confirmations; n++) expect(await read(n)).toBe(expected);
    return elapsed;
  }

  /** Reads the pack's price from both processes until both serve `expected`; then never anything else. */
  async function expectPriceEverywhere(productId: number, productPriceId: number, expected: number): Promise<number> {
    const priceOn = async (n: number) => {
      const product = await expectStatus<{ product_Sizes: { packs: { product_price_id: number; price: number }[] }[] }>(
        200,
        base(n),
        'GET',
        `/api/products/GetById/${productId}`,
      );
      return product.product_Sizes.flatMap((s) => s.packs).find((p) => p.product_price_id === productPriceId)!.price;
    };
    return expectOnBothProcesses(priceOn, expected, 'the new price', 40);
  }

  it('a price changed in the database reaches both processes within a short poll, and never the stale one after', async () => {
    const pack = packs[2]!;
    const pricePence = Math.round(pack.pricePounds * 100);
    // Warm both processes' caches (the second read of each is answered from the cache).
    for (let n = 0; n < 4; n++) await expectStatus(200, base(n), 'GET', `/api/products/GetById/${pack.productId}`);

    await database.query('UPDATE product_prices SET price_pence = $1 WHERE product_price_id = $2', [pricePence + 123, pack.productPriceId]);
    const first = await expectPriceEverywhere(pack.productId, pack.productPriceId, (pricePence + 123) / 100);

    // The basket prices from the database too, on both processes.
    const customer = await signUpOverHttp(base(0), 'Pricey');
    for (const n of [0, 1]) {
      const cart = await expectStatus<CartView>(200, base(n), 'POST', '/api/cart', { token: customer.token, body: addToCartBody(pack, 1) });
      expect(cart.cartIems[0]!.price).toBe((pricePence + 123) / 100);
    }

    await database.query('UPDATE product_prices SET price_pence = $1 WHERE product_price_id = $2', [pricePence, pack.productPriceId]);
    const back = await expectPriceEverywhere(pack.productId, pack.productPriceId, pack.pricePounds);
    console.log(`catalogue change reached both processes in ${first} ms and ${back} ms`);
  });

  it('after the LISTEN connections are cut, the processes reconnect and still drop stale prices', async () => {
    const pack = packs[3]!;
    const pricePence = Math.round(pack.pricePounds * 100);
    for (let n = 0; n < 4; n++) await expectStatus(200, base(n), 'GET', `/api/products/GetById/${pack.productId}`);

    // What a PostgreSQL restart or failover does to the listening sessions.
    const cut = await database.query<{ pid: number }>(
      `SELECT pg_terminate_backend(pid) AS ok, pid FROM pg_stat_activity
       WHERE datname = current_database() AND pid <> pg_backend_pid() AND query ILIKE 'LISTEN%'`,
    );
    expect(cut.length).toBeGreaterThanOrEqual(2);

    await database.query('UPDATE product_prices SET price_pence = $1 WHERE product_price_id = $2', [pricePence + 77, pack.productPriceId]);
    await expectPriceEverywhere(pack.productId, pack.productPriceId, (pricePence + 77) / 100);
    // And the new LISTEN sessions carry later changes too.
    await database.query('UPDATE product_prices SET price_pence = $1 WHERE product_price_id = $2', [pricePence, pack.productPriceId]);
    await expectPriceEverywhere(pack.productId, pack.productPriceId, pack.pricePounds);
  });

  const myOrdersOn = async (n: number, token: string) => (await call(base(n), 'GET', '/api/order/GetMine', { token })).status;

  it('a customer who logs out on one process is refused by both processes at once', async () => {
    const customer = await signUpOverHttp(base(0), 'Leaving');
    const bystander = await signUpOverHttp(base(1), 'Staying');
    for (let n = 0; n < 4; n++) {
      expect(await myOrdersOn(n, customer.token)).toBe(200);
      expect(await myOrdersOn(n, bystander.token)).toBe(200);
    }

    await expectStatus(204, base(0), 'POST', '/api/account/logout', { token: customer.token });
    for (let n = 0; n < 4; n++) expect(await myOrdersOn(n, customer.token)).toBe(401);
    for (let n = 0; n < 4; n++) expect(await myOrdersOn(n, bystander.token)).toBe(200);
  });

  it('a token revoked in the database by an operator is refused by both processes at once', async () => {
    const customer = await signUpOverHttp(base(0), 'Revoked');
    for (let n = 0; n < 4; n++) expect(await myOrdersOn(n, customer.token)).toBe(200);
    await database.query('UPDATE auth_tokens SET revoked_at = now() WHERE user_id = $1', [customer.userId]);
    for (let n = 0; n < 4; n++) expect(await myOrdersOn(n, customer.token)).toBe(401);
  });
});
