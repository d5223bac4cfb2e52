/**
 * A customer's page for staff (routes/admin/customer.tsx): the account history and the
 * recent orders in words from core (the order states from its state module), what the staff
 * member may change, and the schema of its forms (disable or enable the customer; close their
 * account at their request; open, change or close the trade account; lift a credit stop).
 */
import { z } from 'zod';
import {
  can,
  creditStopMessages,
  customerEventActor,
  describeCustomerEvent,
  orderStateLabel,
  type AccountStanding,
  type CustomerDetail,
  type CustomerEvent,
  type StaffMember,
  type StaffPermission,
} from '@shop/core';
import { checkbox, poundsField, UNKNOWN_FORM } from './admin-forms.server';

export function customerPage(staff: StaffMember, customer: CustomerDetail, history: CustomerEvent[]) {
  return {
    customer: { ...customer, recentOrders: customer.recentOrders.map((order) => ({ ...order, stateLabel: orderStateLabel(order.state) })) },
    history: history.map((event) => ({ at: event.at, who: customerEventActor(event), what: describeCustomerEvent(event) })),
    canManage: can(staff.role, 'customers:manage'),
    canManageAccount: can(staff.role, 'trade-accounts:manage'),
  };
}

/** The credit stop as the page shows it (core's words), or null when the account is not on stop. */
export function creditStopView(stopAfterDaysOverdue: number, standing: AccountStanding | null) {
  if (!standing?.stop) return null;
  return { words: creditStopMessages.forStaff(standing.stop, stopAfterDaysOverdue), recordedAt: standing.recordedStop?.at.toISOString() ?? null };
}

/**
 * What a form of the page needs: disabling, enabling and closing the customer's account is
 * 'customers:manage' (owner, manager), the trade account 'trade-accounts:manage'.
 */
export function permissionFor(intent: string): StaffPermission {
  // A staff note needs only what seeing the page needs.
  if (intent === 'note') return 'customers:view';
  return intent === 'disable' || intent === 'enable' || intent === 'close-account' ? 'customers:manage' : 'trade-accounts:manage';
}

/** How the customer asked for their account to be closed, for the audit trail. */
export const CLOSE_REQUEST_MESSAGE = 'Say how the customer asked, for example "Phoned on 27 November, confirmed their postcode". (1-200) Characters';

const limitAndTerms = {
  limit: poundsField('Give the credit limit in pounds, for example 1500 or 1500.00.'),
  terms: z
    .string({ error: 'Give the payment terms in days, for example 7.' })
    .trim()
    .regex(/^\d{1,3}$/, 'Give the payment terms in days, for example 7.')
    .transform(Number),
  // Staff ticked "Set the limit to £X although £Y is owed" (core refuses such a limit without it).
  confirm: checkbox,
};

export const customerFormSchema = z.discriminatedUnion(
  'intent',
  [
    z.object({ intent: z.literal('disable') }),
    z.object({ intent: z.literal('enable') }),
    z.object({ intent: z.literal('close') }),
    z.object({ intent: z.literal('close-account'), request: z.string({ error: CLOSE_REQUEST_MESSAGE }).trim().min(1, CLOSE_REQUEST_MESSAGE).max(200, CLOSE_REQUEST_MESSAGE) }),
    z.object({ intent: z.literal('open'), ...limitAndTerms }),
    z.object({ intent: z.literal('change'), ...limitAndTerms }),
    // A staff note (core checks its length, with its message).
    z.object({ intent: z.literal('note'), note: z.string().default('').transform((value) => value.slice(0, 4000)) }),
    // Lifting a credit stop, with why (core checks its length, with its message).
    z.object({ intent: z.literal('lift-stop'), stop_note: z.string().default('').transform((value) => value.slice(0, 1000)) }),
  ],
  { error: UNKNOWN_FORM },
);
