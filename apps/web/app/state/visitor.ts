/**
 * The visitor as every page sees it (SPEC 1, 4): signed-in customer or guest, first name, and
 * basket. Read on the server by the shop frame's loader (routes/shop-frame.tsx) from the page
 * session cookie, and revalidated by React Router after every action, so the header and the
 * basket are current without any hand-called refresh.
 */
import { useRouteLoaderData } from 'react-router';
import type { CartDto, PriceBasis } from '@shop/contract';

export interface VisitorView {
  /** The signed-in customer's id, or null for a guest. */
  userId: number | null;
  firstName: string | null;
  /** The anonymous session (the guest's basket), null until one is needed. */
  sessionId: string | null;
  /** The basket, or null when the visitor has none yet. */
  cart: CartDto | null;
  /** The cookie banner was accepted (a cookie, so the server knows before the page is sent). */
  cookiesAccepted: boolean;
  /** What signing in just did to the basket, said once (components/cart/basket-merge-notice.tsx). */
  basketNotice?: string | null;
  /** Prices ex VAT (SPEC's default) or inc VAT at this rate (the header's switch, components/price.tsx). */
  prices: { basis: PriceBasis; vatRatePercent: number };
}

export const SHOP_FRAME_ROUTE_ID = 'routes/shop-frame';

const GUEST: VisitorView = { userId: null, firstName: null, sessionId: null, cart: null, cookiesAccepted: false, prices: { basis: 'ex', vatRatePercent: 0 } };

export function useVisitor(): VisitorView {
  return useRouteLoaderData<VisitorView>(SHOP_FRAME_ROUTE_ID) ?? GUEST;
}
