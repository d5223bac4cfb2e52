/**
 * The e-mails that tell a customer what happened to their order after it was placed:
 * dispatched (carrier, tracking number and link, the invoice link once there is one)
 * or cancelled (the reason; a paid order is refunded).
 */
import { formatPounds, type OrderDto } from '@shop/contract';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';
import { linkLine, shortMessage, type MessageLine } from './short-message.ts';
import { deliveredCustomStatementOfOrder } from '../back-office/orders/custom-quantity.ts';

export type OrderUpdate = 'dispatched' | 'cancelled';

export interface OrderUpdateEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  order: OrderDto;
  update: OrderUpdate;
  orderUrl: string;
  /** The customer's VAT invoice link, when the order has one (paid, or an account order once dispatched). */
  invoiceUrl: string | null;
}

export function orderUpdateEmail({ shop, to, firstName, order, update, orderUrl, invoiceUrl }: OrderUpdateEmailInput): MailMessage {
  const dispatched = update === 'dispatched';
  const subject = dispatched ? `Your ${shop.tradingName} order ${order.order_id} is on its way` : `Your ${shop.tradingName} order ${order.order_id} has been cancelled`;
  const paragraphs: MessageLine[] = dispatched
    ? [
        `Your order ${order.order_id} left our warehouse today with ${order.carrier ?? 'our carrier'}.`,
        order.tracking_number ? `Tracking number: ${order.tracking_number}` : '',
        order.tracking_url ? linkLine('Track your parcel', order.tracking_url) : order.carrier === 'Own van' ? 'It comes on our own van: our driver will call if needed.' : '',
        deliveredCustomStatementOfOrder(order) ?? '',
        invoiceUrl ? linkLine('Your VAT invoice', invoiceUrl) : '',
      ]
    : [
        `We have cancelled your order ${order.order_id}.`,
        order.cancel_reason ? `Reason: ${order.cancel_reason}` : '',
        order.payment_status === 'refund_due' ? `We will refund the ${formatPounds(order.refund_due)} you paid for it to the card or account you paid from.` : '',
        `Questions? Call us on ${shop.phones.sales} or reply to this e-mail.`,
      ];
  return shortMessage({ shop, to, subject, firstName, lines: paragraphs, orderUrl, button: { url: orderUrl, label: 'View your order' } });
}
