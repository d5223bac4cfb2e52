/**
 * Stock for the owner (docs/reports.md): what the stock on hand is worth at cost, and slow
 * movers, the sizes with no sale in the last N London days.
 *
 * Stock value: every size with units on hand (docs/stock.md: on hand, not available, since
 * allocated units are still the shop's until they leave) times its unit cost
 * (`product_sizes.unit_cost_pence`, kept in the catalogue editor and CSV). Sizes without a cost
 * are listed and counted apart, never valued at 0 silently.
 *
 * Slow movers: sizes of products on sale, and any size with units on hand, whose last sale (an
 * order placed and not cancelled with a pack of that size) is before the first of the N days, or
 * that never sold. "Sold" follows the pack bought (`order_lines.product_price_id`) to its size.
 */
import { and, desc, eq, gt, or, sql } from 'drizzle-orm';
import { orderLines, orders, productPrices, productSizes, products, stockLevels, type Database } from '@shop/db';
import type { Pence } from '../pricing/money.ts';
import { addCalendarDays } from '../quotes/quote-validity.ts';

export interface StockValueRow {
  productSizeId: number;
  productId: number;
  productCode: string;
  productName: string;
  size1: string;
  onHand: number;
  /** Null when the size has no cost price. */
  unitCostPence: Pence | null;
  valuePence: Pence | null;
}

export interface StockValueReport {
  rows: StockValueRow[];
  /** Sizes with units on hand (the rows listed may be the first of them). */
  sizes: number;
  totals: {
    valuePence: Pence;
    unitsOnHand: number;
    /** Sizes with units on hand but no cost price, and their units: not in the value. */
    sizesWithoutCost: number;
    unitsWithoutCost: number;
  };
}

export interface SlowMover {
  productSizeId: number;
  productId: number;
  productCode: string;
  productName: string;
  size1: string;
  /** Null when the size's stock is not tracked. */
  onHand: number | null;
  unitCostPence: Pence | null;
  /** On hand at cost; null without a cost price or stock. */
  valuePence: Pence | null;
  /** The London day of the last sale, or null: never sold. */
  lastSold: string | null;
}

export interface SlowMoversReport {
  days: number;
  /** The first of the N days: a sale on it or after keeps a size off the list. */
  since: string;
  rows: SlowMover[];
  /** Slow movers in all (the rows listed may be the first of them). */
  count: number;
  totals: { valuePence: Pence; onHand: number };
}

export const DEFAULT_SLOW_DAYS = 90;
export const MAX_SLOW_DAYS = 3650;

const value = sql<number | null>`${stockLevels.onHand}::bigint * ${productSizes.unitCostPence}`.mapWith(Number);
/** A slow mover's stock at cost: units below zero (a count owed) are worth nothing, not less. */
const slowValue = sql<number | null>`GREATEST(${stockLevels.onHand}, 0)::bigint * ${productSizes.unitCostPence}`.mapWith(Number);

/** Sizes with units on hand, most value first (uncosted ones after, most units first); `limit` null for all. */
export async function stockValue(db: Database, limit: number | null): Promise<StockValueReport> {
  const query = db
    .select({
      productSizeId: productSizes.productSizeId,
      productId: products.productId,
      productCode: products.productCode,
      productName: products.name,
      size1: productSizes.size1,
      onHand: stockLevels.onHand,
      unitCostPence: productSizes.unitCostPence,
      valuePence: value,
    })
    .from(stockLevels)
    .innerJoin(productSizes, eq(productSizes.productSizeId, stockLevels.productSizeId))
    .innerJoin(products, eq(products.productId, productSizes.productId))
    .where(gt(stockLevels.onHand, 0))
    .orderBy(sql`${value} DESC NULLS LAST`, desc(stockLevels.onHand), productSizes.productSizeId);
  const [rows, [totals]] = await Promise.all([
    limit === null ? query : query.limit(limit),
    db
      .select({
        sizes: sql<number>`count(*)`.mapWith(Number),
        valuePence: sql<number>`COALESCE(sum(${value}), 0)`.mapWith(Number),
        unitsOnHand: sql<number>`COALESCE(sum(${stockLevels.onHand}), 0)`.mapWith(Number),
        sizesWithoutCost: sql<number>`count(*) FILTER (WHERE ${productSizes.unitCostPence} IS NULL)`.mapWith(Number),
        unitsWithoutCost: sql<number>`COALESCE(sum(${stockLevels.onHand}) FILTER (WHERE ${productSizes.unitCostPence} IS NULL), 0)`.mapWith(Number),
      })
      .from(stockLevels)
      .innerJoin(productSizes, eq(productSizes.productSizeId, stockLevels.productSizeId))
      .where(gt(stockLevels.onHand, 0)),
  ]);
  const { sizes = 0, ...sums } = totals ?? { valuePence: 0, unitsOnHand: 0, sizesWithoutCost: 0, unitsWithoutCost: 0 };
  return { rows: rows.map((row) => ({ ...row, valuePence: row.unitCostPence === null ? null : row.valuePence })), sizes, totals: sums };
}

