/**
 * The visitor's choice of prices ex VAT or inc VAT (DESIGN section 4 "Money"), read from its
 * cookie, with the rate inc-VAT prices are shown at: core's standard UK rate (one place for VAT).
 * The cookie is set by POST /prices (routes/prices.tsx).
 */
import type { AppLoadContext } from 'react-router';
import { displayVatRatePercent } from '@shop/core';
import { PRICE_BASIS_COOKIE, priceBasisOfCookieHeader, type PriceBasis } from '@shop/contract/browser';
import { safeLocalPath } from '~/components/account/return-target';

export interface VisitorPrices {
  basis: PriceBasis;
  vatRatePercent: number;
}

export function visitorPrices(request: Request, context: AppLoadContext): VisitorPrices {
  return { basis: priceBasisOfCookieHeader(request.headers.get('cookie')), vatRatePercent: displayVatRatePercent(context.services.shop.vatRatePercent) };
}

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

/** The Set-Cookie value that remembers the choice for a year. */
export function priceBasisCookie(basis: PriceBasis, secure: boolean): string {
  return `${PRICE_BASIS_COOKIE}=${basis}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax; HttpOnly${secure ? '; Secure' : ''}`;
}

/** A page of this shop to go back to: the path and query of `raw` when it stays on this site, else /landing. */
export function pageToGoBackTo(raw: string | undefined): string {
  return safeLocalPath(raw ?? '') ?? '/landing';
}
