/**
 * The quote e-mails, as durable jobs on the shop's job queue (as email/email-jobs.ts's): the
 * acknowledgement of a request (recorded with the request, quote-desk.ts: its number, what was
 * asked for and when we reply), and the quote itself when staff send it (the PDF attached and
 * the link to see and accept it, signed in).
 */
import { itemDisplayName } from '@shop/contract';
import type { NewJob } from '../jobs/job-queue.ts';
import { PermanentJobFailure, type JobKind } from '../jobs/job-worker.ts';
import { formatDayMonthYear } from '../documents/document-format.ts';
import type { Mailer } from '../email/mailer.ts';
import { linkLine, shortMessage } from '../email/short-message.ts';
import type { ShopConfig } from '../shop/shop-config.ts';
import type { QuoteDesk, QuoteItem } from './quote-desk.ts';
import { quotePounds } from './quote-desk.ts';

export const QUOTE_REQUESTED_JOB = 'email.quote-requested';
export const QUOTE_SENT_JOB = 'email.quote-sent';
/** Working days the sales desk takes to price a request: what the acknowledgement promises. */
export const QUOTE_REPLY_WORKING_DAYS = 2;
/** A phone order to be paid by card: the packs are in the customer's basket, the e-mail links to paying for them. */
export const CARD_PAYMENT_LINK_JOB = 'email.card-payment-link';

export function cardPaymentLinkJob(userId: number, staffName: string, formKey: string): NewJob {
  return { kind: CARD_PAYMENT_LINK_JOB, payload: { userId, staffName }, dedupeKey: `card-payment-link:${formKey}` };
}

/** One acknowledgement per request, whatever retries the request sees. */
export function quoteRequestedJob(userId: number, quoteId: number): NewJob {
  return { kind: QUOTE_REQUESTED_JOB, payload: { userId, quoteId }, dedupeKey: `quote-requested:${quoteId}` };
}

/** "2,500 x Mailer box 305x215 (printed: 2 colours; custom size 300x200; Logo on the lid)": one requested item, as the customer asked. */
export function requestedItemText(item: QuoteItem): string {
  const details = [
    item.printed ? `printed${item.printColours ? `: ${item.printColours}` : ''}` : '',
    item.custom ? `custom size${item.customSize ? ` ${item.customSize}` : ''}` : '',
    item.notes,
  ].filter(Boolean);
  return `${item.quantity.toLocaleString('en-GB')} x ${itemDisplayName(item.productName, item.size1)}${details.length > 0 ? ` (${details.join('; ')})` : ''}`;
}

/** One e-mail per quote sent. */
export function quoteSentJob(userId: number, quoteId: number): NewJob {
  return { kind: QUOTE_SENT_JOB, payload: { userId, quoteId }, dedupeKey: `quote-sent:${quoteId}` };
}

