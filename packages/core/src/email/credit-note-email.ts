/**
 * The e-mail telling a customer a VAT credit note was issued for their order (a cancellation or a
 * refund of an invoiced order, documents/credit-notes.ts): its number, the invoice it credits, the
 * amount, and the link to download it (the same download as the order page's; the e-mail carries
 * no attachment, as the invoice's link in the dispatch e-mail does not).
 */
import { formatPounds } from '@shop/contract';
import { penceToPounds } from '../pricing/money.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { MailMessage } from './mailer.ts';

export interface CreditNoteEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  orderId: number;
  creditNote: { number: string; invoiceNumber: string; kind: 'cancellation' | 'refund'; totalPence: number };
  /** The credit note's download link. */
  creditNoteUrl: string;
  orderUrl: string;
}

export function creditNoteEmail({ shop, to, firstName, orderId, creditNote, creditNoteUrl, orderUrl }: CreditNoteEmailInput): MailMessage {
  const subject = `Credit note ${creditNote.number} for your ${shop.tradingName} order ${orderId}`;
  const because = creditNote.kind === 'cancellation' ? `as your order ${orderId} was cancelled` : `for the refund on your order ${orderId}`;
  const lines = [
    `We have issued VAT credit note ${creditNote.number} ${because}.`,
    `It credits ${formatPounds(penceToPounds(creditNote.totalPence))} (VAT included) against invoice ${creditNote.invoiceNumber}. Keep it with the invoice for your records.`,
    `Download your credit note: ${creditNoteUrl}`,
    `Questions? Call us on ${shop.phones.sales} or reply to this e-mail.`,
  ];
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
      <p style="margin:16px 0 0;"><a href="${e(creditNoteUrl)}" style="display:inline-block;padding:12px 20px;background:#0f5c63;color:#ffffff;text-decoration:none;border-radius:6px;font-weight:bold;">Download the credit note</a></p>
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
