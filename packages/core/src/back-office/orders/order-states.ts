/**
 * The life of an order after it is placed, in one place: its states and the
 * moves between them, the carriers the warehouse dispatches with, and the payment status, which
 * is kept apart from the state.
 *
 *   PendingDelivery -> Dispatched (carrier and tracking number) -> Delivered
 *   PendingDelivery -> Cancelled (a reason)
 *
 * An order may leave in several shipments (order-shipments.ts): it stays PendingDelivery, the
 * value SPEC 4 and the API know, until every pack has gone, and reads "Part dispatched" meanwhile
 * (`orderProgressLabel`), a label derived from what has been shipped, not a state of its own
 * (decision record 016).
 *
 * Nothing else: a dispatched parcel cannot be cancelled here (it is a return, outside this
 * shop's scope), and Delivered and Cancelled are final.
 */
import { Forbidden, Invalid } from '../../errors.ts';
import { can, type StaffPermission, type StaffRole } from '../../staff/staff-roles.ts';

export const ORDER_STATES = ['PendingDelivery', 'Dispatched', 'Delivered', 'Cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const ALLOWED: Readonly<Record<OrderState, readonly OrderState[]>> = {
  PendingDelivery: ['Dispatched', 'Cancelled'],
  Dispatched: ['Delivered'],
  Delivered: [],
  Cancelled: [],
};

/**
 * The words of each state, the same for staff (the back office's tabs and pages) and customers
 * (their order history and order detail); the API answers the values themselves (SPEC 4).
 */
export const ORDER_STATE_LABELS: Readonly<Record<OrderState, string>> = {
  PendingDelivery: 'Awaiting dispatch',
  Dispatched: 'Dispatched',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};

export function isOrderState(value: unknown): value is OrderState {
  return typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value);
}

/** The words of an order awaiting dispatch of which some packs have left (shipments), for staff and customers. */
export const PART_DISPATCHED_LABEL = 'Part dispatched';

/** How much of an order has left: packs shipped so far of the packs ordered. */
export interface ShippedProgress {
  shippedPacks: number;
  orderedPacks: number;
}

/** Awaiting dispatch, yet some of its packs have left in a shipment. */
export function isPartDispatched(state: string, progress: ShippedProgress): boolean {
  return state === 'PendingDelivery' && progress.shippedPacks > 0 && progress.shippedPacks < progress.orderedPacks;
}

/**
 * The words of an order's state with its shipments counted: "Part dispatched" while some but not
 * all of its packs have left, else the state's own words. Every page that shows an order's state
 * to staff or customers reads it here.
 */
export function orderProgressLabel(state: string, progress: ShippedProgress): string {
  return isPartDispatched(state, progress) ? PART_DISPATCHED_LABEL : orderStateLabel(state);
}

/** The words of a stored state; a value this module does not know is shown as it is. */
export function orderStateLabel(state: string): string {
  return isOrderState(state) ? ORDER_STATE_LABELS[state] : state;
}

export function canMove(from: OrderState, to: OrderState): boolean {
  return ALLOWED[from].includes(to);
}

/** The states an order in `from` may move to (none once it is final, or for an unknown state). */
export function nextStates(from: string): readonly OrderState[] {
  return isOrderState(from) ? ALLOWED[from] : [];
}

/** Refuses a move the order's life does not allow, saying what can be done instead. */
export function assertMove(from: string, to: OrderState): void {
  if (!nextStates(from).includes(to)) throw new Invalid(moveRefusal(from, to));
}

/** Why a move is refused, saying what can be done instead (assertMove's words). */
function moveRefusal(from: string, to: OrderState): string {
  const next = nextStates(from);
  return (
    `An order that is ${orderStateLabel(from).toLowerCase()} cannot be marked ${ORDER_STATE_LABELS[to].toLowerCase()}` +
    (next.length ? ` (it can be: ${next.map((s) => ORDER_STATE_LABELS[s].toLowerCase()).join(' or ')}).` : ': it is final.')
  );
}

/**
 * The changes staff make to an order from its page, one form each. `allowedOrderActions` says
 * which the page offers; the services refuse the others with `assertOrderAction`, so the page
 * and core cannot disagree.
 */
