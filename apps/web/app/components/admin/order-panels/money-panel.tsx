/**
 * Record money: a payment received, a refund paid back by hand, or a refund through the payment provider (with "Also cancel the order").
 */
import { Form } from 'react-router';
import { Field } from '../admin-kit';
import { pounds } from '../admin-format';
import { CancelWithRefund, followAmount, MoneyFields } from '../order-page-parts';
import { Version, type OrderPanelProps } from './order-panel';

export function MoneyPanel({ page, answer, busy }: OrderPanelProps) {
  const { order, refundProviderLabel, today, allowed } = page;
  const { errorOf, valueOf } = answer;
  return (
    <section className="card p-5" aria-labelledby="money-heading">
      <h2 id="money-heading" className="text-base font-semibold text-stone-900">
        Record money
      </h2>
      <div className="mt-3 grid gap-6 md:grid-cols-2">
        {allowed.recordPayment ? (
          <Form key={`payment-${order.version}`} method="post" className="space-y-3" data-testid="payment-form">
            <Version page={page} />
            <h3 className="text-sm font-semibold text-stone-800">{order.status === 'Cancelled' ? 'Money received after cancelling' : 'A payment received'}</h3>
            {order.status === 'Cancelled' ? (
              <p className="text-xs text-stone-600">The order is cancelled, so all of it is owed back: it then shows as a refund due, refunded with the form beside.</p>
            ) : null}
            <MoneyFields
              form="payment"
              dateLabel="Received on"
              suggestedPence={order.payment.duePence}
              reference={order.payment.reference}
              today={today}
              valueOf={valueOf}
              errorOf={errorOf}
            />
            {/* Core refused more than is due: its words say what ticking this records. */}
            {errorOf('payment', 'confirm') ? (
              <label htmlFor="payment-confirm" className="flex items-start gap-2 text-sm font-medium text-stone-800" data-testid="confirm-overpayment">
                <input id="payment-confirm" name="confirm" type="checkbox" className="mt-0.5" />
                <span>{errorOf('payment', 'confirm')}</span>
              </label>
            ) : null}
            <button type="submit" name="intent" value="payment" className="btn-primary" disabled={busy}>
              Record payment
            </button>
          </Form>
        ) : null}
        {allowed.recordRefund && refundProviderLabel ? (
          <Form key={`refund-${order.version}`} method="post" className="space-y-3" data-testid="refund-form" onInput={followAmount}>
            <Version page={page} />
            <h3 className="text-sm font-semibold text-stone-800">A refund through {refundProviderLabel}</h3>
            <p className="text-xs text-stone-600">
              Sent to {refundProviderLabel} against the captured payment; at most {pounds(order.payment.refundablePence)}.
            </p>
            <Field
              form="refund"
              label="Amount (£)"
              name="amount"
              inputMode="decimal"
              required
              defaultValue={valueOf('provider-refund', 'amount') ?? (order.payment.owedPence > 0 ? (order.payment.owedPence / 100).toFixed(2) : undefined)}
              error={errorOf('provider-refund', 'amount')}
            />
            <Field form="refund" label="Note to the customer (optional)" name="note" maxLength={255} defaultValue={valueOf('provider-refund', 'note')} error={errorOf('provider-refund', 'note')} />
            {allowed.cancelWithRefund ? (
              <CancelWithRefund
                form="provider-refund"
                refundablePence={order.payment.refundablePence}
                amountText={valueOf('provider-refund', 'amount') ?? (order.payment.owedPence > 0 ? (order.payment.owedPence / 100).toFixed(2) : undefined)}
                posted={valueOf('provider-refund', 'cancel_order')}
              />
            ) : null}
            <button type="submit" name="intent" value="provider-refund" className="btn-secondary" disabled={busy}>
              Refund through {refundProviderLabel}
            </button>
          </Form>
        ) : allowed.recordRefund ? (
          <Form key={`refund-${order.version}`} method="post" className="space-y-3" data-testid="refund-form" onInput={followAmount}>
            <Version page={page} />
            <h3 className="text-sm font-semibold text-stone-800">A refund paid back</h3>
            <MoneyFields form="refund" dateLabel="Paid back on" suggestedPence={order.payment.owedPence} reference="" today={today} valueOf={valueOf} errorOf={errorOf} />
            <Field
              form="refund"
              label="Reason, for the customer's credit note (optional)"
              name="reason"
              maxLength={200}
              defaultValue={valueOf('refund', 'reason') ?? ''}
              error={errorOf('refund', 'reason')}
            />
            {allowed.cancelWithRefund ? (
              <CancelWithRefund
                form="refund"
                refundablePence={order.payment.refundablePence}
                amountText={valueOf('refund', 'amount') ?? (order.payment.owedPence > 0 ? (order.payment.owedPence / 100).toFixed(2) : undefined)}
                posted={valueOf('refund', 'cancel_order')}
              />
            ) : null}
            <button type="submit" name="intent" value="refund" className="btn-secondary" disabled={busy}>
              Record refund
            </button>
          </Form>
        ) : null}
      </div>
    </section>
  );
}
