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

const renderDetail = (
  invoice: { available: boolean; path: string; reason: string | null } | null,
  shown: OrderDto = order,
  placed = false,
  creditNotes: { number: string; date: string; total: number; path: string }[] = [],
) => renderStubbedPage('/order-detail?orderId=42', { path: '/order-detail', Component: OrderDetailPage, loader: () => ({ order: shown, placed, invoice, creditNotes }) });

describe('the VAT invoice on order detail', () => {
  it('links to the PDF once the order may have an invoice', async () => {
    renderDetail({ available: true, path: '/order-invoice?orderId=42', reason: null });
    const link = await screen.findByRole('link', { name: 'Download VAT invoice (PDF)' });
    expect(link).toHaveAttribute('href', '/order-invoice?orderId=42');
    expect(screen.queryByTestId('invoice-pending')).toBeNull();
  });

  it('says when it will be available, without a link, before that', async () => {
    renderDetail({ available: false, path: '/order-invoice?orderId=42', reason: 'The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.' });
    expect(await screen.findByTestId('invoice-pending')).toHaveTextContent('The VAT invoice is issued when the order is dispatched, or before that once it is paid in full.');
    expect(screen.queryByRole('link', { name: 'Download VAT invoice (PDF)' })).toBeNull();
  });

  it('lists the VAT credit notes with their links and amounts', async () => {
    renderDetail({ available: true, path: '/order-invoice?orderId=42', reason: null }, order, false, [
      { number: 'CN-000007', date: '2026-03-04', total: 12.5, path: '/order-credit-note?orderId=42&number=7' },
    ]);
    const link = await screen.findByRole('link', { name: 'CN-000007 (PDF)' });
    expect(link).toHaveAttribute('href', '/order-credit-note?orderId=42&number=7');
    expect(screen.getByTestId('order-credit-notes')).toHaveTextContent('£12.50 credited on Wednesday 4 March 2026');
  });
});

describe('the VAT line of an order', () => {
  it('an order at the standard rate shows VAT at its rate', async () => {
    renderDetail(null);
    expect((await screen.findByTestId('summary-vat')).closest('div')).toHaveTextContent('VAT (20%)£6.00');
  });

  it('an order delivered to Jersey shows it was a zero-rated export, with no UK VAT, and that import VAT or duty may be due on arrival', async () => {
    const exported = { ...order, delivery_fee: 14.99, total_tax: 0, total: 39.99, vat_treatment: 'export', vat_rate_percent: 0 } as OrderDto;
    renderDetail(null, exported);
    expect((await screen.findByTestId('summary-vat')).closest('div')).toHaveTextContent('Zero-rated export (no UK VAT)£0.00');
    expect(screen.getByTestId('order-vat-note')).toHaveTextContent('No UK VAT: goods sent outside the UK VAT area are zero-rated exports.');
    expect(screen.getByTestId('order-vat-note')).toHaveTextContent('Import VAT, GST or customs duty may be due when the goods arrive');
    expect(screen.getAllByText(/Import VAT/)).toHaveLength(1);
  });
});

describe('an order paid by a test payment', () => {
  it('says "Test payment" by the payment method, and that no money was taken when just placed', async () => {
    renderDetail(null, { ...order, payment_reference: 'TEST-3599-0a1b2c3d4e5f6a7b-AAAAAAAAAAAAAAAAAAAAAA', payment_is_test: true }, true);
    expect(await screen.findByTestId('test-payment')).toHaveTextContent('Test payment');
    expect(screen.getByTestId('order-placed')).toHaveTextContent('This was a test payment: no money was taken.');
  });

  it('a real payment says nothing of the kind', async () => {
    renderDetail(null, { ...order, payment_is_test: false }, true);
    expect(await screen.findByTestId('order-placed')).toHaveTextContent('Your payment has been received');
    expect(screen.queryByTestId('test-payment')).toBeNull();
  });
});
