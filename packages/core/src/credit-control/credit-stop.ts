/**
 * THE credit stop rule (docs/credit-control.md), read by checkout (TradeAccounts.requireCredit),
 * the customer's page, the aged-debt report and the daily credit-control run, and nowhere else.
 *
 * An open trade account is on stop when, on the London day `today`,
 *   - overdue: one of its account orders still owes money and is more than `stopAfterDaysOverdue`
 *     days past its payment due date (CREDIT_STOP_DAYS_OVERDUE), or
 *   - over its limit: what its open account orders owe is more than its credit limit;
 * unless staff lifted the stop since. A lift excuses the account as it stood that day: an order
 * that was already past the threshold, and what was owed then. It goes back on stop only when
 * another order passes the threshold after the lift, or it comes to owe more than it did then
 * (and more than its limit).
 *
 * Whether an account is on stop is decided from its orders each time it is asked, so a payment
 * takes it off stop at once, and an order passing the threshold at midnight stops the next
 * checkout; the daily run records when it found an account on stop, for its history.
 */
import { sql } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, figuresOf, orders, queryRows, tradeAccounts, type Executor } from '@shop/db';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import { PAYMENT_FILTER_CONDITIONS } from '../back-office/orders/order-states.ts';
import { ordersOfTradeAccount, tradeAccountKeyOf } from '../companies/company-access.ts';

/** Default of CREDIT_STOP_DAYS_OVERDUE: an invoice more than 7 days overdue stops the account. */
export const DEFAULT_STOP_AFTER_DAYS_OVERDUE = 7;

export type CreditStopReason = 'overdue' | 'over-limit';

export interface CreditStop {
  userId: number;
  reason: CreditStopReason;
  /** What the account owes on account now. */
  owedPence: Pence;
  creditLimitPence: Pence;
  /** The order overdue longest past the threshold (reason 'overdue'), with its due date and days overdue. */
  overdue: { orderId: number; dueDate: string; daysOverdue: number } | null;
}

/** An open account's standing: its stop (or null) and what the daily run last recorded. */
export interface AccountStanding {
  userId: number;
  stop: CreditStop | null;
  /** When the daily run recorded the account on stop, and why; null while it has not. */
  recordedStop: { at: Date; reason: CreditStopReason } | null;
  stopLiftedAt: Date | null;
}

const ACCOUNT = columnsOf(tradeAccounts, ['userId', 'creditLimitPence', 'stoppedAt', 'stopReason', 'stopLiftedAt', 'stopLiftedOwedPence'], 't');
const LATE = columnsOf(orders, ['orderId', 'paymentDueDate'], 'late', { leftJoined: true });
/** What the account owes, a sum computed beside its columns (pence; a bigint, text on node-postgres). */
const OWED = figuresOf({ owed: 'number' });

export const creditStopMessages = {
  /** What checkout says when it refuses to put an order on account. */
  refused(stop: CreditStop): string {
    const why =
      stop.reason === 'overdue' && stop.overdue
        ? `order #${stop.overdue.orderId} was due on ${longDate(stop.overdue.dueDate)} and is ${stop.overdue.daysOverdue} days overdue`
        : `you owe ${pounds(stop.owedPence)} on account, more than your credit limit of ${pounds(stop.creditLimitPence)}`;
    return (
      `Your trade account is on stop: ${why}. Nothing was ordered on account. ` +
      'You can still pay for this order by card or bank transfer; once the account is paid up you can order on account again. ' +
      'Please call us if you think this is wrong.'
    );
  },
  /** Why the account is on stop, as staff read it (customer page, aged-debt report and its CSV). */
  forStaff(stop: CreditStop, stopAfterDaysOverdue: number): string {
    return stop.reason === 'overdue' && stop.overdue
      ? `Order #${stop.overdue.orderId} is ${stop.overdue.daysOverdue} days overdue (the stop comes after ${stopAfterDaysOverdue} days)`
      : `Owes ${pounds(stop.owedPence)}, over the credit limit of ${pounds(stop.creditLimitPence)}`;
  },
  notOnStop: 'The account is not on stop: there is nothing to lift.',
  noteRequired: 'Say why the stop is lifted, for example "Paying £500 by Friday, agreed with Jo in accounts". (1-500) Characters',
} as const;

