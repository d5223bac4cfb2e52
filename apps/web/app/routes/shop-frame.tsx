/**
 * The frame of every storefront page: header, footer, cookie banner and loading bar around the
 * page. Its loader reads the visitor from the page session cookie (session.server.ts), so the
 * header's name, basket count and sub-total arrive in the server HTML; React Router runs it
 * again after every action, which keeps them current.
 */
import { useEffect, useRef } from 'react';
import { data, Outlet, useFetcher } from 'react-router';
import { storageKeys } from '@shop/contract/browser';
import type { CartDto } from '@shop/contract';
import { basketOwnerOf, visitorOf } from '~/session.server';
import { takeBasketMergeNotice } from '~/server/cart/basket-merge-notice.server';
import { visitorPrices } from '~/server/price-display.server';
import { cookieConsentGiven } from '~/components/cookie-consent';
import { removeStored, writeStored } from '~/lib/browser-storage';
import { ShopLayout } from '~/components/shop-layout';
import { RouteErrorPage } from '~/components/error-page';
import type { VisitorView } from '~/state/visitor';
import type { Route } from './+types/shop-frame';

export async function loader({ request, context }: Route.LoaderArgs) {
  const visitor = await visitorOf(request, context);
  const owner = basketOwnerOf(visitor);
  const { carts, accounts } = context.services;
  const [cart, firstName, merged] = await Promise.all([
    owner ? carts.cartOf(owner) : Promise.resolve<CartDto | null>(null),
    visitor.userId === null ? null : accounts.userDetails(visitor.userId, visitor.userId).then((user) => user.first_name, () => null),
    // A sign-in's basket merge is told once, on whichever page comes next.
    takeBasketMergeNotice(request, context),
  ]);
  const view: VisitorView = {
    userId: visitor.userId,
    firstName,
    sessionId: visitor.sessionId,
    cart,
    cookiesAccepted: cookieConsentGiven(request.headers.get('cookie')),
    basketNotice: merged.notice,
    prices: visitorPrices(request, context),
  };
  return merged.setCookie ? data(view, { headers: { 'Set-Cookie': merged.setCookie } }) : view;
}

export default function ShopFrame({ loaderData }: Route.ComponentProps) {
  const { userId, sessionId } = loaderData;
  // SPEC 4: a first visit gets its session once the page is interactive (without JavaScript,
  // on its first 'Add +'); search engines and other scripts that never run the page make none.
  const session = useFetcher();
  const asked = useRef(false);
  useEffect(() => {
    if (sessionId || userId !== null || asked.current) return;
    asked.current = true;
    void session.submit(null, { method: 'post', action: '/visitor-session' });
  }, [sessionId, userId, session]);
  // SPEC 3 keeps session_id and user_id in localStorage; the token stays in the httpOnly cookie.
  useEffect(() => {
    if (sessionId) writeStored(storageKeys.sessionId, sessionId);
    if (userId !== null) writeStored(storageKeys.userId, String(userId));
    else removeStored(storageKeys.userId);
    removeStored(storageKeys.token); // left by earlier versions of the shop
  }, [userId, sessionId]);
  return (
    <ShopLayout>
      <Outlet />
    </ShopLayout>
  );
}

export function ErrorBoundary() {
  return (
    <ShopLayout>
      <RouteErrorPage />
    </ShopLayout>
  );
}
