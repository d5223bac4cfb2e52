// @vitest-environment jsdom
/**
 * Order detail and the VAT invoice (loader stubbed): once the order may have one, a link
 * downloads it from /order-invoice; before that the order details say when it will be available.
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

const renderDetail = (
  invoice: { available: boolean; path: string; reason: string | null } | null,
  creditNotes: { number: string; date: string; total: number; path: string }[] = [],
) => renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order, placed: false, invoice, creditNotes }) });

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

  it('lists the VAT credit notes with their links and amounts', async () => {
    renderDetail({ available: true, path: '/order-invoice?orderId=42', reason: null }, [
      { number: 'CN-000007', date: '2026-03-04', total: 12.5, path: '/order-credit-note?orderId=42&number=7' },
    ]);
    const link = await screen.findByRole('link', { name: 'CN-000007 (PDF)' });
    expect(link).toHaveAttribute('href', '/order-credit-note?orderId=42&number=7');
    expect(screen.getByTestId('order-credit-notes')).toHaveTextContent('£12.50 credited on Wednesday 4 March 2026');
  });
});
