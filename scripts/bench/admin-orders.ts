/**
 * The back office's order list on PostgreSQL: 100,000 orders of 2,000
 * customers over a year, placed by SQL in a scratch database (10% cancelled, most delivered, the
 * recent ones to dispatch; card, bank and account payments; London postcodes and Leeds ones),
 * then the first page of the list with its counts per state, as staff open it, sequentially:
 * the "Awaiting dispatch" tab; money due by bank transfer; a postcode search; a customer's e-mail;
 * an order number; a month's date range.
 *
 *   BENCH_ADMIN_ORDERS=100000   orders inserted
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { JobQueue, OrderAdministration, type OrderListFilter } from '@shop/core';
import { openDatabase } from '@shop/db';
import { createScratchDatabase } from './scratch-database.ts';
import { percentile } from './percentile.ts';

export interface AdminOrdersBenchResult {
  orders: number;
  seedSeconds: number;
  lists: number;
  p50: number;
  p95: number;
  max: number;
  /** The list with the highest p95, and that p95. */
  slowest: { filter: string; p95: number };
}

export async function measureAdminOrderList(postgresUrl: string, orders = Number(process.env.BENCH_ADMIN_ORDERS ?? 100_000)): Promise<AdminOrdersBenchResult> {
  const scratch = await createScratchDatabase(postgresUrl, 'shop_bench_admin_orders');
  const database = await openDatabase({ databaseUrl: scratch.url, poolSize: 4 });
  try {
    const seedStart = performance.now();
    await database.db.execute(sql`
      INSERT INTO users (first_name, last_name, email, password_hash, phone)
      SELECT 'Customer', 'Number ' || n, 'customer.' || n || '@example.com', 'x', '0113 496 0000' FROM generate_series(1, 2000) AS n`);
    await database.db.execute(sql`
      INSERT INTO orders (user_id, delivery_address, billing_address, payment_method, payment_reference, status, sub_total_pence,
                          delivery_fee_pence, total_tax_pence, total_pence, paid_pence, created)
      SELECT u.user_id,
             jsonb_build_object('reference', 'Office', 'contact_name', 'Customer ' || n, 'region', '1', 'company_name', '', 'address', 'High Street',
                                'town', CASE WHEN n % 3 = 0 THEN 'London' ELSE 'Leeds' END,
                                'country', 'United Kingdom', 'post_code', CASE WHEN n % 3 = 0 THEN 'SW1A ' || (n % 9) || 'AA' ELSE 'LS' || (n % 28 + 1) || ' 4AP' END,
                                'phone', '0113 496 0000'),
             NULL,
             (ARRAY['paypal', 'bank', 'account'])[n % 3 + 1], CASE WHEN n % 3 = 0 THEN 'PAYPAL-' || n ELSE 'BXW' || u.user_id END,
             CASE WHEN n % 10 = 0 THEN 'Cancelled' WHEN n > ${orders} - 600 THEN 'PendingDelivery' WHEN n > ${orders} - 1500 THEN 'Dispatched' ELSE 'Delivered' END,
             5000, 0, 1000, 6000,
             CASE WHEN n % 3 = 0 OR n <= ${orders} - 600 THEN 6000 ELSE 0 END,
             now() - ((${orders} - n) * interval '315 seconds')
      FROM generate_series(1, ${orders}) AS n JOIN users u ON u.user_id = (n % 2000) + 1`);
    await database.db.execute(sql`
      INSERT INTO order_lines (order_id, product_id, product_price_id, product_name, size1, price_pence, qty, count, total_price_pence)
      SELECT order_id, 1, 1, 'Single Wall Cardboard Boxes', '12x9x6"', 2500, 25, 2, 5000 FROM orders`);
    // As autovacuum leaves a year-old table (PostgreSQL 13+ vacuums insert-only tables too): statistics and the visibility map.
    await database.db.execute(sql`VACUUM ANALYZE`);
    const seedSeconds = (performance.now() - seedStart) / 1000;

    const administration = new OrderAdministration(database.db, { jobs: new JobQueue(database.db), now: () => new Date() });
    const month = new Date(Date.now() - 60 * 86_400_000).toISOString().slice(0, 10);
    const monthEnd = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const filters: OrderListFilter[] = [
      {},
      { state: 'PendingDelivery' },
      { paymentMethod: 'bank', paid: 'unpaid' },
      { search: 'LS4' },
      { search: 'customer.1234@example.com' },
      { search: String(Math.floor(orders / 2)) },
      { from: month, to: monthEnd, state: 'Delivered' },
    ];
    for (const filter of filters) await administration.list(filter); // warm the plans and the pool
    const timings: number[] = [];
    const perFilter = filters.map(() => [] as number[]);
    for (let round = 0; round < 15; round++) {
      for (const [i, filter] of filters.entries()) {
        const t0 = performance.now();
        await administration.list(filter);
        const ms = performance.now() - t0;
        timings.push(ms);
        perFilter[i]!.push(ms);
      }
    }
    const slowest = filters
      .map((filter, i) => ({ filter: JSON.stringify(filter), p95: percentile(perFilter[i]!, 0.95) }))
      .sort((a, b) => b.p95 - a.p95)[0]!;
    return { orders, seedSeconds, lists: timings.length, p50: percentile(timings, 0.5), p95: percentile(timings, 0.95), max: Math.max(...timings), slowest };
  } finally {
    await database.close();
    await scratch.drop();
  }
}
