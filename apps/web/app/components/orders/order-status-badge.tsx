/**
 * An order's state as a badge: its words (core's, 'Awaiting dispatch'), coloured by the value
 * SPEC 4 and the API name it ('PendingDelivery'), which it carries as `data-status`.
 */
import type { ShownOrder } from './order-format';

const tones: Record<string, string> = {
  PendingDelivery: 'bg-accent-300/40 text-stone-900 ring-accent-400',
  Delivered: 'bg-brand-50 text-brand-800 ring-brand-200',
  Dispatched: 'bg-sky-50 text-sky-900 ring-sky-200',
  Cancelled: 'bg-stone-100 text-stone-700 ring-stone-300',
};

export function OrderStatusBadge({ order }: { order: Pick<ShownOrder, 'status' | 'stateLabel'> }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset ${tones[order.status] ?? 'bg-stone-100 text-stone-800 ring-stone-300'}`}
      data-status={order.status}
      data-testid="order-status"
    >
      <span className="h-1.5 w-1.5 rounded-full bg-current opacity-70" aria-hidden="true" />
      {order.stateLabel}
    </span>
  );
}