/** The customer's page of a quote (signed in as them). */
export function quoteUrl(publicBaseUrl: string, quoteId: number): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/quotes/${quoteId}`;
}

export interface QuoteEmailDependencies {
  shop: ShopConfig;
  mailer: Mailer;
  publicBaseUrl: string;
  quotes: () => QuoteDesk;
  contactOf(userId: number): Promise<{ email: string; firstName: string } | null>;
  log?: { info(details: object, message: string): void };
}

export function quoteEmailJobKinds(deps: QuoteEmailDependencies): Record<string, JobKind> {
  return {
    [QUOTE_REQUESTED_JOB]: {
      async run(job) {
        const { userId, quoteId } = job.payload as { userId: number; quoteId: number };
        const contact = await deps.contactOf(userId);
        if (!contact) throw new PermanentJobFailure(`customer ${userId} no longer exists`);
        const quote = await deps.quotes().forCustomer(userId, quoteId).catch(() => null);
        if (!quote) throw new PermanentJobFailure(`quote ${quoteId} of customer ${userId} cannot be read`);
        const link = quoteUrl(deps.publicBaseUrl, quoteId);
        const message = shortMessage({
          shop: deps.shop,
          to: contact.email,
          subject: `We have your quote request ${quote.number}`,
          firstName: contact.firstName,
          lines: [
            `We have your request ${quote.number}, and we reply within ${QUOTE_REPLY_WORKING_DAYS} working days with our prices. You asked for:`,
            ...quote.items.map((item) => `- ${requestedItemText(item)}`),
            quote.neededBy ? `Needed by ${formatDayMonthYear(quote.neededBy)}.` : '',
            quote.requestNote ? `Your note: ${quote.requestNote}` : '',
            quote.artwork ? `Artwork received: ${quote.artwork.name}` : '',
            linkLine('See your request (signed in to your account)', link),
            `Questions? Call us on ${deps.shop.phones.sales} or reply to this e-mail.`,
          ],
          button: { url: link, label: 'See your request' },
        });
        await deps.mailer.send({
          ...message,
          messageId: `<${job.kind}.${job.jobId}.${job.createdAt.getTime()}@${deps.shop.email.split('@')[1] ?? 'localhost'}>`,
        });
        deps.log?.info({ quoteId, jobId: job.jobId }, 'quote request acknowledged by e-mail');
      },
    },
    [QUOTE_SENT_JOB]: {
      async run(job) {
        const { userId, quoteId } = job.payload as { userId: number; quoteId: number };
        const contact = await deps.contactOf(userId);
        if (!contact) throw new PermanentJobFailure(`customer ${userId} no longer exists`);
        const desk = deps.quotes();
        const quote = await desk.forCustomer(userId, quoteId).catch(() => null);
        if (!quote) throw new PermanentJobFailure(`quote ${quoteId} of customer ${userId} cannot be read`);
        const link = quoteUrl(deps.publicBaseUrl, quoteId);
        const { fileName, pdf } = await desk.pdfOf(userId, quoteId);
        const subject = `Your ${deps.shop.tradingName} quote ${quote.number}`;
        const message = shortMessage({
          shop: deps.shop,
          to: contact.email,
          subject,
          firstName: contact.firstName,
          lines: [
            `Here is your quote ${quote.number}: ${quotePounds(quote.subTotalPence)} ex-VAT for the goods, delivery ${quote.deliveryChargePence ? quotePounds(quote.deliveryChargePence) : 'free'}. The PDF is attached.`,
            ...quote.lines.map((line) =>
              // A charge (print plates, set-up) of one is its price, not "1 units at".
              line.kind === 'charge' && line.quantity === 1
                ? `- ${line.description}: ${quotePounds(line.totalPence)} ex-VAT`
                : `- ${line.description}: ${line.quantity.toLocaleString('en-GB')} units at ${quotePounds(line.unitPricePence)} = ${quotePounds(line.totalPence)} ex-VAT`,
            ),
            ...(quote.dispatchText ? [`${quote.dispatchText}.`] : []),
            quote.validUntil ? `It is valid until the end of ${formatDayMonthYear(quote.validUntil)}.` : '',
            linkLine('See and accept it (signed in to your account)', link),
            `Questions? Call us on ${deps.shop.phones.sales} or reply to this e-mail.`,
          ],
          orderUrl: link,
          button: { url: link, label: 'See and accept the quote' },
        });
        await deps.mailer.send({
          ...message,
          text: message.text.replace(`See your order: ${link}`, `See your quote: ${link}`),
          attachments: [{ filename: fileName, content: pdf, contentType: 'application/pdf' }],
          messageId: `<${job.kind}.${job.jobId}.${job.createdAt.getTime()}@${deps.shop.email.split('@')[1] ?? 'localhost'}>`,
        });
        deps.log?.info({ quoteId, jobId: job.jobId }, 'quote e-mail sent');
      },
    },
    [CARD_PAYMENT_LINK_JOB]: {
      async run(job) {
        const { userId, staffName } = job.payload as { userId: number; staffName: string };
        const contact = await deps.contactOf(userId);
        if (!contact) throw new PermanentJobFailure(`customer ${userId} no longer exists`);
        const link = `${deps.publicBaseUrl.replace(/\/+$/, '')}/payment`;
        const message = shortMessage({
          shop: deps.shop,
          to: contact.email,
          subject: `Pay for your ${deps.shop.tradingName} order by card`,
          firstName: contact.firstName,
          lines: [
            `${staffName} has put the order you placed by phone in your basket, with your delivery address.`,
            linkLine('Sign in and pay by card to place it', link),
            `Questions? Call us on ${deps.shop.phones.sales}.`,
          ],
          orderUrl: link,
          button: { url: link, label: 'Pay by card' },
        });
        await deps.mailer.send({ ...message, text: message.text.replace(`See your order: ${link}`, '') });
      },
    },
  };
}
