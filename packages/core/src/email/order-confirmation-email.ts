/**
 * The order confirmation e-mail (HTML and plain text): what was ordered, the totals, where it
 * goes, and how it is paid. For a bank transfer it carries the payee details and the reference
 * to quote, from the shop's configuration.
 */
import { exportVatNote, formatPounds, vatLineLabel, type OrderAddressDto, type OrderDto } from '@shop/contract';
import { formatDayMonth } from '../delivery/dispatch-promise.ts';
import { promisedDeliveryOf } from '../delivery/dispatch-promises.ts';
import { orderStateLabel } from '../back-office/orders/order-states.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';
import { escapeHtml } from './short-message.ts';

export interface OrderConfirmationEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  order: OrderDto;
  /** The order detail page, e.g. https://shop.example.com/order-detail?orderId=42 */
  orderUrl: string;
}

/** "26 November 2026 at 14:05" in London. Made once: a formatter costs more to make than to use. */
const placedAt = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });

export function orderConfirmationEmail({ shop, to, firstName, order, orderUrl }: OrderConfirmationEmailInput): MailMessage {
  const subject = `Your ${shop.tradingName} order ${order.order_id}`;
  const placed = placedAt.format(new Date(order.created));
  // The customer reads the state's words ("Awaiting dispatch"), never the API's value.
  const status = orderStateLabel(order.status);
  const shopAddress = [shop.address.line1, shop.address.line2, shop.address.town, shop.address.postcode].filter(Boolean).join(', ');
  const deliveryLines = addressLines(order.address);
  const totals: [string, string][] = [
    ['Items (ex-VAT)', formatPounds(order.sub_total)],
    // An offer's discount, taken off the goods before VAT (total = items - discount + delivery + VAT).
    ...(order.discount > 0 ? [['Discount', `-${formatPounds(order.discount)}`] as [string, string]] : []),
    ['Delivery', order.delivery_fee === 0 ? 'Free' : formatPounds(order.delivery_fee)],
    // The order's own VAT, fixed when placed by its delivery zone (a zero-rated export says so).
    [vatLineLabel({ treatment: order.vat_treatment, ratePercent: order.vat_rate_percent }), formatPounds(order.total_tax)],
    ['Total', formatPounds(order.total)],
  ];
  const vatNote = exportVatNote(order.vat_treatment);
  const bank = order.payment_method === 'bank';
  const payment: [string, string][] = bank
    ? [
        ['Payee', shop.bank.payee],
        ['Bank', shop.bank.bankName],
        ['Sort code', shop.bank.sortCode],
        ['Account number', shop.bank.accountNumber],
        ['Reference', order.payment_reference],
        ['Amount', formatPounds(order.total)],
      ]
    : order.payment_method === 'account'
      ? [
          ['Reference to quote when you pay', order.payment_reference],
          ...(order.purchase_order_number ? ([['Your purchase order', order.purchase_order_number]] as [string, string][]) : []),
        ]
      : [['Payment reference', order.payment_reference]];
  // The promise made when the order was placed (stored with it), not one recomputed at sending time.
  const promise = order.promised_dispatch_date
    ? `Dispatch on ${formatDayMonth(order.promised_dispatch_date)}${bank ? ' if your payment has arrived by then' : ''}. ` +
      `${promisedDeliveryOf(order.promised_dispatch_date, order.address?.post_code).deliveryText}.`
    : null;
  const paymentIntro = bank
    ? `Please pay ${formatPounds(order.total)} by bank transfer, quoting the reference below. We dispatch your order when the payment arrives.`
    : order.payment_method === 'account'
      ? `${formatPounds(order.total)} is on your trade account. We invoice you when we dispatch; payment is due by your account's terms from the invoice date.`
      : order.payment_is_test
        ? // DESIGN section 4: a simulated payment says so wherever the order appears.
          `Test payment: ${formatPounds(order.total)} was paid by a simulated card payment, so no money was taken.`
        : `Thank you for your payment of ${formatPounds(order.total)} by card / PayPal.`;

  const text = [
    `Hello ${firstName},`,
    '',
    `Thank you for your order. Order number ${order.order_id}, placed ${placed}. Status: ${status}.`,
    '',
    'What you ordered:',
    ...order.orderLines.map(
      (l) =>
        `- ${l.item_name} (pack of ${l.qty}): ${l.count} ${l.count === 1 ? 'pack' : 'packs'} at ${formatPounds(l.price)} = ${formatPounds(l.total_price)} ex-VAT`,
    ),
    '',
    ...totals.map(([label, value]) => `${label}: ${value}`),
    ...(vatNote ? [vatNote] : []),
    '',
    'Delivery address:',
    ...deliveryLines,
    ...(promise ? ['', promise] : []),
    ...(order.note ? ['', `Delivery note: ${order.note}`] : []),
    '',
    bank ? 'Payment by bank transfer:' : order.payment_method === 'account' ? 'Payment on account:' : 'Payment:',
    paymentIntro,
    ...payment.map(([label, value]) => `${label}: ${value}`),
    '',
    `See your order at any time: ${orderUrl}`,
    '',
    `${shop.tradingName}`,
    `${shop.companyName}, ${shopAddress}`,
    `Telephone ${shop.phones.sales} or ${shop.phones.office}`,
    `E-mail ${shop.email}`,
    '',
  ].join('\n');

  const e = escapeHtml;
  const cell = 'padding:8px 6px;border-bottom:1px solid #e5e7eb;';
  const lineRows = order.orderLines
    .map(
      (l) => `<tr>
          <td style="${cell}">${e(l.item_name)}<br><span style="color:#4b5563;font-size:13px;">Pack of ${l.qty}</span></td>
          <td style="${cell}text-align:right;">${l.count}</td>
          <td style="${cell}text-align:right;">${e(formatPounds(l.price))}</td>
          <td style="${cell}text-align:right;">${e(formatPounds(l.total_price))}</td>
        </tr>`,
    )
    .join('');
  const totalRows = totals
    .map(
      ([label, value], i) =>
        `<tr><td colspan="3" style="padding:4px 6px;text-align:right;${i === totals.length - 1 ? 'font-weight:bold;' : ''}">${e(label)}</td>` +
        `<td style="padding:4px 6px;text-align:right;${i === totals.length - 1 ? 'font-weight:bold;' : ''}">${e(value)}</td></tr>`,
    )
    .join('');
  const paymentRows = payment
    .map(([label, value]) => `<tr><td style="padding:2px 12px 2px 0;color:#4b5563;">${e(label)}</td><td style="padding:2px 0;font-weight:bold;">${e(value)}</td></tr>`)
    .join('');

  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f4f7f7;font-family:Arial,Helvetica,sans-serif;color:#1f2937;">
  <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:640px;margin:0 auto;background:#ffffff;border-radius:8px;">
    <tr><td style="padding:20px 24px;background:#0f5c63;border-radius:8px 8px 0 0;color:#ffffff;font-size:20px;font-weight:bold;">${e(shop.tradingName)}</td></tr>
    <tr><td style="padding:24px;font-size:15px;line-height:1.5;">
      <p style="margin:0 0 16px;">Hello ${e(firstName)},</p>
      <p style="margin:0 0 16px;">Thank you for your order. Order number <strong>${order.order_id}</strong>, placed ${e(placed)}. Status: ${e(status)}.</p>
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="font-size:14px;border-collapse:collapse;margin:0 0 16px;">
        <tr>
          <th scope="col" style="${cell}text-align:left;">Item</th>
          <th scope="col" style="${cell}text-align:right;">Packs</th>
          <th scope="col" style="${cell}text-align:right;">Price ex-VAT</th>
          <th scope="col" style="${cell}text-align:right;">Total ex-VAT</th>
        </tr>
        ${lineRows}
        ${totalRows}
      </table>
      ${vatNote ? `<p style="margin:0 0 16px;font-size:13px;color:#4b5563;">${e(vatNote)}</p>` : ''}
      <h2 style="font-size:16px;margin:16px 0 8px;">Delivery address</h2>
      <p style="margin:0 0 16px;">${deliveryLines.map(e).join('<br>')}</p>
      ${promise ? `<p style="margin:0 0 16px;"><strong>${e(promise)}</strong></p>` : ''}
      ${order.note ? `<p style="margin:0 0 16px;"><strong>Delivery note:</strong> ${e(order.note)}</p>` : ''}
      <h2 style="font-size:16px;margin:16px 0 8px;">${bank ? 'Payment by bank transfer' : order.payment_method === 'account' ? 'Payment on account' : 'Payment'}</h2>
      <p style="margin:0 0 8px;">${e(paymentIntro)}</p>
      <table role="presentation" cellpadding="0" cellspacing="0" style="font-size:14px;margin:0 0 24px;">${paymentRows}</table>
      <p style="margin:0;"><a href="${e(orderUrl)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">View your order</a></p>
    </td></tr>
    <tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:13px;line-height:1.5;color:#4b5563;">
      ${e(shop.companyName)}, ${e(shopAddress)}<br>
      Telephone ${e(shop.phones.sales)} or ${e(shop.phones.office)} &middot; <a href="mailto:${e(shop.email)}" style="color:#0f5c63;">${e(shop.email)}</a>
    </td></tr>
  </table>
</body>
</html>
`;
  return { to, subject, text, html };
}

function addressLines(address: OrderAddressDto | null): string[] {
  if (!address) return ['(none)'];
  return [
    address.contact_name,
    address.company_name,
    `${address.region} ${address.address}`.trim(),
    address.town,
    address.post_code,
    address.country,
    address.phone ? `Telephone ${address.phone}` : '',
  ].filter(Boolean);
}
