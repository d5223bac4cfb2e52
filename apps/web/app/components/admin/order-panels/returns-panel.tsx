/**
 * The returns and claims of the order, each linked to its page.
 */
import { Link } from 'react-router';
import { type OrderPanelProps } from './order-panel';

export function OrderReturnsPanel({ page }: Pick<OrderPanelProps, 'page'>) {
  const { returns } = page;
  return (
    <section className="card p-5" aria-labelledby="returns-heading" data-testid="admin-order-returns">
      <h2 id="returns-heading" className="text-base font-semibold text-stone-900">
        Returns and claims
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {returns.map((r) => (
          <li key={r.returnId}>
            <Link to={`/admin/returns/${r.returnId}`} className="font-medium text-brand-700 hover:underline">
              Return {r.returnId}
            </Link>{' '}
            <span className="text-stone-700">
              {r.reasonLabel}: {r.stateLabel}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
