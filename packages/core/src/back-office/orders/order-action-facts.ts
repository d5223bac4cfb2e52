/**
 * What of an order decides which changes staff may make to it now (order-states.ts,
 * `orderActionRefusal`), read inside the change's transaction: the services refuse through the
 * same rule the order page offers its forms by.
 */
import { eq, sql } from 'drizzle-orm';
import { orders, type Executor } from '@shop/db';
import { paidThroughProvider, type OrderActionFacts } from './order-states.ts';

export async function orderActionFactsOf(executor: Executor, orderId: number): Promise<OrderActionFacts> {
  // The order's columns, then figures over its payments, shipments and lines (sums: text on
  // node-postgres, hence mapWith). The subqueries name `orders.order_id` in full: Drizzle writes a
  // column of a one-table select unqualified, which inside them would mean their own table's.
  const [row] = await executor
    .select({
      status: orders.status,
      paymentMethod: orders.paymentMethod,
      paidPence: orders.paidPence,
      refundablePence: sql<number>`${orders.paidPence} - ${orders.refundedPence}
        - (SELECT COALESCE(sum(p.amount_pence), 0) FROM order_payments p WHERE p.order_id = orders.order_id AND p.kind = 'refund' AND p.provider_state = 'pending')`.mapWith(Number),
      shipped: sql<boolean>`EXISTS (SELECT 1 FROM shipments sh WHERE sh.order_id = orders.order_id)`,
      packsToSend: sql<number>`(SELECT COALESCE(sum(GREATEST(0, l.count - l.withdrawn_count
                 - (SELECT COALESCE(sum(x.count), 0) FROM shipment_lines x WHERE x.order_line_id = l.order_line_id))), 0)
          FROM order_lines l WHERE l.order_id = orders.order_id AND l.kind = 'goods')`.mapWith(Number),
    })
    .from(orders)
    .where(eq(orders.orderId, orderId));
  if (!row) throw new Error(`order ${orderId} vanished inside its own transaction`);
  return {
    status: row.status,
    paidThroughProvider: paidThroughProvider(row.paymentMethod),
    paidPence: row.paidPence,
    refundablePence: Math.max(0, row.refundablePence),
    shipped: row.shipped,
    packsToSend: row.packsToSend,
  };
}
