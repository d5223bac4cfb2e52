/**
 * "Order again": a plain POST form to the order page's own action
 * (intent=reorder), so it works without JavaScript; the action puts the order's lines still on
 * sale into the basket and goes to the basket, which says what changed.
 */
import { Form, useNavigation } from 'react-router';

interface Props {
  orderId: number;
  /** The page's URL the form posts to (its action), e.g. '/order-history'. */
  action: string;
  /** The message of a refused "Order again" of this order. */
  error?: string | null;
  className?: string;
}

export function ReorderButton({ orderId, action, error, className = '' }: Props) {
  const navigation = useNavigation();
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
