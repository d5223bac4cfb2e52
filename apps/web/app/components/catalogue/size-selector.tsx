/**
 * Size choice on the product page (SPEC 2): tabs on large screens, a dropdown on small ones,
 * both driving the same selection. The chosen size is in the address (&size=), which the page
 * reads: without JavaScript each tab is a link and the dropdown a GET form with its own button,
 * so any size can be bought; once hydrated a choice is made in place and kept in the address
 * with a history replace (a shared or reloaded link opens the same size, no new page load).
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductSizeDto } from '@shop/contract';
import { Tabs } from '~/components/tabs';
import { itemDisplayName } from '@shop/contract/browser';
import { PackTable } from './pack-table';
import { BackInStockForm } from './back-in-stock-form';

/** Keeps the chosen size in the address, and React Router's entry state so back/forward still work; no loader runs. */
function keepSizeInAddress(id: number) {
  const url = new URL(window.location.href);
  url.searchParams.set('size', String(id));
  window.history.replaceState(window.history.state, '', url);
}

/** A size's stock as the customer reads it (empty label: not tracked, nothing is claimed). */
export interface SizeStockLabel {
  label: string;
  state: 'untracked' | 'in_stock' | 'low' | 'out' | 'backorder';
}

interface Props {
  productId: number;
  sizes: ProductSizeDto[];
  /** By product_size_id (docs/stock.md). */
  stock?: Record<number, SizeStockLabel>;
  /** The product's name, for the item a back-in-stock request names. */
  productName?: string;
  /** A size that is out offers "Email me when it is back in stock": to this customer (null: a visitor). Absent: not offered. */
  backInStock?: { customer: { email: string; waiting: number[] } | null };
}

const STOCK_TONES: Record<SizeStockLabel['state'], string> = {
  in_stock: 'text-emerald-800',
  low: 'text-amber-800',
  out: 'text-red-800',
  backorder: 'text-brand-800',
  untracked: 'text-stone-700',
};

export function SizeSelector({ productId, sizes, stock, productName = '', backInStock }: Props) {
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('size'));
  const initial = sizes.find((s) => s.product_size_id === fromUrl) ?? sizes[0];
  const [selectedId, setSelectedId] = useState(initial?.product_size_id);
  const [hydrated, setHydrated] = useState(false);
  const baseId = useId();
  const selected = sizes.find((s) => s.product_size_id === selectedId) ?? sizes[0];

  // The dropdown is uncontrolled: a size picked on a phone before the page hydrated stays in it,
  // and is the one shown once it has.
  const dropdown = useRef<HTMLSelectElement>(null);
  const firstShown = useRef(initial?.product_size_id);
  useEffect(() => {
    setHydrated(true);
    const picked = Number(dropdown.current?.value);
    if (!picked || picked === firstShown.current) return;
    setSelectedId(picked);
    keepSizeInAddress(picked);
  }, []);

  const choose = (id: number) => {
    setSelectedId(id);
    if (dropdown.current) dropdown.current.value = String(id); // chosen on the tabs: the dropdown says so too
    keepSizeInAddress(id);
  };

  if (!selected) return <p className="mt-6 text-stone-600">This product is not available to order right now.</p>;

  // Other parameters of the page (the information tab) stay when the size changes.
  const hrefOf = (id: string) => {
    const next = new URLSearchParams(params);
    next.set('productCode', String(productId));
    next.set('size', id);
    return `/product-detail?${next}`;
  };

  const panel = (
    <div data-testid="size-panel">
      <dl className="grid grid-cols-2 gap-3 rounded-lg bg-stone-100 px-4 py-3 text-sm">
        <div>
          <dt className="text-stone-600">Size</dt>
          <dd className="font-semibold text-stone-900" data-testid="size1">
            {selected.size1}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">Metric size</dt>
          <dd className="font-semibold text-stone-900" data-testid="size2">
            {selected.size2 || '–'}
          </dd>
        </div>
      </dl>
      {stock?.[selected.product_size_id]?.label ? (
        <p className={`mt-2 text-sm font-semibold ${STOCK_TONES[stock[selected.product_size_id]!.state]}`} data-testid="stock-label">
          {stock[selected.product_size_id]!.label}
        </p>
      ) : null}
      {backInStock && stock?.[selected.product_size_id]?.state === 'out' ? (
        <BackInStockForm
          key={selected.product_size_id}
          productSizeId={selected.product_size_id}
          item={itemDisplayName(productName, selected.size1)}
          customer={backInStock.customer}
        />
      ) : null}
      <PackTable productId={productId} size={selected} soldOut={stock?.[selected.product_size_id]?.state === 'out'} />
    </div>
  );

  return (
    <section aria-labelledby={`${baseId}-heading`} className="mt-6">
      <h2 id={`${baseId}-heading`} className="text-sm font-semibold text-stone-800">
        Choose a size
      </h2>

      <form method="get" action="/product-detail" className="mt-2 flex gap-2 lg:hidden">
        <input type="hidden" name="productCode" value={productId} />
        <label htmlFor={`${baseId}-select`} className="sr-only">
          Size
        </label>
        <select
          id={`${baseId}-select`}
          name="size"
          className="form-input py-2.5 text-base"
          ref={dropdown}
          defaultValue={selected.product_size_id}
          onChange={(event) => choose(Number(event.target.value))}
          data-testid="size-select"
        >
          {sizes.map((size) => (
            <option key={size.product_size_id} value={size.product_size_id}>
              {size.size1}
              {size.size2 ? ` (${size.size2})` : ''}
            </option>
          ))}
        </select>
        {/* Without JavaScript a change of size needs a submit; once hydrated the choice shows at once. */}
        {!hydrated && (
          <button type="submit" className="btn-secondary shrink-0 px-4">
            Show
          </button>
        )}
      </form>

      <Tabs
        label="Sizes"
        look="chips"
        testId="size-tabs"
        tabs={sizes.map((size) => ({ key: String(size.product_size_id), label: size.size1, panel }))}
        selected={String(selected.product_size_id)}
        onSelect={(key) => choose(Number(key))}
        hrefOf={hrefOf}
        panelClassName="mt-4"
      />
    </section>
  );
}
