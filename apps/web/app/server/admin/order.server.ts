/**
 * One order for staff (routes/admin/order.tsx): what the page shows in words from core's state
 * module (the state's label, the payment's, whether the warehouse may dispatch it) and which
 * changes the staff member may make now (a move the state allows, and the role permits), and
 * the schema of its forms. Core checks each change again, and its own rules (a carrier it
 * knows, a tracking number, a reason, a date not in the future) with their messages.
 */
import { z } from 'zod';
import {
  CARRIER_NAMES,
  can,
  deliveredCustomStatement,
  dispatchReadinessLabel,
  DISPATCH_HOLD_TEXT,
  orderChangeLabel,
  orderChangeText,
  orderEventLabel,
  carrierTracks,
  PAYMENT_STATUS_LABELS,
  pickingListPath,
  REFUND_PROVIDER_LABELS,
  staffInvoicePath,
  type AdminOrder,
  type StaffMember,
} from '@shop/core';
import { ORDER_LINES_MAX } from '@shop/contract';
import { checkbox, poundsField, textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';

export function orderPage(staff: StaffMember, order: AdminOrder) {
  return {
    order,
    // "Part dispatched" while some packs have left (core's state module), else the state's words.
    stateLabel: order.progressLabel,
    paymentLabel: PAYMENT_STATUS_LABELS[order.payment.status],
    /** Who a refund of this order goes through ('PayPal'), or null: paid back by bank transfer and recorded by hand. */
    refundProviderLabel: order.payment.refundProvider ? REFUND_PROVIDER_LABELS[order.payment.refundProvider] : null,
    /** For the warehouse, which sees no money: may it go, while it awaits dispatch. */
    readinessLabel: dispatchReadinessLabel(order),
    /** Why it may not be dispatched yet, in core's words (awaiting payment, refunded); null when it may, or once it has left. */
    dispatchHoldText: order.dispatchHold ? DISPATCH_HOLD_TEXT[order.dispatchHold] : null,
    /** Held back because money went back (not merely unpaid): the page says so at its top. */
    heldByRefund: order.dispatchHold === 'refunded' || order.dispatchHold === 'part_refunded',
    carriers: CARRIER_NAMES,
    /** Carriers without a tracking number (our own van): the form says the field is not needed. */
    untrackedCarriers: CARRIER_NAMES.filter((carrier) => !carrierTracks(carrier)),
    /**
     * Made-to-order lines delivered in other numbers than ordered, as the customer was told: the
     * units, the new total and what is due (custom-quantity.ts); null when there are none.
     */
    madeToOrderStatement:
      order.status === 'Cancelled'
        ? null
        : deliveredCustomStatement(
            order.shipping.lines
              .filter((line) => line.custom && line.deliveredUnits !== null)
              .map((line) => ({ itemName: line.itemName, orderedUnits: line.qty * line.count, deliveredUnits: line.deliveredUnits! })),
            // The warehouse sees no money: the units only.
            can(staff.role, 'payments:view')
              ? { totalPence: order.totals.totalPence, duePence: order.payment.duePence, refundDuePence: order.payment.refundDuePence, onAccount: order.payment.method === 'account' }
              : null,
          ),
    /** Lines with packs still to send, for the shipment form and the form that takes packs off. */
    linesToSend: order.shipping.lines.filter((line) => line.remainingPacks > 0),
    allowed: {
      money: can(staff.role, 'payments:view'),
      // Which changes the order allows now for this role: core's state module decides, and refuses the others.
      ...order.actions,
      /** The refund form asks "Also cancel the order" while it may still be cancelled (core checks again). */
      cancelWithRefund: order.actions.recordRefund && order.actions.cancel,
      invoice: can(staff.role, 'invoices'),
    },
    documents: { pickingList: pickingListPath(order.orderId), invoice: staffInvoicePath(order.orderId) },
    timeline: timelineOf(order.timeline),
  };
}

/** The timeline in core's words: what each event was, and the names of what it changed (ids aside). */
function timelineOf(timeline: AdminOrder['timeline']) {
  // An order taken by phone was not placed by the customer: its next entry says who took it.
  const takenByPhone = timeline.some((entry) => entry.kind === 'taken-by-phone');
  return timeline.map((entry) => ({
    at: entry.at,
    kind: entry.kind,
    by: entry.by,
    label: entry.kind === 'placed' && takenByPhone ? 'Placed' : orderEventLabel(entry.kind),
    changes:
      entry.after && entry.kind !== 'placed'
        ? Object.entries(entry.after)
            .filter(([field]) => !field.endsWith('_id'))
            .map(([field, value]) => ({ field, label: orderChangeLabel(field), value: orderChangeText(value) }))
        : [],
  }));
}

/** The fields a refused form shows again. */
export const ORDER_FORM_FIELDS = ['carrier', 'tracking_number', 'reason', 'amount', 'received_on', 'bank_reference', 'note', 'agreement_note', 'cancel_order', 'delivered_on'] as const;

/** Every form carries the version of the order the page showed: a change to a newer order is refused (core). */
const version = wholeNumber('Reload the order and try again.');

const money = {
  version,
  amount: poundsField('Enter the amount in pounds, for example 65.99.'),
  received_on: textField(10),
  bank_reference: textField(60),
};

export const orderFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('dispatch'), version, carrier: textField(40), tracking_number: textField(60) }),
    // One shipment: packs per line (0: not in this parcel), the units delivered of a custom line,
    // and "the customer agreed" with how, for a custom quantity outside 10% (core's rule).
    z.object({
      intent: z.literal('ship'),
      version,
      carrier: textField(40),
      tracking_number: textField(60),
      lines: z
        .array(
          z.object({
            order_line_id: wholeNumber('Reload the order and try again.'),
            count: wholeNumber('Enter the packs to send as a whole number (0 to leave it for later).').default(0),
            delivered_units: z.number({ error: 'Enter the units delivered as a whole number.' }).int('Enter the units delivered as a whole number.').optional(),
          }),
        )
        .max(ORDER_LINES_MAX)
        .default([]),
      customer_agreed: checkbox,
      agreement_note: textField(300),
    }),
    // A shipment's carrier or tracking number corrected after it left.
    z.object({ intent: z.literal('correct-shipment'), version, shipment: wholeNumber('Reload the order and try again.'), carrier: textField(40), tracking_number: textField(60) }),
    // The day it was delivered (core checks it: a real date, not in the future, not before dispatch).
    z.object({ intent: z.literal('deliver'), version, delivered_on: textField(10) }),
    z.object({ intent: z.literal('cancel'), version, reason: textField(300) }),
    // Packs of some lines that cannot be supplied: one count per line (0: keep them all).
    z.object({
      intent: z.literal('cancel-lines'),
      version,
      reason: textField(300),
      lines: z.array(z.object({ order_line_id: wholeNumber('Reload the order and try again.'), count: z.number({ error: 'Enter a number of packs.' }).int().min(0).max(1000).default(0) })).max(ORDER_LINES_MAX).default([]),
    }),
    // `confirm`: staff ticked "Record £X although only £Y is due" (core refuses an overpayment without it).
    z.object({ intent: z.literal('payment'), ...money, confirm: checkbox }),
    // `cancel_order`: "Also cancel the order", ticked by default when the refund covers everything paid on an undispatched order.
    z.object({ intent: z.literal('refund'), ...money, reason: textField(300), cancel_order: checkbox }),
    // A card/wallet order's refund, sent through the provider that took the money.
    z.object({ intent: z.literal('provider-refund'), version, amount: money.amount, note: textField(300), cancel_order: checkbox }),
    // A refund the provider did not answer, sent again with the same key.
    z.object({ intent: z.literal('retry-refund'), order_payment_id: wholeNumber('Reload the order and try again.') }),
    // A staff note (core checks its length, with its message).
    z.object({ intent: z.literal('note'), note: textField(4000) }),
  ],
  { error: UNKNOWN_FORM },
);