/** Sizes with no sale in the `days` London days up to `today`, never sold and longest unsold first; `limit` null for all. */
export async function slowMovers(db: Database, days: number, today: string, limit: number | null): Promise<SlowMoversReport> {
  const since = addCalendarDays(today, -(days - 1));
  // The last sale of each pack (an integer key over every line), then of each size from its packs.
  const packLastSale = db
    .select({ productPriceId: sql<number>`${orderLines.productPriceId}`.as('sold_price_id'), lastSold: sql<Date>`max(${orders.created})`.as('pack_last_sold') })
    .from(orderLines)
    .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
    .where(sql`${orders.status} <> 'Cancelled' AND ${orderLines.productPriceId} IS NOT NULL`)
    .groupBy(orderLines.productPriceId)
    .as('pack_last_sale');
  const lastSale = db
    .select({ productSizeId: productPrices.productSizeId, lastSold: sql<Date>`max(${packLastSale.lastSold})`.as('last_sold') })
    .from(packLastSale)
    .innerJoin(productPrices, eq(productPrices.productPriceId, packLastSale.productPriceId))
    .groupBy(productPrices.productSizeId)
    .as('last_sale');
  const slow = and(
    or(eq(products.isActive, true), gt(stockLevels.onHand, 0)),
    sql`(${lastSale.lastSold} IS NULL OR ${lastSale.lastSold} < (${since}::date)::timestamp AT TIME ZONE 'Europe/London')`,
  );
  // The rows and their totals in one statement (window sums before the limit): the last sales
  // read every line once.
  const query = db
    .select({
      productSizeId: productSizes.productSizeId,
      productId: products.productId,
      productCode: products.productCode,
      productName: products.name,
      size1: productSizes.size1,
      onHand: stockLevels.onHand,
      unitCostPence: productSizes.unitCostPence,
      valuePence: slowValue,
      lastSold: sql<string | null>`to_char(${lastSale.lastSold} AT TIME ZONE 'Europe/London', 'YYYY-MM-DD')`,
      count: sql<number>`count(*) OVER ()`.mapWith(Number),
      totalValuePence: sql<number>`COALESCE(sum(${slowValue}) OVER (), 0)`.mapWith(Number),
      totalOnHand: sql<number>`COALESCE(sum(GREATEST(${stockLevels.onHand}, 0)) OVER (), 0)`.mapWith(Number),
    })
    .from(productSizes)
    .innerJoin(products, eq(products.productId, productSizes.productId))
    .leftJoin(stockLevels, eq(stockLevels.productSizeId, productSizes.productSizeId))
    .leftJoin(lastSale, eq(lastSale.productSizeId, productSizes.productSizeId))
    .where(slow)
    .orderBy(sql`${lastSale.lastSold} ASC NULLS FIRST`, sql`${slowValue} DESC NULLS LAST`, productSizes.productSizeId);
  const rows = await (limit === null ? query : query.limit(limit));
  const first = rows[0];
  return {
    days,
    since,
    rows: rows.map(({ count: _count, totalValuePence: _value, totalOnHand: _onHand, ...row }) => ({
      ...row,
      valuePence: row.unitCostPence === null || row.onHand === null ? null : row.valuePence,
    })),
    count: first?.count ?? 0,
    totals: { valuePence: first?.totalValuePence ?? 0, onHand: first?.totalOnHand ?? 0 },
  };
}
