/**
 * A customer of no company becomes a company of one (docs/companies.md): staff opening a trade
 * account for them, as migration 0029 did for every trade account there was. They are its admin;
 * their orders and addresses become the company's, so nothing is lost or changes hands.
 */
import { eq, sql } from 'drizzle-orm';
import { columnsOf, companies, companyMembers, queryRows, type Executor } from '@shop/db';

const MADE = columnsOf(companies, ['companyId']);

/** The user's company, made now (a company of one) when they have none. Inside the caller's transaction. */
export async function companyOfOne(tx: Executor, userId: number): Promise<number> {
  // The user's row first: two staff opening accounts for them at once make one company.
  await tx.execute(sql`SELECT user_id FROM users WHERE user_id = ${userId} FOR NO KEY UPDATE`);
  const [member] = await tx.select({ companyId: companyMembers.companyId }).from(companyMembers).where(eq(companyMembers.userId, userId));
  if (member) return member.companyId;
  const [made] = await queryRows<object>(
    tx,
    sql`INSERT INTO companies (name)
        SELECT left(COALESCE(NULLIF(trim(u.company_name), ''), NULLIF(trim(u.first_name || ' ' || u.last_name), ''), 'Trade account ' || u.user_id), 100)
        FROM users u WHERE u.user_id = ${userId}
        RETURNING ${MADE.list}`,
  );
  const { companyId } = MADE.read(made!);
  await tx.insert(companyMembers).values({ userId, companyId, role: 'admin' });
  await tx.execute(sql`UPDATE orders SET company_id = ${companyId} WHERE user_id = ${userId} AND company_id IS NULL`);
  await tx.execute(sql`UPDATE addresses SET company_id = ${companyId} WHERE user_id = ${userId} AND company_id IS NULL`);
  return companyId;
}
