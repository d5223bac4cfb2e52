// @vitest-environment jsdom
/**
 * The sign-in basket merge is told once (DESIGN 4): the action leaves core's sentence in a
 * cookie, the shop frame's loader takes it (and clears it), and the page that follows shows it
 * until closed or the customer moves on.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Link, Outlet, createRoutesStub, type AppLoadContext } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { SHOP_FRAME_ROUTE_ID, type VisitorView } from '~/state/visitor';
import { BasketMergeNotice } from './basket-merge-notice';
import { leaveBasketMergeNotice, takeBasketMergeNotice } from '~/server/cart/basket-merge-notice.server';

afterEach(cleanup);

const NOTICE =
  'We added 2 items from your earlier visit to your basket. Cardboard Box 12x9x6 (pack of 25) was in both baskets and is kept at 20 packs, not added twice.';

function renderFrame(basketNotice: string | null, url = '/landing') {
  const visitor: VisitorView = { userId: 7, firstName: 'Ian', sessionId: null, cart: null, cookiesAccepted: true, basketNotice, prices: { basis: 'ex', vatRatePercent: 20 } };
  const Stub = createRoutesStub([
    {
      id: SHOP_FRAME_ROUTE_ID,
      path: '/',
      loader: () => visitor,
      HydrateFallback: () => null,
      Component: () => (
        <>
          <BasketMergeNotice />
          <Outlet />
        </>
      ),
      children: [
        { path: 'landing', Component: () => <Link to="/products">Products</Link> },
        { path: 'products', Component: () => <p>Products page</p> },
        { path: 'checkout', Component: () => <p>Basket page</p> },
      ],
    },
  ]);
  render(<Stub initialEntries={[url]} />);
}

describe('the basket merge notice', () => {
  it('says what the sign-in merged, with a way to the basket, and can be closed', async () => {
    renderFrame(NOTICE);
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(NOTICE);
    expect(screen.getByRole('link', { name: 'View basket' })).toHaveAttribute('href', '/checkout');
    fireEvent.click(screen.getByRole('button', { name: 'Close the basket message' }));
    expect(screen.queryByTestId('basket-merge-notice')).not.toBeInTheDocument();
  });

  it('is gone on the next page (told once)', async () => {
    renderFrame(NOTICE);
    expect(await screen.findByTestId('basket-merge-notice')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('link', { name: 'Products' }));
    expect(await screen.findByText('Products page')).toBeInTheDocument();
    expect(screen.queryByTestId('basket-merge-notice')).not.toBeInTheDocument();
  });

  it('on the basket page itself offers no link to it', async () => {
    renderFrame(NOTICE, '/checkout');
    expect(await screen.findByTestId('basket-merge-notice')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'View basket' })).not.toBeInTheDocument();
  });

  it('shows nothing without a notice', async () => {
    renderFrame(null);
    expect(await screen.findByRole('link', { name: 'Products' })).toBeInTheDocument();
    expect(screen.queryByTestId('basket-merge-notice')).not.toBeInTheDocument();
  });
});

describe('the notice cookie', () => {
  const context = { secure: false } as AppLoadContext;
  const requestWith = (setCookie: string) => new Request('http://shop.test/landing', { headers: { cookie: setCookie.split(';')[0]! } });

  it('carries the sentence to the next page once: taking it clears it', async () => {
    const left = await leaveBasketMergeNotice(context, NOTICE);
    expect(left).toMatch(/^shop_basket_notice=.*HttpOnly/i);
    const taken = await takeBasketMergeNotice(requestWith(left), context);
    expect(taken.notice).toBe(NOTICE);
    expect(taken.setCookie).toMatch(/^shop_basket_notice=;.*Max-Age=0/i);
  });

  it('without the cookie there is nothing to take or clear', async () => {
    expect(await takeBasketMergeNotice(new Request('http://shop.test/landing'), context)).toEqual({ notice: null, setCookie: null });
  });

  it('keeps the sentence short enough for a cookie', async () => {
    const taken = await takeBasketMergeNotice(requestWith(await leaveBasketMergeNotice(context, 'x'.repeat(5000))), context);
    expect(taken.notice).toHaveLength(600);
  });
});
