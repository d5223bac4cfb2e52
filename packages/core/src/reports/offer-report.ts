/**
 * Offers' uses and what they cost (docs/reports.md, docs/offers.md): per offer, the orders placed
 * with it in the range (placed and not cancelled, as every report counts orders), the goods those
 * orders sold ex VAT after the discount, and what the offer took off: the goods discount and the
 * delivery it waived. Most costly first.
 */
import { desc, eq, sql } from 'drizzle-orm';
import { offers, offerUses, orders, type Database } from '@shop/db';
import type { Pence } from '../pricing/money.ts';
import { placedIn, type ReportRange } from './report-range.ts';

export interface OfferUseRow {
  offerId: number;
  name: string;
  /** Null: an automatic offer. */
  code: string | null;
  orders: number;
  /** The goods of those orders ex VAT, after the discount. */
  salesPence: Pence;
  discountPence: Pence;
  deliverySavedPence: Pence;
  /** Discount and delivery waived together. */
  costPence: Pence;
}

export interface OfferReport {
  range: ReportRange;
  rows: OfferUseRow[];
  /** Over every offer: an order with two offers (a discount and free delivery) is a use of each. */
  totals: { uses: number; discountPence: Pence; deliverySavedPence: Pence; costPence: Pence };
}

const orderCount = sql<number>`count(*)`.mapWith(Number);
const sales = sql<number>`sum(${orders.subTotalPence})`.mapWith(Number);
const discount = sql<number>`sum(${offerUses.discountPence})`.mapWith(Number);
const deliverySaved = sql<number>`sum(${offerUses.deliverySavedPence})`.mapWith(Number);
const cost = sql<number>`sum(${offerUses.discountPence} + ${offerUses.deliverySavedPence})`.mapWith(Number);

export async function offerReport(db: Database, range: ReportRange): Promise<OfferReport> {
  const rows = await db
    .select({ offerId: offers.offerId, name: offers.name, code: offers.code, orders: orderCount, salesPence: sales, discountPence: discount, deliverySavedPence: deliverySaved, costPence: cost })
    .from(offerUses)
    .innerJoin(orders, eq(orders.orderId, offerUses.orderId))
    .innerJoin(offers, eq(offers.offerId, offerUses.offerId))
    .where(placedIn(range))
    .groupBy(offers.offerId)
    .orderBy(desc(cost), offers.offerId);
  const totals = rows.reduce(
    (sum, row) => ({
      uses: sum.uses + row.orders,
      discountPence: sum.discountPence + row.discountPence,
      deliverySavedPence: sum.deliverySavedPence + row.deliverySavedPence,
      costPence: sum.costPence + row.costPence,
    }),
    { uses: 0, discountPence: 0, deliverySavedPence: 0, costPence: 0 },
  );
  return { range, rows, totals };
}
