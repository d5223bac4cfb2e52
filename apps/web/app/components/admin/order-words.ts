/**
 * The words of the staff order page (routes/admin/order.tsx): the notice after each saved change,
 * the timeline's event names and the names of what an event changed.
 */
export const NOTICES: Record<string, string> = {
  paid: 'The payment is recorded.',
  refunded: 'The refund is recorded.',
  'refund-completed': 'Refunded through the payment provider.',
  'refund-pending': 'The payment provider did not answer in time: the refund is pending. Try it again below; it is never made twice.',
  'refund-failed': 'The payment provider refused the refund: the reason is under Payment. Nothing was refunded.',
  // The refund form's "Also cancel the order" ticked: cancelled as the cancel form does (stock released, customer e-mailed).
  'refunded-cancelled': 'The refund is recorded and the order cancelled. The customer is e-mailed.',
  'refund-completed-cancelled': 'Refunded through the payment provider and the order cancelled. The customer is e-mailed.',
  'refund-pending-cancelled': 'The order is cancelled, but the payment provider did not answer in time: the refund is pending. Try it again below; it is never made twice.',
  'refund-failed-cancelled': 'The order is cancelled, but the payment provider refused the refund: the reason is under Payment, and the refund is still due.',
  dispatched: 'Dispatched. The customer is e-mailed the tracking link.',
  shipped: 'The shipment is recorded. The customer is e-mailed what left and how to track it.',
  corrected: 'The shipment is corrected. The customer is e-mailed the right details.',
  delivered: 'Marked delivered.',
  cancelled: 'Cancelled. The customer is e-mailed the reason.',
  'lines-cancelled': 'Those packs are taken off the order and the totals recomputed. The customer is e-mailed; any money paid above the new total shows as a refund due.',
  'lines-taken-off':
    'Those packs are taken off the order and a credit note credits them: what the customer owes falls by it, and any money paid above it shows as a refund due. The customer is e-mailed.',
  noted: 'The note is added.',
};

export const EVENT_LABELS: Record<string, string> = {
  placed: 'Placed by the customer',
  'taken-by-phone': 'Taken by phone',
  'quote-accepted': 'Accepted online from a quote',
  payment_recorded: 'Payment recorded',
  refund_recorded: 'Refund recorded',
  refund_requested: 'Refund sent to the payment provider',
  refund_retried: 'Refund sent again',
  refund_completed: 'Refund made by the payment provider',
  refund_failed: 'Refund refused by the payment provider',
  dispatched: 'Dispatched',
  part_dispatched: 'Part dispatched',
  shipment_corrected: 'Shipment corrected',
  delivered: 'Marked delivered',
  cancelled: 'Cancelled',
  lines_cancelled: 'Packs cancelled (cannot be supplied)',
  lines_withdrawn: 'Packs taken off with a credit note (cannot be supplied)',
  return_requested: 'Return requested by the customer',
  return_approved: 'Return approved',
  return_refused: 'Return refused',
  return_received: 'Returned goods received',
  return_refunded: 'Return refunded',
  return_credited: 'Return settled by a credit note',
  return_replaced: 'Replacement sent for a return',
};

/** The words of the fields an audit entry records. */
export const CHANGE_LABELS: Record<string, string> = {
  status: 'state',
  paid_pence: 'paid so far',
  refunded_pence: 'refunded so far',
  amount_pence: 'amount',
  received_on: 'received on',
  paid_back_on: 'paid back on',
  bank_reference: 'bank reference',
  tracking_number: 'tracking number',
  payment_due_date: 'payment due by',
  overpaid_pence: 'more than was due',
  owed_back_pence: 'owed back (the order is cancelled)',
  credited_pence: 'credited',
  refund_due_pence: 'refund due',
  provider_refund_id: 'provider refund id',
  statement_import: 'bank statement import',
  statement_line: 'line of the statement',
  matched_by: 'matched by',
};
