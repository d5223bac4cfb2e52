/**
 * Size choice on the product page (SPEC 2): tabs on large screens, a dropdown on small ones,
 * both driving the same selection. The chosen size is kept in the address (&size=) with a
 * history replace, so a shared or reloaded link opens the same size without a new page load.
 */
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ProductSizeDto } from '@shop/contract';
import { PackTable } from './pack-table';

/** Keeps the chosen size in the address, and React Router's entry state so back/forward still work; no loader runs. */
function keepSizeInAddress(id: number) {
  const url = new URL(window.location.href);
  url.searchParams.set('size', String(id));
  window.history.replaceState(window.history.state, '', url);
}

interface Props {
  productId: number;
  sizes: ProductSizeDto[];
}

export function SizeSelector({ productId, sizes }: Props) {
  const [params] = useSearchParams();
  const fromUrl = Number(params.get('size'));
  const initial = sizes.find((s) => s.product_size_id === fromUrl) ?? sizes[0];
  const [selectedId, setSelectedId] = useState(initial?.product_size_id);
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();
  const selected = sizes.find((s) => s.product_size_id === selectedId) ?? sizes[0];

  // The dropdown is uncontrolled: a size picked on a phone before the page hydrated stays in it,
  // and is the one shown once it has.
  const dropdown = useRef<HTMLSelectElement>(null);
  const firstShown = useRef(initial?.product_size_id);
  useEffect(() => {
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

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const last = sizes.length - 1;
    const target =
      event.key === 'ArrowRight' ? (index === last ? 0 : index + 1)
      : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1)
      : event.key === 'Home' ? 0
      : event.key === 'End' ? last
      : null;
    if (target === null) return;
    event.preventDefault();
    choose(sizes[target]!.product_size_id);
    tabs.current[target]?.focus();
  };

  const tabId = (id: number) => `${baseId}-tab-${id}`;
  const panelId = `${baseId}-panel`;

  return (
    <section aria-labelledby={`${baseId}-heading`} className="mt-6">
      <h2 id={`${baseId}-heading`} className="text-sm font-semibold text-stone-800">
        Choose a size
      </h2>

      <div className="mt-2 lg:hidden">
        <label htmlFor={`${baseId}-select`} className="sr-only">
          Size
        </label>
        <select
          id={`${baseId}-select`}
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
      </div>

      <div role="tablist" aria-label="Sizes" className="mt-2 hidden flex-wrap gap-2 lg:flex" data-testid="size-tabs">
        {sizes.map((size, index) => {
          const active = size.product_size_id === selected.product_size_id;
          return (
            <button
              key={size.product_size_id}
              ref={(el) => {
                tabs.current[index] = el;
              }}
              type="button"
              role="tab"
              id={tabId(size.product_size_id)}
              aria-selected={active}
              aria-controls={panelId}
              tabIndex={active ? 0 : -1}
              onClick={() => choose(size.product_size_id)}
              onKeyDown={(event) => onTabKey(event, index)}
              className={`rounded-md border px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                active ? 'border-brand-600 bg-brand-600 text-white shadow-sm' : 'border-stone-300 bg-white text-stone-700 hover:border-brand-500 hover:text-brand-700'
              }`}
            >
              {size.size1}
            </button>
          );
        })}
      </div>

      <div id={panelId} role="tabpanel" aria-labelledby={tabId(selected.product_size_id)} className="mt-4" data-testid="size-panel">
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
        <PackTable productId={productId} size={selected} />
      </div>
    </section>
  );
}
