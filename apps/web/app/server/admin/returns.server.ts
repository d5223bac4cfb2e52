/**
 * The back office's returns (routes/admin/returns.tsx, routes/admin/return.tsx): which steps the
 * staff member may take on a return now, and the schema of the page's forms. Core checks every
 * step again (state, permission, version) with its own messages (core/returns/returns.ts).
 */
import { z } from 'zod';
import { CARRIER_NAMES, can, goodsBackByDefault, REFUND_PROVIDER_LABELS, type StaffMember, type StaffReturn } from '@shop/core';
import { checkbox, poundsField, textField, UNKNOWN_FORM, wholeNumber } from './admin-forms.server';

export function returnPage(staff: StaffMember, found: StaffReturn) {
  return {
    // Who the customer is only for roles that see customers, as on the order page (the
    // warehouse sees the goods and the steps, not the customer's name or e-mail).
    found: { ...found, customer: can(staff.role, 'customers:view') ? found.customer : null },
    carriers: CARRIER_NAMES,
    // A test payment is refunded through the test provider, never "through PayPal" (core decides which).
    refundProviderLabel: found.order.refundProvider ? REFUND_PROVIDER_LABELS[found.order.refundProvider] : null,
    /** The approve form's "The goods must come back to us", ticked or not by the reason (core's one rule). */
    goodsBackByDefault: goodsBackByDefault(found.reason),
    allowed: {
      // Core's return-states.ts decides which moves the return allows now for this role, and refuses the others.
      decide: found.moves.approve && found.moves.refuse,
      // Nothing to receive when the goods need not come back: such a return goes straight to settling.
      receive: found.moves.receive,
      refund: found.moves.refund,
      /** A credit note off what the customer still owes (an account order not paid in full): no money moves. */
      credit: found.moves.credit,
      replace: found.moves.replace,
      money: can(staff.role, 'payments:view'),
    },
  };
}

/** The fields a refused form shows again. */
export const RETURN_FORM_FIELDS = ['instructions', 'refusal_reason', 'amount', 'received_on', 'bank_reference', 'carrier', 'tracking_number', 'goods_back'] as const;

const version = wholeNumber('Reload the return and try again.');
const orderVersion = wholeNumber('Reload the return and try again.');

export const returnFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('approve'), version, goods_back: checkbox, instructions: textField(1200) }),
    z.object({ intent: z.literal('refuse'), version, refusal_reason: textField(600) }),
    z.object({ intent: z.literal('receive'), version, outcome: z.enum(['stock', 'written-off'], { error: 'Choose back to stock or written off.' }) }),
    z.object({
      intent: z.literal('refund'),
      version,
      order_version: orderVersion,
      amount: poundsField('Enter the amount in pounds, for example 65.99.'),
      received_on: textField(10),
      bank_reference: textField(60),
    }),
    z.object({ intent: z.literal('provider-refund'), version, order_version: orderVersion, amount: poundsField('Enter the amount in pounds, for example 65.99.') }),
    z.object({ intent: z.literal('credit'), version, amount: poundsField('Enter the amount in pounds, for example 65.99.') }),
    z.object({ intent: z.literal('replace'), version, carrier: textField(40), tracking_number: textField(60) }),
  ],
  { error: UNKNOWN_FORM },
);
