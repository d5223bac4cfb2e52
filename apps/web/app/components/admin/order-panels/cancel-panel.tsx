/**
 * Cancel the order, with a confirm step and the reason the customer reads.
 */
import { Form, Link } from 'react-router';
import { Field } from '../admin-kit';
import { Version, type OrderPanelProps } from './order-panel';

export function CancelPanel({ page, answer, busy }: OrderPanelProps) {
  const { order, confirmCancel } = page;
  const { errorOf, valueOf, failed } = answer;
  const here = `/admin/orders/${page.order.orderId}`;
  return (
    <section className="card p-5" aria-labelledby="cancel-heading">
      <h2 id="cancel-heading" className="text-base font-semibold text-stone-900">
        Cancel the order
      </h2>
      {confirmCancel || failed?.intent === 'cancel' ? (
        <Form method="post" className="mt-3 space-y-3" data-testid="cancel-form">
          <Version page={page} />
          <Field form="cancel" label="Reason (the customer reads it)" name="reason" required maxLength={200} defaultValue={valueOf('cancel', 'reason')} error={errorOf('cancel', 'reason')} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" name="intent" value="cancel" className="btn-primary bg-red-700 hover:bg-red-800" disabled={busy}>
              Cancel order #{order.orderId}
            </button>
            <Link to={here} className="btn-secondary">
              Keep the order
            </Link>
          </div>
        </Form>
      ) : (
        <p className="mt-2 text-sm text-stone-700">
          The customer is e-mailed the reason; a paid order then shows "Refund due" until it is refunded, and the refund form offers what is owed.{' '}
          <Link to={`${here}?confirm=cancel`} className="font-medium text-red-700 hover:underline">
            Cancel this order…
          </Link>
        </p>
      )}
    </section>
  );
}
