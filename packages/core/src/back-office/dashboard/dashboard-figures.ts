/**
 * The back office's dashboard: one query per figure, each served by the orders
 * indexes (created; status, created) or bounded by what is still open.
 *
 * - Today's orders: placed since London midnight (Europe/London day, GMT or BST), cancelled ones
 *   left out; their value ex-VAT (goods + delivery) and gross.
 * - Awaiting payment: bank-transfer orders, not cancelled, with something still to pay (count and
 *   amount still due). Account orders are credit, not awaiting payment: they show as overdue
 *   accounts once past their due date.
 * - Ready to dispatch: the dispatch desk's rule (back-office/dispatch/dispatch-desk.ts
 *   readyToDispatchCondition): awaiting dispatch, net paid in full (paid less refunded) or on
 *   account, and on the shelf.
 * - Overdue trade accounts: account orders past `payment_due_date` (London today) and not fully
 *   paid, not cancelled, per customer: amount overdue, days overdue (of the oldest), orders.
 *
 * The warehouse sees only "ready to dispatch" (no money): `figuresFor(false)`.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, queryRows, users, type Database } from '@shop/db';
import type { Pence } from '../../pricing/money.ts';
import { londonDateOf } from '../customers/customer-directory.ts';
import { readyToDispatchCondition } from '../dispatch/dispatch-desk.ts';
import { PAYMENT_FILTER_CONDITIONS } from '../orders/order-states.ts';

export interface ReadyToDispatch {
  count: number;
  /** Placed longest ago of those ready (ISO), or null when none. */
  oldestPlacedAt: string | null;
}

export interface OverdueAccount {
  userId: number;
  customerName: string;
  companyName: string | null;
  email: string;
  overduePence: Pence;
  /** Days since the earliest missed due date. */
  daysOverdue: number;
  orderCount: number;
  /** The order overdue longest, to open it. */
  oldestOrderId: number;
}

export interface MoneyFigures {
  today: { count: number; netPence: Pence; grossPence: Pence };
  awaitingPayment: { count: number; duePence: Pence };
  overdueAccounts: OverdueAccount[];
}

export interface DashboardFigures {
  /** The London date the figures are for. */
  date: string;
  readyToDispatch: ReadyToDispatch;
  /** Null for staff who may not see payments (the warehouse). */
  money: MoneyFigures | null;
}

/** How many overdue accounts the dashboard lists (the most overdue first). */
export const OVERDUE_ACCOUNTS_SHOWN = 20;

const CUSTOMER = columnsOf(users, ['userId', 'firstName', 'lastName', 'companyName', 'email'], 'u');

export class DashboardQueries {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The figures; `withMoney` false leaves out everything about amounts and payment (warehouse). */
  async figures(withMoney: boolean): Promise<DashboardFigures> {
    const date = londonDateOf(this.now());
    const [readyToDispatch, money] = await Promise.all([this.readyToDispatch(), withMoney ? this.money(date) : Promise.resolve(null)]);
    return { date, readyToDispatch, money };
  }

  async readyToDispatch(): Promise<ReadyToDispatch> {
    // Aggregates (a count and the oldest time as text): no table's row.
    const [row] = await queryRows<{ count: number | string; oldest: string | null }>(
      this.db,
      sql`SELECT count(*) AS count, to_char(min(created) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS oldest
          FROM orders
          WHERE ${readyToDispatchCondition('orders')}`,
    );
    return { count: Number(row?.count ?? 0), oldestPlacedAt: row?.oldest ?? null };
  }

  private async money(date: string): Promise<MoneyFigures> {
    const [today, awaitingPayment, overdueAccounts] = await Promise.all([this.today(date), this.awaitingPayment(), this.overdueAccounts(date)]);
    return { today, awaitingPayment, overdueAccounts };
  }

  /** Orders placed on the London day `date` (not cancelled). */
  async today(date: string): Promise<MoneyFigures['today']> {
    // Aggregates (bigint sums come as text on node-postgres): no table's row.
    const [row] = await queryRows<{ count: number | string; net: number | string; gross: number | string }>(
      this.db,
      sql`SELECT count(*) AS count, COALESCE(sum(sub_total_pence + delivery_fee_pence), 0) AS net, COALESCE(sum(total_pence), 0) AS gross
          FROM orders
          WHERE created >= (${date}::date)::timestamp AT TIME ZONE 'Europe/London'
            AND created < (${date}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
            AND status <> 'Cancelled'`,
    );
    return { count: Number(row?.count ?? 0), netPence: Number(row?.net ?? 0), grossPence: Number(row?.gross ?? 0) };
  }

  async awaitingPayment(): Promise<MoneyFigures['awaitingPayment']> {
    // Aggregates (bigint sums come as text on node-postgres): no table's row.
    const [row] = await queryRows<{ count: number | string; due: number | string }>(
      this.db,
      sql`SELECT count(*) AS count, COALESCE(sum(o.total_pence - o.credited_pence - o.paid_pence), 0) AS due
          FROM orders o
          WHERE o.payment_method = 'bank' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}`,
    );
    return { count: Number(row?.count ?? 0), duePence: Number(row?.due ?? 0) };
  }

  /** Customers with account orders past their due date on the London day `date`, most overdue first. */
  async overdueAccounts(date: string, limit = OVERDUE_ACCOUNTS_SHOWN): Promise<OverdueAccount[]> {
    // The customer's columns, then aggregates over their overdue orders (as either driver answers them).
    const rows = await queryRows<{ overdue: number | string; days: number | string; orders: number | string; oldest_order_id: number }>(
      this.db,
      sql`SELECT ${CUSTOMER.list},
                 sum(o.total_pence - o.credited_pence - o.paid_pence) AS overdue,
                 ${date}::date - min(o.payment_due_date) AS days,
                 count(*) AS orders,
                 (array_agg(o.order_id ORDER BY o.payment_due_date, o.order_id))[1] AS oldest_order_id
          FROM orders o JOIN users u ON u.user_id = o.user_id
          WHERE o.payment_method = 'account' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}
            AND o.payment_due_date < ${date}::date
          GROUP BY u.user_id, u.first_name, u.last_name, u.company_name, u.email
          ORDER BY min(o.payment_due_date), u.user_id
          LIMIT ${limit}`,
    );
    return rows.map((r) => {
      const customer = CUSTOMER.read(r);
      return {
        userId: customer.userId,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        companyName: customer.companyName,
        email: customer.email,
        overduePence: Number(r.overdue),
        daysOverdue: Number(r.days),
        orderCount: Number(r.orders),
        oldestOrderId: Number(r.oldest_order_id),
      };
    });
  }
}
