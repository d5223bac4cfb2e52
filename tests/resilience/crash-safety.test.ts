/**
 * Crash safety: the real server places orders under load, is killed with
 * SIGKILL mid-load, and is restarted on the same data: the PGlite directory, and a fresh
 * PostgreSQL database when TEST_DATABASE_URL is set. It proves that
 *  - every acknowledged order (200 with an id) exists, with all its lines and the right totals;
 *  - no basket is half-placed: either it still has all its lines and there is no order, or it
 *    is empty and its order has every line;
 *  - the same Idempotency-Key sent after the restart answers the same order (and, for an order
 *    the crash cut off, places it now, exactly once);
 *  - in the database, no order lacks lines and every order's sums add up;
 *  - every placed order gets its confirmation e-mail, one message (one Message-ID), however
 *    the kills fell: the e-mail is a job committed with the order.
 * Two rounds: a kill after a third of the orders were acknowledged, then one right after the
 * first. Customers, baskets and addresses are made through the HTTP API.
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, queryRows } from '@shop/db';
import { sql } from 'drizzle-orm';
import { startSmtpInbox, type SmtpInbox } from '../../apps/server/src/testing/smtp-inbox.ts';
import { until } from '../../apps/server/src/testing/until.ts';
import {
  addToCartBody,
  type ApiCustomer,
  call,
  type CartView,
  createDataDir,
  createFreshDatabase,
  deliveryAddress,
  demoPacks,
  expectStatus,
  type FreshDatabase,
  lineKey,
  orderBodyFor,
  type OrderView,
  type PackRef,
  type ServerProcess,
  signUpOverHttp,
  startServer,
  stopAllServers,
  stopServer,
} from './server-process.ts';

const SHOPPERS = 16;
const kinds = process.env.TEST_DATABASE_URL ? (['pglite', 'postgres'] as const) : (['pglite'] as const);

interface Shopper {
  customer: ApiCustomer;
  addressId: number;
}

interface BurstResult {
  /** Order ids acknowledged (200) per user, one entry per acknowledged request. */
  acked: Map<number, number[]>;
  /** Requests that never got an answer: the kill cut them off. */
  cutOff: number;
  /** Answers other than 200 (none are expected). */
  otherAnswers: string[];
}

/** Integrity of everything written, straight from the database. */
const integrityChecks = {
  ordersWithoutLines: sql`SELECT o.order_id FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = o.order_id)`,
  subTotalNotSumOfLines: sql`SELECT o.order_id FROM orders o JOIN order_lines l ON l.order_id = o.order_id
                             GROUP BY o.order_id, o.sub_total_pence HAVING sum(l.total_price_pence) <> o.sub_total_pence`,
  lineTotalWrong: sql`SELECT order_line_id FROM order_lines WHERE total_price_pence <> price_pence * count`,
  totalNotSum: sql`SELECT order_id FROM orders WHERE total_pence <> sub_total_pence + delivery_fee_pence + total_tax_pence`,
};

