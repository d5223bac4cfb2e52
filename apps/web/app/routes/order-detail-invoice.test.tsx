// @vitest-environment jsdom
/**
 * Order detail and the VAT invoice (loader stubbed): once the order may have one, a link
 * downloads it from /order-invoice; before that the order details say when it will be available.
 * The VAT line is the order's own: its rate, or a zero-rated export.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderDto } from '~/components/checkout/checkout-types';
import { renderStubbedPage } from '~/testing/route-stub';
import OrderDetailPage from './order-detail';

afterEach(cleanup);

const order = {
  order_id: 42,
  created: '2026-03-02T10:15:00.000Z',
  payment_reference: 'PAYPAL-1',
  payment_method: 'paypal',
  status: 'PendingDelivery',
  sub_total: 25,
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
  orderLines: [],
  promised_dispatch_date: null,
} as unknown as OrderDto;

const renderDetail = (invoice: { available: boolean; path: string; reason: string | null } | null, shown: OrderDto = order) =>
  renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order: shown, placed: false, invoice }) });

describe('the VAT invoice on order detail', () => {
  it('links to the PDF once the order may have an invoice', async () => {
    renderDetail({ available: true, path: '/order-invoice?orderId=42', reason: null });
    const link = await screen.findByRole('link', { name: 'Download VAT invoice (PDF)' });
    expect(link).toHaveAttribute('href', '/order-invoice?orderId=42');
    expect(screen.queryByTestId('invoice-pending')).toBeNull();
  });

  it('says when it will be available, without a link, before that', async () => {
    renderDetail({ available: false, path: '/order-invoice?orderId=42', reason: 'The VAT invoice is available once the order is paid in full.' });
    expect(await screen.findByTestId('invoice-pending')).toHaveTextContent('The VAT invoice is available once the order is paid in full.');
    expect(screen.queryByRole('link', { name: 'Download VAT invoice (PDF)' })).toBeNull();
  });
});

describe('the VAT line of an order', () => {
  it('an order at the standard rate shows VAT at its rate', async () => {
    renderDetail(null);
    expect((await screen.findByTestId('summary-vat')).closest('div')).toHaveTextContent('VAT (20%)£6.00');
  });

  it('an order delivered to Jersey shows it was a zero-rated export, with no UK VAT', async () => {
    const exported = { ...order, delivery_fee: 14.99, total_tax: 0, total: 39.99, vat_treatment: 'export', vat_rate_percent: 0 } as OrderDto;
    renderDetail(null, exported);
    expect((await screen.findByTestId('summary-vat')).closest('div')).toHaveTextContent('Zero-rated export (no UK VAT)£0.00');
    expect(screen.getByTestId('order-vat-note')).toHaveTextContent('No UK VAT: goods sent outside the UK VAT area are zero-rated exports.');
  });
});
