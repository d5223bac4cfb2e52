/**
 * What sold (docs/reports.md): best sellers per product size by units or by value, and sales by
 * top-level category. Both add the lines of the orders placed in the range (report-range.ts
 * `placedIn`): a line's value is its total ex VAT as the order keeps it, its units the packs
 * times the units in a pack (or the units delivered of a made-to-order line).
 *
 * A size is the product and the size as the line recorded them (`size1`), so a size renamed or
 * removed since keeps its history; the product's name is today's, else the line's. A category is
 * the product's category today, rolled up to its top level (the tree has at most three levels,
 * SPEC section 1). Quote charges (no product) and products no longer in the catalogue are
 * "No category", so the categories add up to the goods of the sales report.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, orderLines, orders, products, type Database } from '@shop/db';
import type { Pence } from '../pricing/money.ts';
import { placedIn, type ReportRange } from './report-range.ts';

export const BEST_SELLER_ORDERS = ['units', 'value'] as const;
export type BestSellerOrder = (typeof BEST_SELLER_ORDERS)[number];

export function isBestSellerOrder(value: unknown): value is BestSellerOrder {
  return typeof value === 'string' && (BEST_SELLER_ORDERS as readonly string[]).includes(value);
}

export interface BestSeller {
  productId: number;
  /** Null when the product is no longer in the catalogue. */
  productCode: string | null;
  productName: string;
  size1: string;
  units: number;
  valuePence: Pence;
}

export interface BestSellers {
  range: ReportRange;
  by: BestSellerOrder;
  rows: BestSeller[];
  /** Every size sold in the range (the rows are the first of them). */
  sizes: number;
  totals: { units: number; valuePence: Pence };
}

export interface CategorySales {
  /** The top-level category; null for lines in no category (quote charges, products removed). */
  categoryId: number | null;
  name: string;
  units: number;
  valuePence: Pence;
}

export const NO_CATEGORY = 'No category (quote charges, products removed)';

const units = sql<number>`sum(COALESCE(${orderLines.deliveredUnits}, ${orderLines.qty} * ${orderLines.count}))`.mapWith(Number);
const value = sql<number>`sum(${orderLines.totalPricePence})`.mapWith(Number);

// The sums per size or product are named apart from every table's columns: Drizzle names a
// subquery's fields without its alias, so a "product_id" would be ambiguous beside products'.

/**
 * Sizes sold in the range, most units (or value) first; `limit` null for all. The lines are
 * added per size first (integer and short text keys, no catalogue), then the few hundred sizes
 * are named from the catalogue and counted with window sums, in one statement.
 */
export async function bestSellers(db: Database, range: ReportRange, by: BestSellerOrder, limit: number | null): Promise<BestSellers> {
  const sold = db.$with('sold').as(
    db
      .select({
        productId: sql<number>`${orderLines.productId}`.as('sold_product_id'),
        size1: sql<string>`${orderLines.size1}`.as('sold_size1'),
        lineName: sql<string>`max(${orderLines.productName})`.as('sold_line_name'),
        units: units.as('sold_units'),
        valuePence: value.as('sold_value_pence'),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
      .where(and(placedIn(range), eq(orderLines.kind, 'goods')))
      .groupBy(orderLines.productId, orderLines.size1),
  );
  const ranked = by === 'units' ? [desc(sold.units), desc(sold.valuePence)] : [desc(sold.valuePence), desc(sold.units)];
  const query = db
    .with(sold)
    .select({
      productId: sql<number>`${sold.productId}`.mapWith(Number),
      productCode: products.productCode,
      productName: sql<string>`COALESCE(${products.name}, ${sold.lineName})`,
      size1: sql<string>`${sold.size1}`,
      units: sql<number>`${sold.units}`.mapWith(Number),
      valuePence: sql<number>`${sold.valuePence}`.mapWith(Number),
      sizes: sql<number>`count(*) OVER ()`.mapWith(Number),
      totalUnits: sql<number>`sum(${sold.units}) OVER ()`.mapWith(Number),
      totalValuePence: sql<number>`sum(${sold.valuePence}) OVER ()`.mapWith(Number),
    })
    .from(sold)
    .leftJoin(products, eq(products.productId, sold.productId))
    .orderBy(...ranked, sold.productId, sold.size1);
  const rows = await (limit === null ? query : query.limit(limit));
  const first = rows[0];
  return {
    range,
    by,
    rows: rows.map(({ sizes: _sizes, totalUnits: _units, totalValuePence: _value, ...row }) => row),
    sizes: first?.sizes ?? 0,
    totals: { units: first?.totalUnits ?? 0, valuePence: first?.totalValuePence ?? 0 },
  };
}

/**
 * Sales per top-level category, most value first, "No category" last. The lines are added per
 * product first; the catalogue (product, category, parent, grandparent) is joined to those sums.
 */
export async function salesByCategory(db: Database, range: ReportRange): Promise<CategorySales[]> {
  const sold = db.$with('sold').as(
    db
      .select({ productId: sql<number | null>`${orderLines.productId}`.as('sold_product_id'), units: units.as('sold_units'), valuePence: value.as('sold_value_pence') })
      .from(orderLines)
      .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
      .where(placedIn(range))
      .groupBy(orderLines.productId),
  );
  const own = alias(categories, 'own');
  const parent = alias(categories, 'parent');
  const grandparent = alias(categories, 'grandparent');
  const top = sql<number | null>`COALESCE(${grandparent.categoryId}, ${parent.categoryId}, ${own.categoryId})`;
  const soldValue = sql<number>`sum(${sold.valuePence})`.mapWith(Number);
  const rows = await db
    .with(sold)
    .select({
      categoryId: top,
      name: sql<string | null>`COALESCE(max(${grandparent.name}), max(${parent.name}), max(${own.name}))`,
      units: sql<number>`sum(${sold.units})`.mapWith(Number),
      valuePence: soldValue,
    })
    .from(sold)
    .leftJoin(products, eq(products.productId, sold.productId))
    .leftJoin(own, eq(own.categoryId, products.categoryId))
    .leftJoin(parent, eq(parent.categoryId, own.parentId))
    .leftJoin(grandparent, eq(grandparent.categoryId, parent.parentId))
    .groupBy(top)
    .orderBy(sql`${top} IS NULL`, desc(soldValue), top);
  return rows.map((row) => ({ ...row, categoryId: row.categoryId === null ? null : Number(row.categoryId), name: row.name ?? NO_CATEGORY }));
}
