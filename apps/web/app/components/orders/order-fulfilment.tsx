/**
 * What happened to a placed order, in the customer's words: "Dispatched on 24
 * November with Royal Mail, tracking AB123456789GB", "Delivered on ...", "Cancelled on ...:
 * <reason>. Your refund of £26.99 is on its way.", "Awaiting payment", and money owed back after
 * an overpayment, each amount to the penny. Order detail shows the sentence with the tracking link; order
 * history a short form.
 */
import { formatPounds } from '@shop/contract/browser';
import type { OrderDto } from '~/components/checkout/checkout-types';

/** "with Royal Mail", or "with our own van" (which has no tracking number). */
export function carriedBy(carrier: string): string {
  return carrier === 'Own van' ? 'with our own van' : `with ${carrier}`;
}

const dayMonth = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', timeZone: 'Europe/London' });

/** The sentence for the order, or null while nothing has happened since it was placed (and nothing is owed either way). */
export function fulfilmentText(order: OrderDto): string | null {
  // Money the shop owes back: all that was paid for a cancelled order, or what was paid beyond the total.
  const owed = order.payment_status === 'refund_due' && order.refund_due > 0 ? formatPounds(order.refund_due) : null;
  // Money already paid back (a cancellation refunded, a part refund for a crushed carton).
  const refunded = order.amount_refunded > 0 ? `We refunded ${formatPounds(order.amount_refunded)}.` : null;
  if (order.status === 'Cancelled') {
    const refund = owed ? ` Your refund of ${owed} is on its way.` : refunded ? ` ${refunded}` : '';
    return `Cancelled${order.cancelled_at ? ` on ${dayMonth(order.cancelled_at)}` : ''}${order.cancel_reason ? `: ${order.cancel_reason}` : ''}.${refund}`;
  }
  const overpaid = owed ? `You paid ${owed} more than the order total: we will refund it.` : refunded;
  const withOverpaid = (text: string) => (overpaid ? `${text} ${overpaid}` : text);
  if (order.status === 'Delivered') return withOverpaid(`Delivered${order.delivered_at ? ` on ${dayMonth(order.delivered_at)}` : ''}.`);
  const shipments = order.shipments ?? [];
  if (order.status === 'Dispatched') {
    if (shipments.length > 1) return withOverpaid(`Dispatched in ${shipments.length} parcels, the last on ${dayMonth(shipments.at(-1)!.dispatched_at)}: see each below.`);
    const tracking = order.tracking_number ? `, tracking ${order.tracking_number}` : '';
    return withOverpaid(`Dispatched${order.dispatched_at ? ` on ${dayMonth(order.dispatched_at)}` : ''}${order.carrier ? ` ${carriedBy(order.carrier)}` : ''}${tracking}.`);
  }
  if (order.status === 'PendingDelivery' && shipments.length > 0) {
    return withOverpaid(`Part dispatched: ${shipments.length === 1 ? 'one parcel has' : `${shipments.length} parcels have`} left, the rest will follow. See each below.`);
  }
  if (order.payment_status === 'awaiting_payment') return 'Awaiting payment: we dispatch it when your bank transfer reaches us.';
  if (order.payment_status === 'part_paid') return `Part paid: ${formatPounds(order.amount_due)} still to pay; we dispatch it when the rest of your payment reaches us.`;
  return overpaid;
}

export function OrderFulfilment({ order, className = '' }: { order: OrderDto; className?: string }) {
  const text = fulfilmentText(order);
  if (!text) return null;
  return (
    <p className={`text-sm font-medium text-stone-900 ${className}`} data-testid="order-fulfilment">
      {text}
      {order.tracking_url && order.status === 'Dispatched' && (order.shipments ?? []).length <= 1 ? (
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

/** Each parcel the order left in: when, how (carrier, tracking link) and what was in it. */
export function OrderShipments({ order }: { order: OrderDto }) {
  const shipments = order.shipments ?? [];
  if (shipments.length === 0) return null;
  return (
    <section className="card mt-6 p-5" aria-labelledby="order-shipments-heading" data-testid="order-shipments">
      <h2 id="order-shipments-heading" className="text-base font-semibold text-stone-900">
        {shipments.length === 1 ? 'Your parcel' : 'Your parcels'}
      </h2>
      <ol className="mt-3 space-y-4">
        {shipments.map((s) => (
          <li key={s.number} className="text-sm" data-testid="order-shipment">
            <p className="font-medium text-stone-900">
              Shipment {s.number}: left on {dayMonth(s.dispatched_at)} {carriedBy(s.carrier)}
              {s.tracking_number ? (
                <>
                  , tracking{' '}
                  {s.tracking_url ? (
                    <a href={s.tracking_url} className="text-brand-700 underline" target="_blank" rel="noreferrer" data-testid="shipment-tracking-link">
                      {s.tracking_number}
                    </a>
                  ) : (
                    s.tracking_number
                  )}
                </>
              ) : null}
            </p>
            <ul className="mt-1 list-disc pl-5 text-stone-700">
              {s.lines.map((line, i) => (
                <li key={i}>
                  {line.count} x {line.item_name} (pack of {line.qty}){line.delivered_units !== null ? `: ${line.delivered_units} units delivered` : ''}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}
