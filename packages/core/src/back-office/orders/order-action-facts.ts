/**
 * What of an order decides which changes staff may make to it now (order-states.ts,
 * `orderActionRefusal`), read inside the change's transaction: the services refuse through the
 * same rule the order page offers its forms by.
 */
import { sql } from 'drizzle-orm';
import { columnsOf, orders, queryRows, type Executor } from '@shop/db';
import { paidThroughProvider, type OrderActionFacts } from './order-states.ts';

const ORDER = columnsOf(orders, ['status', 'paymentMethod', 'paidPence'], 'o');

export async function orderActionFactsOf(executor: Executor, orderId: number): Promise<OrderActionFacts> {
  // The order's columns, then figures computed over its payments, shipments and lines (no table's row).
  const [row] = await queryRows<{ refundable_pence: number | string; shipped: boolean; packs_to_send: number | string }>(
    executor,
    sql`SELECT ${ORDER.list},
               o.paid_pence - o.refunded_pence
                 - (SELECT COALESCE(sum(p.amount_pence), 0) FROM order_payments p WHERE p.order_id = o.order_id AND p.kind = 'refund' AND p.provider_state = 'pending') AS refundable_pence,
               EXISTS (SELECT 1 FROM shipments sh WHERE sh.order_id = o.order_id) AS shipped,
               (SELECT COALESCE(sum(GREATEST(0, l.count - l.withdrawn_count
                         - (SELECT COALESCE(sum(x.count), 0) FROM shipment_lines x WHERE x.order_line_id = l.order_line_id))), 0)
                  FROM order_lines l WHERE l.order_id = o.order_id AND l.kind = 'goods') AS packs_to_send
          FROM orders o WHERE o.order_id = ${orderId}`,
  );
  if (!row) throw new Error(`order ${orderId} vanished inside its own transaction`);
  const order = ORDER.read(row);
  return {
    status: order.status,
    paidThroughProvider: paidThroughProvider(order.paymentMethod),
    paidPence: order.paidPence,
    refundablePence: Math.max(0, Number(row.refundable_pence)),
    shipped: row.shipped,
    packsToSend: Number(row.packs_to_send),
  };
}
