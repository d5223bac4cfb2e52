/**
 * Prices as the visitor chose to see them (DESIGN section 4 "Money"): ex-VAT by default (SPEC 1),
 * or inc VAT once the header's switch says so. The choice and the rate (core's standard UK rate)
 * come from the shop frame's loader; every price of a product, a pack or a basket line goes
 * through here, with its marker. Totals (sub-total, delivery, VAT, total) are shown as they are.
 */
import { useFetcher, useLocation } from 'react-router';
import {
  displayedPounds,
  displayedUnitPounds,
  formatPounds,
  formatUnitPrice,
  priceBasisChoice,
  priceBasisMarker,
  PRICE_BASES,
  type PriceBasis,
} from '@shop/contract/browser';
import { useVisitor } from '~/state/visitor';
import { useHydrated } from '~/lib/use-hydrated';

export interface PriceDisplay {
  basis: PriceBasis;
  /** 'ex-VAT' or 'inc VAT': said beside every price. */
  marker: string;
  /** The rate prices with VAT are shown at (the basket's own, or the standard UK rate). */
  vatRatePercent: number;
  /** A price (pounds ex-VAT, as the server answers it) formatted as the visitor sees it. */
  pounds(exVat: number): string;
  /** A unit price (up to 4 decimals) formatted as the visitor sees it. */
  unit(exVat: number): string;
}

/**
 * `basketRatePercent`: a basket's own rate (CartDto.taxPercentage, core's VAT by destination:
 * 0 for a zero-rated export), so its lines with VAT agree with its totals; catalogue prices use
 * the standard UK rate.
 */
export function usePriceDisplay(basketRatePercent?: number): PriceDisplay {
  const { prices } = useVisitor();
  const { basis } = prices;
  const vatRatePercent = basketRatePercent ?? prices.vatRatePercent;
  return {
    basis,
    marker: priceBasisMarker[basis],
    vatRatePercent,
    pounds: (exVat) => formatPounds(displayedPounds(exVat, basis, vatRatePercent)),
    unit: (exVat) => formatUnitPrice(displayedUnitPounds(exVat, basis, vatRatePercent)),
  };
}

/**
 * The header's switch: a form posted to /prices, which remembers the choice in a cookie. Without
 * JavaScript (or pressed before the page has hydrated) the post comes back to this page by a
 * redirect. Once hydrated it is a fetcher that stays on the page (`stay`): the page's loaders
 * reload with the new cookie, and no navigation to /prices can race another request's
 * revalidation (which once showed the landing page under the product's address).
 */
export function PriceBasisSwitch({ className = '', tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  const { basis } = usePriceDisplay();
  const chosen = tone === 'dark' ? 'bg-white font-semibold text-brand-800' : 'bg-brand-600 font-semibold text-white';
  const other = tone === 'dark' ? 'text-brand-50 hover:bg-brand-600 hover:text-white' : 'bg-white text-stone-700 hover:bg-stone-100';
  const location = useLocation();
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  // Pressed at once while the choice is on its way.
  const pending = fetcher.formData?.get('prices');
  const shown = PRICE_BASES.find((choice) => choice === pending) ?? basis;
  return (
    <fetcher.Form method="post" action="/prices" preventScrollReset className={`flex items-center gap-1.5 ${className}`} data-testid="price-basis-switch">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <span className="hidden whitespace-nowrap sm:inline" aria-hidden="true">
        Prices
      </span>
      <span role="group" aria-label="Prices" className={`inline-flex overflow-hidden rounded border ${tone === 'dark' ? 'border-brand-200/70' : 'border-stone-300'}`}>
        {PRICE_BASES.map((choice) => (
          <button
            key={choice}
            type="submit"
            name="prices"
            value={choice}
            aria-pressed={shown === choice}
            className={`whitespace-nowrap ${tone === 'dark' ? 'px-1.5 py-0.5' : 'px-2 py-2.5'} ${shown === choice ? chosen : other}`}
            data-testid={`prices-${choice}`}
          >
            {priceBasisChoice[choice]}
          </button>
        ))}
      </span>
    </fetcher.Form>
  );
}
