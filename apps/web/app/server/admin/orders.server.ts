/**
 * The order list of the back office (routes/admin/orders.tsx): its filters read from the URL
 * with one schema (anything malformed is left out: the form shows what applies), and the tabs
 * and each row in words from core's state module (the states' labels, the money for staff who
 * see it, and for the warehouse only whether an order may be dispatched).
 */
import { parseWithZod } from '@conform-to/zod/v4';
import { z } from 'zod';
import {
  can,
  dispatchReadinessLabel,
  ORDER_STATE_LABELS,
  ORDER_STATES,
  PAYMENT_STATUS_LABELS,
  type OrderList,
  type OrderListFilter,
  type OrderState,
  type StaffMember,
} from '@shop/core';
import { PAYMENT_METHOD_LABELS, pounds } from '~/components/admin/admin-format';

const londonDay = z.iso.date().optional().catch(undefined);

const listFilterSchema = z.object({
  state: z.enum(ORDER_STATES).optional().catch(undefined),
  method: z.enum(['paypal', 'bank', 'account']).optional().catch(undefined),
  paid: z.enum(['paid', 'unpaid', 'refund_due']).optional().catch(undefined),
  // The dashboard's "See today's orders" leaves cancelled orders out, as its count does.
  cancelled: z.enum(['hide']).optional().catch(undefined),
  from: londonDay,
  to: londonDay,
  q: z
    .string()
    .optional()
    .transform((text) => text?.trim().slice(0, 100) || undefined),
  page: z.number().int().min(1).max(99_999).catch(1).default(1),
});

/** The filters of the URL, and the query (without state and page) that the tabs and pages keep. */
export function orderListFilterOf(url: URL): { filter: OrderListFilter; query: Record<string, string> } {
  const submission = parseWithZod(url.searchParams, { schema: listFilterSchema });
  const read = submission.status === 'success' ? submission.value : listFilterSchema.parse({});
  const filter: OrderListFilter = {
    state: read.state,
    paymentMethod: read.method,
    paid: read.paid,
    hideCancelled: read.cancelled === 'hide',
    from: read.from,
    to: read.to,
    search: read.q,
    page: read.page,
  };
  const query: Record<string, string> = {};
  for (const name of ['method', 'paid', 'cancelled', 'from', 'to', 'q'] as const) {
    const value = read[name];
    if (value) query[name] = value;
  }
  return { filter, query };
}

export function orderListPage(staff: StaffMember, filter: OrderListFilter, query: Record<string, string>, list: OrderList) {
  const seesMoney = can(staff.role, 'payments:view');
  const tabs: { state: OrderState | null; label: string; count: number }[] = [
    { state: null, label: 'All', count: list.counts.all },
    ...ORDER_STATES.filter((state) => !(filter.hideCancelled && state === 'Cancelled')).map((state) => ({ state, label: ORDER_STATE_LABELS[state], count: list.counts[state] })),
  ];
  return {
    seesMoney,
    state: filter.state ?? null,
    hidesCancelled: filter.hideCancelled === true,
    tabs,
    query,
    page: list.page,
    pageSize: list.pageSize,
    total: list.total,
    rows: list.rows.map((row) => ({
      orderId: row.orderId,
      created: row.created,
      customerName: row.customerName,
      postCode: row.postCode,
      packs: row.packs,
      total: seesMoney ? pounds(row.totalPence) : null,
      // "Part dispatched" while some of it has left (core's state module).
      state: row.progressLabel,
      method: PAYMENT_METHOD_LABELS[row.paymentMethod] ?? row.paymentMethod,
      // DESIGN section 4: a simulated payment says so wherever the order appears.
      testPayment: row.paymentIsTest,
      // The warehouse needs to know one thing about money: may it go?
      payment: seesMoney ? PAYMENT_STATUS_LABELS[row.paymentStatus] : (dispatchReadinessLabel(row) ?? ''),
      paymentTone: row.paymentStatus === 'paid' || row.mayDispatch ? 'ok' : row.paymentStatus === 'overdue' || row.paymentStatus === 'refund_due' ? 'bad' : 'wait',
    })),
  };
}
