// @vitest-environment jsdom
/**
 * Order detail once a made-to-order line was delivered in other numbers than ordered (the ±10%
 * rule, SPEC 9): the page says the units delivered against those ordered, the order's new total
 * and what is now due, with the bank details to pay it, even for an order first paid by card.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { renderStubbedPage } from '~/testing/route-stub';
import { shownOrder } from '~/server/orders/shown-order.server';
import OrderDetailPage from './order-detail';

afterEach(cleanup);

const dispatched = {
  order_id: 42,
  created: '2026-11-20T10:15:00.000Z',
  payment_reference: 'PAYPAL-1',
  payment_method: 'paypal',
  payment_is_test: false,
  status: 'Dispatched',
  sub_total: 270,
  delivery_fee: 0,
  total_tax: 54,
  vat_treatment: 'standard',
  vat_rate_percent: 20,
  total: 324,
  note: '',
  user_id: 7,
  address_id: 3,
  is_active: true,
  address: null,
  billing_address: null,
  orderLines: [],
  shipments: [
    {
      number: 1,
      carrier: 'DPD',
      tracking_number: 'P1',
      tracking_url: null,
      dispatched_at: '2026-11-26T10:00:00.000Z',
      lines: [{ item_name: 'Printed mailing box', size1: '9x6x3"', qty: 1000, count: 1, delivered_units: 1080 }],
    },
  ],
  payment_status: 'part_paid',
  amount_paid: 300,
  amount_due: 24,
  refund_due: 0,
  amount_refunded: 0,
  promised_dispatch_date: null,
} as unknown as OrderDto;

const render = (order: OrderDto, extra: object = {}) =>
  renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order: shownOrder(order), placed: false, invoice: null, creditNotes: [], ...extra }) });

describe('a made-to-order line delivered over what was ordered', () => {
  it('says 1,080 of 1,000 were delivered within the terms, the new total and the £24.00 due, and how to pay it', async () => {
    render(dispatched);
    expect(await screen.findByTestId('order-made-to-order')).toHaveTextContent(
      'We delivered 1,080 of the 1,000 units of Printed mailing box you ordered (within the ±10% our terms allow), so your order total is now £324.00; £24.00 is due.',
    );
    expect(screen.getByTestId('order-bank')).toHaveTextContent('£24.00');
  });

  it('says nothing of it when every made-to-order line was delivered as ordered', async () => {
    const asOrdered = { ...dispatched, shipments: [{ ...dispatched.shipments[0]!, lines: [{ ...dispatched.shipments[0]!.lines[0]!, delivered_units: 1000 }] }], amount_due: 0, payment_status: 'paid' } as OrderDto;
    render(asOrdered);
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-made-to-order')).toBeNull();
    expect(screen.queryByTestId('order-bank')).toBeNull();
  });
});

describe('paying what is due by card', () => {
  it('offers "Pay £24.00 by card" with the test payment button when the loader gives the amount', async () => {
    render(dispatched, { cardPayment: { count: 1, subTotal: 24, deliveryFee: 0, taxPercentage: 0, totalTax: 0, total: 24, cartIems: [] }, payments: { mode: 'test', clientId: null } });
    const panel = await screen.findByTestId('order-pay-card');
    expect(panel).toHaveTextContent('Pay £24.00 by card');
    expect(panel).toHaveTextContent('£24.00');
  });
});
