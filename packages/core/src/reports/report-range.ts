/**
 * The date range every report reads (docs/reports.md): London calendar days, both ends
 * included, as the accounting exports take them, and the SQL that picks the orders placed in it.
 * Sales are orders placed in the range and not cancelled: PendingDelivery, Dispatched and
 * Delivered (back-office/orders/order-states.ts). An order over a buyer's limit is not an order
 * until a company admin approves it (it is an approval request until then), and a payment whose
 * order could not be placed never made one, so neither is in any report.
 */
import { sql, type SQL } from 'drizzle-orm';
import { orders } from '@shop/db';
import { Invalid } from '../errors.ts';
import { addCalendarDays } from '../quotes/quote-validity.ts';
import { daysBetween } from '../credit-control/credit-stop.ts';
import { parseExportRange } from '../back-office/exports/accounting-exports.ts';

export interface ReportRange {
  /** First London day, YYYY-MM-DD. */
  from: string;
  /** Last London day (included), YYYY-MM-DD. */
  to: string;
}

/** The range a report opens with: the 90 London days up to and including today. */
export const DEFAULT_REPORT_DAYS = 90;
/** Reports read at most this many days at once (five years): beyond it the page says so. */
export const MAX_REPORT_DAYS = 366 * 5;

export const reportMessages = {
  tooLong: `Choose at most ${MAX_REPORT_DAYS.toLocaleString('en-GB')} days (five years).`,
  daysTooLongForDays: 'Show a range over 366 days by week or by month.',
  slowDays: 'Give the days without a sale as a whole number from 1 to 3650.',
} as const;

export function defaultReportRange(today: string): ReportRange {
  return { from: addCalendarDays(today, -(DEFAULT_REPORT_DAYS - 1)), to: today };
}

/**
 * The range of a request's `from` and `to`; both missing is the default range, anything else
 * wrong an Invalid naming the field (the accounting exports' messages).
 */
export function parseReportRange(from: string | null | undefined, to: string | null | undefined, today: string): ReportRange {
  if (!from && !to) return defaultReportRange(today);
  const range = parseExportRange(from, to);
  if (daysIn(range) > MAX_REPORT_DAYS) throw new Invalid(reportMessages.tooLong, { fields: [{ field: 'from', message: reportMessages.tooLong }] });
  return range;
}

/** London days in the range, both ends counted. */
export function daysIn(range: ReportRange): number {
  return daysBetween(range.from, range.to) + 1;
}

/** The same days a year earlier: 52 weeks (364 days) back, so weekdays match (a Monday compares with a Monday). */
export function weeksYearEarlier(range: ReportRange): ReportRange {
  return { from: addCalendarDays(range.from, -364), to: addCalendarDays(range.to, -364) };
}

/** The same calendar dates a year earlier (29 February becomes 28 February). */
export function calendarYearEarlier(range: ReportRange): ReportRange {
  return { from: yearEarlier(range.from), to: yearEarlier(range.to) };
}

export function yearEarlier(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = m === 2 && d === 29 ? 28 : d;
  return `${y - 1}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** An order's London day of placing, as SQL (`timestamptz AT TIME ZONE` gives London wall-clock time). */
export const londonPlaced = sql`(${orders.created} AT TIME ZONE 'Europe/London')`;

/**
 * Orders placed in the range and not cancelled: the orders indexes (created; status, created)
 * answer it. `created` is compared with the London midnights that bound the range (GMT or BST).
 */
export function placedIn(range: ReportRange): SQL {
  return sql`${orders.created} >= (${range.from}::date)::timestamp AT TIME ZONE 'Europe/London'
         AND ${orders.created} < (${range.to}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
         AND ${orders.status} <> 'Cancelled'`;
}
