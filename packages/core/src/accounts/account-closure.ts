/**
 * Closing a customer's account (UK GDPR's right to erasure, within what the law makes the shop
 * keep; DESIGN section 13), by the customer on My account (with their password) or by staff for a
 * customer who asked by phone or e-mail. In one transaction:
 *  - every sign-in ends: all tokens revoked (API Bearer tokens and the storefront cookie, which
 *    carries the same token), `disabled_at` set as well, so token checks and sign-in refuse it;
 *  - the personal details are erased: name, phone and password replaced, the e-mail replaced by
 *    an address of the reserved `.invalid` domain (so the real one may sign up again), the
 *    newsletter choice cleared, the saved addresses and the basket deleted, the photos sent with
 *    returns and the artwork sent with quote requests deleted, "back in stock" requests (of the
 *    account or its e-mail) deleted, e-mails still waiting
 *    to be sent to the customer dropped, a trade account closed;
 *  - what HMRC requires the shop to keep for six years is kept: the orders (with the delivery and
 *    billing addresses they were placed with), their VAT invoices and credit notes, and the
 *    company name and VAT number printed on those invoices; the `users` row stays, anonymised,
 *    because they point at it;
 *  - an audit entry says who closed it and what was kept, with no personal details in it;
 *  - the customer is e-mailed that it is closed (a durable job): at the real address, read before
 *    it is erased and carried by the job itself, recorded after the waiting e-mails are dropped.
 *
 * An account with an order still open is not closed (blockers): an order not yet dispatched,
 * money still due from the customer, money the shop owes back, or a return or claim not yet
 * settled or refused. The customer is
 * told which order and why; staff are told the same.
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { columnsOf, figuresOf, orders, queryRows, returns, shoppingLists, users, type Database, type Executor } from '@shop/db';
import { Conflict, NotFound, Unauthorized } from '../errors.ts';
import { WrongCurrentPassword } from './account-service.ts';
import { paymentFiguresOf } from '../back-office/orders/order-states.ts';
import { recordCustomerEvent } from '../back-office/customers/customer-events.ts';
import { verifyPassword } from './password-hashing.ts';
import { OPEN_RETURN_STATES } from '../returns/return-states.ts';
import type { TokenService } from './token-service.ts';
import { deleteBackInStockRequestsOf } from '../stock/back-in-stock.ts';
import { accountClosedJob } from '../email/email-jobs.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

/** How many years orders and invoices are kept after an account is closed (HMRC: six years). */
export const RECORDS_KEPT_YEARS = 6;

export const accountClosureMessages = {
  alreadyClosed: 'This account is already closed.',
  notDispatched: (orderId: number) => `Order #${orderId} has not been dispatched yet. You can close your account once it has been dispatched or cancelled.`,
  moneyDue: (orderId: number) => `Order #${orderId} is not paid in full yet. You can close your account once it is paid.`,
  refundDue: (orderId: number) => `We still owe you a refund on order #${orderId}. You can close your account once we have paid it back.`,
  returnOpen: (returnId: number, orderId: number) =>
    `Your return or claim ${returnId} on order #${orderId} is still open. You can close your account once it is settled or refused.`,
} as const;

/** The name a closed account shows in the back office (its real name is erased). */
export const CLOSED_ACCOUNT_NAME = { firstName: 'Closed', lastName: 'account' } as const;

/** The e-mail a closed account is left with: unique, never deliverable (RFC 2606's `.invalid`). */
export function closedAccountEmail(userId: number): string {
  return `closed-account-${userId}@closed.invalid`;
}

/** Who closes the account: the customer themselves, or a staff member at the customer's request. */
export type ClosedBy = { kind: 'customer' } | { kind: 'staff'; staffId: number; /** How the customer asked (phone, e-mail), for the audit trail. */ request: string };

const ORDER = columnsOf(orders, ['orderId', 'status', 'totalPence', 'paidPence', 'refundedPence', 'creditedPence']);
/** The orders and invoices a closed account keeps (counts). */
const KEPT = figuresOf({ orders: 'number', invoices: 'number' });

export interface ClosureResult {
  /** Orders kept (with their invoices and credit notes) for RECORDS_KEPT_YEARS. */
  ordersKept: number;
  invoicesKept: number;
}

export class AccountClosure {
  constructor(
    private readonly db: Database,
    private readonly tokens: Pick<TokenService, 'revokeAllOfUser'>,
    private readonly jobs: Pick<JobQueue, 'record' | 'wakeWorkers'>,
  ) {}

  /** Why the account cannot be closed yet, one sentence per open order; empty when it can. */
  async blockers(userId: number, executor: Executor = this.db): Promise<string[]> {
    const rows = await queryRows<object>(executor, sql`SELECT ${ORDER.list} FROM orders WHERE user_id = ${userId} ORDER BY order_id`);
    const reasons: string[] = [];
    for (const raw of rows) {
      const order = ORDER.read(raw);
      const figures = paymentFiguresOf(order);
      if (order.status === 'PendingDelivery') reasons.push(accountClosureMessages.notDispatched(order.orderId));
      else if (figures.duePence > 0) reasons.push(accountClosureMessages.moneyDue(order.orderId));
      if (figures.refundDuePence > 0) reasons.push(accountClosureMessages.refundDue(order.orderId));
    }
    // A return still open would be answered (approved, refunded) to an erased address.
    const openReturns = await executor
      .select({ returnId: returns.returnId, orderId: returns.orderId })
      .from(returns)
      .where(and(eq(returns.userId, userId), inArray(returns.state, [...OPEN_RETURN_STATES])))
      .orderBy(returns.returnId);
    for (const open of openReturns) reasons.push(accountClosureMessages.returnOpen(open.returnId, open.orderId));
    return reasons;
  }

