/**
 * Where the order goes, when it left and how, or why it was cancelled.
 */
import { Row } from '../admin-kit';
import { londonDateTime } from '../admin-format';
import { Address } from '../order-page-parts';
import { type OrderPanelProps } from './order-panel';

export function DeliveryPanel({ page }: Pick<OrderPanelProps, 'page'>) {
  const { order } = page;
  return (
    <section className="card p-5" aria-labelledby="delivery-heading">
      <h2 id="delivery-heading" className="text-base font-semibold text-stone-900">
        Deliver to
      </h2>
      <div className="mt-2">
        <Address address={order.deliveryAddress} />
      </div>
      {order.dispatch.at ? (
        <dl className="mt-3 border-t border-stone-200 pt-2 text-sm">
          <Row label={order.status === 'PendingDelivery' ? 'First parcel left' : 'Dispatched'}>{londonDateTime(order.dispatch.at)}</Row>
          <Row label="Carrier">{order.dispatch.carrier}</Row>
          <Row label="Tracking">
            {order.dispatch.trackingUrl ? (
              <a href={order.dispatch.trackingUrl} className="text-brand-700 hover:underline" rel="noreferrer" target="_blank">
                {order.dispatch.trackingNumber}
              </a>
            ) : (
              (order.dispatch.trackingNumber ?? 'none (our own van)')
            )}
          </Row>
          {order.dispatch.deliveredAt ? <Row label="Delivered">{londonDateTime(order.dispatch.deliveredAt)}</Row> : null}
        </dl>
      ) : null}
      {order.cancellation.at ? (
        <p className="mt-3 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          Cancelled {londonDateTime(order.cancellation.at)}: {order.cancellation.reason}
        </p>
      ) : null}
    </section>
  );
}