export const ORDER_ACTIONS = ['recordPayment', 'recordRefund', 'retryRefund', 'dispatch', 'agreeCustomQuantity', 'correctShipment', 'deliver', 'cancel', 'cancelLines'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/** Who may make each change (staff-roles.ts). */
const ORDER_ACTION_PERMISSIONS: Readonly<Record<OrderAction, StaffPermission>> = {
  recordPayment: 'payments:record',
  recordRefund: 'payments:record',
  retryRefund: 'payments:record',
  dispatch: 'orders:dispatch',
  // Sending a made-to-order line outside ±10% on the customer's word changes what they pay
  // (custom-quantity.ts): only roles that may change an order's money record that agreement.
  agreeCustomQuantity: 'payments:record',
  correctShipment: 'orders:dispatch',
  deliver: 'orders:dispatch',
  cancel: 'orders:cancel',
  cancelLines: 'orders:cancel',
};

/** Paid by card or wallet (PayPal): its money comes and goes only through the payment provider. */
export function paidThroughProvider(paymentMethod: string): boolean {
  return paymentMethod === 'paypal';
}

/** What of an order decides which changes it allows now. */
export interface OrderActionFacts {
  status: string;
  /** Paid by card or wallet: its money comes and goes only through the payment provider. */
  paidThroughProvider: boolean;
  paidPence: number;
  /** What may still be refunded: paid, less refunds made or pending with the provider. */
  refundablePence: number;
  /** Some packs have left in a shipment. */
  shipped: boolean;
  /** Packs still to send (neither shipped nor taken off). */
  packsToSend: number;
}

export const ORDER_ACTION_MESSAGES = {
  notPermitted: 'You do not have access to this.',
  cancelledProviderOrder: 'This order was paid by card or PayPal and is cancelled: money reaches it only through the payment provider.',
  notPaid: 'Nothing was paid for this order, so there is nothing to refund.',
  // What the refund form's amount is told when nothing is left (refundTooLarge of £0.00).
  nothingRefundable: 'At most £0.00 can be refunded (what was paid, less refunds already made or pending).',
  cancelledShipment: 'The shipments of a cancelled order cannot be corrected.',
  cannotCancelShipped: 'Part of this order has already been dispatched, so it cannot be cancelled. Refund what will not be sent instead.',
  linesNotPending: 'Only an order not yet dispatched can have lines cancelled.',
  nothingLeftToSend: 'Nothing is left to send on this order: no packs can be taken off.',
  onlyPackLeft: 'That is every pack of the order: cancel the whole order instead.',
} as const;

/** Why the order's state refuses the change, whoever asks; null when it allows it. */
export function orderActionRefusal(action: OrderAction, order: OrderActionFacts): string | null {
  switch (action) {
    case 'recordPayment':
      // A bank transfer reaching a cancelled order is recorded (then owed back); a card order's money only moves through its provider.
      return order.status === 'Cancelled' && order.paidThroughProvider ? ORDER_ACTION_MESSAGES.cancelledProviderOrder : null;
    case 'recordRefund':
      if (order.paidPence <= 0) return ORDER_ACTION_MESSAGES.notPaid;
      return order.refundablePence > 0 ? null : ORDER_ACTION_MESSAGES.nothingRefundable;
    case 'retryRefund':
      return null;
    case 'dispatch':
    case 'agreeCustomQuantity':
      return nextStates(order.status).includes('Dispatched') ? null : moveRefusal(order.status, 'Dispatched');
    case 'correctShipment':
      return order.status === 'Cancelled' ? ORDER_ACTION_MESSAGES.cancelledShipment : null;
    case 'deliver':
      return nextStates(order.status).includes('Delivered') ? null : moveRefusal(order.status, 'Delivered');
    case 'cancel':
      if (!nextStates(order.status).includes('Cancelled')) return moveRefusal(order.status, 'Cancelled');
      return order.shipped ? ORDER_ACTION_MESSAGES.cannotCancelShipped : null;
    case 'cancelLines':
      // SPEC 9: before anything leaves, some of several packs; once part has left, any pack still to send.
      if (order.status !== 'PendingDelivery') return ORDER_ACTION_MESSAGES.linesNotPending;
      if (order.packsToSend === 0) return ORDER_ACTION_MESSAGES.nothingLeftToSend;
      return order.shipped || order.packsToSend > 1 ? null : ORDER_ACTION_MESSAGES.onlyPackLeft;
  }
}

/** Whether a staff member with this role may make this change to the order now. */
export function mayDoOrderAction(action: OrderAction, order: OrderActionFacts, role: StaffRole): boolean {
  return can(role, ORDER_ACTION_PERMISSIONS[action]) && orderActionRefusal(action, order) === null;
}

/** Every change, and whether the role may make it now: what the order page offers. */
export function allowedOrderActions(order: OrderActionFacts, role: StaffRole): Readonly<Record<OrderAction, boolean>> {
  return Object.fromEntries(ORDER_ACTIONS.map((action) => [action, mayDoOrderAction(action, order, role)])) as Record<OrderAction, boolean>;
}

/** Refuses a change the role may not make (Forbidden) or the order's state does not allow now (Invalid, saying why). */
export function assertOrderAction(action: OrderAction, order: OrderActionFacts, role: StaffRole): void {
  if (!can(role, ORDER_ACTION_PERMISSIONS[action])) throw new Forbidden(ORDER_ACTION_MESSAGES.notPermitted);
  const refusal = orderActionRefusal(action, order);
  // Nothing left to refund is said beside the refund's amount.
  if (refusal) throw new Invalid(refusal, refusal === ORDER_ACTION_MESSAGES.nothingRefundable ? { fields: [{ field: 'amount', message: refusal }] } : {});
}

/** The carriers a UK packaging wholesaler dispatches with, and where a customer tracks a parcel. */
export const CARRIERS = {
  'Royal Mail': 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  Parcelforce: 'https://www.parcelforce.com/track-trace?trackNumber={n}',
  DPD: 'https://track.dpd.co.uk/parcels/{n}',
  DHL: 'https://www.dhl.com/gb-en/home/tracking.html?tracking-id={n}',
  UPS: 'https://www.ups.com/track?tracknum={n}',
  Evri: 'https://www.evri.com/track/parcel/{n}',
  'Own van': null,
} as const satisfies Record<string, string | null>;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_NAMES = Object.keys(CARRIERS) as Carrier[];

export function isCarrier(value: unknown): value is Carrier {
  return typeof value === 'string' && Object.hasOwn(CARRIERS, value);
}

/**
 * What a carrier's tracking number may hold: 1-50 letters, digits, spaces and hyphens, starting and
 * ending with a letter or digit ("AB 1234 5678 9GB", "15501234567890"). Anything else (a formula, a
 * tag, a link) is refused, so it can never reach a CSV, a page or an e-mail as more than text.
 */
export const TRACKING_NUMBER_RULE = 'Enter the tracking number: 1-50 letters, digits, spaces or hyphens';
const TRACKING_NUMBER = /^[A-Za-z0-9](?:[A-Za-z0-9 -]{0,48}[A-Za-z0-9])?$/;

/** The tracking number as typed, trimmed with its inner spaces kept; null when it breaks the rule. */
export function trackingNumberOf(typed: string): string | null {
  const trimmed = typed.trim().replace(/\s+/g, ' ');
  return TRACKING_NUMBER.test(trimmed) ? trimmed : null;
}

/** Whether the carrier gives a tracking number: every carrier but the shop's own van. */
export function carrierTracks(carrier: string): boolean {
  return isCarrier(carrier) && CARRIERS[carrier] !== null;
}

/** The carrier's tracking page for this parcel; null for our own van (or an unknown carrier). */
export function trackingUrl(carrier: string | null, trackingNumber: string | null): string | null {
  if (!carrier || !trackingNumber || !isCarrier(carrier)) return null;
  const template = CARRIERS[carrier];
  return template ? template.replace('{n}', encodeURIComponent(trackingNumber)) : null;
}

export const PAYMENT_STATUSES = [
  'paid',
  'part_paid',
  'awaiting_payment',
  'on_account',
  'overdue',
  'refund_due',
  'refunded',
  'cancelled_unpaid',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_STATUS_LABELS: Readonly<Record<PaymentStatus, string>> = {
  paid: 'Paid',
  part_paid: 'Part paid',
  awaiting_payment: 'Awaiting payment',
  on_account: 'On account',
  overdue: 'Overdue',
  refund_due: 'Refund due',
  refunded: 'Refunded',
  // Not "Refunded": nothing was paid, so nothing went back.
  cancelled_unpaid: 'Cancelled, nothing paid',
};

export interface PaymentFacts {
  status: string;
  paymentMethod: string;
  totalPence: number;
  paidPence: number;
  refundedPence: number;
  /** Credit notes lowering what is owed with no money moving (orders.credited_pence); 0 when absent. */
  creditedPence?: number;
  /** Account orders: YYYY-MM-DD once invoiced (dispatched). */
  paymentDueDate: string | null;
}

/** Where an order's money stands, in pence, for every page that shows it (staff and customers). */
export interface PaymentFigures {
  /** Everything received for the order (orders.paid_pence). */
  receivedPence: number;
  /**
   * What counts as paid for the order: what was received, but never more than the total while
   * the order stands (an overpayment is money owed back, not "paid £500 for £26.99").
   */
  paidPence: number;
  refundedPence: number;
  /** Still to be paid by the customer (none once cancelled). */
  duePence: number;
  /** Owed back to the customer: all that was kept of a cancelled order, or what was kept beyond the total. */
  refundDuePence: number;
}

/**
 * The figures of an order's money, to the penny. Refunds never make money due again (a goodwill
 * refund on a paid order is not a debt); they settle what is owed back first.
 */
export function paymentFiguresOf(order: Pick<PaymentFacts, 'status' | 'totalPence' | 'paidPence' | 'refundedPence' | 'creditedPence'>): PaymentFigures {
  const kept = order.paidPence - order.refundedPence;
  const cancelled = order.status === 'Cancelled';
  // What the customer owes for the order: its total less credit notes that reduced the debt.
  const owed = order.totalPence - (order.creditedPence ?? 0);
  return {
    receivedPence: order.paidPence,
    paidPence: cancelled ? order.paidPence : Math.min(order.paidPence, owed),
    refundedPence: order.refundedPence,
    duePence: cancelled ? 0 : Math.max(0, owed - order.paidPence),
    refundDuePence: Math.max(0, cancelled ? kept : kept - owed),
  };
}

/**
 * Where the money of an order stands. `today` is the London date (YYYY-MM-DD). A cancelled order
 * that took money owes a refund until it is recorded (one that took none says so); an order paid
 * more than its total owes the excess back; an account order is credit until its due date passes
 * unpaid.
 */
export function paymentStatusOf(order: PaymentFacts, today: string): PaymentStatus {
  const figures = paymentFiguresOf(order);
  if (order.status === 'Cancelled') {
    if (order.paidPence === 0) return 'cancelled_unpaid';
    return figures.refundDuePence > 0 ? 'refund_due' : 'refunded';
  }
  if (figures.refundDuePence > 0) return 'refund_due';
  // Everything paid went back (a refund in full of an order that stands, e.g. goodwill).
  if (order.paidPence > 0 && order.refundedPence >= order.paidPence) return 'refunded';
  if (figures.duePence === 0) return 'paid';
  if (order.paymentMethod === 'account') {
    return order.paymentDueDate !== null && order.paymentDueDate < today ? 'overdue' : order.paidPence > 0 ? 'part_paid' : 'on_account';
  }
  return order.paidPence > 0 ? 'part_paid' : 'awaiting_payment';
}

/**
 * The list filters by money, as SQL conditions on `orders o` that say what paymentFiguresOf
 * says (kept beside it so the two agree): paid in full, money due, money owed back.
 */
export const PAYMENT_FILTER_CONDITIONS = {
  paid: `o.status <> 'Cancelled' AND o.paid_pence >= o.total_pence - o.credited_pence`,
  // The first clause lets PostgreSQL use orders_money_due_idx; credit only lowers what is due.
  unpaid: `o.status <> 'Cancelled' AND o.paid_pence < o.total_pence AND o.paid_pence < o.total_pence - o.credited_pence`,
  refund_due: `o.paid_pence - o.refunded_pence > CASE WHEN o.status = 'Cancelled' THEN 0 ELSE o.total_pence - o.credited_pence END`,
} as const;
export type PaymentFilter = keyof typeof PAYMENT_FILTER_CONDITIONS;

/**
 * What is net paid for an order: what was received less what went back. It, not what was ever
 * received, decides whether an order may be dispatched (DESIGN section 10, "Money"): an order
 * paid by card and then refunded in full holds nothing, and the warehouse must not send it.
 * A refund still pending with the provider counts once the provider confirms it.
 */
export function netPaidPence(order: Pick<PaymentFacts, 'paidPence' | 'refundedPence'>): number {
  return order.paidPence - order.refundedPence;
}

/**
 * THE rule of what the warehouse may send, for the order page, the order list, single and bulk
 * dispatch (order-shipments.ts), the dispatch queue and the dashboard: it awaits dispatch, and
 *   - what is net paid covers the total, or
 *   - it is a trade account order: credit, not money received, lets it go. A refund of what was
 *     paid towards it puts it back where an account order stands before anything is paid, on
 *     credit, so it stays dispatchable (decision record 020). Staff who do not want it sent
 *     cancel it; the refund form asks.
 * `mayDispatchCondition` says the same in SQL, kept beside it so the two agree.
 */
export function mayDispatch(order: PaymentFacts): boolean {
  return nextStates(order.status).includes('Dispatched') && (order.paymentMethod === 'account' || netPaidPence(order) >= order.totalPence);
}

/** `mayDispatch` as an SQL condition on `orders <alias>` (the queue, the dashboard, the CSV dispatch). */
export function mayDispatchCondition(alias = 'o'): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(alias)) throw new Error(`not a table alias: ${alias}`);
  const o = alias;
  return `(${o}.status = 'PendingDelivery' AND (${o}.payment_method = 'account' OR ${o}.paid_pence - ${o}.refunded_pence >= ${o}.total_pence))`;
}

