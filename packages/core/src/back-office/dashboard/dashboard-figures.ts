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
import { columnsOf, figuresOf, queryRows, users, type Database } from '@shop/db';
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
/** Aggregates (counts and sums, bigint: text on node-postgres; the oldest time as text). */
const READY = figuresOf({ count: 'number', oldest: 'text?' });
const TODAY = figuresOf({ count: 'number', net: 'number', gross: 'number' });
const AWAITING = figuresOf({ count: 'number', due: 'number' });
/** Aggregates over a customer's overdue orders, beside the customer's columns. */
const OVERDUE = figuresOf({ overdue: 'number', days: 'number', orders: 'number', oldest_order_id: 'number' });

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
    const [raw = {}] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT count(*) AS count, to_char(min(created) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS oldest
          FROM orders
          WHERE ${readyToDispatchCondition('orders')}`,
    );
    const row = READY.read(raw);
    return { count: row.count, oldestPlacedAt: row.oldest };
  }

  private async money(date: string): Promise<MoneyFigures> {
    const [today, awaitingPayment, overdueAccounts] = await Promise.all([this.today(date), this.awaitingPayment(), this.overdueAccounts(date)]);
    return { today, awaitingPayment, overdueAccounts };
  }

  /** Orders placed on the London day `date` (not cancelled). */
  async today(date: string): Promise<MoneyFigures['today']> {
    const [raw = {}] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT count(*) AS count, COALESCE(sum(sub_total_pence + delivery_fee_pence), 0) AS net, COALESCE(sum(total_pence), 0) AS gross
          FROM orders
          WHERE created >= (${date}::date)::timestamp AT TIME ZONE 'Europe/London'
            AND created < (${date}::date + 1)::timestamp AT TIME ZONE 'Europe/London'
            AND status <> 'Cancelled'`,
    );
    const row = TODAY.read(raw);
    return { count: row.count, netPence: row.net, grossPence: row.gross };
  }

  async awaitingPayment(): Promise<MoneyFigures['awaitingPayment']> {
    const [raw = {}] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT count(*) AS count, COALESCE(sum(o.total_pence - o.credited_pence - o.paid_pence), 0) AS due
          FROM orders o
          WHERE o.payment_method = 'bank' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}`,
    );
    const row = AWAITING.read(raw);
    return { count: row.count, duePence: row.due };
  }

  /** Customers with account orders past their due date on the London day `date`, most overdue first. */
  async overdueAccounts(date: string, limit = OVERDUE_ACCOUNTS_SHOWN): Promise<OverdueAccount[]> {
    const rows = await queryRows<Record<string, unknown>>(
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
      const figures = OVERDUE.read(r);
      return {
        userId: customer.userId,
        customerName: `${customer.firstName} ${customer.lastName}`.trim(),
        companyName: customer.companyName,
        email: customer.email,
        overduePence: figures.overdue,
        daysOverdue: figures.days,
        orderCount: figures.orders,
        oldestOrderId: figures.oldest_order_id,
      };
    });
  }
}
