/**
 * The shop's running figures for its metrics (DESIGN section 13), read from the database so that
 * every process of one shop reports the same numbers and a restart loses none: orders placed and
 * their value, money recorded, and the e-mail queue's depth and age.
 */
import { count, eq, isNull, min, or, sql, sum } from 'drizzle-orm';
import { jobs, orderPayments, orders, type Database } from '@shop/db';

export interface ShopFigures {
  ordersPlaced: number;
  /** Sum of the orders' totals (VAT and delivery included), in pence. */
  ordersValuePence: number;
  /** Payments and refunds recorded (a provider refund once completed), by kind. */
  money: Record<'payment' | 'refund', { count: number; pence: number }>;
  jobsPending: number;
  /** Seconds since the oldest pending job was recorded; 0 when none is pending. */
  oldestPendingJobAgeSeconds: number;
  jobsFailed: number;
}

export class ShopFiguresReader {
  constructor(
    private readonly db: Database,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async read(): Promise<ShopFigures> {
    const [placed, money, queue] = await Promise.all([
      this.db.select({ count: count(), pence: sum(orders.totalPence) }).from(orders),
      this.db
        .select({ kind: orderPayments.kind, count: count(), pence: sum(orderPayments.amountPence) })
        .from(orderPayments)
        .where(or(isNull(orderPayments.providerState), eq(orderPayments.providerState, 'completed')))
        .groupBy(orderPayments.kind),
      this.db
        .select({
          pending: sql<number>`count(*) filter (where ${jobs.state} = 'pending')`.mapWith(Number),
          failed: sql<number>`count(*) filter (where ${jobs.state} = 'failed')`.mapWith(Number),
          // The drivers give a timestamp computed in SQL as a Date (PGlite) or as text (pg).
          oldestPending: min(sql`case when ${jobs.state} = 'pending' then ${jobs.createdAt} end`).mapWith((value: Date | string | null) => (value ? new Date(value) : null)),
        })
        .from(jobs)
        .where(or(eq(jobs.state, 'pending'), eq(jobs.state, 'failed'))),
    ]);
    const byKind = (kind: 'payment' | 'refund') => {
      const row = money.find((r) => r.kind === kind);
      return { count: row?.count ?? 0, pence: Number(row?.pence ?? 0) };
    };
    const oldest = queue[0]?.oldestPending ?? null;
    return {
      ordersPlaced: placed[0]?.count ?? 0,
      ordersValuePence: Number(placed[0]?.pence ?? 0),
      money: { payment: byKind('payment'), refund: byKind('refund') },
      jobsPending: queue[0]?.pending ?? 0,
      oldestPendingJobAgeSeconds: oldest ? Math.max(0, (this.now().getTime() - oldest.getTime()) / 1000) : 0,
      jobsFailed: queue[0]?.failed ?? 0,
    };
  }
}
