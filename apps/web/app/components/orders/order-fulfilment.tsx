/**
 * What happened to a placed order, in the customer's words: "Dispatched on 24
 * November with Royal Mail, tracking AB123456789GB", "Delivered on ...", "Cancelled on ...:
 * <reason>", "Awaiting payment". Order detail shows the sentence with the tracking link; order
 * history a short form.
 */
import type { OrderDto } from '~/components/checkout/checkout-types';

const dayMonth = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'Europe/London' });

/** The sentence for the order, or null while nothing has happened since it was placed (and nothing is owed). */
export function fulfilmentText(order: OrderDto): string | null {
  if (order.status === 'Cancelled') {
    const refund = order.payment_status === 'refund_due' ? ' Your refund is on its way.' : '';
    return `Cancelled${order.cancelled_at ? ` on ${dayMonth(order.cancelled_at)}` : ''}${order.cancel_reason ? `: ${order.cancel_reason}` : ''}.${refund}`;
  }
  if (order.status === 'Delivered') return `Delivered${order.delivered_at ? ` on ${dayMonth(order.delivered_at)}` : ''}.`;
  if (order.status === 'Dispatched') {
    const tracking = order.tracking_number ? `, tracking ${order.tracking_number}` : '';
    return `Dispatched${order.dispatched_at ? ` on ${dayMonth(order.dispatched_at)}` : ''}${order.carrier ? ` with ${order.carrier}` : ''}${tracking}.`;
  }
  if (order.payment_status === 'awaiting_payment') return 'Awaiting payment: we dispatch it when your bank transfer reaches us.';
  if (order.payment_status === 'part_paid') return 'Part paid: we dispatch it when the rest of your payment reaches us.';
  return null;
}

export function OrderFulfilment({ order, className = '' }: { order: OrderDto; className?: string }) {
  const text = fulfilmentText(order);
  if (!text) return null;
  return (
    <p className={`text-sm font-medium text-stone-900 ${className}`} data-testid="order-fulfilment">
      {text}
      {order.tracking_url && order.status === 'Dispatched' ? (
        <>
          {' '}
          <a href={order.tracking_url} className="text-brand-700 underline" target="_blank" rel="noreferrer" data-testid="order-tracking-link">
            Track your parcel
          </a>
        </>
      ) : null}
    </p>
  );
}