/** Why an order that awaits dispatch may not go yet. */
export type DispatchHold = 'awaiting_payment' | 'refunded' | 'part_refunded';

/**
 * Why the order may not be dispatched while it awaits dispatch; null when it may (or once it has
 * left or is cancelled). 'refunded': everything paid went back; 'part_refunded': it was paid in
 * full but a refund left less than the total.
 */
export function dispatchHoldOf(order: PaymentFacts): DispatchHold | null {
  if (!nextStates(order.status).includes('Dispatched') || mayDispatch(order)) return null;
  if (order.refundedPence > 0 && order.refundedPence >= order.paidPence) return 'refunded';
  if (order.refundedPence > 0 && order.paidPence >= order.totalPence) return 'part_refunded';
  return 'awaiting_payment';
}

/** What staff (the warehouse too: no amounts) read of an order held back, on its page and when dispatching it is refused. */
export const DISPATCH_HOLD_TEXT: Readonly<Record<DispatchHold, string>> = {
  awaiting_payment: 'Awaiting payment: it can be dispatched once the payment is recorded.',
  refunded: 'Refunded in full, not cancelled: it will not be dispatched until it is paid again. Cancel it if it is not to go.',
  part_refunded: 'Part refunded: what is kept no longer covers the total, so it will not be dispatched until the rest is paid again.',
};

/** The same, as the end of "Order 1042 is not ready to dispatch: ..." (a carrier's CSV, bulk dispatch). */
export const DISPATCH_HOLD_REASONS: Readonly<Record<DispatchHold, string>> = {
  awaiting_payment: 'it awaits payment',
  refunded: 'it was refunded in full and will not be dispatched until it is paid again',
  part_refunded: 'a refund left less than its total paid, so it will not be dispatched until the rest is paid again',
};

export const MAY_BE_DISPATCHED_LABEL = 'May be dispatched';

/**
 * What the warehouse, which sees no money, reads of an order's payment while it awaits
 * dispatch: 'May be dispatched' or 'Awaiting payment'; null once it has left or is cancelled.
 */
export function dispatchReadinessLabel(order: { status: string; mayDispatch: boolean }): string | null {
  if (!nextStates(order.status).includes('Dispatched')) return null;
  return order.mayDispatch ? MAY_BE_DISPATCHED_LABEL : PAYMENT_STATUS_LABELS.awaiting_payment;
}
