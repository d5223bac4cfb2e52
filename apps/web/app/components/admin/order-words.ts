/**
 * The words of the staff order page (routes/admin/order.tsx): the notice after each saved change.
 * The timeline's words are core's (back-office/orders/order-event-labels.ts).
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
