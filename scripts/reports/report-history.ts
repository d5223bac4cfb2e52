/**
 * Two years of a wholesaler's history for the reports (docs/reports.md), written by SQL into a
 * shop database: the demo catalogue (seeded when the catalogue is empty) with a unit cost for
 * most sizes and stock on hand, 3,000 customers of whom a third order for one of 300 companies,
 * and N orders (default 100,000) spread over the two years up to now, 1 to 4 lines each of real
 * packs, popular packs bought more often, 4% cancelled, London-day timestamps in shop hours.
 * Each order's totals are its lines' (VAT at 20% of goods and delivery), as the shop stores them.
 * The random choices are seeded, so two runs give the same history.
 */
import { sql } from 'drizzle-orm';
import { queryNumber, type Database, type Executor } from '@shop/db';
import { seedDemoCatalogueIfEmpty } from '@shop/db/seed';

export interface HistoryOptions {
  orders: number;
  /** The history ends at this instant (default now) and starts two years before. */
  now?: Date;
}

export interface HistoryResult {
  orders: number;
  lines: number;
  customers: number;
  companies: number;
  sizes: number;
}

const CUSTOMERS = 3000;
const COMPANIES = 300;

export async function generateReportHistory(database: Database, options: HistoryOptions): Promise<HistoryResult> {
  await seedDemoCatalogueIfEmpty(database);
  // One transaction, so one connection: the seed of random() holds for every statement.
  return database.transaction((tx) => generate(tx, options));
}

