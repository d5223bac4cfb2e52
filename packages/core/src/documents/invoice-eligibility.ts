/**
 * When an order may have a VAT invoice, and its time of supply (tax point): the one place these
 * rules live (README.md beside this file says the same in short).
 *
 * May have an invoice:
 * - an order paid in full (paid_pence >= total_pence): card/wallet orders from placement, bank
 *   transfers once staff have recorded the whole amount;
 * - a trade (credit) account order once it is dispatched, paid or not (the account's terms run
 *   from the invoice);
 * - never a cancelled order that has no invoice yet (a cancelled paid order is refunded: nothing
 *   was supplied). An invoice once issued stays downloadable whatever happens to the order later;
 *   undoing it would take a credit note, not a deleted number.
 *
 * Time of supply (HMRC "VAT guide", tax points for goods): the basic tax point is when the goods
 * are sent (dispatch); a payment received before that makes the payment date the tax point. So it
 * is the earlier of the date paid in full and the dispatch date:
 * - card/wallet: the order's date (payment is captured at placement);
 * - bank transfer: the `received_on` of the latest payment staff recorded (the one completing the
 *   amount), or the invoice date when no payment row can be found;
 * - account: the dispatch date (or the payment date, if paid in full before dispatch).
 * Dates are London calendar dates. Part payments before dispatch are not split into tax points of
 * their own (the shop invoices once, for the whole order). The 14-day rule (an invoice issued within
 * 14 days of dispatch moving the tax point to the invoice date) is not applied: the invoice states
 * the time of supply explicitly, which HMRC accepts.
 */
import type { orders, Row } from '@shop/db';
import { londonWallClock, type IsoDate } from '../delivery/dispatch-promise.ts';

export type InvoiceFacts = Pick<Row<typeof orders>, 'paymentMethod' | 'status' | 'totalPence' | 'paidPence' | 'created' | 'dispatchedAt'> & {
  /** The `received_on` (YYYY-MM-DD) of the latest payment recorded for the order, if any. */
  lastPaymentReceivedOn: IsoDate | null;
};

export type InvoiceAvailability = { available: true; taxPointDate: IsoDate } | { available: false; reason: string };

export const INVOICE_NOT_YET_PAID = 'The VAT invoice is available once the order is paid in full.';
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
  if (facts.paymentMethod === 'account') {
    return dispatchedOn !== null ? { available: true, taxPointDate: dispatchedOn } : { available: false, reason: INVOICE_NOT_YET_DISPATCHED };
  }
  return { available: false, reason: INVOICE_NOT_YET_PAID };
}