for (const kind of kinds) {
  describe(`crash safety: SIGKILL under checkout load, restart on the same data [${kind}]`, () => {
    let dataDir: string;
    let database: FreshDatabase | null = null;
    let server: ServerProcess;
    let packs: PackRef[];
    const shoppers: Shopper[] = [];
    /** Orders each user had before the current round. */
    const knownOrders = new Map<number, Set<number>>();
    let smtp: SmtpInbox;

    const env = () => ({
      DATA_DIR: dataDir,
      ...(database ? { DATABASE_URL: database.url } : {}),
      SMTP_URL: smtp.url,
      // A killed process's claimed e-mails are taken up 2 s after it claimed them (PostgreSQL; PGlite frees them at start).
      JOB_LEASE_SECONDS: '2',
      JOB_RETRY_BASE_SECONDS: '0.2',
    });
    const start = (label: string) => startServer({ label: `${kind} ${label}`, env: env() });
    const base = () => server.baseUrl;

    beforeAll(async () => {
      dataDir = await createDataDir('shop-crash', { seeded: kind === 'pglite' });
      smtp = await startSmtpInbox();
      if (kind === 'postgres') database = await createFreshDatabase('shop_crash', { seeded: true });
    });

    afterAll(async () => {
      await stopAllServers();
      await database?.drop();
      await smtp?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    /** Each shopper's basket gets 2-3 lines; answers the basket each one will check out. */
    async function fillBaskets(round: number): Promise<Map<number, CartView>> {
      const carts = new Map<number, CartView>();
      await Promise.all(
        shoppers.map(async ({ customer, addressId }, i) => {
          const lines = [packs[i % packs.length]!, packs[(i + round + 1) % packs.length]!];
          if (i % 2 === 0) lines.push(packs[(i + 3) % packs.length]!);
          for (const [n, pack] of lines.entries()) {
            await expectStatus(200, base(), 'POST', '/api/cart', { token: customer.token, body: addToCartBody(pack, 1 + ((i + n + round) % 4)) });
          }
          const cart = await expectStatus<CartView>(200, base(), 'PUT', '/api/cart/AssignAddress', {
            token: customer.token,
            body: { addressId, cartId: null },
          });
          expect(cart.cartIems.length).toBe(new Set(lines.map((p) => p.productPriceId)).size);
          carts.set(customer.userId, cart);
        }),
      );
      return carts;
    }

    /**
     * Every shopper checks out twice at once with one Idempotency-Key (a double click); the
     * server is SIGKILLed as soon as `killAfterAcks` answers have arrived.
     */
    async function checkoutBurst(carts: Map<number, CartView>, keys: Map<number, string>, killAfterAcks: number): Promise<BurstResult> {
      const result: BurstResult = { acked: new Map(), cutOff: 0, otherAnswers: [] };
      let acks = 0;
      const victim = server;
      const kill = () => {
        if (!victim.hasExited()) victim.child.kill('SIGKILL');
      };
      await Promise.all(
        shoppers.flatMap(({ customer }) =>
          [0, 1].map(async () => {
            try {
              const answer = await call<number>(victim.baseUrl, 'POST', '/api/order', {
                token: customer.token,
                headers: { 'idempotency-key': keys.get(customer.userId)! },
                body: orderBodyFor(carts.get(customer.userId)!),
                timeoutMs: 20_000,
              });
              if (answer.status === 200) {
                result.acked.set(customer.userId, [...(result.acked.get(customer.userId) ?? []), answer.body]);
                acks += 1;
                if (acks >= killAfterAcks) kill();
              } else {
                result.otherAnswers.push(`${answer.status} ${JSON.stringify(answer.body)}`);
              }
            } catch {
              result.cutOff += 1;
            }
          }),
        ),
      );
      kill();
      const exit = await victim.exited;
      expect(exit.signal).toBe('SIGKILL');
      return result;
    }

    /** After the restart: every acknowledged order is whole, and no basket is half-placed. */
    async function verifyAfterRestart(carts: Map<number, CartView>, burst: BurstResult): Promise<Map<number, number | null>> {
      const placed = new Map<number, number | null>();
      for (const { customer } of shoppers) {
        const expected = carts.get(customer.userId)!;
        const mine = await expectStatus<OrderView[]>(200, base(), 'GET', '/api/order/GetMine', { token: customer.token });
        const fresh = mine.filter((o) => !knownOrders.get(customer.userId)!.has(o.order_id));
        const basket = await expectStatus<CartView>(200, base(), 'GET', `/api/cart/${customer.userId}`, { token: customer.token });
        const acked = [...new Set(burst.acked.get(customer.userId) ?? [])];
        const who = `user ${customer.userId}`;

        // One key, one order: a double click never answered two different ids.
        expect(acked.length, who).toBeLessThanOrEqual(1);
        expect(fresh.length, `${who} has at most one order for the round`).toBeLessThanOrEqual(1);

        if (fresh.length === 0) {
          // Not placed: the basket still has every line; nothing was acknowledged.
          expect(acked, `${who}: an acknowledged order is missing after the crash`).toEqual([]);
          expect(lineKey(basket.cartIems), `${who}: basket without an order lost lines`).toEqual(lineKey(expected.cartIems));
          placed.set(customer.userId, null);
        } else {
          const order = await expectStatus<OrderView>(200, base(), 'GET', `/api/order/${fresh[0]!.order_id}`, { token: customer.token });
          if (acked.length === 1) expect(order.order_id, `${who}: acknowledged id`).toBe(acked[0]);
          expect(lineKey(order.orderLines), `${who}: the order has every line of the basket`).toEqual(lineKey(expected.cartIems));
          expect(
            { sub_total: order.sub_total, delivery_fee: order.delivery_fee, total_tax: order.total_tax, total: order.total },
            `${who}: totals`,
          ).toEqual({ sub_total: expected.subTotal, delivery_fee: expected.deliveryFee, total_tax: expected.totalTax, total: expected.total });
          expect(order.status).toBe('PendingDelivery');
          expect(basket.cartIems, `${who}: the placed basket is empty`).toEqual([]);
          placed.set(customer.userId, order.order_id);
        }
      }
      return placed;
    }

    /** The same Idempotency-Key again: the same order, or (cut off by the crash) the order now, once. */
    async function retrySameKeys(carts: Map<number, CartView>, keys: Map<number, string>, placed: Map<number, number | null>): Promise<void> {
      for (const { customer } of shoppers) {
        const send = () =>
          call<number>(base(), 'POST', '/api/order', {
            token: customer.token,
            headers: { 'idempotency-key': keys.get(customer.userId)! },
            body: orderBodyFor(carts.get(customer.userId)!),
          });
        const answer = await send();
        expect(answer.status, JSON.stringify(answer.body)).toBe(200);
        const earlier = placed.get(customer.userId);
        if (earlier != null) {
          expect(answer.body).toBe(earlier);
          expect(answer.headers.get('idempotent-replayed')).toBe('true');
        } else {
          const order = await expectStatus<OrderView>(200, base(), 'GET', `/api/order/${answer.body}`, { token: customer.token });
          expect(lineKey(order.orderLines)).toEqual(lineKey(carts.get(customer.userId)!.cartIems));
          // ...and once only.
          expect((await send()).body).toBe(answer.body);
        }
        const basket = await expectStatus<CartView>(200, base(), 'GET', `/api/cart/${customer.userId}`, { token: customer.token });
        expect(basket.cartIems).toEqual([]);
        knownOrders.get(customer.userId)!.add(answer.body);
      }
    }

    async function round(roundNumber: number, killAfterAcks: number): Promise<{ acked: number; cutOff: number; placedBeforeRetry: number }> {
      const carts = await fillBaskets(roundNumber);
      const keys = new Map(shoppers.map(({ customer }) => [customer.userId, randomUUID()]));
      const burst = await checkoutBurst(carts, keys, killAfterAcks);
      expect(burst.otherAnswers).toEqual([]);
      // The kill landed mid-load: some requests were still waiting for their answer.
      expect(burst.cutOff).toBeGreaterThan(0);

      server = await start(`after kill ${roundNumber}`);
      const placed = await verifyAfterRestart(carts, burst);
      await retrySameKeys(carts, keys, placed);
      return {
        acked: [...burst.acked.values()].filter((ids) => ids.length > 0).length,
        cutOff: burst.cutOff,
        placedBeforeRetry: [...placed.values()].filter((id) => id !== null).length,
      };
    }

    it('acknowledged orders survive SIGKILL whole, baskets are never half-placed, and keys replay the same order', async () => {
      server = await start('first start');
      packs = await demoPacks(base(), 6);
      for (let i = 0; i < SHOPPERS; i++) {
        const customer = await signUpOverHttp(base(), 'Crash');
        const address = await expectStatus<{ address_id: number }>(200, base(), 'POST', '/api/address', { token: customer.token, body: deliveryAddress });
        shoppers.push({ customer, addressId: address.address_id });
        knownOrders.set(customer.userId, new Set());
      }

      const first = await round(1, Math.ceil(SHOPPERS / 3));
      const second = await round(2, 1);
      console.log(`[${kind}] round 1: ${first.acked} acknowledged, ${first.placedBeforeRetry} placed before the kill, ${first.cutOff} requests cut off; ` +
        `round 2: ${second.acked} acknowledged, ${second.placedBeforeRetry} placed, ${second.cutOff} cut off`);

      // Every order's confirmation arrives (the jobs left by the killed processes included).
      const orderIds = [...knownOrders.values()].flatMap((ids) => [...ids]);
      const confirmationsOf = (orderId: number) => smtp.received.filter(({ mail }) => mail.subject?.endsWith(` order ${orderId}`));
      await until(async () => orderIds.every((id) => confirmationsOf(id).length > 0), 30_000, `a confirmation of each of the ${orderIds.length} orders`);
      const emailOf = new Map(shoppers.map(({ customer }) => [customer.userId, customer.email]));
      for (const [userId, ids] of knownOrders) {
        for (const orderId of ids) {
          const mails = confirmationsOf(orderId);
          expect(mails.length, `order ${orderId} has its confirmation`).toBeGreaterThan(0);
          expect(mails.every(({ recipients }) => recipients.join() === emailOf.get(userId)), `order ${orderId} went to its customer`).toBe(true);
          // At least once, and one message: a send the kill cut between the mail server's yes and
          // the job's completion is repeated with the same Message-ID (counted below, not hidden).
          expect(new Set(mails.map(({ mail }) => mail.messageId)).size, `order ${orderId}: one message`).toBe(1);
        }
      }
      const repeats = orderIds.reduce((sum, id) => sum + confirmationsOf(id).length - 1, 0);
      console.log(`[${kind}] ${orderIds.length} orders, ${orderIds.length} confirmations, ${repeats} repeated deliveries of one message`);
      expect(repeats).toBeLessThanOrEqual(2);

      // Every shopper now has exactly two orders; the database agrees that each is whole.
      let handle: Awaited<ReturnType<typeof openDatabase>>;
      if (database) {
        handle = await openDatabase({ databaseUrl: database.url, poolSize: 2 });
      } else {
        // PGlite is single-process: stop the server (gracefully), then open its directory.
        const exit = await stopServer(server, 'SIGTERM');
        expect(exit.code).toBe(0);
        handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
      }
      try {
        for (const [name, query] of Object.entries(integrityChecks)) expect(await queryRows(handle.db, query), name).toEqual([]);
        const perUser = await queryRows<{ user_id: number; n: number }>(handle.db, sql`SELECT user_id, count(*)::int AS n FROM orders GROUP BY user_id`);
        expect(perUser.map((r) => Number(r.n))).toEqual(shoppers.map(() => 2));
      } finally {
        await handle.close();
      }
    }, 420_000); // two starts, the load and the checks; generous for a contended CI machine
  });
}
