/**
 * Past orders (SPEC 2 "Order history"); without a stored user id the visitor goes to /signin.
 * A table of the customer's orders, newest first, and a filter by order number or payment
 * reference (GET /api/order/GetMine?Filter=).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { type MetaFunction } from 'react-router';
import { api } from '~/lib/api-client';
import { pageMeta } from '~/components/page-meta';
import { SearchIcon } from '~/components/icons';
import { useRequireSignIn, useSignInAgain } from '~/components/checkout/checkout-guards';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { EmptyState } from '~/components/checkout/empty-state';
import { OrderHistoryTable } from '~/components/orders/order-history-table';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Past Orders', 'Your past packaging orders: dates, references, totals and status.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin';
/** Typing pauses this long before the list is filtered. */
const FILTER_DELAY_MS = 300;

type LoadState = { kind: 'loading' } | { kind: 'loaded'; orders: OrderDto[]; filter: string } | { kind: 'failed' };

export default function OrderHistoryPage() {
  const userId = useRequireSignIn(SIGN_IN);
  const signInAgain = useSignInAgain(SIGN_IN);
  const [text, setText] = useState('');
  const [filter, setFilter] = useState('');
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  // Filter as the customer types, once they pause.
  useEffect(() => {
    const timer = window.setTimeout(() => setFilter(text.trim()), FILTER_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (!userId) return;
    let live = true;
    api<OrderDto[]>(`/order/GetMine?Filter=${encodeURIComponent(filter)}`)
      .then((orders) => live && setState({ kind: 'loaded', orders, filter }))
      .catch((error: unknown) => {
        if (!live || signInAgain(error)) return;
        setState({ kind: 'failed' });
      });
    return () => {
      live = false;
    };
  }, [userId, filter, signInAgain]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFilter(text.trim());
  };

  const noOrdersAtAll = state.kind === 'loaded' && state.orders.length === 0 && state.filter === '';

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Past Orders</h1>
          <p className="mt-1 text-sm text-stone-600">Your orders, newest first. Open one to see its items, delivery address and payment.</p>
        </div>
        {!noOrdersAtAll ? (
          <form role="search" onSubmit={submit} className="w-full sm:w-80" aria-label="Filter orders">
            <label htmlFor="order-filter" className="form-label">
              Order number or reference
            </label>
            <div className="relative">
              <input
                id="order-filter"
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={100}
                autoComplete="off"
                placeholder="e.g. 42"
                className="form-input pr-10"
                data-testid="order-filter"
              />
              <button
                type="submit"
                className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-md text-stone-600 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
                aria-label="Filter orders"
              >
                <SearchIcon width={18} height={18} />
              </button>
            </div>
          </form>
        ) : null}
      </div>

      <p className="sr-only" role="status" aria-live="polite">
        {state.kind === 'loaded' && state.filter
          ? `${state.orders.length} ${state.orders.length === 1 ? 'order matches' : 'orders match'} ${state.filter}`
          : ''}
      </p>

      <div className="mt-6">
        {state.kind === 'loading' || !userId ? (
          <HistorySkeleton />
        ) : state.kind === 'failed' ? (
          <div className="card p-6" role="alert">
            <p className="font-semibold text-stone-900">Your orders could not be loaded</p>
            <p className="mt-1 text-sm text-stone-600">Please refresh the page to try again. If it keeps happening, call us.</p>
          </div>
        ) : noOrdersAtAll ? (
          <EmptyState title="You have not placed any orders yet" testId="orders-empty">
            <p className="mt-2 text-sm text-stone-600">When you place an order, it appears here with its status and payment reference.</p>
          </EmptyState>
        ) : state.orders.length === 0 ? (
          <div className="card px-6 py-10 text-center" data-testid="orders-no-match">
            <p className="font-semibold text-stone-900">No orders match &lsquo;{state.filter}&rsquo;</p>
            <p className="mt-1 text-sm text-stone-600">Search by the order number or the payment reference.</p>
            <button
              type="button"
              className="btn-secondary mt-4"
              onClick={() => {
                setText('');
                setFilter('');
              }}
            >
              Show all orders
            </button>
          </div>
        ) : (
          <div className="card overflow-hidden">
            <OrderHistoryTable orders={state.orders} />
          </div>
        )}
      </div>
    </main>
  );
}

function HistorySkeleton() {
  return (
    <div className="card divide-y divide-stone-100" aria-busy="true" data-testid="orders-skeleton">
      <p className="sr-only" role="status">
        Loading your orders…
      </p>
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="flex animate-pulse items-center gap-6 p-4" aria-hidden="true">
          <div className="h-3 w-24 rounded bg-stone-200" />
          <div className="h-3 w-12 rounded bg-stone-100" />
          <div className="hidden h-3 w-32 rounded bg-stone-100 sm:block" />
          <div className="ml-auto h-8 w-20 rounded bg-stone-100" />
        </div>
      ))}
    </div>
  );
}
