// @vitest-environment jsdom
/**
 * The payment step as a customer sees it (loader and action stubbed): the bank transfer tab
 * posts the order with the totals shown, the delivery note and the page's idempotency key; the
 * action's refusal (the basket changed) is shown; the card tab offers the test payment; while a
 * line is sold out or placing would refuse the basket, the page says what and offers no way to pay.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AddressDto } from '~/components/checkout/checkout-types';
import { basketOf, renderStubbedPage, withOffer } from '~/testing/route-stub';
import PaymentPage from './payment';

afterEach(cleanup);

const ADDRESS: AddressDto = {
  address_id: 3,
  reference: 'Warehouse',
  contact_name: 'Ann Lee',
  region: 'Unit 4',
  company_name: '',
  address: '1 Wharf Street',
  town: 'Leeds',
  country: 'United Kingdom',
  post_code: 'LS1 4AP',
  phone: '01134960123',
  type: 'Billing',
  user_id: 7,
  is_active: true,
} as AddressDto;

const CART = basketOf([{ id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 18.5, qty: 25, count: 2 }], 3);

function renderPayment(
  url: string,
  action?: () => unknown,
  account: { available: number; limit: number; termsDays: number; stopMessage?: string | null } | null = null,
  payments: { mode: 'paypal' | 'test' | 'none'; clientId: string | null; currency: 'GBP' } = { mode: 'test', clientId: null, currency: 'GBP' },
  cart = CART,
  checks: { shortfalls: Record<number, string>; basketProblem: string | null } = { shortfalls: {}, basketProblem: null },
) {
  return renderStubbedPage(url, {
    path: '/payment',
    Component: PaymentPage,
    loader: () => ({
      cart,
      addresses: [ADDRESS],
      payments,
      bankReference: 'BXW-7KQ4MC',
      idempotencyKey: '6f1c2a4e-1d7b-4c1e-9a53-0f3b1d2c4e5a',
      account: account && { stopMessage: null, ...account },
      ...checks,
    }),
    action,
  });
}

describe('payment page', () => {
  it("'I've made my bank transfer' posts the order with the totals shown, the note and the page's idempotency key", async () => {
    const { posted } = renderPayment('/payment?pay=bank');
    expect(await screen.findByTestId('bank-reference')).toHaveTextContent('BXW-7KQ4MC');
    fireEvent.change(screen.getByTestId('delivery-note'), { target: { value: 'Leave at the gate' } });
    fireEvent.click(screen.getByTestId('bank-transfer-done'));
    await waitFor(() => expect(posted).toHaveLength(1));
    const form = posted[0]!;
    expect(form.get('intent')).toBe('bank');
    expect(form.get('total')).toBe(String(CART.total));
    expect(form.get('sub_total')).toBe(String(CART.subTotal));
    expect(form.get('note')).toBe('Leave at the gate');
    expect(form.get('idempotency_key')).toBe('6f1c2a4e-1d7b-4c1e-9a53-0f3b1d2c4e5a');
    expect(form.get('address_id')).toBe('3');
  });

  it('a basket with a discount code shows its discount line and the total charged, and posts the totals shown', async () => {
    // 10% off £37.00 of boxes; 20% of (37.00 - 3.70 + 4.99) = 7.658 -> 7.66.
    const cart = withOffer(CART, { name: '10% off cardboard boxes', code: 'BOXES10', discount: 3.7, delivery_saved: 0 });
    const { posted } = renderPayment('/payment?pay=bank', undefined, null, undefined, cart);
    const summary = await screen.findByTestId('order-summary');
    expect(summary).toHaveTextContent('Sub Total£37.00Discount (BOXES10)-£3.70Delivery (to mainland UK)£4.99VAT (20%)£7.66Total£45.95');
    fireEvent.click(screen.getByTestId('bank-transfer-done'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('sub_total')).toBe('37');
    expect(posted[0]!.get('total')).toBe('45.95');
  });

  it('says the delivery note takes up to 50 characters before anything is typed', async () => {
    renderPayment('/payment?pay=bank');
    expect(await screen.findByLabelText('Delivery note (optional, up to 50 characters)')).toHaveAttribute('maxlength', '50');
    expect(screen.getByText('0/50')).toBeInTheDocument();
  });

  it('shows why an order was not placed when the basket changed meanwhile', async () => {
    const message =
      'The prices or delivery charge of your basket changed since this page was opened, so your order was not placed. We have updated the order summary: please check the new total and confirm again.';
    renderPayment('/payment?pay=bank', () => ({ ok: false, error: 'conflict', message, fields: {}, intent: 'bank' }));
    fireEvent.click(await screen.findByTestId('bank-transfer-done'));
    expect(await screen.findByTestId('payment-message')).toHaveTextContent('your order was not placed');
  });

  it('a customer without a trade account is not offered to pay on account', async () => {
    renderPayment('/payment?pay=account');
    expect(await screen.findByTestId('test-payments')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: /Pay on account/ })).toBeNull();
  });

  it('a trade customer pays on account with their purchase order number, seeing the credit available', async () => {
    const { posted } = renderPayment('/payment?pay=account', undefined, { available: 400, limit: 500, termsDays: 7 });
    expect(await screen.findByTestId('account-available')).toHaveTextContent('£400.00');
    expect(screen.getByTestId('account-panel')).toHaveTextContent('payment is due 7 days after the invoice date');
    fireEvent.change(screen.getByLabelText(/Your purchase order number/), { target: { value: 'PO-4471' } });
    fireEvent.click(screen.getByTestId('place-on-account'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('intent')).toBe('account');
    expect(posted[0]!.get('purchase_order_number')).toBe('PO-4471');
    expect(posted[0]!.get('total')).toBe(String(CART.total));
  });

  it('an order over the available credit cannot be put on account', async () => {
    renderPayment('/payment?pay=account', undefined, { available: 10, limit: 500, termsDays: 7 });
    expect(await screen.findByTestId('account-over-limit')).toHaveTextContent('more than your available credit');
    expect(screen.getByTestId('place-on-account')).toBeDisabled();
  });

  it('a basket delivered to Jersey says before payment that it is a zero-rated export, with no UK VAT, and that import VAT or duty may be due on arrival', async () => {
    // As the server prices it for a Channel Islands address: remote carriage, no VAT.
    const jersey = { ...CART, deliveryZone: 'channel-islands' as const, vatTreatment: 'export' as const, taxPercentage: 0, deliveryFee: 14.99, totalTax: 0, total: 51.99 };
    const { posted } = renderPayment('/payment?pay=bank', undefined, null, undefined, jersey);
    const summary = await screen.findByTestId('order-summary');
    expect(summary).toHaveTextContent('Zero-rated export (no UK VAT)');
    expect(screen.getByTestId('summary-vat')).toHaveTextContent('£0.00');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('£51.99');
    expect(screen.getByTestId('summary-vat-note')).toHaveTextContent('No UK VAT: goods sent outside the UK VAT area are zero-rated exports.');
    expect(screen.getByTestId('summary-vat-note')).toHaveTextContent('Import VAT, GST or customs duty may be due when the goods arrive');
    expect(screen.getAllByText(/Import VAT/)).toHaveLength(1);
    expect(summary).not.toHaveTextContent('VAT (20%)');
    fireEvent.click(screen.getByTestId('bank-transfer-done'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('total_tax')).toBe('0');
    expect(posted[0]!.get('total')).toBe('51.99');
  });

  it('a mainland basket shows VAT at 20% as before', async () => {
    renderPayment('/payment?pay=bank');
    expect(await screen.findByTestId('order-summary')).toHaveTextContent('VAT (20%)');
    expect(screen.getByTestId('summary-vat-note')).toHaveTextContent('VAT is added in the total');
  });

  it('offers the labelled test payment on the card tab when no provider is configured', async () => {
    renderPayment('/payment');
    expect(await screen.findByTestId('test-payments')).toHaveTextContent('Test payments (no real money)');
    expect(screen.getByTestId('pay-test-card')).toBeEnabled();
  });

  it('a shop without card payments or test payments offers bank transfer only: no card tab, no test button', async () => {
    renderPayment('/payment', undefined, null, { mode: 'none', clientId: null, currency: 'GBP' });
    expect(await screen.findByTestId('bank-reference')).toHaveTextContent('BXW-7KQ4MC');
    expect(screen.queryByRole('tab', { name: /Card/ })).toBeNull();
    expect(screen.getByRole('tab', { name: /Bank Transfer/ })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByTestId('test-payments')).toBeNull();
    expect(screen.queryByTestId('pay-test-card')).toBeNull();
  });

  it('an account on stop says why and offers no way to place the order on account; card and bank transfer stay', async () => {
    const stopMessage = 'Your trade account is on stop: order #22 was due on 12 June 2025 and is 8 days overdue. Nothing was ordered on account.';
    renderPayment('/payment?pay=account', undefined, { available: 400, limit: 500, termsDays: 7, stopMessage });
    expect(await screen.findByTestId('account-on-stop')).toHaveTextContent(stopMessage);
    expect(screen.queryByTestId('place-on-account')).toBeNull();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.trim())).toContain('Bank Transfer');
  });

  it('a trade customer of such a shop may still pay on account', async () => {
    renderPayment('/payment?pay=account', undefined, { available: 400, limit: 500, termsDays: 7 }, { mode: 'none', clientId: null, currency: 'GBP' });
    expect(await screen.findByTestId('account-panel')).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent?.trim())).toEqual(['Bank Transfer', 'Pay on account']);
  });

  it('a line sold out since it was added: the page says so and names it, with no card, test, bank transfer or account payment offered', async () => {
    const line = CART.cartIems[0]!;
    renderPayment('/payment', undefined, { available: 500, limit: 500, termsDays: 30 }, undefined, CART, {
      shortfalls: { [line.product_price_id]: 'Out of stock: remove this line to order the rest.' },
      basketProblem: null,
    });
    expect(await screen.findByTestId('payment-blocked')).toHaveTextContent('Some items sold out since you added them');
    expect(screen.getByTestId('line-stock-problem')).toHaveTextContent(`${line.item_name}: Out of stock: remove this line to order the rest.`);
    expect(screen.getByTestId('payment-blocked-basket')).toHaveAttribute('href', '/checkout');
    for (const offered of ['payment-tabs', 'test-payments', 'pay-test-card', 'paypal-area', 'bank-transfer-done', 'place-on-account']) {
      expect(screen.queryByTestId(offered)).toBeNull();
    }
  });

  it('a basket placing would refuse (a PO box address) says why, and offers no way to pay', async () => {
    renderPayment('/payment', undefined, null, undefined, CART, { shortfalls: {}, basketProblem: 'We cannot deliver to PO boxes. Please give a street address.' });
    expect(await screen.findByTestId('basket-problem')).toHaveTextContent('We cannot deliver to PO boxes.');
    expect(screen.queryByTestId('payment-tabs')).toBeNull();
    expect(screen.queryByTestId('bank-transfer-done')).toBeNull();
  });
});
