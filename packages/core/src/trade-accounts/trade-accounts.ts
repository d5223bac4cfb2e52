/**
 * Trade (credit) accounts (SPEC 9's "account" payment and 7-day terms): a
 * manager lets a customer pay on account up to a credit limit. Such orders are placed awaiting
 * payment; their invoice is issued on dispatch and payment is due `terms_days` after it.
 *
 * The account belongs to a company (docs/companies.md): its members order on it, and `user_id` is
 * the customer it was opened for, the account's key. Outstanding = what the company's open
 * account orders still owe: every 'account' order that is not cancelled, its total less what was paid. Available = limit - outstanding (never below
 * zero). Placing an order on account reads this inside the order's transaction, after the
 * basket lock: the one customer's checkouts are serialised by that lock, so two orders cannot
 * both spend the same credit.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import { formatPounds } from '@shop/contract';
import { columnsOf, queryPreparedRows, queryNumber, queryRows, tradeAccounts, users, type Database, type Executor, type Row } from '@shop/db';
import { Forbidden, Invalid, NotFound, PaymentRequired } from '../errors.ts';
import { penceToPounds, type Pence } from '../pricing/money.ts';
import { recordCustomerEvent, type CustomerEventKind } from '../back-office/customers/customer-events.ts';
import { isoTime } from '../iso-time.ts';
import { PAYMENT_FILTER_CONDITIONS } from '../back-office/orders/order-states.ts';
import { londonDateOf } from '../back-office/customers/customer-directory.ts';
import { creditStopMessages, creditStopOf, DEFAULT_STOP_AFTER_DAYS_OVERDUE, type CreditStop } from '../credit-control/credit-stop.ts';
import { companyOfUser, ordersOfTradeAccount, tradeAccountKeyOf } from '../companies/company-access.ts';
import { companyOfOne } from '../companies/company-of-one.ts';

/** SPEC 9: payment within 7 days of the invoice, unless a manager agrees other terms. */
export const DEFAULT_TERMS_DAYS = 7;
/** The largest limit a manager may set here (a typo guard, not a business rule): £1,000,000. */
export const MAX_CREDIT_LIMIT_PENCE = 100_000_000;

export type TradeAccount = Pick<Row<typeof tradeAccounts>, 'userId' | 'creditLimitPence' | 'termsDays'> & {
  /** Owed on open account orders (not cancelled): totals less payments. */
  outstandingPence: Pence;
  /** What may still be ordered on account: limit - outstanding, at least 0. */
  availablePence: Pence;
  /** ISO 8601, UTC. */
  openedAt: string;
};

const ACCOUNT = columnsOf(tradeAccounts, ['userId', 'creditLimitPence', 'termsDays', 'openedAt'], 't');
const TERMS = columnsOf(tradeAccounts, ['creditLimitPence', 'termsDays']);

export const tradeAccountMessages = {
  noAccount: 'Pay on account is not available for your account. Please pay by card or bank transfer, or call us to open a trade account.',
  overLimit: (total: Pence, available: Pence, limit: Pence) =>
    `This order of ${formatPounds(penceToPounds(total))} would take you over your credit limit of ${formatPounds(penceToPounds(limit))}: ` +
    `${formatPounds(penceToPounds(available))} is available. Nothing was ordered. Please pay by card or bank transfer, ` +
    'or call us to raise your limit.',
  limitRange: `The credit limit must be more than £0.00 and at most ${formatPounds(penceToPounds(MAX_CREDIT_LIMIT_PENCE))}.`,
  termsRange: 'Payment terms must be 1 to 90 days.',
  limitBelowOwed: (limit: Pence, owed: Pence) =>
    `The customer already owes ${formatPounds(penceToPounds(owed))} on account, more than a limit of ${formatPounds(penceToPounds(limit))}: ` +
    'they could not order on account until they owe less. Tick the box to set it anyway.',
  /** The box staff tick to set a limit below what is owed. */
  confirmLimitBelowOwed: (limit: Pence, owed: Pence) =>
    `Set the limit to ${formatPounds(penceToPounds(limit))} although ${formatPounds(penceToPounds(owed))} is owed`,
  noSuchCustomer: (userId: number) => `There is no customer ${userId}.`,
} as const;

export interface TradeAccountsOptions {
  /** CREDIT_STOP_DAYS_OVERDUE: an order more than this many days overdue puts the account on stop (credit-control/credit-stop.ts). */
  stopAfterDaysOverdue?: number;
  /** The clock of "today" for the stop rule (default: the system clock). */
  now?: () => Date;
}

