// @vitest-environment jsdom
/**
 * The basket page as a customer sees it (its action stubbed): 'No cart found' for an empty
 * basket; a changed pack count is posted when the field is left; 'Remove' asks 'Are you sure?'
 * and Yes posts the line's removal; lines that sold out since they were added are marked.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { basketOf, renderStubbedPage } from '~/testing/route-stub';
import CheckoutPage from './checkout';

afterEach(cleanup);

const BASKET = basketOf([
  { id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 18.5, qty: 25, count: 2 },
  { id: 2, name: 'Packing Tape 48mm', price: 9.99, qty: 36, count: 1 },
]);

describe('basket page', () => {
  it("shows 'No cart found' with 'Start Shopping!' when the basket is empty", async () => {
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: basketOf([]) } });
    expect(await screen.findByText('No cart found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start Shopping!' })).toHaveAttribute('href', '/landing');
  });

  it('posts a changed number of packs when the customer leaves the field', async () => {
    const { posted } = renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: BASKET } });
    const counts = await screen.findAllByTestId('pack-count');
    fireEvent.change(counts[0]!, { target: { value: '5' } });
    fireEvent.blur(counts[0]!);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('intent')).toBe('modify');
    expect(posted[0]!.get('product_price_id')).toBe('10');
    expect(posted[0]!.get('count')).toBe('5');
  });

  it('does not post a count outside 1..1000, and says why', async () => {
    const { posted } = renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: BASKET } });
    const counts = await screen.findAllByTestId('pack-count');
    fireEvent.change(counts[0]!, { target: { value: '1001' } });
    fireEvent.blur(counts[0]!);
    expect(await screen.findByTestId('pack-count-error')).toHaveTextContent('No. of Pack must be a whole number from 1 to 1000');
    expect(posted).toHaveLength(0);
  });

  it("asks 'Are you sure?' before removing a line, and Yes posts its removal", async () => {
    const { posted } = renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: BASKET } });
    fireEvent.click((await screen.findAllByTestId('remove-line'))[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Are you sure?' });
    expect(dialog).toHaveTextContent('Packing Tape 48mm');
    fireEvent.click(screen.getByTestId('confirm-remove'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('intent')).toBe('remove');
    expect(posted[0]!.get('product_price_id')).toBe('20');
  });

  it("'No' closes 'Are you sure?' and removes nothing", async () => {
    const { posted } = renderStubbedPage('/checkout?remove=20', { path: '/checkout', Component: CheckoutPage, visitor: { cart: BASKET } });
    await screen.findByRole('dialog', { name: 'Are you sure?' });
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toHaveLength(0);
  });

  it('marks lines that sold out since they were added, and says the order cannot be placed with them', async () => {
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      loader: () => ({ promise: null, reorderNotice: null, shortfalls: { 20: 'Out of stock: remove this line to order the rest.' } }),
      visitor: { cart: BASKET },
    });
    expect(await screen.findByTestId('basket-stock-problem')).toHaveTextContent('Some items sold out since you added them');
    const marks = screen.getAllByTestId('line-stock-problem');
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest('tr')).toHaveTextContent('Packing Tape 48mm');
    expect(marks[0]).toHaveTextContent('Out of stock: remove this line to order the rest.');
  });

  it("quotes delivery 'to mainland UK' until a delivery address is chosen", async () => {
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: BASKET } });
    const delivery = await screen.findByTestId('summary-delivery');
    expect(delivery.closest('div')).toHaveTextContent('Delivery Fee (to mainland UK)£4.99');
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent('for free next-working-day delivery');
  });

  it("names a remote delivery address's zone and its fee, and offers no free delivery there", async () => {
    // As the server answers once a Belfast address is chosen: £14.99 carriage, VAT on it.
    const cart = { ...basketOf([{ id: 1, name: 'Double Wall Box 18x12x12', price: 80, qty: 25, count: 1 }], 4), deliveryZone: 'northern-ireland' as const, deliveryFee: 14.99, totalTax: 19, total: 113.99 };
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart } });
    const delivery = await screen.findByTestId('summary-delivery');
    expect(delivery.closest('div')).toHaveTextContent('Delivery Fee (to Northern Ireland)£14.99');
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent('Delivery to Northern Ireland takes 3-5 working days and carries extra carriage');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('£113.99');
    expect(screen.getByTestId('summary-vat').closest('div')).toHaveTextContent('VAT (20%)£19.00');
  });

  it('a basket for a Republic of Ireland address says it is a zero-rated export, with no UK VAT, and that import VAT or duty may be due on arrival', async () => {
    // As the server answers once a Dublin address is chosen: £14.99 carriage, no VAT.
    const cart = {
      ...basketOf([{ id: 1, name: 'Double Wall Box 18x12x12', price: 80, qty: 25, count: 1 }], 4),
      deliveryZone: 'republic-of-ireland' as const,
      vatTreatment: 'export' as const,
      taxPercentage: 0,
      deliveryFee: 14.99,
      totalTax: 0,
      total: 94.99,
    };
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart } });
    const vat = await screen.findByTestId('summary-vat');
    expect(vat.closest('div')).toHaveTextContent('Zero-rated export (no UK VAT)£0.00');
    expect(screen.getByTestId('summary-vat-note')).toHaveTextContent('No UK VAT: goods sent outside the UK VAT area are zero-rated exports.');
    expect(screen.getByTestId('summary-vat-note')).toHaveTextContent('Import VAT, GST or customs duty may be due when the goods arrive');
    expect(screen.getAllByText(/Import VAT/)).toHaveLength(1);
    expect(screen.getByTestId('summary-total')).toHaveTextContent('£94.99');
  });
});
