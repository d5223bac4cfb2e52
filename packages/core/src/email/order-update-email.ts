/**
 * The e-mails that tell a customer what happened to their order after it was placed:
 * dispatched (carrier, tracking number and link, the invoice link once there is one)
 * or cancelled (the reason; a paid order is refunded).
 */
import { formatPounds, type OrderDto } from '@shop/contract';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';

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
  const paragraphs: string[] = dispatched
    ? [
        `Your order ${order.order_id} left our warehouse today with ${order.carrier ?? 'our carrier'}.`,
        order.tracking_number ? `Tracking number: ${order.tracking_number}` : '',
        order.tracking_url ? `Track your parcel: ${order.tracking_url}` : order.carrier === 'Own van' ? 'It comes on our own van: our driver will call if needed.' : '',
        invoiceUrl ? `Your VAT invoice: ${invoiceUrl}` : '',
      ]
    : [
        `We have cancelled your order ${order.order_id}.`,
        order.cancel_reason ? `Reason: ${order.cancel_reason}` : '',
        order.payment_status === 'refund_due' ? `We will refund the ${formatPounds(order.refund_due)} you paid for it to the card or account you paid from.` : '',
        `Questions? Call us on ${shop.phones.sales} or reply to this e-mail.`,
      ];
  const lines = paragraphs.filter(Boolean);
  const text = [`Hello ${firstName},`, '', ...lines.flatMap((line) => [line, '']), `See your order: ${orderUrl}`, '', shop.tradingName, ''].join('\n');
  const e = escapeHtml;
  const linkify = (line: string) => e(line).replace(/(https?:\/\/[^\s<]+)/g, (url) => `<a href="${url}" style="color:#0f5c63;">${url}</a>`);
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:20px 24px;background:#0f5c63;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${e(shop.tradingName)}</td></tr>
    <tr><td style="padding:24px;font-size:15px;line-height:1.5;">
      <p style="margin:0 0 16px;">Hello ${e(firstName)},</p>
      ${lines.map((line) => `<p style="margin:0 0 12px;">${linkify(line)}</p>`).join('\n      ')}
      <p style="margin:16px 0 0;"><a href="${e(orderUrl)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">View your order</a></p>
    </td></tr>
  </table>
</body>
</html>
`;
  return { to, subject, text, html };
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
