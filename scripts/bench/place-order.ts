/**
 * Place-order on PostgreSQL at 50 connections: N customers each have a basket with one pack (of
 * sizes spread over the catalogue, or all of one size: the hot row of stock) and a delivery address; every request places one customer's basket by bank transfer through
 * POST /api/order (the real route: recompute totals, lock, insert, empty the basket).
 *
 * A freshly started process answers its first orders slowly (the JIT has not compiled the order
 * path, each pooled connection prepares its statements once), and 50 connections opened at once
 * wait for each other: a warm-up of other customers' orders comes first in the same run, on the
 * same 50 connections, and is reported on its own as the cold start; the budget is for the
 * steady state after it, as a shop that has been up for a while sees.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { EMAIL_JOB_KINDS, TokenService } from '@shop/core';
import { columnsOf, figuresOf, jobs, openDatabase, productPrices, queryRows, users as userTable } from '@shop/db';
import { runLoad } from './load.ts';
import { percentile } from './percentile.ts';
import { startTarget } from './processes.ts';
import { createScratchDatabase } from './scratch-database.ts';

const MADE_USER = columnsOf(userTable, ['userId']);
const SENT = figuresOf({ sent: 'number' });
const LAST_SENT = columnsOf(jobs, ['finishedAt']);
const ORDER_COUNTS = figuresOf({ orders: 'number', customers: 'number' });
const PACK = columnsOf(productPrices, ['productId', 'productPriceId', 'pricePence'], 'pp');
const PACK_UNITS = figuresOf({ qty: 'number' });

interface Prepared {
  token: string;
  body: string;
}

async function json<T>(url: string, init: RequestInit = {}): Promise<T> {
  const response = await fetch(url, { ...init, headers: { 'content-type': 'application/json', ...(init.headers ?? {}) } });
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/**
 * Customers are made in the database (one sign-up through the API, its password hash copied):
 * thousands of argon2id sign-ups would take minutes and measure nothing about orders.
 */
async function insertCustomers(base: string, databaseUrl: string, count: number): Promise<{ userId: number; token: string }[]> {
  await json(`${base}/api/users`, {
    method: 'POST',
    body: JSON.stringify({ first_name: 'Bench', last_name: 'Template', email: `bench.template.${Date.now()}@example.com`, password: 'bench-pass-1', phone: '01134960000' }),
  });
  const database = await openDatabase({ databaseUrl, poolSize: 4 });
  try {
    const users = await queryRows<Record<string, unknown>>(
      database.db,
      sql`INSERT INTO users (first_name, last_name, email, password_hash, phone)
          SELECT 'Bench', 'Customer', 'bench.' || n || '.' || ${Date.now()} || '@example.com',
                 (SELECT password_hash FROM users ORDER BY user_id LIMIT 1), '01134960000'
          FROM generate_series(1, ${count}) AS n
          RETURNING ${MADE_USER.list}`,
    );
    const tokens = new TokenService(database.db);
    const customers: { userId: number; token: string }[] = [];
    for (const { userId } of users.map(MADE_USER.read)) customers.push({ userId, token: await tokens.issue(userId, 'access') });
    return customers;
  } finally {
    await database.close();
  }
}

/**
 * The confirmation e-mails of the orders: the job worker shares the request thread, so during a
 * burst they may wait. Waits (at most 3 minutes) until every one is sent and answers when the last one was,
 * counted from the end of the load, so a backlog shows instead of hiding behind the order rate.
 */
async function confirmationsSent(databaseUrl: string, expected: number, loadEndedAt: number): Promise<ConfirmationsSent> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const deadline = Date.now() + 180_000;
    for (;;) {
      const [raw] = await queryRows<Record<string, unknown>>(
        database.db,
        sql`SELECT count(*) AS sent, max(finished_at) AS "finishedAt"
            FROM jobs WHERE kind = ${EMAIL_JOB_KINDS.orderConfirmation} AND state = 'done'`,
      );
      const { sent } = SENT.read(raw!);
      if (sent >= expected || Date.now() > deadline) {
        const { finishedAt } = LAST_SENT.read(raw!);
        const lastSentAt = finishedAt === null ? null : finishedAt.getTime();
        return { sent, lastSentAfterLoadMs: lastSentAt === null ? null : Math.max(0, lastSentAt - loadEndedAt) };
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    await database.close();
  }
}

