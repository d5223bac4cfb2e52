/**
 * The order's money (for those who see it): method, status, figures and each payment or refund, a pending refund with "Try again".
 */
import { Form } from 'react-router';
import { Row } from '../admin-kit';
import { calendarDate, PAYMENT_METHOD_LABELS, pounds } from '../admin-format';
import { TestPaymentBadge } from '~/components/orders/test-payment-badge';
import { type OrderPanelProps } from './order-panel';

export function PaymentPanel({ page, busy }: Pick<OrderPanelProps, 'page' | 'busy'>) {
  const { order, paymentLabel, refundProviderLabel, allowed } = page;
  return (
    <section className="card p-5" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="text-base font-semibold text-stone-900">
        Payment
      </h2>
      <dl className="mt-2 text-sm">
        <Row label="Method">
          {PAYMENT_METHOD_LABELS[order.payment.method] ?? order.payment.method}
          {order.payment.isTest ? <TestPaymentBadge className="ml-2" /> : null}
        </Row>
        {order.payment.purchaseOrderNumber ? <Row label="Customer's PO">{order.payment.purchaseOrderNumber}</Row> : null}
        {allowed.money ? (
          <>
            <Row label="Reference">{order.payment.reference}</Row>
            <Row label="Status">{paymentLabel}</Row>
            <Row label="Paid">{pounds(order.payment.paidPence)}</Row>
            {order.payment.receivedPence > order.payment.paidPence ? <Row label="Received">{pounds(order.payment.receivedPence)}</Row> : null}
            {order.payment.refundedPence > 0 ? <Row label="Refunded">{pounds(order.payment.refundedPence)}</Row> : null}
            {order.payment.creditedPence > 0 ? (
              <Row label="Credited">
                <span data-testid="credited">{pounds(order.payment.creditedPence)}</span> <span className="text-stone-600">(credit notes, off what is owed)</span>
              </Row>
            ) : null}
            {order.payment.duePence > 0 ? <Row label="Due">{pounds(order.payment.duePence)}</Row> : null}
            {order.payment.refundDuePence > 0 ? (
              <Row label="Refund due">
                <span data-testid="refund-due">{pounds(order.payment.refundDuePence)}</span>
              </Row>
            ) : null}
            {order.payment.dueDate ? <Row label="Due by">{calendarDate(order.payment.dueDate)}</Row> : null}
          </>
        ) : null}
      </dl>
      {order.payment.records.length > 0 ? (
        <ul className="mt-3 space-y-1 border-t border-stone-200 pt-2 text-xs text-stone-700" data-testid="payment-records">
          {order.payment.records.map((record) => (
            <li key={record.orderPaymentId}>
              {record.provider === null ? (
                <>
                  {record.kind === 'payment' ? 'Received' : 'Refunded'} {pounds(record.amountPence)} on {calendarDate(record.receivedOn)}, ref. {record.bankReference}
                </>
              ) : record.providerState === 'completed' ? (
                <>
                  Refunded {pounds(record.amountPence)} through {refundProviderLabel} on {calendarDate(record.receivedOn)}, refund {record.providerRefundId}
                </>
              ) : record.providerState === 'failed' ? (
                <span className="text-red-800">
                  Refund of {pounds(record.amountPence)} refused by {refundProviderLabel}: {record.failureReason}
                </span>
              ) : (
                <span className="font-medium text-amber-900" data-testid="refund-pending">
                  Refund of {pounds(record.amountPence)} pending with {refundProviderLabel}
                </span>
              )}
              {record.by ? ` (${record.by})` : ''}
              {record.providerState === 'pending' && allowed.retryRefund ? (
                <Form method="post" className="mt-1">
                  <input type="hidden" name="order_payment_id" value={record.orderPaymentId} />
                  <button type="submit" name="intent" value="retry-refund" className="btn-secondary px-2 py-1 text-xs" disabled={busy}>
                    Try again
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
