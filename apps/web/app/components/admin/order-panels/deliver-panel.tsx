/**
 * Mark a dispatched order delivered.
 */
import { Form } from 'react-router';
import { Version, type OrderPanelProps } from './order-panel';

export function DeliverPanel({ page, busy }: Pick<OrderPanelProps, 'page' | 'busy'>) {
  const { order } = page;
  return (
    <Form method="post" className="card flex flex-wrap items-center justify-between gap-3 p-5">
      <Version page={page} />
      <p className="text-sm text-stone-700">
        {order.shipping.shipments.length > 1
          ? `Sent in ${order.shipping.shipments.length} shipments.`
          : `Sent with ${order.dispatch.carrier}${order.dispatch.trackingNumber ? `, tracking ${order.dispatch.trackingNumber}` : ''}.`}
      </p>
      <button type="submit" name="intent" value="deliver" className="btn-primary" disabled={busy}>
        Mark delivered
      </button>
    </Form>
  );
}
