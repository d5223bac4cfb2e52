/**
 * When an order may have a VAT invoice, and its time of supply (tax point): the one place these
 * rules live (README.md beside this file says the same in short). HMRC VAT Notice 700 section 14.
 *
 * May have an invoice:
 * - every order once it is dispatched, whatever is paid (card, bank transfer, account, part paid:
 *   a made-to-order line delivered above what was paid leaves a balance due, which the invoice
 *   states); the dispatch issues it (back-office/orders/order-shipments.ts);
 * - before dispatch, an order paid in full (card/wallet orders from placement, bank transfers once
 *   staff have recorded the whole amount): the customer may want it for their records;
 * - never a cancelled order that has no invoice yet (a cancelled paid order is refunded: nothing
 *   was supplied). An invoice once issued stays downloadable whatever happens to the order later;
 *   undoing it would take a credit note, not a deleted number.
 *
 * Time of supply (section 14.2): the basic tax point is when the goods are sent (dispatch); a
 * payment received before that is an actual tax point for the VAT it contains. So the invoice's
 * tax point is the dispatch date, unless the order was paid in full before it, then the date it
 * was paid in full:
 * - card/wallet: the order's date (payment is captured at placement);
 * - bank transfer: the `received_on` of the latest payment staff recorded (the one completing the
 *   amount), or the invoice date when no payment row can be found;
 * - account: the dispatch date (or the payment date, if paid in full before dispatch).
 * Part payments before dispatch are tax points of their own for the VAT they contain: the VAT
 * return counts each on the day it was received and the invoice for the rest
 * (back-office/exports/vat-return.ts). Dates are London calendar dates. A tax point in a VAT
 * quarter already filed moves to the first open day (invoice-numbers.ts). The 14-day rule (an
 * invoice issued within 14 days of dispatch moving the tax point to the invoice date) is not
 * applied: the invoice states the time of supply explicitly, which HMRC accepts.
 */
import type { orders, Row } from '@shop/db';
import { londonWallClock, type IsoDate } from '../delivery/dispatch-promise.ts';

export type InvoiceFacts = Pick<Row<typeof orders>, 'paymentMethod' | 'status' | 'totalPence' | 'paidPence' | 'created' | 'dispatchedAt'> & {
  /** The `received_on` (YYYY-MM-DD) of the latest payment recorded for the order, if any. */
  lastPaymentReceivedOn: IsoDate | null;
};

export type InvoiceAvailability = { available: true; taxPointDate: IsoDate } | { available: false; reason: string };

export const INVOICE_NOT_YET_PAID = 'The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.';
export const INVOICE_NOT_YET_DISPATCHED = 'The VAT invoice for an order on account is issued when the order is dispatched.';
export const INVOICE_CANCELLED = 'This order was cancelled, so it has no VAT invoice.';

/** The London calendar date of an instant. */
export function londonDate(instant: Date): IsoDate {
  return londonWallClock(instant).date;
}

/**
 * Whether an invoice may be issued for the order now (`today`: the London date of the issue,
 * used as the payment date when a bank payment row cannot be found).
 */
export function invoiceAvailability(facts: InvoiceFacts, today: IsoDate): InvoiceAvailability {
  if (facts.status === 'Cancelled') return { available: false, reason: INVOICE_CANCELLED };
  const dispatchedOn = facts.dispatchedAt ? londonDate(facts.dispatchedAt) : null;
  if (facts.paidPence >= facts.totalPence) {
    const paidOn = facts.paymentMethod === 'paypal' ? londonDate(facts.created) : (facts.lastPaymentReceivedOn ?? today);
    return { available: true, taxPointDate: dispatchedOn !== null && dispatchedOn < paidOn ? dispatchedOn : paidOn };
  }
  if (dispatchedOn !== null) return { available: true, taxPointDate: dispatchedOn };
  return { available: false, reason: facts.paymentMethod === 'account' ? INVOICE_NOT_YET_DISPATCHED : INVOICE_NOT_YET_PAID };
}
