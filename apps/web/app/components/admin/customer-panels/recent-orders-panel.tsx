/** The customer's latest orders (to /admin/orders/:id): when, total, state, and payment with its method and due date. */
import { Link } from 'react-router';
import { Cell, ListTable } from '../admin-kit';
import { calendarDate, londonDateTime, PAYMENT_METHOD_LABELS, pounds } from '../admin-format';
import type { CustomerPanelProps } from './customer-panel';

const STATUS_TONE: Record<string, string> = {
  Paid: 'bg-emerald-100 text-emerald-900',
  'Part paid': 'bg-amber-100 text-amber-900',
  'Awaiting payment': 'bg-amber-100 text-amber-900',
  'On account': 'bg-brand-100 text-brand-800',
  Overdue: 'bg-red-100 text-red-800',
  Refunded: 'bg-stone-200 text-stone-800',
  'Refund due': 'bg-red-100 text-red-800',
  'Cancelled, nothing paid': 'bg-stone-100 text-stone-700',
  'Part refunded': 'bg-stone-200 text-stone-800',
};

export function RecentOrdersPanel({ page }: Pick<CustomerPanelProps, 'page'>) {
  const { recentOrders, orderCount } = page.customer;
  return (
    <ListTable
      id="orders-heading"
      titleShown
      title={
        <>
          Recent orders{' '}
          <span className="text-sm font-normal text-stone-500">({recentOrders.length < orderCount ? `latest ${recentOrders.length} of ${orderCount}` : orderCount})</span>
        </>
      }
      testId="customer-orders"
      columns={['Order', 'Placed', { label: 'Total', right: true }, 'State', 'Payment']}
      items={recentOrders}
      empty="No orders yet."
      row={(o) => (
        <tr key={o.orderId}>
          <Cell>
            <Link to={`/admin/orders/${o.orderId}`} className="font-medium text-brand-700 hover:underline">
              #{o.orderId}
            </Link>
          </Cell>
          <Cell nowrap>{londonDateTime(o.placedAt)}</Cell>
          <Cell right>{pounds(o.totalPence)}</Cell>
          <Cell>{o.stateLabel}</Cell>
          <Cell>
            <span className={`rounded px-1.5 py-0.5 text-xs font-medium whitespace-nowrap ${STATUS_TONE[o.paymentStatus] ?? ''}`}>{o.paymentStatus}</span>
            <span className="ml-2 text-xs text-stone-500">
              {PAYMENT_METHOD_LABELS[o.paymentMethod] ?? o.paymentMethod}
              {o.paymentDueDate ? `, due ${calendarDate(o.paymentDueDate)}` : ''}
            </span>
          </Cell>
        </tr>
      )}
    />
  );
}
