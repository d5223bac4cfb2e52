/**
 * The shell of every page: the main header (or the checkout header on checkout-flow pages,
 * chosen by a route's `handle.checkoutStep`), the footer, the cookie banner and the loading bar.
 */
import type { ReactNode } from 'react';
import { useLocation, useMatches } from 'react-router';
import { BasketMergeNotice } from './cart/basket-merge-notice';
import { CheckoutHeader } from './checkout-header';
import { CookieBanner } from './cookie-banner';
import { LoadingBar } from './loading-bar';
import { MainHeader } from './main-header';
import { SiteFooter } from './site-footer';

export interface ShopRouteHandle {
  /** The checkout step shown (0-3), or null for the main header; may depend on the query. */
  checkoutStep?: number | ((search: URLSearchParams) => number | null);
}

export function ShopLayout({ children }: { children: ReactNode }) {
  const matches = useMatches();
  const location = useLocation();
  const handle = [...matches].reverse().find((m) => (m.handle as ShopRouteHandle | undefined)?.checkoutStep !== undefined)
    ?.handle as ShopRouteHandle | undefined;
  const step =
    typeof handle?.checkoutStep === 'function'
      ? handle.checkoutStep(new URLSearchParams(location.search))
      : (handle?.checkoutStep ?? null);

  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2">
        Skip to content
      </a>
      <LoadingBar />
      {step === null ? <MainHeader /> : <CheckoutHeader step={step} />}
      <BasketMergeNotice />
      <div className="flex-1">{children}</div>
      <SiteFooter />
      <CookieBanner />
    </div>
  );
}
