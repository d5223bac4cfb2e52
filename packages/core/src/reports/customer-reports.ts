/**
 * Who bought (docs/reports.md): sales per customer and per company over a range, most first.
 * Sales are the goods ex VAT of the orders placed (report-range.ts), as the sales report counts
 * them, so each report's total is the sales report's. A company's sales are the orders its
 * members placed for it (`orders.company_id`, fixed when the order is placed); orders placed for
 * no company are one row, "No company".
 */
import { desc, eq, sql } from 'drizzle-orm';
import { companies, orders, users, type Database } from '@shop/db';
import type { Pence } from '../pricing/money.ts';
import { placedIn, type ReportRange } from './report-range.ts';

export interface BuyerTotals {
  orders: number;
  salesPence: Pence;
  /** Customers who placed the orders. */
  customers: number;
}

export interface CustomerSales {
  userId: number;
  customerName: string;
  email: string;
  /** The company name on the customer's account (for invoices), else null. */
  companyName: string | null;
  orders: number;
  salesPence: Pence;
}

export interface CompanySales {
  /** Null: orders placed for no company. */
  companyId: number | null;
  name: string;
  customers: number;
  orders: number;
  salesPence: Pence;
}

export interface BuyerReport<Row> {
  range: ReportRange;
  rows: Row[];
  /** Customers, or companies (not counting "No company"), that ordered in the range: the rows listed may be the first of them. */
  count: number;
  totals: BuyerTotals;
}

export const NO_COMPANY = 'No company';

const orderCount = sql<number>`count(*)`.mapWith(Number);
const sales = sql<number>`sum(${orders.subTotalPence})`.mapWith(Number);

async function totalsOf(db: Database, range: ReportRange): Promise<BuyerTotals> {
  const [row] = await db
    .select({ orders: orderCount, salesPence: sql<number>`COALESCE(sum(${orders.subTotalPence}), 0)`.mapWith(Number), customers: sql<number>`count(DISTINCT ${orders.userId})`.mapWith(Number) })
    .from(orders)
    .where(placedIn(range));
  return row ?? { orders: 0, salesPence: 0, customers: 0 };
}

/** Customers by sales in the range, most first; `limit` null for all. */
export async function salesByCustomer(db: Database, range: ReportRange, limit: number | null): Promise<BuyerReport<CustomerSales>> {
  const query = db
    .select({
      userId: orders.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      companyName: users.companyName,
      orders: orderCount,
      salesPence: sales,
    })
    .from(orders)
    .innerJoin(users, eq(users.userId, orders.userId))
    .where(placedIn(range))
    .groupBy(orders.userId, users.userId)
    .orderBy(desc(sales), orders.userId);
  const [rows, totals] = await Promise.all([limit === null ? query : query.limit(limit), totalsOf(db, range)]);
  return {
    range,
    rows: rows.map(({ firstName, lastName, ...row }) => ({ ...row, customerName: `${firstName} ${lastName}`.trim() })),
    count: totals.customers,
    totals,
  };
}

/** Companies by sales in the range, most first, with "No company" among them by its sales; `limit` null for all. */
export async function salesByCompany(db: Database, range: ReportRange, limit: number | null): Promise<BuyerReport<CompanySales>> {
  const query = db
    .select({
      companyId: orders.companyId,
      name: sql<string | null>`max(${companies.name})`,
      customers: sql<number>`count(DISTINCT ${orders.userId})`.mapWith(Number),
      orders: orderCount,
      salesPence: sales,
    })
    .from(orders)
    .leftJoin(companies, eq(companies.companyId, orders.companyId))
    .where(placedIn(range))
    .groupBy(orders.companyId)
    .orderBy(desc(sales), orders.companyId);
  const [rows, totals, [counted]] = await Promise.all([
    limit === null ? query : query.limit(limit),
    totalsOf(db, range),
    db
      .select({ count: sql<number>`count(DISTINCT ${orders.companyId})`.mapWith(Number) })
      .from(orders)
      .where(placedIn(range)),
  ]);
  return { range, rows: rows.map((row) => ({ ...row, name: row.name ?? NO_COMPANY })), count: counted?.count ?? 0, totals };
}
