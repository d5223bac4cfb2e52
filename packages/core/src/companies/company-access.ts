/**
 * Who sees what of a company (docs/companies.md), as SQL the repositories put into their own
 * statements, so that every read of orders and addresses answers the same rule:
 *
 * - an order placed for a company (orders.company_id) is seen by the company's admins and
 *   viewers, and by the member who placed it while they are a member; nobody else (a member who
 *   was removed no longer sees it). An order of no company is its customer's alone, as before;
 * - a company's addresses (addresses.company_id) are its members' shared address book; a
 *   customer of no company has their own addresses.
 */
import { sql, type SQL } from 'drizzle-orm';

/** The company of the user, or NULL (a scalar sub-select; a customer is in at most one company). */
export function companyOfUser(userId: number): SQL {
  return sql`(SELECT m.company_id FROM company_members m WHERE m.user_id = ${userId})`;
}

/** The orders (alias `o`, or the bare table when alias is '') the user may see. */
export function orderVisibleTo(userId: number, alias = 'o'): SQL {
  const p = sql.raw(alias ? `${alias}.` : 'orders.');
  return sql`((${p}company_id IS NULL AND ${p}user_id = ${userId})
          OR ${p}company_id = (SELECT m.company_id FROM company_members m
                              WHERE m.user_id = ${userId} AND (m.role IN ('admin', 'viewer') OR ${p}user_id = ${userId})))`;
}

/** The address book (alias, or the bare table when '') the user reads and writes: their company's, else their own. */
export function addressBookOf(userId: number, alias = ''): SQL {
  const p = sql.raw(alias ? `${alias}.` : '');
  return sql`(${p}company_id IS NOT DISTINCT FROM ${companyOfUser(userId)} AND (${p}company_id IS NOT NULL OR ${p}user_id = ${userId}))`;
}

/**
 * The key (user_id) of the trade account the user orders on: their company's account, else one
 * opened for them (SQL, a scalar).
 */
export function tradeAccountKeyOf(userId: number): SQL {
  return sql`COALESCE((SELECT ta.user_id FROM trade_accounts ta WHERE ta.company_id = ${companyOfUser(userId)}), ${userId}::int)`;
}

/**
 * The orders (alias `o`) placed on the trade account row of `account` (an alias of
 * trade_accounts): its company's orders, and its customer's own orders of no company (those of an
 * account of no company, and any written before the company was). What an account owes, what is
 * overdue on it and whether it is on stop all count these.
 */
export function ordersOfTradeAccount(account: string, orders = 'o'): SQL {
  const t = sql.raw(account);
  const o = sql.raw(orders);
  return sql`(${o}.company_id = ${t}.company_id OR (${o}.company_id IS NULL AND ${o}.user_id = ${t}.user_id))`;
}

