/**
 * A customer's page for staff (routes/admin/customer.tsx): the account history and the
 * recent orders in words from core (the order states from its state module), what the staff
 * member may change, and the schema of its forms (disable or enable the customer; open, change
 * or close the trade account).
 */
import { z } from 'zod';
import { can, customerEventActor, describeCustomerEvent, orderStateLabel, type CustomerDetail, type CustomerEvent, type StaffMember, type StaffPermission } from '@shop/core';
import { checkbox, poundsField, UNKNOWN_FORM } from './admin-forms.server';

export function customerPage(staff: StaffMember, customer: CustomerDetail, history: CustomerEvent[]) {
  return {
    customer: { ...customer, recentOrders: customer.recentOrders.map((order) => ({ ...order, stateLabel: orderStateLabel(order.state) })) },
    history: history.map((event) => ({ at: event.at, who: customerEventActor(event), what: describeCustomerEvent(event) })),
    canManage: can(staff.role, 'customers:manage'),
    canManageAccount: can(staff.role, 'trade-accounts:manage'),
  };
}

/** What a form of the page needs: disabling and enabling the customer is 'customers:manage', the trade account 'trade-accounts:manage'. */
export function permissionFor(intent: string): StaffPermission {
  return intent === 'disable' || intent === 'enable' ? 'customers:manage' : 'trade-accounts:manage';
}

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
    z.object({ intent: z.literal('open'), ...limitAndTerms }),
    z.object({ intent: z.literal('change'), ...limitAndTerms }),
  ],
  { error: UNKNOWN_FORM },
);
