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
import { linkLine, shortMessage } from './short-message.ts';

export interface CreditNoteEmailInput {
  shop: ShopConfig;
  to: string;
  firstName: string;
  orderId: number;
  creditNote: { number: string; invoiceNumber: string; kind: 'cancellation' | 'refund' | 'credit'; totalPence: number };
  /** The credit note's download link. */
  creditNoteUrl: string;
  orderUrl: string;
}

export function creditNoteEmail({ shop, to, firstName, orderId, creditNote, creditNoteUrl, orderUrl }: CreditNoteEmailInput): MailMessage {
  const subject = `Credit note ${creditNote.number} for your ${shop.tradingName} order ${orderId}`;
  const because =
    creditNote.kind === 'cancellation'
      ? `as your order ${orderId} was cancelled`
      : creditNote.kind === 'credit'
        ? `as a credit on your order ${orderId}`
        : `for the refund on your order ${orderId}`;
  const lines = [
    `We have issued VAT credit note ${creditNote.number} ${because}.`,
    `It credits ${formatPounds(penceToPounds(creditNote.totalPence))} (VAT included) against invoice ${creditNote.invoiceNumber}. Keep it with the invoice for your records.`,
    linkLine('Download your credit note', creditNoteUrl),
    `Questions? Call us on ${shop.phones.sales} or reply to this e-mail.`,
  ];
  return shortMessage({ shop, to, subject, firstName, lines, orderUrl, button: { url: creditNoteUrl, label: 'Download the credit note' } });
}
