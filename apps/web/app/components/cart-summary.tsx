/**
 * Header cart summary: packs in the basket, sub-total, and a dropdown of its lines (SPEC 1)
 * with the sub-total and any offer's discount off it, as the basket page shows them.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { formatPounds } from '@shop/contract/browser';
import { useVisitor } from '~/state/visitor';
import { usePriceDisplay } from './price';
import { CartIcon } from './icons';
import { OfferAmount, offerTotalLines } from './cart/offer-lines';

export function CartSummary() {
  const { cart } = useVisitor();
  const price = usePriceDisplay(cart?.taxPercentage);
  const [open, setOpen] = useState(false);
  const container = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  const count = cart?.count ?? 0;
  const lines = cart?.cartIems ?? [];
  const discounts = offerTotalLines(cart?.offers ?? []).discounts;

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const close = (event: MouseEvent | KeyboardEvent) => {
      if (event instanceof KeyboardEvent ? event.key === 'Escape' : !container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('mousedown', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);

  return (
    // A <details> opens without JavaScript too; with it, Escape and a click outside close it.
    <details className="relative" ref={container} open={open} onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary
        className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-stone-200 px-3 py-2 text-left hover:border-brand-500 [&::-webkit-details-marker]:hidden"
        data-testid="cart-summary"
      >
        <span className="sr-only">Basket, packs:</span>
        <span className="relative text-brand-600">
          <CartIcon width={24} height={24} />
          <span className="absolute -top-2 -right-2 min-w-5 rounded-full bg-accent-400 px-1 text-center text-[11px] leading-5 font-bold text-stone-900" data-testid="cart-count">
            {count}
          </span>
        </span>
        <span className="hidden text-sm leading-tight sm:block">
          <span className="block text-xs text-stone-500">{price.basis === 'ex' ? 'Sub-total' : 'Sub-total ex-VAT'}</span>
          <span className="block font-semibold text-stone-900" data-testid="cart-subtotal">
            {formatPounds(cart?.subTotal ?? 0)}
          </span>
        </span>
      </summary>
      <div id="cart-dropdown" className="card absolute right-0 z-30 mt-2 w-80 max-w-[calc(100vw-2rem)] p-4">
          {lines.length === 0 ? (
            <p className="text-sm text-stone-600">Your basket is empty.</p>
          ) : (
            <>
              <ul className="max-h-72 divide-y divide-stone-100 overflow-y-auto">
                {lines.map((line) => (
                  <li key={line.product_price_id} className="flex gap-3 py-2">
                    <img src={line.product.image_url} alt="" width={48} height={48} className="h-12 w-12 rounded border border-stone-100 object-cover" />
                    <div className="min-w-0 flex-1 text-sm">
                      <p className="truncate font-medium text-stone-900">{line.item_name}</p>
                      <p className="text-stone-600">
                        {line.count} × pack of {line.qty} · {price.pounds(line.total_price)} {price.marker}
                      </p>
                    </div>
                  </li>
                ))}
              </ul>
              <div className="mt-3 flex items-center justify-between border-t border-stone-200 pt-3 text-sm">
                <span className="text-stone-600">Sub-total (ex-VAT)</span>
                <span className="font-semibold">{formatPounds(cart?.subTotal ?? 0)}</span>
              </div>
              {discounts.map((line) => (
                <div key={line.key} className="mt-1 flex items-center justify-between gap-3 text-sm" data-testid="cart-summary-discount">
                  <span className="min-w-0 text-stone-600">{line.label}</span>
                  <span className="font-semibold whitespace-nowrap">
                    <OfferAmount line={line} />
                  </span>
                </div>
              ))}
            </>
          )}
          <Link to="/checkout" className="btn-primary mt-3 w-full">
            View basket
          </Link>
      </div>
    </details>
  );
}
