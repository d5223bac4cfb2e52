// @vitest-environment jsdom
/**
 * "Order again" as a customer sees it, loaders and actions stubbed: the button
 * on order history and order detail posts intent=reorder with the order id to the page's own
 * action (a plain form, so it works without JavaScript), a refused one says why, and the basket
 * page shows once what changed.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { data } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { basketOf, ORDER_NOT_YET_DISPATCHED, renderStubbedPage } from '~/testing/route-stub';
import CheckoutPage from './checkout';
import { shownOrder } from '~/server/orders/shown-order.server';
import OrderDetailPage from './order-detail';
import OrderHistoryPage from './order-history';

afterEach(cleanup);

function order(order_id: number): OrderDto {
  return {
    order_id,
    created: '2026-03-02T10:15:00.000Z',
    payment_reference: `BANK${order_id}`,
    payment_method: 'bank',
    payment_is_test: false,
    status: 'PendingDelivery',
    sub_total: 25,
    discount: 0,
    offers: [],
    delivery_fee: 4.99,
    total_tax: 6,
    vat_treatment: 'standard',
    vat_rate_percent: 20,
    total: 35.99,
    note: '',
    user_id: 7,
    address_id: 3,
    is_active: true,
    address: null,
    billing_address: null,
    orderLines: [
      {
        product_id: 1,
        product_price_id: 10, kind: 'goods',
        name: 'Cardboard Box 12x9x6',
        item_name: 'Cardboard Box 12x9x6',
        size1: '12x9x6"',
        image_url: '/media/products/box.svg',
        price: 25,
        qty: 25,
        count: 1,
        total_price: 25,
        discount: 0,
        is_active: true,
      },
    ],
    purchase_order_number: null,
    quote_number: null,
    ...ORDER_NOT_YET_DISPATCHED,
    promised_dispatch_date: null,
  };
}

const refused = () =>
  data({ ok: false, error: 'not_found', message: 'You have no order 41.', fields: {}, intent: 'reorder', values: { intent: 'reorder', order_id: '41' } }, { status: 404 });

describe("'Order again' on order history", () => {
  const renderHistory = (action?: () => unknown) =>
    renderStubbedPage('/order-history', {
      path: '/order-history',
      Component: OrderHistoryPage,
      loader: () => ({ orders: [order(42), order(41)], filter: '' }),
      action,
    });

  it('posts intent=reorder with the order id of its row', async () => {
    const { posted } = renderHistory();
    const rows = await screen.findAllByTestId('order-row');
    const button = within(rows[1]!).getByRole('button', { name: 'Order again order 41' });
    expect(button.closest('form')).toHaveAttribute('method', 'post');
    fireEvent.click(button);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: 'reorder', order_id: '41' });
  });

  it('says why under the row when the order could not be ordered again', async () => {
    renderHistory(refused);
    const rows = await screen.findAllByTestId('order-row');
    fireEvent.click(within(rows[1]!).getByTestId('reorder'));
    expect(await within(rows[1]!).findByRole('alert')).toHaveTextContent('You have no order 41.');
    expect(within(rows[0]!).queryByRole('alert')).toBeNull();
  });
});

describe("'Order again' on order detail", () => {
  const renderDetail = (action?: () => unknown) =>
    renderStubbedPage('/order-detail?orderId=42', {
      path: '/order-detail',
      Component: OrderDetailPage,
      loader: () => ({ order: order(42), placed: false }),
      action,
    });

  it('posts intent=reorder with the order id', async () => {
    const { posted } = renderDetail();
    fireEvent.click(await screen.findByRole('button', { name: 'Order again order 42' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: 'reorder', order_id: '42' });
  });

  it('shows a refusal beside the button', async () => {
    renderDetail(refused);
    fireEvent.click(await screen.findByTestId('reorder'));
    expect(await screen.findByRole('alert')).toHaveTextContent('You have no order 41.');
  });
});

describe('an order placed from a quote', () => {
  const quoted = () => shownOrder({ ...order(42), quote_number: 'Q-000012' });

  it('offers no "Order again" on its page, but says why and links to a new quote for its goods', async () => {
    renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order: quoted(), placed: false }) });
    const note = await screen.findByTestId('reorder-quoted');
    expect(screen.queryByTestId('reorder')).toBeNull();
    expect(note).toHaveTextContent('This order was placed from your quote Q-000012, at prices for that quote only, so it cannot go back in the basket. To order it again, ask us for a new quote.');
    expect(within(note).getByRole('link', { name: 'Ask for a new quote for order 42' })).toHaveAttribute('href', '/quote-request?productCode=1');
  });

  it('offers none on its order history row, while an order from the basket keeps its button', async () => {
    renderStubbedPage('/order-history', { path: '/order-history', Component: OrderHistoryPage, loader: () => ({ orders: [quoted(), shownOrder(order(41))], filter: '' }) });
    const rows = await screen.findAllByTestId('order-row');
    expect(within(rows[0]!).queryByTestId('reorder')).toBeNull();
    expect(within(rows[0]!).getByTestId('reorder-quoted')).toBeVisible();
    expect(within(rows[1]!).getByRole('button', { name: 'Order again order 41' })).toBeVisible();
  });
});

describe('the basket after ordering again', () => {
  const basket = basketOf([{ id: 1, name: 'Cardboard Box 12x9x6', price: 26.4, qty: 25, count: 1 }]);

  it('lists what changed: a new price and a product no longer sold', async () => {
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      visitor: { cart: basket },
      loader: () => ({
        promise: null,
        reorderNotice: {
          orderId: 42,
          changes: ['Cardboard Box 12x9x6, pack of 25: now £26.40 (was £25.00)', 'Bubble Wrap 500mm is no longer sold'],
          more: 0,
        },
      }),
    });
    const notice = await screen.findByTestId('reorder-notice');
    expect(notice).toHaveTextContent("The items of order 42 that we still sell are in your basket at today's prices. What changed:");
    expect(within(notice).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Cardboard Box 12x9x6, pack of 25: now £26.40 (was £25.00)',
      'Bubble Wrap 500mm is no longer sold',
    ]);
  });

  it('says the items are in the basket when nothing changed, and shows nothing without a notice', async () => {
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      visitor: { cart: basket },
      loader: () => ({ promise: null, reorderNotice: { orderId: 42, changes: [], more: 0 } }),
    });
    expect(await screen.findByTestId('reorder-notice')).toHaveTextContent("The items of order 42 are in your basket at today's prices.");
    cleanup();
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: basket }, loader: () => ({ promise: null, reorderNotice: null }) });
    await screen.findAllByTestId('basket-line');
    expect(screen.queryByTestId('reorder-notice')).toBeNull();
  });
});
