// @vitest-environment jsdom
/**
 * The dispatch promise as a customer reads it: the line the basket shows under its summary (from
 * the page's loader, computed by core with the server's clock), and the promised dispatch date
 * on order detail.
 */
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { basketOf, ORDER_NOT_YET_DISPATCHED, renderStubbedPage } from '~/testing/route-stub';
import CheckoutPage from '~/routes/checkout';
import OrderDetailPage from '~/routes/order-detail';
import { DispatchPromiseLine, formatPromisedDate, type DispatchPromiseView } from './dispatch-promise-line';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const TODAY: DispatchPromiseView = {
  dispatchText: 'Order within 2 h 14 min for dispatch today',
  deliveryText: 'Expected delivery Tuesday 26 November',
  dispatchToday: true,
  destination: 'mainland UK',
};

describe('dispatch promise line', () => {
  it('says when the order leaves and when it arrives, and where to', () => {
    render(<DispatchPromiseLine promise={TODAY} />);
    expect(screen.getByTestId('dispatch-promise-dispatch')).toHaveTextContent('Order within 2 h 14 min for dispatch today');
    expect(screen.getByTestId('dispatch-promise-delivery')).toHaveTextContent('Expected delivery Tuesday 26 November (to mainland UK)');
  });

  it('keeps counting down while the page stays open, then says the next dispatch day once 3pm has passed', () => {
    vi.useFakeTimers();
    const nearlyThree: DispatchPromiseView = {
      ...TODAY,
      dispatchText: 'Order within 2 min for dispatch today',
      secondsToCutOff: 150,
      afterCutOff: { dispatchText: 'Order now for dispatch on Wednesday 27 November', deliveryText: 'Expected delivery Thursday 28 November' },
    };
    render(<DispatchPromiseLine promise={nearlyThree} />);
    expect(screen.getByTestId('dispatch-promise-dispatch')).toHaveTextContent('Order within 2 min for dispatch today');
    act(() => {
      vi.advanceTimersByTime(40_000);
    });
    expect(screen.getByTestId('dispatch-promise-dispatch')).toHaveTextContent('Order within 1 min for dispatch today');
    act(() => {
      vi.advanceTimersByTime(120_000);
    });
    expect(screen.getByTestId('dispatch-promise-dispatch')).toHaveTextContent('Order now for dispatch on Wednesday 27 November');
    expect(screen.getByTestId('dispatch-promise-delivery')).toHaveTextContent('Expected delivery Thursday 28 November (to mainland UK)');
  });

  it('shows nothing without a promise', () => {
    render(<DispatchPromiseLine promise={null} />);
    expect(screen.queryByTestId('dispatch-promise')).toBeNull();
  });

  it('formats a promised date with its year, the same in any time zone', () => {
    expect(formatPromisedDate('2024-11-26')).toBe('Tuesday 26 November 2024');
    expect(formatPromisedDate('2026-01-02')).toBe('Friday 2 January 2026');
  });

  it('the basket shows the promise of its loader under the summary', async () => {
    const remote: DispatchPromiseView = {
      dispatchText: 'Order now for dispatch on Monday 25 November',
      deliveryText: 'Expected delivery between Thursday 28 November and Tuesday 3 December',
      dispatchToday: false,
      destination: 'IV2 3AA',
    };
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      loader: () => ({ promise: remote }),
      visitor: { cart: basketOf([{ id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 18.5, qty: 25, count: 2 }], 3) },
    });
    expect(await screen.findByTestId('dispatch-promise-dispatch')).toHaveTextContent('Order now for dispatch on Monday 25 November');
    expect(screen.getByTestId('dispatch-promise-delivery')).toHaveTextContent(
      'Expected delivery between Thursday 28 November and Tuesday 3 December (to IV2 3AA)',
    );
  });

  it('order detail shows the dispatch date promised when the order was placed', async () => {
    const order: OrderDto = {
      order_id: 42,
      created: '2024-11-25T10:15:00.000Z',
      payment_reference: 'BXW7',
      payment_method: 'paypal',
      payment_is_test: false,
      status: 'PendingDelivery',
      sub_total: 80,
      discount: 0,
      offers: [],
      delivery_fee: 0,
      total_tax: 16,
      vat_treatment: 'standard',
      vat_rate_percent: 20,
      total: 96,
      note: '',
      user_id: 7,
      address_id: 3,
      is_active: true,
      address: null,
      billing_address: null,
      orderLines: [],
      purchase_order_number: null,
      quote_number: null,
      ...ORDER_NOT_YET_DISPATCHED,
      promised_dispatch_date: '2024-11-26',
    };
    renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order, placed: false }) });
    expect(await screen.findByTestId('order-dispatch-promise')).toHaveTextContent('Dispatch promised for Tuesday 26 November 2024');
  });
});