async function generate(db: Executor, options: HistoryOptions): Promise<HistoryResult> {
  const { orders } = options;
  const now = (options.now ?? new Date()).toISOString();
  await db.execute(sql`SELECT setseed(0.41)`);
  // Costs for nine sizes in ten: 45-70% of the cheapest pack's unit price, in whole pence, at least 1p.
  await db.execute(sql`
    UPDATE product_sizes s SET unit_cost_pence = c.cost
    FROM (SELECT pp.product_size_id, GREATEST(1, round(min(pp.price_pence::numeric / pp.pack_range[1]) * (0.45 + random() * 0.25)))::int AS cost
          FROM product_prices pp GROUP BY pp.product_size_id) c
    WHERE s.product_size_id = c.product_size_id AND s.product_size_id % 10 <> 0 AND s.unit_cost_pence IS NULL`);
  await db.execute(sql`
    INSERT INTO stock_levels (product_size_id, on_hand)
    SELECT product_size_id, (random() * 2000)::int FROM product_sizes
    ON CONFLICT (product_size_id) DO NOTHING`);
  const firstUser = await queryNumber(
    db,
    sql`WITH inserted AS (
          INSERT INTO users (first_name, last_name, email, password_hash, phone, company_name)
          SELECT 'Buyer', 'Number ' || n, 'history.' || n || '.' || ${Date.now()} || '@example.com', 'not-a-hash', '0113 496 0000',
                 CASE WHEN n % 3 = 0 THEN 'Trade Customer ' || (n % ${COMPANIES}) || ' Ltd' END
          FROM generate_series(1, ${CUSTOMERS}) AS n ORDER BY n
          RETURNING user_id)
        SELECT min(user_id) AS value FROM inserted`,
  );
  const firstCompany = await queryNumber(
    db,
    sql`WITH inserted AS (INSERT INTO companies (name) SELECT 'Trade Customer ' || n || ' Ltd' FROM generate_series(0, ${COMPANIES - 1}) AS n ORDER BY n RETURNING company_id)
        SELECT min(company_id) AS value FROM inserted`,
  );
  // Every third customer belongs to a company and orders for it.
  await db.execute(sql`
    INSERT INTO company_members (user_id, company_id, role)
    SELECT ${firstUser} + n - 1, ${firstCompany} + (n % ${COMPANIES}), 'buyer' FROM generate_series(1, ${CUSTOMERS}) AS n WHERE n % 3 = 0`);
  // The orders, oldest first; totals are set from the lines below.
  await db.execute(sql`
    INSERT INTO orders (user_id, company_id, delivery_address, payment_method, payment_reference, status, sub_total_pence, delivery_fee_pence,
                        total_tax_pence, total_pence, paid_pence, created)
    SELECT ${firstUser} + c - 1, CASE WHEN c % 3 = 0 THEN ${firstCompany} + (c % ${COMPANIES}) END,
           jsonb_build_object('reference', 'Office', 'contact_name', 'Buyer ' || c, 'region', '1', 'company_name', '', 'address', 'Boar Lane',
                              'town', 'Leeds', 'country', 'United Kingdom', 'post_code', 'LS1 4AP', 'phone', '0113 496 0000'),
           (ARRAY['paypal', 'bank', 'account'])[n % 3 + 1], 'HIST-' || n,
           CASE WHEN n % 25 = 0 THEN 'Cancelled' WHEN placed > ${now}::timestamptz - interval '3 days' THEN 'PendingDelivery' ELSE 'Delivered' END,
           0, 0, 0, 0, 0, placed
    FROM (SELECT n, 1 + floor(power(random(), 1.6) * ${CUSTOMERS})::int AS c,
                 -- Spread over two years (more recent orders a little more often), in shop hours, London days.
                 ((((${now}::timestamptz AT TIME ZONE 'Europe/London')::date - floor(730 * power(random(), 1.15))::int) + time '08:00'
                   + random() * interval '10 hours') AT TIME ZONE 'Europe/London') AS placed
          FROM generate_series(1, ${orders}) AS n) AS o
    WHERE placed <= ${now}::timestamptz
    ORDER BY placed`);
  await db.execute(sql`
    WITH packs AS (
      SELECT row_number() OVER (ORDER BY pp.product_price_id) AS k, pp.product_price_id, pp.product_id, p.name, s.size1, pp.price_pence, pp.pack_range[1] AS qty
      FROM product_prices pp JOIN products p ON p.product_id = pp.product_id JOIN product_sizes s ON s.product_size_id = pp.product_size_id
    ), counted AS (SELECT count(*) AS total FROM packs),
    picks AS (
      SELECT o.order_id, i, 1 + floor(power(random(), 2.2) * (SELECT total FROM counted))::int AS k, 1 + floor(power(random(), 3) * 40)::int AS count
      FROM orders o CROSS JOIN LATERAL generate_series(1, 1 + (o.order_id % 4)) AS i
      WHERE o.payment_reference LIKE 'HIST-%'
    )
    INSERT INTO order_lines (order_id, product_id, product_price_id, product_name, size1, price_pence, qty, count, total_price_pence)
    SELECT picks.order_id, packs.product_id, packs.product_price_id, packs.name, packs.size1, packs.price_pence, packs.qty, picks.count, packs.price_pence * picks.count
    FROM picks JOIN packs ON packs.k = picks.k`);
  await db.execute(sql`
    UPDATE orders o SET sub_total_pence = l.goods,
                        delivery_fee_pence = CASE WHEN l.goods >= 7500 THEN 0 ELSE 499 END,
                        total_tax_pence = round((l.goods + CASE WHEN l.goods >= 7500 THEN 0 ELSE 499 END) * 0.2),
                        total_pence = l.goods + CASE WHEN l.goods >= 7500 THEN 0 ELSE 499 END + round((l.goods + CASE WHEN l.goods >= 7500 THEN 0 ELSE 499 END) * 0.2),
                        paid_pence = CASE WHEN o.status = 'Cancelled' THEN 0
                                          ELSE l.goods + CASE WHEN l.goods >= 7500 THEN 0 ELSE 499 END + round((l.goods + CASE WHEN l.goods >= 7500 THEN 0 ELSE 499 END) * 0.2) END
    FROM (SELECT order_id, sum(total_price_pence)::int AS goods FROM order_lines GROUP BY order_id) l
    WHERE l.order_id = o.order_id AND o.payment_reference LIKE 'HIST-%'`);
  return {
    orders: await queryNumber(db, sql`SELECT count(*) AS value FROM orders WHERE payment_reference LIKE 'HIST-%'`),
    lines: await queryNumber(db, sql`SELECT count(*) AS value FROM order_lines l JOIN orders o ON o.order_id = l.order_id WHERE o.payment_reference LIKE 'HIST-%'`),
    customers: CUSTOMERS,
    companies: COMPANIES,
    sizes: await queryNumber(db, sql`SELECT count(*) AS value FROM product_sizes`),
  };
}
