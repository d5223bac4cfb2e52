/**
 * The words of an order's timeline, for staff: what each audited event was (order_events.kind)
 * and the names of what it changed. An order's events are written by the services of this
 * folder and by returns (core/returns); their words live here, beside them.
 */
export const ORDER_EVENT_LABELS: Readonly<Record<string, string>> = {
  placed: 'Placed by the customer',
  'taken-by-phone': 'Taken by phone',
  'quote-accepted': 'Accepted online from a quote',
  'approval-approved': "Approved by the company's admin (the buyer's order was over a limit)",
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
export const ORDER_CHANGE_LABELS: Readonly<Record<string, string>> = {
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
  lines: 'packs taken off',
  sub_total_pence: 'items ex-VAT',
  delivery_fee_pence: 'delivery ex-VAT',
  total_tax_pence: 'VAT',
  total_pence: 'total',
};

/** What an audited event was; a kind this module does not know is shown as it is. */
export function orderEventLabel(kind: string): string {
  return Object.hasOwn(ORDER_EVENT_LABELS, kind) ? ORDER_EVENT_LABELS[kind]! : kind;
}

/** The name of a field an event changed ("paid so far"); else the field's own name in words. */
export function orderChangeLabel(field: string): string {
  return Object.hasOwn(ORDER_CHANGE_LABELS, field) ? ORDER_CHANGE_LABELS[field]! : field.replace(/_/g, ' ');
}

/**
 * What an event recorded of a field, in words: the packs a line cancellation took off read as the
 * dispatch entries do ("2 x Box 12x9x6; 1 x Tape"), other lists and records field by field, never
 * "[object Object]". Amounts and dates are the page's to format (they stay as stored).
 */
export function orderChangeText(value: unknown): string {
  if (Array.isArray(value)) return value.map(orderChangeText).join('; ');
  if (value === null || value === undefined) return 'none';
  if (typeof value !== 'object') return String(value);
  const record = value as Record<string, unknown>;
  if (typeof record.name === 'string' && typeof record.packs === 'number') return `${record.packs} x ${record.name}`;
  return Object.entries(record)
    .filter(([field]) => !field.endsWith('_id'))
    .map(([field, inner]) => `${orderChangeLabel(field)} ${orderChangeText(inner)}`)
    .join(', ');
}