export class TradeAccounts {
  readonly stopAfterDaysOverdue: number;
  private readonly now: () => Date;

  constructor(
    private readonly db: Database,
    options: TradeAccountsOptions = {},
  ) {
    this.stopAfterDaysOverdue = options.stopAfterDaysOverdue ?? DEFAULT_STOP_AFTER_DAYS_OVERDUE;
    this.now = options.now ?? (() => new Date());
  }

  /** The customer's open trade account with what it owes now, or null when they have none (or it was closed). */
  async accountOf(userId: number, executor: Executor = this.db): Promise<TradeAccount | null> {
    const [row] = await queryPreparedRows<{ outstanding_pence: number | string }>(
      executor,
      sql`SELECT ${ACCOUNT.list}, ${outstandingOf('t')} AS outstanding_pence
          FROM trade_accounts t
          WHERE t.user_id = ${tradeAccountKeyOf(userId)} AND t.closed_at IS NULL`,
    );
    if (!row) return null;
    const { openedAt, ...account } = ACCOUNT.read(row);
    // sum() of integers is a bigint: text on node-postgres.
    const outstandingPence = Number(row.outstanding_pence);
    return {
      ...account,
      outstandingPence,
      availablePence: Math.max(0, account.creditLimitPence - outstandingPence),
      openedAt: isoTime(openedAt),
    };
  }

  /** The customer's credit stop today, or null: the payment step and the customer's page say so. */
  async stopOf(userId: number): Promise<CreditStop | null> {
    return creditStopOf(this.db, userId, londonDateOf(this.now()), this.stopAfterDaysOverdue);
  }

  /**
   * Checkout on account (every way an order is placed on account goes through here): the account
   * must be open, not on stop (credit-control/credit-stop.ts) and `totalPence` within what is
   * available. Call inside the order's transaction, after the basket lock. Answers the account.
   * Card and bank transfer never come here: an account on stop still pays those ways.
   */
  async requireCredit(userId: number, totalPence: Pence, tx: Executor): Promise<TradeAccount> {
    const account = await this.accountOf(userId, tx);
    if (!account) throw new Forbidden(tradeAccountMessages.noAccount);
    const stop = await creditStopOf(tx, userId, londonDateOf(this.now()), this.stopAfterDaysOverdue);
    if (stop) throw new PaymentRequired(creditStopMessages.refused(stop), { creditStop: stop.reason });
    if (totalPence > account.availablePence) {
      throw new PaymentRequired(tradeAccountMessages.overLimit(totalPence, account.availablePence, account.creditLimitPence));
    }
    return account;
  }

  /**
   * Opens (or reopens) a customer's trade account with a limit and terms (back office; `staffId`
   * is who did it, audited). A limit below what they still owe on account is refused unless
   * `confirmBelowOwed`.
   */
  async open(
    staffId: number | null,
    userId: number,
    creditLimitPence: Pence,
    termsDays: number = DEFAULT_TERMS_DAYS,
    options: { confirmBelowOwed?: boolean } = {},
  ): Promise<TradeAccount> {
    checkLimit(creditLimitPence);
    checkTerms(termsDays);
    const account = await this.changeAudited(staffId, userId, async (tx, before) => {
      const [user] = await tx.select({ userId: users.userId }).from(users).where(eq(users.userId, userId));
      if (!user) throw new NotFound(tradeAccountMessages.noSuchCustomer(userId));
      await checkLimitCoversOwed(tx, userId, creditLimitPence, options.confirmBelowOwed);
      // A trade account belongs to a company: a customer of none becomes a company of one.
      const companyId = await companyOfOne(tx, userId);
      await tx.execute(sql`
        INSERT INTO trade_accounts (user_id, credit_limit_pence, terms_days, opened_by, company_id)
        VALUES (${tradeAccountKeyOf(userId)}, ${creditLimitPence}, ${termsDays}, ${staffId}, ${companyId})
        ON CONFLICT (user_id) DO UPDATE
          SET credit_limit_pence = excluded.credit_limit_pence, terms_days = excluded.terms_days,
              opened_by = excluded.opened_by, opened_at = now(), closed_at = NULL,
              company_id = COALESCE(trade_accounts.company_id, excluded.company_id)`);
      return before === null ? 'trade-account.opened' : 'trade-account.changed';
    });
    return account!;
  }