  /**
   * The customer closes their own account, giving their password again. A wrong password is
   * WrongCurrentPassword (counted as a refused sign-in) before anything changes; an open order a Conflict saying which.
   */
  async closeByCustomer(callerUserId: number | null, password: string): Promise<ClosureResult> {
    if (callerUserId === null) throw new Unauthorized();
    const [user] = await this.db
      .select({ passwordHash: users.passwordHash })
      .from(users)
      .where(and(eq(users.userId, callerUserId), isNull(users.closedAt)));
    if (!user) throw new Unauthorized();
    if (!(await verifyPassword(user.passwordHash, password))) throw new WrongCurrentPassword();
    return this.close(callerUserId, { kind: 'customer' });
  }

  /** A staff member closes the account of a customer who asked for it (audited with how they asked). */
  closeByStaff(staffId: number, userId: number, request: string): Promise<ClosureResult> {
    return this.close(userId, { kind: 'staff', staffId, request: request.trim().slice(0, 200) });
  }

  private async close(userId: number, by: ClosedBy): Promise<ClosureResult> {
    const result = await this.db.transaction(async (tx) => {
      const [user] = await tx
        .select({ closedAt: users.closedAt, email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.userId, userId))
        .for('update');
      if (!user) throw new NotFound(`There is no customer ${userId}.`);
      if (user.closedAt !== null) throw new Conflict(accountClosureMessages.alreadyClosed);
      // Orders are placed and changed under their own row locks: read them locked, so none
      // becomes open (a payment recorded, a refund due) between the check and the closing.
      await tx.execute(sql`SELECT order_id FROM orders WHERE user_id = ${userId} FOR SHARE`);
      const reasons = await this.blockers(userId, tx);
      if (reasons.length > 0) throw new Conflict(reasons.join(' '), { reason: 'orders_open', reasons });

      // Read by the e-mail about to be erased, so requests made before signing in go too.
      await deleteBackInStockRequestsOf(tx, userId);
      await tx.execute(
        sql`UPDATE users SET first_name = ${CLOSED_ACCOUNT_NAME.firstName}, last_name = ${CLOSED_ACCOUNT_NAME.lastName},
                             email = ${closedAccountEmail(userId)}, phone = '', password_hash = 'closed', newsletter = false,
                             disabled_at = COALESCE(disabled_at, now()), closed_at = now()
            WHERE user_id = ${userId}`,
      );
      // Orders keep their own snapshots of the addresses; their links to the saved ones go (ON DELETE SET NULL).
      await tx.execute(sql`DELETE FROM addresses WHERE user_id = ${userId}`);
      await tx.execute(sql`DELETE FROM carts WHERE user_id = ${userId}`);
      // Shopping lists saved by the customer (their names are theirs); lines go with them.
      await tx.delete(shoppingLists).where(eq(shoppingLists.ownerUserId, userId));
      // Photos and artwork the customer sent are theirs; what a return settled stays with its order.
      await tx.execute(sql`DELETE FROM return_photos WHERE return_id IN (SELECT return_id FROM returns WHERE user_id = ${userId})`);
      await tx.execute(sql`UPDATE quotes SET artwork_name = NULL, artwork_type = NULL, artwork_bytes = NULL WHERE user_id = ${userId} AND artwork_bytes IS NOT NULL`);
      await this.tokens.revokeAllOfUser(userId, tx);
      await tx.execute(sql`UPDATE trade_accounts SET closed_at = now() WHERE user_id = ${userId} AND closed_at IS NULL`);
      // E-mails not yet sent would go to an address that no longer exists.
      await tx.execute(
        sql`UPDATE jobs SET state = 'failed', last_error = 'The customer closed their account.', finished_at = now(), locked_until = NULL
            WHERE state = 'pending' AND payload ->> 'userId' = ${String(userId)}`,
      );
      const [raw] = await queryRows<Record<string, unknown>>(
        tx,
        sql`SELECT (SELECT count(*) FROM orders WHERE user_id = ${userId}) AS orders,
                   (SELECT count(*) FROM invoices i JOIN orders o ON o.order_id = i.order_id WHERE o.user_id = ${userId}) AS invoices`,
      );
      const kept = raw ? KEPT.read(raw) : { orders: 0, invoices: 0 };
      const closure = { ordersKept: kept.orders, invoicesKept: kept.invoices };
      // After the waiting e-mails were dropped (so this one is not), to the address as it was before erasing.
      await this.jobs.record(accountClosedJob(userId, { email: user.email, firstName: user.firstName, ...closure, keptYears: RECORDS_KEPT_YEARS }), tx);
      await recordCustomerEvent(tx, {
        userId,
        staffId: by.kind === 'staff' ? by.staffId : null,
        kind: 'customer.account-closed',
        before: null,
        after: { by: by.kind, ...(by.kind === 'staff' ? { request: by.request } : {}), ...closure },
      });
      return closure;
    });
    this.jobs.wakeWorkers();
    return result;
  }
}
