/**
 * Customers in the back office: search the customers (name, e-mail, company,
 * phone, the postcode of any saved address), one customer's details, addresses and recent
 * orders, and disabling a customer: `users.disabled_at` is set and every token of theirs is
 * revoked in the same transaction, so their sign-ins (API Bearer tokens and the storefront's
 * cookie, which carries the same token) end at once. Sign-in refuses a disabled customer with
 * the generic failure, and token authentication joins `users.disabled_at IS NULL` as well
 * (accounts/token-service.ts, account-service.ts).
 *
 * The trade account is `services.tradeAccounts`; callers check staff permissions
 * ('customers:view', 'customers:manage').
 */
import { PAYMENT_STATUS_LABELS, paymentStatusOf } from '../orders/order-states.ts';
import { eq, sql } from 'drizzle-orm';
import { addresses, columnsOf, figuresOf, orders, queryNumber, queryRows, users, type Database } from '@shop/db';
import { Conflict, NotFound } from '../../errors.ts';
import { customerHistory, recordCustomerEvent, type CustomerEvent } from './customer-events.ts';
import type { Pence } from '../../pricing/money.ts';
import type { TokenService } from '../../accounts/token-service.ts';
import { isoSeconds } from '../../iso-time.ts';

export const CUSTOMER_PAGE_SIZE = 25;
export const CLOSED_ACCOUNT_STAYS_CLOSED = 'This account was closed at the customer\'s request: it cannot be enabled again. They may sign up afresh.';
export const RECENT_ORDER_COUNT = 10;

const LISTED = columnsOf(users, ['userId', 'firstName', 'lastName', 'email', 'phone', 'companyName', 'createdAt', 'disabledAt', 'closedAt'], 'u');
const CUSTOMER = columnsOf(users, ['userId', 'firstName', 'lastName', 'email', 'phone', 'companyName', 'vatNumber', 'newsletter', 'createdAt', 'disabledAt', 'closedAt']);
// `region` is the house number or name (SPEC 5's address form): staff need it to find the door.
const ADDRESS = columnsOf(addresses, ['addressId', 'reference', 'contactName', 'companyName', 'region', 'address', 'town', 'postCode', 'country', 'phone', 'type']);
const ORDER = columnsOf(orders, ['orderId', 'created', 'totalPence', 'paidPence', 'refundedPence', 'creditedPence', 'status', 'paymentMethod', 'paymentDueDate']);
/** Counts beside a listed customer's columns (bigint: text on node-postgres): their orders, and the matches in all. */
const LISTED_COUNTS = figuresOf({ order_count: 'number', total: 'number' });
/** The customer's orders, counted beside their columns. */
const ORDER_COUNT = figuresOf({ order_count: 'number' });
/** Whether the customer was disabled before the change (computed from the row as it was). */
const WAS_DISABLED = figuresOf({ was_disabled: 'boolean' });

export type CustomerListItem = Pick<ReturnType<typeof LISTED.read>, 'userId' | 'email' | 'phone' | 'companyName'> & {
  name: string;
  /** When the customer signed up (ISO). */
  joinedAt: string;
  disabled: boolean;
  /** Closed at the customer's request: the details are erased, the orders kept. */
  closed: boolean;
  orderCount: number;
};

export interface CustomerSearchResult {
  query: string;
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
  customers: CustomerListItem[];
}

export type CustomerAddress = Omit<ReturnType<typeof ADDRESS.read>, 'type'> & { isBilling: boolean };

/** How an order stands for payment, apart from its state, in words (PAYMENT_STATUS_LABELS). */
export type PaymentStatusLabel = (typeof PAYMENT_STATUS_LABELS)[keyof typeof PAYMENT_STATUS_LABELS];

export type CustomerOrder = Pick<ReturnType<typeof ORDER.read>, 'orderId' | 'totalPence' | 'paidPence' | 'paymentMethod' | 'paymentDueDate'> & {
  /** ISO 8601, UTC, to the second. */
  placedAt: string;
  state: ReturnType<typeof ORDER.read>['status'];
  paymentStatus: PaymentStatusLabel;
};

export type CustomerDetail = Omit<ReturnType<typeof CUSTOMER.read>, 'createdAt' | 'disabledAt' | 'closedAt'> & {
  /** ISO 8601, UTC, to the second. */
  joinedAt: string;
  disabledAt: string | null;
  /** When the account was closed (core/accounts/account-closure.ts), ISO; null while open. */
  closedAt: string | null;
  orderCount: number;
  addresses: CustomerAddress[];
  recentOrders: CustomerOrder[];
};

