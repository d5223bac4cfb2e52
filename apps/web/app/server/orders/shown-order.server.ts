/**
 * A customer's order as their pages (order history, order detail) show it: the order as the
 * API answers it (its status is SPEC 4's value, 'PendingDelivery'), with the state in plain words
 * from core's state module ('Awaiting dispatch', or 'Part dispatched' once some of its packs have
 * left in a shipment), the same words staff read; and, once made-to-order lines were delivered
 * in other numbers than ordered, what that did to the total and what is due (custom-quantity.ts).
 */
import { deliveredCustomStatementOfOrder, orderProgressLabel, promisedDeliveryOf, reorderMessages } from '@shop/core';
import type { OrderDto } from '@shop/contract';
import type { ShownOrder } from '~/components/orders/order-format';

export function shownOrder(order: OrderDto): ShownOrder {
  // A quoted charge (print plates, set-up) is never sent: only goods are packs to dispatch.
  const orderedPacks = order.orderLines.filter((line) => line.kind !== 'charge').reduce((sum, line) => sum + line.count, 0);
  const shippedPacks = (order.shipments ?? []).reduce((sum, s) => sum + s.lines.reduce((n, line) => n + line.count, 0), 0);
  return {
    ...order,
    stateLabel: orderProgressLabel(order.status, { shippedPacks, orderedPacks }),
    madeToOrderStatement: order.status === 'Cancelled' ? null : deliveredCustomStatementOfOrder(order),
    expectedDelivery: expectedDeliveryOf(order),
    quotedReorder: quotedReorderOf(order),
  };
}

/**
 * The delivery the checkout promised ("Expected delivery Tuesday 26 November"), from the dispatch
 * date stored with the order and its delivery postcode; none once delivered or cancelled.
 */
function expectedDeliveryOf(order: OrderDto): string | null {
  if (!order.promised_dispatch_date || order.status === 'Delivered' || order.status === 'Cancelled') return null;
  return promisedDeliveryOf(order.promised_dispatch_date, order.address?.post_code).deliveryText;
}

/**
 * An order placed from a quote is not put back in the basket ("Order again" is not offered): its
 * lines were priced for that quote alone. The page says so and links to a new quote for its goods.
 */
function quotedReorderOf(order: OrderDto): ShownOrder['quotedReorder'] {
  if (!order.quote_number) return null;
  const product = order.orderLines.find((line) => line.kind !== 'charge' && line.product_id !== null)?.product_id;
  return { note: reorderMessages.quoted(order.quote_number), newQuoteHref: product ? `/quote-request?productCode=${product}` : '/quote-request?from=basket' };
}
