/**
 * Stock for the demo catalogue (docs/stock.md), so a first start shows every case: most sizes in
 * stock, some low ("Only N left"), some out, one product out with a date it is expected back,
 * one available to order (backorders allowed). Featured products (the landing page's) and the
 * first 30 products (which tests and benchmarks buy by the hundred) are always well stocked.
 * Units are multiples of the size's smallest pack.
 */
import { sql } from 'drizzle-orm';
import type { Executor } from '../client.ts';

export async function seedDemoStock(db: Executor): Promise<void> {
  await db.execute(sql`
    WITH sizes AS (
      SELECT z.product_size_id, p.product_id, p.is_featured,
             dense_rank() OVER (ORDER BY p.product_id) AS product_rank,
             (SELECT min(pp.pack_range[1]) FROM product_prices pp WHERE pp.product_size_id = z.product_size_id) AS pack
      FROM product_sizes z JOIN products p ON p.product_id = z.product_id
    )
    INSERT INTO stock_levels (product_size_id, on_hand, low_threshold)
    SELECT product_size_id,
           CASE WHEN is_featured THEN 400 * coalesce(pack, 1)
                WHEN product_rank > 30 AND product_rank % 29 IN (4, 7, 9) THEN 0
                WHEN product_rank > 30 AND product_rank % 13 = 2 THEN 3 * coalesce(pack, 1)
                ELSE (120 + (product_size_id % 7) * 40) * coalesce(pack, 1) END,
           10 * coalesce(pack, 1)
    FROM sizes
    ON CONFLICT (product_size_id) DO NOTHING`);
  // Rank 7 (of 29): out, but may be ordered (dispatched when the delivery is in); rank 9: out, expected back.
  await db.execute(sql`
    WITH ranked AS (SELECT product_id, is_featured, dense_rank() OVER (ORDER BY product_id) AS product_rank FROM products)
    INSERT INTO product_stock_settings (product_id, backorders_allowed, expected_date)
    SELECT product_id, product_rank % 29 = 7, current_date + 10
    FROM ranked WHERE NOT is_featured AND product_rank > 30 AND product_rank % 29 IN (7, 9)
    ON CONFLICT (product_id) DO NOTHING`);
}