/**
 * The standing of open trade accounts on the London day `today` (all of them, or one customer's),
 * read inside the caller's transaction when it must agree with a change (checkout, a lift).
 */
export async function accountStandings(
  executor: Executor,
  { today, stopAfterDaysOverdue, userId }: { today: string; stopAfterDaysOverdue: number; userId?: number },
): Promise<AccountStanding[]> {
  const unpaid = sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid);
  // The account's columns, its longest-overdue order past the threshold (ACCOUNT, LATE) and what it
  // owes, a sum computed here (a bigint: text on node-postgres), not a table's column.
  const rows = await queryRows<object>(
    executor,
    sql`SELECT ${ACCOUNT.list}, ${LATE.list}, COALESCE(owed.owed, 0) AS owed
        FROM trade_accounts t
        LEFT JOIN LATERAL (
          SELECT sum(o.total_pence - o.credited_pence - o.paid_pence) AS owed FROM orders o
          WHERE ${ordersOfTradeAccount('t')} AND o.payment_method = 'account' AND ${unpaid}) owed ON true
        LEFT JOIN LATERAL (
          SELECT o.order_id, o.payment_due_date FROM orders o
          WHERE ${ordersOfTradeAccount('t')} AND o.payment_method = 'account' AND ${unpaid}
            AND o.payment_due_date < ${today}::date - ${stopAfterDaysOverdue}::int
            -- Passed the threshold after the last lift (the lift excused those past it by then).
            AND (t.stop_lifted_at IS NULL
                 OR o.payment_due_date + ${stopAfterDaysOverdue + 1}::int > (t.stop_lifted_at AT TIME ZONE 'Europe/London')::date)
          ORDER BY o.payment_due_date, o.order_id
          LIMIT 1) late ON true
        WHERE t.closed_at IS NULL ${userId === undefined ? sql`` : sql`AND t.user_id = ${tradeAccountKeyOf(userId)}`}
        ORDER BY t.user_id`,
  );
  return rows.map((raw) => {
    const account = ACCOUNT.read(raw);
    const late = LATE.read(raw);
    const owedPence = OWED.read(raw).owed;
    const overLimit = owedPence > account.creditLimitPence && (account.stopLiftedOwedPence === null || owedPence > account.stopLiftedOwedPence);
    const overdue =
      late.orderId !== null && late.paymentDueDate !== null
        ? { orderId: late.orderId, dueDate: late.paymentDueDate, daysOverdue: daysBetween(late.paymentDueDate, today) }
        : null;
    const reason: CreditStopReason | null = overdue ? 'overdue' : overLimit ? 'over-limit' : null;
    return {
      userId: account.userId,
      stop: reason === null ? null : { userId: account.userId, reason, owedPence, creditLimitPence: account.creditLimitPence, overdue },
      recordedStop: account.stoppedAt && account.stopReason ? { at: account.stoppedAt, reason: account.stopReason } : null,
      stopLiftedAt: account.stopLiftedAt,
    };
  });
}

/** The customer's stop on the London day `today`, or null (no open account, or not on stop). */
export async function creditStopOf(executor: Executor, userId: number, today: string, stopAfterDaysOverdue: number): Promise<CreditStop | null> {
  const [standing] = await accountStandings(executor, { today, stopAfterDaysOverdue, userId });
  return standing?.stop ?? null;
}

/** Whole days from `from` to `to` (ISO dates). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** "1 June 2025". */
export function longDate(date: string): string {
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

function pounds(pence: Pence): string {
  return formatPounds(penceToPounds(pence));
}
