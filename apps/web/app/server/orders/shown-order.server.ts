/**
 * A customer's order as their pages (order history, order detail) show it: the order as the
 * API answers it (its status is SPEC 4's value, 'PendingDelivery'), with the state in plain words
 * from core's state module ('Awaiting dispatch'), the same words staff read.
 */
import { orderStateLabel } from '@shop/core';
import type { OrderDto } from '@shop/contract';
import type { ShownOrder } from '~/components/orders/order-format';

export function shownOrder(order: OrderDto): ShownOrder {
  return { ...order, stateLabel: orderStateLabel(order.status) };
}
