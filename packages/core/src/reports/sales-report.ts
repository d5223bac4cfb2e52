/**
 * Sales by day, week or month over a range of London days, with the same period a year earlier
 * beside each (docs/reports.md). Sales are the goods of the orders placed (report-range.ts
 * `placedIn`), ex VAT, as the order states them (`sub_total_pence`: its lines, after any packs
 * cancelled before dispatch); delivery charged is its own column. Refunds, returns and credit
 * notes are not taken off: they are money and VAT documents of their own (Exports, VAT return).
 *
 * A year earlier: by day and by week the same days 52 weeks (364 days) before, so a Monday is set
 * beside a Monday and a week beside the week of the same number; by month the same calendar
 * dates a year before. Weeks start on Monday. The first and last week or month of a range may
 * be part of one; the year before is then the same part.
 */
import { sql } from 'drizzle-orm';
import { orders, type Database } from '@shop/db';
import { Invalid } from '../errors.ts';
import type { Pence } from '../pricing/money.ts';
import { addCalendarDays } from '../quotes/quote-validity.ts';
import { calendarYearEarlier, daysIn, londonPlaced, placedIn, reportMessages, weeksYearEarlier, yearEarlier, type ReportRange } from './report-range.ts';

export const SALES_GROUPS = ['day', 'week', 'month'] as const;
export type SalesGroup = (typeof SALES_GROUPS)[number];

export function isSalesGroup(value: unknown): value is SalesGroup {
  return typeof value === 'string' && (SALES_GROUPS as readonly string[]).includes(value);
}

/** By day shows at most this many days. */
export const MAX_DAYS_BY_DAY = 366;

export interface SalesFigures {
  orders: number;
  /** Goods ex VAT. */
  salesPence: Pence;
  /** Delivery charged ex VAT. */
  deliveryPence: Pence;
}

export interface SalesPeriod extends SalesFigures {
  /** The period's first day (a Monday for weeks, the 1st for months), YYYY-MM-DD. */
  start: string;
  /** The same period a year earlier: its first day, and its figures. */
  lastYearStart: string;
  lastYear: SalesFigures;
}

export interface SalesReport {
  range: ReportRange;
  group: SalesGroup;
  /** The days the "last year" figures cover. */
  lastYearRange: ReportRange;
  periods: SalesPeriod[];
  totals: SalesFigures & { lastYear: SalesFigures };
}

const NONE: SalesFigures = { orders: 0, salesPence: 0, deliveryPence: 0 };

/** A period's first day, as SQL over the order's London time. */
function periodStart(group: SalesGroup) {
  return sql`to_char(date_trunc(${sql.raw(`'${group}'`)}, ${londonPlaced}), 'YYYY-MM-DD')`;
}

/** The first day of the period holding `date`. */
export function periodStartOf(date: string, group: SalesGroup): string {
  if (group === 'day') return date;
  if (group === 'month') return `${date.slice(0, 8)}01`;
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 Sunday
  return addCalendarDays(date, -((weekday + 6) % 7));
}

function nextPeriod(start: string, group: SalesGroup): string {
  if (group === 'day') return addCalendarDays(start, 1);
  if (group === 'week') return addCalendarDays(start, 7);
  const [y, m] = start.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** Every period the range touches, in order (empty ones included: a chart shows a day of no sales as 0). */
export function periodsOf(range: ReportRange, group: SalesGroup): string[] {
  const starts: string[] = [];
  for (let start = periodStartOf(range.from, group); start <= range.to; start = nextPeriod(start, group)) starts.push(start);
  return starts;
}

async function figuresByPeriod(db: Database, range: ReportRange, group: SalesGroup): Promise<Map<string, SalesFigures>> {
  const start = periodStart(group);
  const rows = await db
    .select({
      start: sql<string>`${start}`,
      orders: sql<number>`count(*)`.mapWith(Number),
      salesPence: sql<number>`sum(${orders.subTotalPence})`.mapWith(Number),
      deliveryPence: sql<number>`sum(${orders.deliveryFeePence})`.mapWith(Number),
    })
    .from(orders)
    .where(placedIn(range))
    .groupBy(sql`1`);
  return new Map(rows.map(({ start: key, ...figures }) => [key, figures]));
}

function add(a: SalesFigures, b: SalesFigures): SalesFigures {
  return { orders: a.orders + b.orders, salesPence: a.salesPence + b.salesPence, deliveryPence: a.deliveryPence + b.deliveryPence };
}

/** An Invalid when the range cannot be shown so (over 366 days by day). */
export function assertSalesGroupFits(range: ReportRange, group: SalesGroup): void {
  if (group === 'day' && daysIn(range) > MAX_DAYS_BY_DAY) {
    throw new Invalid(reportMessages.daysTooLongForDays, { fields: [{ field: 'group', message: reportMessages.daysTooLongForDays }] });
  }
}

export async function salesReport(db: Database, range: ReportRange, group: SalesGroup): Promise<SalesReport> {
  assertSalesGroupFits(range, group);
  const lastYearRange = group === 'month' ? calendarYearEarlier(range) : weeksYearEarlier(range);
  const [current, earlier] = await Promise.all([figuresByPeriod(db, range, group), figuresByPeriod(db, lastYearRange, group)]);
  const earlierStart = (start: string) => (group === 'month' ? yearEarlier(start) : addCalendarDays(start, -364));
  const periods = periodsOf(range, group).map((start) => {
    const lastYearStart = earlierStart(start);
    return { start, ...(current.get(start) ?? NONE), lastYearStart, lastYear: earlier.get(lastYearStart) ?? NONE };
  });
  const totals = periods.reduce((sum, period) => ({ ...add(sum, period), lastYear: add(sum.lastYear, period.lastYear) }), { ...NONE, lastYear: NONE });
  return { range, group, lastYearRange, periods, totals };
}