async function countOrders(databaseUrl: string): Promise<{ orders: number; customers: number }> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const [raw] = await queryRows<Record<string, unknown>>(database.db, sql`SELECT count(*) AS orders, count(DISTINCT user_id) AS customers FROM orders`);
    return ORDER_COUNTS.read(raw!);
  } finally {
    await database.close();
  }
}

/** The orders answered in one part of the run: rate, latency percentiles and how many were placed. */
export interface OrderPhase {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Answered 2xx: the orders placed. */
  placed: number;
}

interface Answer {
  at: number;
  latencyMs: number;
  ok: boolean;
}

/**
 * Every customer's order placed once, 50 at a time, in one run over the same 50 connections:
 * the first `warmUp` answers are the cold start (a new process, and 50 new connections opened
 * at once on a busy machine), the answers after them the steady state the budget is for. (Two
 * runs, one per part, made the measured part begin with 50 new connections too: on this
 * machine those first requests waited up to 350 ms for their connection, and they alone set
 * the p99 of 2,000 orders.)
 */
async function placeEachOnce(url: string, customers: Prepared[], warmUp: number): Promise<{ coldStart: OrderPhase; measured: OrderPhase }> {
  let next = 0;
  const started = performance.now();
  const answers: Answer[] = [];
  await runLoad({
    url,
    amount: customers.length,
    durationSeconds: 180,
    requests: [
      {
        method: 'POST',
        path: '/api/order',
        setupRequest: (request) => {
          const customer = customers[next++ % customers.length]!;
          return {
            ...request,
            headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}`, 'idempotency-key': randomUUID() },
            body: customer.body,
          };
        },
      },
    ],
    onResponse: (statusCode, latencyMs) => answers.push({ at: performance.now(), latencyMs, ok: statusCode >= 200 && statusCode < 300 }),
  });
  return {
    coldStart: phase(answers.slice(0, warmUp), started),
    measured: phase(answers.slice(warmUp), answers[warmUp - 1]?.at ?? started),
  };
}

/** One part of the run, from `since` (its start) to its last answer. */
function phase(answers: Answer[], since: number): OrderPhase {
  const latencies = answers.map((answer) => answer.latencyMs);
  const last = answers.at(-1)?.at ?? since;
  return {
    requestsPerSecond: answers.length / Math.max(0.001, (last - since) / 1000),
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    placed: answers.filter((answer) => answer.ok).length,
  };
}

/** The discount code every basket of a run `withCode` carries: 10% off the basket, no limit (offers, decision record 023). */
const BENCH_CODE = 'BENCH10';

async function insertBenchOffer(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await database.db.execute(sql`INSERT INTO offers (code, name, kind, percent_off, starts_on) VALUES (${BENCH_CODE}, '10% off for the bench', 'percent', 1000, '2020-01-01')`);
  } finally {
    await database.close();
  }
}

async function prepareCustomer(
  base: string,
  { userId, token }: { userId: number; token: string },
  pack: BenchPack,
  withCode: boolean,
): Promise<Prepared> {
  const auth = { authorization: `Bearer ${token}` };
  await json(`${base}/api/cart`, { method: 'POST', headers: auth, body: JSON.stringify({ user_id: userId, ...pack }) });
  if (withCode) await json(`${base}/api/cart/code`, { method: 'PUT', headers: auth, body: JSON.stringify({ code: BENCH_CODE }) });
  const address = await json<{ address_id: number }>(`${base}/api/address`, {
    method: 'POST',
    headers: auth,
    body: JSON.stringify({ reference: 'Office', contact_name: 'Bench Customer', region: '4', address: 'Kirkstall Road', town: 'Leeds', country: 'United Kingdom', post_code: 'LS4 2AA', user_id: userId, phone: '01134960000' }),
  });
  const cart = await json<{ cart_id: number; subTotal: number; deliveryFee: number; totalTax: number; total: number }>(`${base}/api/cart/${userId}`, { headers: auth });
  await json(`${base}/api/cart/AssignAddress`, { method: 'PUT', headers: auth, body: JSON.stringify({ addressId: address.address_id, cartId: cart.cart_id }) });
  const body = JSON.stringify({
    sub_total: cart.subTotal,
    delivery_fee: cart.deliveryFee,
    total_tax: cart.totalTax,
    total: cart.total,
    note: '',
    user_id: userId,
    payment_reference: '',
    payment_method: 'bank',
    status: 'PendingDelivery',
    address_id: address.address_id,
    is_active: true,
    orderLines: [],
  });
  return { token, body };
}

export interface PlaceOrderResult extends OrderPhase {
  /** The warm-up orders, the first the process ever placed, on new connections. */
  coldStart: OrderPhase;
  /** Counted in the database afterwards: every customer's basket must be one order, none twice. */
  inDatabase: { orders: number; customers: number };
  /** Confirmation e-mails sent (warm-up included), and how long after the load the last one went. */
  confirmations: ConfirmationsSent;
}

export interface ConfirmationsSent {
  sent: number;
  lastSentAfterLoadMs: number | null;
}

/** A pack a bench customer buys: what `POST /api/cart` takes. */
interface BenchPack {
  product_id: number;
  product_price_id: number;
  price: number;
  qty: number;
}

/**
 * The packs the customers buy. `spread`: the first pack of every size of the demo catalogue, one
 * customer after another, as a day's orders spread over the catalogue; `one`: every customer buys
 * the same pack, so every order allocates stock of one size (the hot row).
 */
async function benchPacks(databaseUrl: string, packs: 'spread' | 'one'): Promise<BenchPack[]> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`SELECT DISTINCT ON (pp.product_size_id) ${PACK.list}, pp.pack_range[1] AS qty
          FROM product_prices pp JOIN products p ON p.product_id = pp.product_id
          WHERE p.is_active
          ORDER BY pp.product_size_id, pp.sort_order, pp.product_price_id`,
    );
    const all = rows.map((raw) => {
      const pack = { ...PACK.read(raw), ...PACK_UNITS.read(raw) };
      return { product_id: pack.productId, product_price_id: pack.productPriceId, price: pack.pricePence / 100, qty: pack.qty };
    });
    if (all.length === 0) throw new Error('the demo catalogue has no packs');
    return packs === 'one' ? all.slice(0, 1) : all;
  } finally {
    await database.close();
  }
}

export async function measurePlaceOrder(
  adminUrl: string,
  customers: number,
  warmUpOrders: number,
  packs: 'spread' | 'one' = 'spread',
  /** Every basket carries a discount code: the order also takes a use of its offer. */
  withCode = false,
): Promise<PlaceOrderResult> {
  const scratch = await createScratchDatabase(adminUrl);
  const app = await startTarget('serve-app.ts', { BENCH_DATABASE_URL: scratch.url, AUTH_RATE_LIMIT_PER_IP: '100000', AUTH_RATE_LIMIT_PER_EMAIL: '100000' });
  try {
    const choice = await benchPacks(scratch.url, packs);
    await stockUp(scratch.url);
    if (withCode) await insertBenchOffer(scratch.url);
    const accounts = await insertCustomers(app.url, scratch.url, warmUpOrders + customers);
    const prepared: Prepared[] = [];
    for (let start = 0; start < accounts.length; start += 20) {
      prepared.push(
        ...(await Promise.all(accounts.slice(start, start + 20).map((account, i) => prepareCustomer(app.url, account, choice[(start + i) % choice.length]!, withCode)))),
      );
    }
    const { coldStart, measured } = await placeEachOnce(app.url, prepared, warmUpOrders);
    const loadEndedAt = Date.now();
    const inDatabase = await countOrders(scratch.url);
    return { ...measured, coldStart, inDatabase, confirmations: await confirmationsSent(scratch.url, inDatabase.orders, loadEndedAt) };
  } finally {
    await app.stop();
    await scratch.drop();
  }
}

/**
 * Every size tracked, with enough stock for every order of the run: the bench measures placing
 * with allocation (DESIGN section 8), not refusing.
 */
async function stockUp(databaseUrl: string): Promise<void> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    await database.db.execute(
      sql`INSERT INTO stock_levels (product_size_id, on_hand) SELECT product_size_id, 100000000 FROM product_sizes
          ON CONFLICT (product_size_id) DO UPDATE SET on_hand = 100000000`,
    );
  } finally {
    await database.close();
  }
}
