// @vitest-environment jsdom
/**
 * The order page says when the order should arrive, as the checkout promised it: the expected
 * delivery from the dispatch date stored with the order and its delivery postcode.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '@shop/contract';
import { renderStubbedPage } from '~/testing/route-stub';
import { shownOrder } from '~/server/orders/shown-order.server';
import OrderDetailPage from './order-detail';

afterEach(cleanup);

const address = { reference: 'Office', contact_name: 'Ria Shah', region: '', company_name: '', address: '1 High Street', town: 'Leeds', country: 'United Kingdom', post_code: 'LS1 4AP', phone: '' };
const awaiting = {
  order_id: 42,
  created: '2026-11-24T10:15:00.000Z',
  payment_reference: 'PAYPAL-1',
  payment_method: 'paypal',
  payment_is_test: false,
  status: 'PendingDelivery',
  sub_total: 10,
  delivery_fee: 0,
  total_tax: 2,
  vat_treatment: 'standard',
  vat_rate_percent: 20,
  total: 12,
  note: '',
  user_id: 7,
  address_id: 3,
  is_active: true,
  address,
  billing_address: null,
  orderLines: [],
  shipments: [],
  payment_status: 'paid',
  amount_paid: 12,
  amount_due: 0,
  refund_due: 0,
  amount_refunded: 0,
  promised_dispatch_date: '2026-11-25',
} as Partial<OrderDto> as OrderDto;

const render = (order: OrderDto) =>
  renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order: shownOrder(order), placed: false, invoice: null, creditNotes: [] }) });

describe('the expected delivery on the order page', () => {
  it('says "Expected delivery Thursday 26 November" under the dispatch promise of Wednesday 25th', async () => {
    render(awaiting);
    expect(await screen.findByTestId('order-dispatch-promise')).toHaveTextContent('Dispatch promised for');
    expect(screen.getByTestId('order-expected-delivery')).toHaveTextContent('Expected delivery Thursday 26 November');
  });

  it('gives a Highlands address the remote areas\' 3-5 working days', async () => {
    render({ ...awaiting, address: { ...address, post_code: 'IV1 1AA' } } as OrderDto);
    expect(await screen.findByTestId('order-expected-delivery')).toHaveTextContent(/Expected delivery between .* and /);
  });

  it('promises nothing once the order was delivered', async () => {
    render({ ...awaiting, status: 'Delivered' } as OrderDto);
    await screen.findByTestId('order-detail');
    expect(screen.queryByTestId('order-expected-delivery')).toBeNull();
  });
});
