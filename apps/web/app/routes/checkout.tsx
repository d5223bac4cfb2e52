/**
 * The basket page (SPEC 2 "Cart page", 4, 5, 8). The basket belongs to the visitor, so it is
 * read in the browser from the shared shop state: a skeleton shows until it has loaded, then
 * either 'No cart found' or the lines with the summary. Changing a pack count and leaving the
 * field sends the modify call; removing asks 'Are you sure?' first; both refresh the basket.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, type MetaFunction } from 'react-router';
import type { CartDto, CartLineDto } from '@shop/contract';
import { messages } from '@shop/contract/browser';
import { api } from '~/lib/api-client';
import { readStored, storageKeys } from '~/lib/browser-storage';
import { useRootData } from '~/root';
import { useShopState } from '~/state/shop-state';
import { pageMeta } from '~/components/page-meta';
import { CartIcon } from '~/components/icons';
import { BasketLines } from '~/components/cart/basket-lines';
import { BasketSkeleton } from '~/components/cart/basket-skeleton';
import { BasketSummary } from '~/components/cart/basket-summary';
import { RemoveLineDialog } from '~/components/cart/remove-line-dialog';

export const meta: MetaFunction = ({ matches }) => [
  ...pageMeta(matches, 'Your Basket', 'Review the packaging in your basket, change pack quantities and check out securely.'),
  { name: 'robots', content: 'noindex' },
];

/** A basket that never arrives (offline, failed load: SPEC 8 ignores it) ends as an empty page, not an endless skeleton. */
const LOADING_GIVE_UP_MS = 8000;

export default function CheckoutPage() {
  const { ready, userId, cart, refreshCart } = useShopState();
  const { shop } = useRootData();
  const heading = useRef<HTMLHeadingElement>(null);
  const [removing, setRemoving] = useState<CartLineDto | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [gaveUp, setGaveUp] = useState(false);

  useEffect(() => {
    if (!ready || cart !== null) return;
    const timer = window.setTimeout(() => setGaveUp(true), LOADING_GIVE_UP_MS);
    return () => window.clearTimeout(timer);
  }, [ready, cart]);

  const loading = !ready || (cart === null && !gaveUp);
  const lines = cart?.cartIems ?? [];

  const changeCount = async (line: CartLineDto, count: number): Promise<boolean> => {
    try {
      await api<CartDto>('/cart/ModifyCart', {
        method: 'PUT',
        body: {
          user_id: 1,
          cart_id: line.cart_id,
          product_id: line.product_id,
          product_price_id: line.product_price_id,
          price: line.price,
          count,
          qty: line.qty,
          session_id: readStored(storageKeys.sessionId),
        },
      });
      await refreshCart();
      setStatus(`${line.item_name}: ${count} ${count === 1 ? 'pack' : 'packs'}. Basket updated.`);
      return true;
    } catch (error) {
      // SPEC 8: a failed modify is only logged to the console.
      console.error('Changing the number of packs failed', error);
      return false;
    }
  };

  const confirmRemove = async () => {
    const line = removing;
    if (!line) return;
    setBusy(true);
    try {
      await api<CartDto>('/cart/remove', {
        method: 'POST',
        body: {
          product_id: line.product_id,
          product_price_id: line.product_price_id,
          session_id: readStored(storageKeys.sessionId),
          user_id: userId ? Number(userId) : null,
        },
      });
      setRemoving(null);
      await refreshCart();
      setStatus(`${line.item_name} removed from your basket.`);
      // The line's button is gone: put focus somewhere that still exists.
      heading.current?.focus();
    } catch (error) {
      console.error('Removing the basket line failed', error);
      setRemoving(null);
    } finally {
      setBusy(false);
    }
  };

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-6 lg:py-10">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-bold tracking-tight text-stone-900 outline-none sm:text-3xl">
          Your Basket
        </h1>
        {!loading && lines.length > 0 && cart ? (
          <p className="text-sm text-stone-600" data-testid="basket-count">
            {cart.count} {cart.count === 1 ? 'pack' : 'packs'} · prices ex-VAT
          </p>
        ) : null}
      </div>
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>

      <div className="mt-6">
        {loading ? (
          <BasketSkeleton />
        ) : !cart || lines.length === 0 ? (
          <EmptyBasket />
        ) : (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
            <div>
              <div className="card overflow-hidden">
                <BasketLines lines={lines} onChangeCount={changeCount} onRemove={setRemoving} />
              </div>
              <div className="mt-4">
                <Link to="/landing" className="btn-secondary w-full sm:w-auto">
                  Continue Shopping
                </Link>
              </div>
            </div>
            <div className="lg:sticky lg:top-4">
              <BasketSummary cart={cart} freeDeliveryThreshold={shop.freeDeliveryThreshold} checkoutHref={userId ? '/delivery' : '/signin?return=delivery'} />
            </div>
          </div>
        )}
      </div>

      <RemoveLineDialog line={removing} busy={busy} onConfirm={() => void confirmRemove()} onCancel={() => setRemoving(null)} />
    </main>
  );
}

function EmptyBasket() {
  return (
    <div className="card mx-auto flex max-w-xl flex-col items-center px-6 py-12 text-center" data-testid="basket-empty">
      <span className="flex h-16 w-16 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <CartIcon width={32} height={32} />
      </span>
      <h2 className="mt-4 text-xl font-semibold text-stone-900">{messages.cartEmpty}</h2>
      <p className="mt-2 text-sm text-stone-600">Your basket is empty. Browse our boxes, mailing bags and tape to get started.</p>
      <Link to="/landing" className="btn-primary mt-6 px-6 py-2.5">
        Start Shopping!
      </Link>
    </div>
  );
}