/** The payment status of an order, as words (the rule is back-office/orders/order-states.ts; `today`: London date). */
export function paymentStatusLabelOf(
  order: { paymentMethod: string; totalPence: Pence; paidPence: Pence; refundedPence?: Pence; creditedPence?: Pence; paymentDueDate: string | null; state?: string },
  today: string,
): PaymentStatusLabel {
  return PAYMENT_STATUS_LABELS[
    paymentStatusOf(
      {
        status: order.state ?? 'PendingDelivery',
        paymentMethod: order.paymentMethod,
        totalPence: order.totalPence,
        paidPence: order.paidPence,
        refundedPence: order.refundedPence ?? 0,
        creditedPence: order.creditedPence ?? 0,
        paymentDueDate: order.paymentDueDate,
      },
      today,
    )
  ];
}

/** 'YYYY-MM-DD' of the instant in London. */
export function londonDateOf(instant: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

/** `%` and `_` taken literally in a LIKE pattern (the default escape character is the backslash). */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export interface CustomerDirectoryOptions {
  now?: () => Date;
}

export class CustomerDirectory {
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    /** Disabling a customer ends their sign-ins: the tokens' own revocation. */
    private readonly tokens: Pick<TokenService, 'revokeAllOfUser'>,
    options: CustomerDirectoryOptions = {},
  ) {
    this.now = options.now ?? (() => new Date());
  }

  /**
   * One page of customers, newest first, matching `query` (empty: everyone) in the name, e-mail,
   * company, phone (spaces ignored) or the postcode of any saved address (spaces and case ignored,
   * from its start). Pages count from 1.
   */
  async search(query: string, page = 1, pageSize = CUSTOMER_PAGE_SIZE): Promise<CustomerSearchResult> {
    const q = query.trim().slice(0, 100);
    // Far beyond any real page: clamped, so the offset stays a plain integer.
    const safePage = Number.isSafeInteger(page) && page >= 1 ? Math.min(page, 100_000) : 1;
    const offset = (safePage - 1) * pageSize;
    let where = sql`TRUE`;
    if (q !== '') {
      const contains = `%${likeEscaped(q)}%`;
      const digits = q.replace(/\s+/g, '');
      const postcode = `${likeEscaped(q.replace(/\s+/g, '').toUpperCase())}%`;
      where = sql`(
          (u.first_name || ' ' || u.last_name) ILIKE ${contains}
          OR u.email ILIKE ${contains}
          OR u.company_name ILIKE ${contains}
          OR replace(u.phone, ' ', '') ILIKE ${`%${likeEscaped(digits)}%`}
          OR EXISTS (SELECT 1 FROM addresses a WHERE a.user_id = u.user_id AND a.is_active
                       AND (upper(replace(a.post_code, ' ', '')) LIKE ${postcode} OR a.company_name ILIKE ${contains})))`;
    }
    const rows = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${LISTED.list},
                 (SELECT count(*) FROM orders o WHERE o.user_id = u.user_id) AS order_count,
                 count(*) OVER () AS total
          FROM users u
          WHERE ${where}
          ORDER BY u.created_at DESC, u.user_id DESC
          LIMIT ${pageSize} OFFSET ${offset}`,
    );
    let total = rows[0] ? LISTED_COUNTS.read(rows[0]).total : 0;
    if (rows.length === 0 && safePage > 1) {
      // Past the last page: count on its own so the page can offer the way back.
      total = await queryNumber(this.db, sql`SELECT count(*) AS value FROM users u WHERE ${where}`);
    }
    return {
      query: q,
      page: safePage,
      pageSize,
      total,
      pageCount: Math.max(1, Math.ceil(total / pageSize)),
      customers: rows.map((r) => {
        const customer = LISTED.read(r);
        return {
          userId: customer.userId,
          name: `${customer.firstName} ${customer.lastName}`.trim(),
          email: customer.email,
          phone: customer.phone,
          companyName: customer.companyName,
          joinedAt: isoSeconds(customer.createdAt),
          disabled: customer.disabledAt !== null,
          closed: customer.closedAt !== null,
          orderCount: LISTED_COUNTS.read(r).order_count,
        };
      }),
    };
  }

  /** A customer's details, saved addresses and most recent orders; NotFound when there is no such customer. */
  async detail(userId: number): Promise<CustomerDetail> {
    const [row] = await queryRows<Record<string, unknown>>(
      this.db,
      sql`SELECT ${CUSTOMER.list}, (SELECT count(*) FROM orders o WHERE o.user_id = users.user_id) AS order_count
          FROM users WHERE user_id = ${userId}`,
    );
    if (!row) throw new NotFound(`There is no customer ${userId}.`);
    const { createdAt, disabledAt, closedAt, ...user } = CUSTOMER.read(row);
    const saved = await queryRows<object>(
      this.db,
      sql`SELECT ${ADDRESS.list} FROM addresses WHERE user_id = ${userId} AND is_active
          ORDER BY (type = 'Billing') DESC NULLS LAST, address_id`,
    );
    return {
      ...user,
      joinedAt: isoSeconds(createdAt),
      disabledAt: disabledAt && isoSeconds(disabledAt),
      closedAt: closedAt && isoSeconds(closedAt),
      orderCount: ORDER_COUNT.read(row).order_count,
      addresses: saved.map((raw) => {
        const { type, ...address } = ADDRESS.read(raw);
        return { ...address, isBilling: type === 'Billing' };
      }),
      recentOrders: await this.recentOrders(userId),
    };
  }

  /** The customer's latest orders, newest first (number, date, total, state, payment). */
  async recentOrders(userId: number, limit = RECENT_ORDER_COUNT): Promise<CustomerOrder[]> {
    const rows = await queryRows<object>(
      this.db,
      sql`SELECT ${ORDER.list} FROM orders WHERE user_id = ${userId}
          ORDER BY created DESC, order_id DESC LIMIT ${limit}`,
    );
    const today = londonDateOf(this.now());
    return rows.map((raw) => {
      const { created, status, refundedPence, creditedPence, ...order } = ORDER.read(raw);
      const listed = { ...order, placedAt: isoSeconds(created), state: status };
      return { ...listed, paymentStatus: paymentStatusLabelOf({ ...listed, refundedPence, creditedPence }, today) };
    });
  }

  /**
   * Disables the customer: they can no longer sign in, and every token of theirs is revoked in
   * the same transaction (signed out everywhere at once), audited as `staffId`'s action.
   * Disabling a disabled customer changes nothing. NotFound when there is no such customer.
   */
  async disable(staffId: number | null, userId: number): Promise<void> {
    await this.setDisabled(staffId, userId, true);
  }

  /**
   * Lets a disabled customer sign in again (their old tokens stay revoked), audited as `staffId`'s
   * action. A closed account stays closed: Conflict.
   */
  async enable(staffId: number | null, userId: number): Promise<void> {
    await this.setDisabled(staffId, userId, false);
  }

  /** Disables or enables in one transaction: the row locked, the change, the tokens revoked on disable, the audit entry when it changed. */
  private async setDisabled(staffId: number | null, userId: number, disabled: boolean): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [row] = await queryRows<Record<string, unknown>>(
        tx,
        sql`UPDATE users u SET disabled_at = ${disabled ? sql`COALESCE(u.disabled_at, now())` : sql`NULL`}
            FROM (SELECT user_id, disabled_at IS NOT NULL AS was_disabled, closed_at IS NOT NULL AS closed FROM users WHERE user_id = ${userId} FOR UPDATE) old
            WHERE u.user_id = old.user_id AND (${disabled}::boolean OR NOT old.closed) RETURNING old.was_disabled`,
      );
      if (!row) {
        const [exists] = await tx.select({ userId: users.userId }).from(users).where(eq(users.userId, userId));
        if (exists) throw new Conflict(CLOSED_ACCOUNT_STAYS_CLOSED);
        throw new NotFound(`There is no customer ${userId}.`);
      }
      if (disabled) await this.tokens.revokeAllOfUser(userId, tx);
      if (WAS_DISABLED.read(row).was_disabled !== disabled) {
        await recordCustomerEvent(tx, { userId, staffId, kind: disabled ? 'customer.disabled' : 'customer.enabled', before: { disabled: !disabled }, after: { disabled } });
      }
    });
  }

  /** What staff did to the customer's account (disable, enable, trade account), newest first. */
  history(userId: number): Promise<CustomerEvent[]> {
    return customerHistory(this.db, userId);
  }
}
