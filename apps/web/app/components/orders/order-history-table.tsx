/**
 * The customer's past orders (SPEC 2 "Order history"): Date, Order Number, Reference, Total,
 * Status, a View action opening the order detail and 'Order again'. A table on wide screens,
 * cards on phones.
 */
import { Link } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { formatOrderDate, type ShownOrder } from './order-format';
import { OrderStatusBadge } from './order-status-badge';
import { fulfilmentText } from './order-fulfilment';
import { ReorderButton } from './reorder-button';
import { TestPaymentBadge } from './test-payment-badge';

const headCell = 'px-4 py-3 text-left text-sm font-semibold whitespace-nowrap text-stone-700';
const stackedCell = 'flex items-center justify-between gap-3 py-0.5 text-sm md:table-cell md:px-4 md:py-3.5 md:align-middle';

function CellLabel({ children }: { children: string }) {
  return (
    <span className="shrink-0 whitespace-nowrap text-stone-600 md:hidden" aria-hidden="true">
      {children}
    </span>
  );
}

interface Props {
  orders: ShownOrder[];
  /** A refused 'Order again', shown under that order's button. */
  reorderError?: { orderId: number; message: string } | null;
}

export function OrderHistoryTable({ orders, reorderError = null }: Props) {
  return (
    <table className="block w-full md:table" data-testid="order-history-table">
      <caption className="sr-only">Your orders, newest first</caption>
      <thead className="hidden border-b border-stone-200 bg-stone-100 md:table-header-group">
        <tr>
          <th scope="col" className={headCell}>
            Date
          </th>
          <th scope="col" className={headCell}>
            Order Number
          </th>
          <th scope="col" className={headCell}>
            Reference
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            Total
          </th>
          <th scope="col" className={headCell}>
            Status
          </th>
          <th scope="col" className={`${headCell} text-right`}>
            <span className="sr-only">Action</span>
          </th>
        </tr>
      </thead>
      <tbody className="block divide-y divide-stone-200 md:table-row-group">
        {orders.map((order) => (
          <tr key={order.order_id} className="block space-y-1 p-4 hover:bg-stone-50 md:table-row md:space-y-0 md:p-0" data-testid="order-row">
            <td className={stackedCell}>
              <CellLabel>Date</CellLabel>
              <time dateTime={order.created} className="whitespace-nowrap text-stone-900">
                {formatOrderDate(order.created)}
              </time>
            </td>
            <td className={stackedCell}>
              <CellLabel>Order Number</CellLabel>
              <span className="font-semibold text-stone-900 tabular-nums">{order.order_id}</span>
            </td>
            <td className={stackedCell}>
              <CellLabel>Reference</CellLabel>
              <span className="flex min-w-0 items-center gap-2">
                <span className="min-w-0 truncate font-mono text-stone-800" title={order.payment_reference ?? undefined}>
                  {order.payment_reference || '—'}
                </span>
                {order.payment_is_test ? <TestPaymentBadge className="shrink-0" /> : null}
              </span>
            </td>
            <td className={`${stackedCell} md:text-right`}>
              <CellLabel>Total</CellLabel>
              <span className="font-semibold whitespace-nowrap text-stone-900 tabular-nums">{formatPounds(order.total)}</span>
            </td>
            <td className={stackedCell}>
              <CellLabel>Status</CellLabel>
              <span>
                <OrderStatusBadge order={order} />
                {order.status !== 'PendingDelivery' && fulfilmentText(order) ? (
                  <span className="mt-1 block text-xs text-stone-600" data-testid="order-history-fulfilment">
                    {fulfilmentText(order)}
                  </span>
                ) : null}
              </span>
            </td>
            <td className="block pt-2 md:table-cell md:px-4 md:py-3.5 md:text-right md:align-middle">
              <div className="grid grid-cols-2 items-start gap-2 md:flex md:justify-end">
                <Link
                  to={`/order-detail?orderId=${order.order_id}`}
                  className="btn-secondary w-full px-3 py-1.5 md:w-auto"
                  data-testid="view-order"
                >
                  View<span className="sr-only"> order {order.order_id}</span>
                </Link>
                <ReorderButton
                  orderId={order.order_id}
                  action="/order-history"
                  quoted={order.quotedReorder}
                  error={reorderError?.orderId === order.order_id ? reorderError.message : null}
                />
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