  /**
   * A new limit (and terms) for an open account; orders already placed are not affected. A limit
   * below what the customer already owes on account is refused unless `confirmBelowOwed`. Audited.
   */
  async changeLimit(
    staffId: number | null,
    userId: number,
    creditLimitPence: Pence,
    termsDays?: number,
    options: { confirmBelowOwed?: boolean } = {},
  ): Promise<TradeAccount> {
    checkLimit(creditLimitPence);
    if (termsDays !== undefined) checkTerms(termsDays);
    const account = await this.changeAudited(staffId, userId, async (tx) => {
      await checkLimitCoversOwed(tx, userId, creditLimitPence, options.confirmBelowOwed);
      const rows = await queryRows<Pick<Row<typeof tradeAccounts>, 'userId'>>(
        tx,
        sql`UPDATE trade_accounts SET credit_limit_pence = ${creditLimitPence}, terms_days = COALESCE(${termsDays ?? null}::int, terms_days)
            WHERE user_id = ${tradeAccountKeyOf(userId)} AND closed_at IS NULL RETURNING user_id AS "userId"`,
      );
      if (rows.length === 0) throw new NotFound(tradeAccountMessages.noSuchCustomer(userId));
      return 'trade-account.changed';
    });
    return account!;
  }

  /** No more orders on account; what is owed stays owed (the orders keep their due dates). Audited. */
  async close(staffId: number | null, userId: number): Promise<void> {
    await this.changeAudited(staffId, userId, async (tx) => {
      await tx.execute(sql`UPDATE trade_accounts SET closed_at = now() WHERE user_id = ${tradeAccountKeyOf(userId)} AND closed_at IS NULL`);
      return 'trade-account.closed';
    });
  }

  /**
   * Runs `change` in a transaction holding the account's row, then writes the audit entry with
   * the limit and terms before and after (nothing when nothing changed). Answers the account.
   */
  private async changeAudited(
    staffId: number | null,
    userId: number,
    change: (tx: Executor, before: AccountTerms | null) => Promise<CustomerEventKind>,
  ): Promise<TradeAccount | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await queryRows<object>(
        tx,
        sql`SELECT ${TERMS.list} FROM trade_accounts WHERE user_id = ${tradeAccountKeyOf(userId)} AND closed_at IS NULL FOR UPDATE`,
      );
      const before: AccountTerms | null = row ? TERMS.read(row) : null;
      const kind = await change(tx, before);
      const account = await this.accountOf(userId, tx);
      const after: AccountTerms | null = account && { creditLimitPence: account.creditLimitPence, termsDays: account.termsDays };
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await recordCustomerEvent(tx, { userId, staffId, kind, before: before && { ...before }, after: after && { ...after } });
      }
      return account;
    });
  }
}

/** A trade account's agreed terms, as its audit entries record them. */
type AccountTerms = ReturnType<typeof TERMS.read>;

/**
 * What the account's open orders still owe (SQL, for the trade_accounts row of `alias`): every
 * 'account' order of its company (of its customer, for an account of no company) not cancelled,
 * its total less credit notes that lowered it and what was paid.
 */
function outstandingOf(alias: string): SQL {
  return sql`COALESCE((SELECT sum(o.total_pence - o.credited_pence - o.paid_pence) FROM orders o
                       WHERE ${ordersOfTradeAccount(alias)}
                         AND o.payment_method = 'account' AND ${sql.raw(PAYMENT_FILTER_CONDITIONS.unpaid)}), 0)`;
}


/** A limit below what is already owed on account stops the customer ordering on account: staff confirm it knowingly. */
async function checkLimitCoversOwed(tx: Executor, userId: number, limitPence: Pence, confirmed = false): Promise<void> {
  if (confirmed) return;
  // An aggregate (a bigint sum: text on node-postgres): no table's row.
  const owed = await queryNumber(tx, sql`SELECT ${outstandingOf('t')} AS value FROM (SELECT ${tradeAccountKeyOf(userId)} AS user_id, ${companyOfUser(userId)} AS company_id) t`);
  if (limitPence >= owed) return;
  throw new Invalid(tradeAccountMessages.limitBelowOwed(limitPence, owed), {
    fields: [
      { field: 'limit', message: tradeAccountMessages.limitBelowOwed(limitPence, owed) },
      { field: 'confirm', message: tradeAccountMessages.confirmLimitBelowOwed(limitPence, owed) },
    ],
    owedPence: owed,
  });
}

function checkLimit(pence: Pence): void {
  if (!Number.isSafeInteger(pence) || pence <= 0 || pence > MAX_CREDIT_LIMIT_PENCE) throw new Invalid(tradeAccountMessages.limitRange);
}

function checkTerms(days: number): void {
  if (!Number.isSafeInteger(days) || days < 1 || days > 90) throw new Invalid(tradeAccountMessages.termsRange);
}
