/**
 * One order (SPEC 2 "Order detail"), query orderId; needs a signed-in customer (else /signin).
 * Order number, placed date, payment reference, status, delivery address, totals, delivery note
 * and the lines; for a bank transfer order, the payee details and the reference to pay with.
 */
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams, type MetaFunction } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { api, ApiError } from '~/lib/api-client';
import { pageMeta } from '~/components/page-meta';
import { CheckIcon } from '~/components/icons';
import { BankPayeeDetails, useBankReference } from '~/components/checkout/bank-transfer';
import { useRequireSignIn, useSignInAgain } from '~/components/checkout/checkout-guards';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { TotalsList } from '~/components/checkout/order-summary';
import { OrderAddressBlock } from '~/components/orders/order-address';
import { formatOrderDateTime } from '~/components/orders/order-format';
import { OrderLinesTable } from '~/components/orders/order-lines-table';
import { OrderStatusBadge } from '~/components/orders/order-status-badge';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Order Detail', 'The details of your packaging order: delivery address, items, totals and payment.'),
  { name: 'robots', content: 'noindex' },
];

const SIGN_IN = '/signin';

type LoadState = { kind: 'loading' } | { kind: 'loaded'; order: OrderDto } | { kind: 'not-found' } | { kind: 'failed' };

export default function OrderDetailPage() {
  const userId = useRequireSignIn(SIGN_IN);
  const signInAgain = useSignInAgain(SIGN_IN);
  const [search] = useSearchParams();
  const location = useLocation();
  const justPlaced = (location.state as { placed?: boolean } | null)?.placed === true;
  const orderId = search.get('orderId') ?? '';
  const [state, setState] = useState<LoadState>({ kind: 'loading' });

  useEffect(() => {
    if (!userId) return;
    if (!/^[1-9]\d{0,9}$/.test(orderId)) {
      setState({ kind: 'not-found' });
      return;
    }
    let live = true;
    setState({ kind: 'loading' });
    api<OrderDto>(`/order/${orderId}`)
      .then((order) => live && setState({ kind: 'loaded', order }))
      .catch((error: unknown) => {
        if (!live || signInAgain(error)) return;
        setState({ kind: error instanceof ApiError && (error.status === 404 || error.status === 400) ? 'not-found' : 'failed' });
      });
    return () => {
      live = false;
    };
  }, [userId, orderId, signInAgain]);

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <Link to="/order-history" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
        <svg viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m15 18-6-6 6-6" />
        </svg>
        Past orders
      </Link>
      {state.kind === 'loaded' ? (
        <OrderView order={state.order} justPlaced={justPlaced} />
      ) : state.kind === 'loading' ? (
        <>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Order Detail</h1>
          <OrderSkeleton />
        </>
      ) : (
        <>
          <h1 className="mt-2 text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">Order Detail</h1>
          <div className="card mt-6 max-w-xl p-6" role="alert" data-testid="order-missing">
            <p className="font-semibold text-stone-900">{state.kind === 'not-found' ? 'Order not found' : 'This order could not be loaded'}</p>
            <p className="mt-1 text-sm text-stone-600">
              {state.kind === 'not-found'
                ? 'We could not find this order in your account. It may belong to another account.'
                : 'Please refresh the page to try again. If it keeps happening, call us.'}
            </p>
            <Link to="/order-history" className="btn-primary mt-4">
              See your past orders
            </Link>
          </div>
        </>
      )}
    </main>
  );
}

