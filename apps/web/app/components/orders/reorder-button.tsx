/**
 * "Order again": a plain POST form to the order page's own action
 * (intent=reorder), so it works without JavaScript; the action puts the order's lines still on
 * sale into the basket and goes to the basket, which says what changed.
 */
import { Form, Link, useNavigation } from 'react-router';
import type { ShownOrder } from './order-format';

interface Props {
  orderId: number;
  /** The page's URL the form posts to (its action), e.g. '/order-history'. */
  action: string;
  /** The message of a refused "Order again" of this order. */
  error?: string | null;
  className?: string;
  /** The order was placed from a quote: no button, but why and a link to ask for a new quote. */
  quoted?: ShownOrder['quotedReorder'];
}

export function ReorderButton({ orderId, action, error, className = '', quoted = null }: Props) {
  const navigation = useNavigation();
  if (quoted) return <QuotedOrderNote orderId={orderId} quoted={quoted} className={className} />;
  const pending =
    navigation.state !== 'idle' && navigation.formData?.get('intent') === 'reorder' && navigation.formData.get('order_id') === String(orderId);
  return (
    <Form method="post" action={action} className={`inline-flex flex-col items-stretch md:items-end ${className}`}>
      <input type="hidden" name="intent" value="reorder" />
      <input type="hidden" name="order_id" value={orderId} />
      <button type="submit" className="btn-primary w-full px-3 py-1.5 whitespace-nowrap md:w-auto" disabled={pending} data-testid="reorder">
        {pending ? 'Adding…' : 'Order again'}
        <span className="sr-only"> order {orderId}</span>
      </button>
      {error ? (
        <span role="alert" className="mt-1 text-xs text-red-700 md:max-w-56 md:text-right">
          {error}
        </span>
      ) : null}
    </Form>
  );
}

/** In place of "Order again" for an order placed from a quote. */
function QuotedOrderNote({ orderId, quoted, className }: { orderId: number; quoted: NonNullable<ShownOrder['quotedReorder']>; className: string }) {
  return (
    <div className={`inline-flex flex-col items-stretch md:items-end ${className}`} data-testid="reorder-quoted">
      <Link to={quoted.newQuoteHref} className="btn-secondary w-full px-3 py-1.5 whitespace-nowrap md:w-auto">
        Ask for a new quote<span className="sr-only"> for order {orderId}</span>
      </Link>
      <span className="mt-1 text-xs text-stone-700 md:max-w-64 md:text-right">{quoted.note}</span>
    </div>
  );
}
