/**
 * Past orders (SPEC 2 "Order history"); without a signed-in customer the visitor goes to /signin.
 * A table of the customer's orders, newest first, and a filter by order number or payment
 * reference: a GET form (`?Filter=`) read by the loader, so it works without JavaScript; with
 * it, the list also filters while the customer types, once they pause.
 */
import { useEffect, useRef, type ChangeEvent } from 'react';
import { Form, Link, useNavigation, useSubmit, type MetaFunction } from 'react-router';
import { requireCustomer } from '~/session.server';
import { pageMeta } from '~/components/page-meta';
import { SearchIcon } from '~/components/icons';
import { EmptyState } from '~/components/checkout/empty-state';
import { OrderHistoryTable } from '~/components/orders/order-history-table';
import { reorderOrder } from '~/server/orders/reorder.server';
import { shownOrder } from '~/server/orders/shown-order.server';
import { failure, postedForm } from '~/server/forms.server';
import type { Route } from './+types/order-history';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Past Orders', 'Your past packaging orders: dates, references, totals and status.'),
  { name: 'robots', content: 'noindex' },
];

/** As long as the text box lets it be: longer text matches no order number or reference. */
const FILTER_MAX = 100;
/** Typing pauses this long before the list is filtered. */
const FILTER_DELAY_MS = 300;

export async function loader({ request, context }: Route.LoaderArgs) {
  const userId = await requireCustomer(request, context, '/signin');
  const filter = (new URL(request.url).searchParams.get('Filter') ?? '').trim().slice(0, FILTER_MAX);
  const orders = await context.services.orders.mine(userId, filter);
  return { orders: orders.map(shownOrder), filter };
}

/** 'Order again' on a row: the order's lines go into the basket, then the basket page. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await postedForm(request);
  if (form.get('intent') === 'reorder') return reorderOrder(request, context, form);
  return failure('invalid_request', 'Unknown order action.');
}

export default function OrderHistoryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { orders, filter } = loaderData;
  const reorderError = actionData && !actionData.ok ? { orderId: Number(actionData.values?.order_id), message: actionData.message } : null;
  const navigation = useNavigation();
  const filtering = navigation.state === 'loading' && navigation.location.pathname === '/order-history';
  const noOrdersAtAll = orders.length === 0 && filter === '';

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Past Orders</h1>
          <p className="mt-1 text-sm text-stone-600">Your orders, newest first. Open one to see its items, delivery address and payment.</p>
        </div>
        {!noOrdersAtAll ? <FilterForm filter={filter} /> : null}
      </div>

      <p className="sr-only" role="status" aria-live="polite">
        {filter ? `${orders.length} ${orders.length === 1 ? 'order matches' : 'orders match'} ${filter}` : ''}
      </p>

      <div className={`mt-6 transition-opacity ${filtering ? 'opacity-70' : ''}`} aria-busy={filtering || undefined}>
        {noOrdersAtAll ? (
          <EmptyState title="You have not placed any orders yet" testId="orders-empty">
            <p className="mt-2 text-sm text-stone-600">When you place an order, it appears here with its status and payment reference.</p>
          </EmptyState>
        ) : orders.length === 0 ? (
          <div className="card px-6 py-10 text-center" data-testid="orders-no-match">
            <p className="font-semibold text-stone-900">No orders match &lsquo;{filter}&rsquo;</p>
            <p className="mt-1 text-sm text-stone-600">Search by the order number or the payment reference.</p>
            <Link to="/order-history" className="btn-secondary mt-4">
              Show all orders
            </Link>
          </div>
        ) : (
          <div className="card overflow-hidden">
            <OrderHistoryTable orders={orders} reorderError={reorderError} />
          </div>
        )}
      </div>
    </main>
  );
}

/**
 * The filter: a plain GET form. The text box is uncontrolled, so what the customer types is
 * never overwritten by a slower answer; it follows the URL when the filter changes from
 * elsewhere ('Show all orders', the back button) while the customer is not typing in it.
 */
function FilterForm({ filter }: { filter: string }) {
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  // Only when the filter changes: on the first run (after hydration) the box may hold words
  // typed before it, which the URL does not know yet.
  const followedFilter = useRef(filter);
  useEffect(() => {
    if (followedFilter.current === filter) return;
    followedFilter.current = filter;
    const box = input.current;
    if (box && document.activeElement !== box && box.value.trim() !== filter) box.value = filter;
  }, [filter]);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const filterWhileTyping = (event: ChangeEvent<HTMLInputElement>) => {
    const form = event.currentTarget.form;
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (form) void submit(form, { replace: true, preventScrollReset: true });
    }, FILTER_DELAY_MS);
  };

  return (
    <Form
      method="get"
      role="search"
      className="w-full sm:w-80"
      aria-label="Filter orders"
      preventScrollReset
      onSubmit={() => window.clearTimeout(timer.current)}
    >
      <label htmlFor="order-filter" className="form-label">
        Order number or reference
      </label>
      <div className="relative">
        <input
          ref={input}
          id="order-filter"
          type="search"
          name="Filter"
          defaultValue={filter}
          onChange={filterWhileTyping}
          maxLength={FILTER_MAX}
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
    </Form>
  );
}