function OrderView({ order, justPlaced }: { order: OrderDto; justPlaced: boolean }) {
  const fallbackReference = useBankReference(order.user_id);
  const isBank = order.payment_method === 'bank';
  const reference = order.payment_reference || (isBank ? fallbackReference : '');
  const lines = order.orderLines ?? [];

  return (
    <div data-testid="order-detail" data-order-id={order.order_id}>
      <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <h1 className="text-2xl font-bold tracking-tight text-stone-900 sm:text-3xl">
          Order <span data-testid="order-number">{order.order_id}</span>
        </h1>
        <OrderStatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-stone-600">
        Placed on <time dateTime={order.created}>{formatOrderDateTime(order.created)}</time>
      </p>

      {justPlaced ? (
        <div className="mt-5 flex items-start gap-3 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-brand-900" role="status" data-testid="order-placed">
          <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <CheckIcon width={14} height={14} />
          </span>
          <div>
            <p className="font-semibold">Thank you, your order has been placed.</p>
            <p className="text-sm">
              {isBank
                ? 'We will dispatch it as soon as your bank transfer reaches us. A confirmation is on its way to your e-mail.'
                : 'Your payment has been received and we are preparing your order. A confirmation is on its way to your e-mail.'}
            </p>
          </div>
        </div>
      ) : null}

      <div className="mt-6 grid gap-4 md:grid-cols-3">
        <section className="card p-5" aria-labelledby="order-info-heading">
          <h2 id="order-info-heading" className="text-base font-semibold text-stone-900">
            Order Details
          </h2>
          <dl className="mt-2 space-y-2 text-sm">
            <div>
              <dt className="text-stone-600">Order Number</dt>
              <dd className="font-medium text-stone-900">{order.order_id}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Placed</dt>
              <dd className="font-medium text-stone-900">{formatOrderDateTime(order.created)}</dd>
            </div>
            <div>
              <dt className="text-stone-600">Payment Reference</dt>
              <dd className="font-mono font-medium break-all text-stone-900" data-testid="order-reference">
                {reference || '—'}
              </dd>
            </div>
            <div>
              <dt className="text-stone-600">Payment Method</dt>
              <dd className="font-medium text-stone-900">{isBank ? 'Bank transfer' : 'Card / Wallet'}</dd>
            </div>
          </dl>
        </section>

        <section className="card p-5" aria-labelledby="order-address-heading">
          <h2 id="order-address-heading" className="text-base font-semibold text-stone-900">
            Delivery Address
          </h2>
          <div className="mt-2">{order.address ? <OrderAddressBlock address={order.address} /> : <p className="text-sm text-stone-600">Not recorded</p>}</div>
          <h3 className="mt-4 border-t border-stone-200 pt-3 text-sm font-semibold text-stone-900">Delivery Note</h3>
          <p className="mt-1 text-sm break-words text-stone-700" data-testid="order-note">
            {order.note?.trim() ? order.note : <span className="text-stone-600">No delivery note</span>}
          </p>
        </section>

        <section className="card p-5" aria-labelledby="order-totals-heading">
          <h2 id="order-totals-heading" className="text-base font-semibold text-stone-900">
            Order Total
          </h2>
          <div className="mt-2">
            <TotalsList subTotal={order.sub_total} deliveryFee={order.delivery_fee} vatLabel="VAT" totalTax={order.total_tax} total={order.total} />
          </div>
          <p className="mt-2 text-xs text-stone-600">Prices ex-VAT; VAT is included in the total.</p>
        </section>
      </div>

      {isBank ? (
        <section className="mt-6 rounded-lg border border-accent-400 bg-white p-5 shadow-sm" aria-labelledby="order-bank-heading" data-testid="order-bank">
          <div className="grid gap-5 md:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
            <div>
              <h2 id="order-bank-heading" className="text-lg font-semibold text-stone-900">
                Paying by bank transfer
              </h2>
              <p className="mt-2 text-sm text-stone-700">
                If you have not made your transfer yet, please pay <strong className="text-stone-900">{formatPounds(order.total)}</strong> to the account
                shown, using your payment reference so we can match it to this order. We dispatch your order once the payment reaches us.
              </p>
            </div>
            <BankPayeeDetails reference={reference} amount={order.total} />
          </div>
        </section>
      ) : null}

      <section className="card mt-6 overflow-hidden" aria-labelledby="order-lines-heading">
        <h2 id="order-lines-heading" className="border-b border-stone-200 px-5 py-4 text-base font-semibold text-stone-900">
          Items ({lines.length})
        </h2>
        {lines.length > 0 ? <OrderLinesTable lines={lines} /> : <p className="px-5 py-6 text-sm text-stone-600">No items recorded for this order.</p>}
      </section>
    </div>
  );
}

function OrderSkeleton() {
  return (
    <div className="mt-6" aria-busy="true" data-testid="order-skeleton">
      <p className="sr-only" role="status">
        Loading your order…
      </p>
      <div className="grid gap-4 md:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((i) => (
          <div key={i} className="card animate-pulse space-y-2 p-5">
            <div className="h-4 w-1/3 rounded bg-stone-200" />
            <div className="h-3 w-2/3 rounded bg-stone-100" />
            <div className="h-3 w-1/2 rounded bg-stone-100" />
            <div className="h-3 w-1/3 rounded bg-stone-100" />
          </div>
        ))}
      </div>
      <div className="card mt-6 h-48 animate-pulse bg-stone-50" aria-hidden="true" />
    </div>
  );
}
