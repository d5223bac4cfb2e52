/**
 * Margin (docs/reports.md): over a range, per top-level category, the goods sold ex VAT less what
 * they cost at their sizes' unit costs, where a cost is known, and how much of the sales had no
 * cost. A line's cost is its units times its size's unit cost **today** (the cost is not kept
 * per order), so a cost changed since moves past margins with it; the page says so.
 *
 * Lines whose pack no longer exists, or whose size has no unit cost, are "without a cost": their
 * sales are counted apart and no margin is made up for them.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { categories, orderLines, orders, productPrices, productSizes, products, type Database } from '@shop/db';
import type { Pence } from '../pricing/money.ts';
import { NO_CATEGORY } from './product-reports.ts';
import { placedIn, type ReportRange } from './report-range.ts';

export interface MarginFigures {
  /** Goods ex VAT. */
  salesPence: Pence;
  /** The part of the sales whose size has a unit cost, and what those goods cost. */
  costedSalesPence: Pence;
  costPence: Pence;
  /** Costed sales less their cost. */
  marginPence: Pence;
}

export interface CategoryMargin extends MarginFigures {
  categoryId: number | null;
  name: string;
}

export interface MarginReport {
  range: ReportRange;
  rows: CategoryMargin[];
  totals: MarginFigures;
}

/** Margin as a share of the costed sales, or null when nothing had a cost. */
export function marginPercent(figures: Pick<MarginFigures, 'costedSalesPence' | 'marginPence'>): number | null {
  return figures.costedSalesPence === 0 ? null : (figures.marginPence / figures.costedSalesPence) * 100;
}

export async function marginReport(db: Database, range: ReportRange): Promise<MarginReport> {
  // The goods sold per pack first (an integer key), then the catalogue: the pack's size and cost, the category tree.
  const sold = db.$with('sold').as(
    db
      .select({
        productPriceId: sql<number>`${orderLines.productPriceId}`.as('sold_price_id'),
        productId: sql<number>`${orderLines.productId}`.as('sold_product_id'),
        units: sql<number>`sum(COALESCE(${orderLines.deliveredUnits}, ${orderLines.qty} * ${orderLines.count}))`.as('sold_units'),
        valuePence: sql<number>`sum(${orderLines.totalPricePence})`.as('sold_value_pence'),
      })
      .from(orderLines)
      .innerJoin(orders, eq(orders.orderId, orderLines.orderId))
      .where(and(placedIn(range), eq(orderLines.kind, 'goods')))
      .groupBy(orderLines.productPriceId, orderLines.productId),
  );
  const own = alias(categories, 'own');
  const parent = alias(categories, 'parent');
  const grandparent = alias(categories, 'grandparent');
  const top = sql<number | null>`COALESCE(${grandparent.categoryId}, ${parent.categoryId}, ${own.categoryId})`;
  const sales = sql<number>`sum(${sold.valuePence})`.mapWith(Number);
  const rows = await db
    .with(sold)
    .select({
      categoryId: top,
      name: sql<string | null>`COALESCE(max(${grandparent.name}), max(${parent.name}), max(${own.name}))`,
      salesPence: sales,
      costedSalesPence: sql<number>`COALESCE(sum(${sold.valuePence}) FILTER (WHERE ${productSizes.unitCostPence} IS NOT NULL), 0)`.mapWith(Number),
      costPence: sql<number>`COALESCE(sum(${sold.units} * ${productSizes.unitCostPence}), 0)`.mapWith(Number),
    })
    .from(sold)
    .leftJoin(productPrices, eq(productPrices.productPriceId, sold.productPriceId))
    .leftJoin(productSizes, eq(productSizes.productSizeId, productPrices.productSizeId))
    .leftJoin(products, eq(products.productId, sold.productId))
    .leftJoin(own, eq(own.categoryId, products.categoryId))
    .leftJoin(parent, eq(parent.categoryId, own.parentId))
    .leftJoin(grandparent, eq(grandparent.categoryId, parent.parentId))
    .groupBy(top)
    .orderBy(sql`${top} IS NULL`, desc(sales), top);
  const margins = rows.map((row) => ({
    ...row,
    categoryId: row.categoryId === null ? null : Number(row.categoryId),
    name: row.name ?? NO_CATEGORY,
    marginPence: row.costedSalesPence - row.costPence,
  }));
  const totals = margins.reduce(
    (sum, row) => ({
      salesPence: sum.salesPence + row.salesPence,
      costedSalesPence: sum.costedSalesPence + row.costedSalesPence,
      costPence: sum.costPence + row.costPence,
      marginPence: sum.marginPence + row.marginPence,
    }),
    { salesPence: 0, costedSalesPence: 0, costPence: 0, marginPence: 0 },
  );
  return { range, rows: margins, totals };
}
