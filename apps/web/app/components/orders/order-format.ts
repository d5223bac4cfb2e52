/** Display helpers of the order pages: dates in en-GB (UK time), and the order as the pages show it. */
import type { OrderDto } from '~/components/checkout/checkout-types';

/** An order with its state in words (core's, added by the page's loader: server/orders/shown-order.server.ts). */
export type ShownOrder = OrderDto & {
  stateLabel: string;
  /** Made-to-order lines delivered in other numbers than ordered: the new total and what is due; null otherwise. */
  madeToOrderStatement: string | null;
  /** "Expected delivery Tuesday 26 November", as promised when placed; null once delivered or cancelled, or with no promise. */
  expectedDelivery: string | null;
  /** Placed from a quote: "Order again" is not offered; why, and where to ask for a new quote. Null otherwise. */
  quotedReorder: { note: string; newQuoteHref: string } | null;
};

const dateFormatter = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/London' });
const dateTimeFormatter = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Europe/London',
});

function parsed(iso: string): Date | null {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** e.g. '5 Mar 2025'. */
export function formatOrderDate(iso: string): string {
  const date = parsed(iso);
  return date ? dateFormatter.format(date) : iso;
}

/** e.g. '5 March 2025 at 14:07'. */
export function formatOrderDateTime(iso: string): string {
  const date = parsed(iso);
  return date ? dateTimeFormatter.format(date) : iso;
}

/** The page an order just placed opens on, with the thank-you banner: checkout's and an accepted quote's alike. */
export function placedOrderPath(orderId: number): string {
  return `/order-detail?orderId=${orderId}&placed=1`;
}
