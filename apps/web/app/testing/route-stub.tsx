/**
 * Renders one storefront page for component tests (createRoutesStub) inside the two routes
 * every page sits in: the root (shop details, category tree) and the shop frame (the visitor and
 * basket), with the page's loader and action stubbed. Posted forms are collected.
 */
import { render } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import type { ComponentType } from 'react';
import type { CartDto, CartOfferDto, PublicShopDetails } from '@shop/contract';
import { demoShopConfig } from '../../../../packages/core/src/shop/shop-config';
import { offerMessages } from '../../../../packages/core/src/offers/offer-rules';
import type { RootData } from '~/root';
import { SHOP_FRAME_ROUTE_ID, type VisitorView } from '~/state/visitor';

export const shop: PublicShopDetails = demoShopConfig;

export interface StubbedPage {
  path: string;
  /** The route module's default export (it receives loaderData, actionData, ... from the stub). */
  Component: ComponentType<never>;
  loader?: (args: { request: Request }) => unknown;
  /** The page's action; by default it answers `{ ok: true }`. */
  action?: (args: { request: Request; form: FormData }) => unknown;
  visitor?: Partial<VisitorView>;
  handle?: unknown;
}

export function renderStubbedPage(url: string, page: StubbedPage) {
  const posted: FormData[] = [];
  const root: RootData = { categories: [], shop, nonce: '' };
  const visitor: VisitorView = { userId: null, firstName: null, sessionId: null, cart: null, cookiesAccepted: true, prices: { basis: 'ex', vatRatePercent: 20 }, ...page.visitor };
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      loader: () => root,
      HydrateFallback: () => null,
      children: [
        {
          id: SHOP_FRAME_ROUTE_ID,
          loader: () => visitor,
          children: [
            {
              path: page.path.replace(/^\//, ''),
              Component: page.Component as ComponentType,
              loader: page.loader ?? (() => null),
              handle: page.handle,
              action: async ({ request }: { request: Request }) => {
                const form = await request.formData();
                posted.push(form);
                return page.action ? page.action({ request, form }) : { ok: true };
              },
            },
          ],
        },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
  return { posted };
}

/** A basket of the given lines (pounds ex-VAT), totals as the server would answer them for the demo shop. */
export function basketOf(lines: { id: number; name: string; price: number; qty: number; count: number }[], addressId: number | null = null): CartDto {
  const subTotal = lines.reduce((sum, line) => sum + line.price * line.count, 0);
  const deliveryFee = lines.length === 0 || subTotal >= 75 ? 0 : 4.99;
  const totalTax = Math.round((subTotal + deliveryFee) * 20) / 100;
  // The shop's own free-delivery threshold is the one next step of a basket without offers.
  const shortPence = 7500 - Math.round(subTotal * 100);
  return {
    cart_id: 1,
    address_id: addressId,
    count: lines.reduce((sum, line) => sum + line.count, 0),
    subTotal,
    deliveryFee,
    taxPercentage: 20,
    totalTax,
    total: Math.round((subTotal + deliveryFee + totalTax) * 100) / 100,
    vatTreatment: 'standard',
    deliveryZone: addressId === null ? null : 'mainland',
    discount: 0,
    offers: [],
    offer_code: null,
    offer_code_problem: null,
    next_offers: lines.length > 0 && shortPence > 0 ? [offerMessages.spendForFreeDelivery(shortPence)] : [],
    dispatchPromise: {
      dispatchDate: '2026-11-23',
      dispatchToday: true,
      deliveryFrom: '2026-11-24',
      deliveryTo: '2026-11-24',
      dispatchText: 'Order within 2 h 14 min for dispatch today',
      deliveryText: 'Expected delivery Tuesday 24 November',
    },
    cartIems: lines.map((line) => ({
      cart_id: 1,
      address_id: addressId,
      product_id: line.id,
      product_price_id: line.id * 10,
      price: line.price,
      qty: line.qty,
      count: line.count,
      total_price: Math.round(line.price * line.count * 100) / 100,
      unit_price: Math.round((line.price / line.qty) * 10_000) / 10_000,
      item_name: line.name,
      product: { product_id: line.id, name: line.name, image_url: '/media/products/box.svg', produc_prices: [{ product_price_id: line.id * 10, size1: '12x9x6' }] },
    })),
  };
}

/**
 * The basket with an offer applied (its code entered, if it has one), totals as the server would
 * answer them: the discount off the goods before VAT, the delivery fee less what free delivery saves.
 */
export function withOffer(cart: CartDto, offer: CartOfferDto): CartDto {
  const deliveryFee = Math.round((cart.deliveryFee - offer.delivery_saved) * 100) / 100;
  const charged = cart.subTotal - offer.discount + deliveryFee;
  const totalTax = Math.round(charged * cart.taxPercentage) / 100;
  return {
    ...cart,
    discount: offer.discount,
    offers: [offer],
    offer_code: offer.code,
    deliveryFee,
    totalTax,
    total: Math.round((charged + totalTax) * 100) / 100,
    next_offers: offer.delivery_saved > 0 ? [] : cart.next_offers,
  };
}

/** The fulfilment fields of an order nobody in the back office has touched yet (awaiting payment). */
export const ORDER_NOT_YET_DISPATCHED = {
  dispatched_at: null,
  carrier: null,
  tracking_number: null,
  tracking_url: null,
  shipments: [],
  delivered_at: null,
  cancelled_at: null,
  cancel_reason: null,
  payment_status: 'awaiting_payment' as const,
  payment_due_date: null,
  amount_paid: 0,
  amount_due: 0,
  refund_due: 0,
  amount_refunded: 0,
};
