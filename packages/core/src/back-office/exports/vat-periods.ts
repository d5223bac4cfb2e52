/**
 * Filed VAT quarters and what they forbid (DESIGN section 10, Money: "a quarter marked filed never
 * changes"). Once the owner marks a quarter filed (vat-return.ts `file`), nothing may change the
 * figures of its return, so every write that the return counts by a date checks that date here:
 *
 * - a payment or refund (recorded by hand or from a bank statement, order-payments.ts) dated in
 *   a filed quarter is refused: the VAT of an advance payment counts on the day it was received,
 *   and moving it to another day would make the records say what did not happen. The message says
 *   why and what to do (an error in a filed return is corrected in a later one, which is the
 *   accountant's adjustment, not a payment's date);
 * - an invoice whose time of supply falls in a filed quarter (the supply was made then but is
 *   invoiced only now) is counted on the first day after it that is not filed, and the invoice
 *   says so (documents/invoice-numbers.ts);
 * - a credit note is dated the day it is issued, and a quarter may be filed only once it is over,
 *   so a credit note never falls in a filed quarter.
 *
 * The check and the filing exclude each other: a writer takes the filed-periods table in SHARE
 * mode for its transaction (writers do not wait for one another), the filing takes it in SHARE
 * ROW EXCLUSIVE mode, so a quarter is filed either before a payment dated in it is written (which
 * is then refused) or after it committed (and its figures include it).
 */
import { sql } from 'drizzle-orm';
import { columnsOf, figuresOf, queryRows, vatPeriodsFiled, type Executor } from '@shop/db';
import { Invalid } from '../../errors.ts';
import { formatDayMonthYear } from '../../documents/document-format.ts';

/** A filed quarter and its first and last days. */
const FILED = columnsOf(vatPeriodsFiled, ['quarter', 'periodFrom', 'periodTo']);
/** The London day an order was placed on, YYYY-MM-DD. */
const PLACED = figuresOf({ placedOn: 'text' });

export interface FiledQuarter {
  quarter: string;
  from: string;
  to: string;
}

export const vatPeriodMessages = {
  paymentInFiledQuarter: (kind: 'payment' | 'refund', date: string, filed: FiledQuarter, orderId: number) =>
    `${filed.quarter.replace('-', ' ')} (${formatDayMonthYear(filed.from)} to ${formatDayMonthYear(filed.to)}) has been filed with HMRC, so its figures may no longer change: ` +
    `a ${kind} ${kind === 'payment' ? 'received' : 'paid back'} on ${formatDayMonthYear(date)} cannot be recorded (order ${orderId}). ` +
    `Check the date; if it is right, ask your accountant to correct the filed return in the next one.`,
  beforeOrderPlaced: (kind: 'payment' | 'refund', placedOn: string, orderId: number) =>
    `A ${kind} cannot be ${kind === 'payment' ? 'received' : 'paid back'} before the order was placed on ${formatDayMonthYear(placedOn)} (order ${orderId}): check the date.`,
} as const;

/**
 * The filed quarter holding `date`, if any. Inside a transaction, `lock` takes the table in SHARE
 * mode until it ends, so no quarter is filed meanwhile (see above).
 */
export async function filedQuarterHolding(executor: Executor, date: string, lock = true): Promise<FiledQuarter | null> {
  if (lock) await executor.execute(sql`LOCK TABLE vat_periods_filed IN SHARE MODE`);
  const [raw] = await queryRows<Record<string, unknown>>(
    executor,
    sql`SELECT ${FILED.list} FROM vat_periods_filed WHERE ${date}::date BETWEEN period_from AND period_to LIMIT 1`,
  );
  if (!raw) return null;
  const row = FILED.read(raw);
  return { quarter: row.quarter, from: row.periodFrom, to: row.periodTo };
}

/** The first day on or after `date` in no filed quarter (`date` itself when it is not in one). */
export async function firstOpenDay(executor: Executor, date: string, lock = true): Promise<string> {
  let day = date;
  for (let filed = await filedQuarterHolding(executor, day, lock); filed; filed = await filedQuarterHolding(executor, day, false)) {
    day = dayAfter(filed.to);
  }
  return day;
}

export function dayAfter(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Why a payment or refund of an order may not be dated so, or null: before the order was placed
 * (London day), or in a filed quarter. `lock` holds the filed quarters until the transaction ends
 * (the write's check); a dry run (a bank statement's check) reads without it.
 */
export async function paymentDateProblem(executor: Executor, payment: { orderId: number; kind: 'payment' | 'refund'; receivedOn: string }, lock = true): Promise<string | null> {
  const [order] = await queryRows<Record<string, unknown>>(
    executor,
    sql`SELECT (created AT TIME ZONE 'Europe/London')::date::text AS "placedOn" FROM orders WHERE order_id = ${payment.orderId}`,
  );
  const placedOn = order ? PLACED.read(order).placedOn : null;
  if (placedOn !== null && payment.receivedOn < placedOn) return vatPeriodMessages.beforeOrderPlaced(payment.kind, placedOn, payment.orderId);
  const filed = await filedQuarterHolding(executor, payment.receivedOn, lock);
  return filed ? vatPeriodMessages.paymentInFiledQuarter(payment.kind, payment.receivedOn, filed, payment.orderId) : null;
}

/** Refuses (a clear 400 naming the date) what paymentDateProblem finds. Called in the transaction that writes it. */
export async function checkPaymentDate(tx: Executor, payment: { orderId: number; kind: 'payment' | 'refund'; receivedOn: string }): Promise<void> {
  const message = await paymentDateProblem(tx, payment);
  if (message) throw new Invalid(message, { fields: [{ field: 'received_on', message }] });
}
