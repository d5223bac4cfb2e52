/**
 * Mark a dispatched order delivered, on the day it was (the carrier's proof of delivery): the
 * return windows count from it (SPEC section 9), so it defaults to today and may be no later,
 * nor before the order was dispatched (core refuses either, beside the field).
 */
import { Form } from 'react-router';
import { Field } from '../admin-kit';
import { Version, type OrderPanelProps } from './order-panel';

export function DeliverPanel({ page, answer, busy }: OrderPanelProps) {
  const { order, today } = page;
  const { errorOf, valueOf } = answer;
  return (
    <Form method="post" className="card space-y-3 p-5" data-testid="deliver-form">
      <Version page={page} />
      <p className="text-sm text-stone-700">
        {order.shipping.shipments.length > 1
          ? `Sent in ${order.shipping.shipments.length} shipments.`
          : `Sent with ${order.dispatch.carrier}${order.dispatch.trackingNumber ? `, tracking ${order.dispatch.trackingNumber}` : ''}.`}
      </p>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <Field
          form="deliver"
          label="Delivered on"
          name="delivered_on"
          type="date"
          required
          max={today}
          min={order.dispatch.dispatchedOn ?? undefined}
          defaultValue={valueOf('deliver', 'delivered_on') ?? today}
          hint="The day the carrier delivered it: return windows count from it."
          error={errorOf('deliver', 'delivered_on')}
        />
        <button type="submit" name="intent" value="deliver" className="btn-primary" disabled={busy}>
          Mark delivered
        </button>
      </div>
    </Form>
  );
}
