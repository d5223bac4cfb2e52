// @vitest-environment jsdom
/**
 * The basket page as a customer sees it (its action stubbed): 'No cart found' for an empty
 * basket; a changed pack count is posted when the field is left; 'Remove' asks 'Are you sure?'
 * and Yes posts the line's removal; lines that sold out since they were added are marked; the
 * discount code is applied and removed with its forms, its refusals said beside the field, and
 * the offers' lines and what spending more would bring shown with the totals.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { basketOf, renderStubbedPage, withOffer } from '~/testing/route-stub';
import { CartSummary } from '~/components/cart-summary';
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
    // The server's next step: £75.00 - £46.99.
    expect(screen.getByTestId('next-offer')).toHaveTextContent('Spend £28.01 more for free delivery');
    expect(screen.queryByTestId('free-delivery-hint')).not.toBeInTheDocument();
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

/** BASKET with the code BOXES10 entered: 10% off the boxes (£37.00), £3.70. */
const WITH_CODE = withOffer(BASKET, { name: '10% off cardboard boxes', code: 'BOXES10', discount: 3.7, delivery_saved: 0 });

describe('discount code on the basket page', () => {
  it("'Apply' posts the typed code as intent=apply-code", async () => {
    const { posted } = renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: BASKET } });
    fireEvent.change(await screen.findByLabelText('Discount code'), { target: { value: 'boxes10' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('intent')).toBe('apply-code');
    expect(posted[0]!.get('code')).toBe('boxes10');
  });

  it('a code applied shows its discount line after the items before discount, and the totals as the server computed them', async () => {
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: WITH_CODE } });
    expect((await screen.findByTestId('summary-items')).closest('div')).toHaveTextContent('Items£46.99');
    expect(screen.getByTestId('summary-discount').closest('div')).toHaveTextContent('Discount (BOXES10)-£3.70');
    expect(screen.getByTestId('summary-delivery').closest('div')).toHaveTextContent('Delivery Fee (to mainland UK)£4.99');
    // 20% of (46.99 - 3.70 + 4.99) = 9.656 -> 9.66
    expect(screen.getByTestId('summary-vat')).toHaveTextContent('£9.66');
    expect(screen.getByTestId('summary-total')).toHaveTextContent('£57.94');
    expect(screen.getByTestId('discount-code-entered')).toHaveTextContent('BOXES10');
    expect(screen.getByTestId('discount-code-offer')).toHaveTextContent('10% off cardboard boxes');
    expect(screen.queryByLabelText('Discount code')).not.toBeInTheDocument();
  });

  it("'Remove' posts intent=remove-code", async () => {
    const { posted } = renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart: WITH_CODE } });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove the code BOXES10' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.get('intent')).toBe('remove-code');
  });

  it('a code refused is said beside the field (an alert it describes), with what was typed kept, and not above the basket', async () => {
    const message = 'There is no offer with the code NOPE. Check the code and try again.';
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      visitor: { cart: BASKET },
      action: () => ({ ok: false, error: 'invalid_request', intent: 'apply-code', message, fields: { code: message }, values: { intent: 'apply-code', code: 'nope' } }),
    });
    fireEvent.change(await screen.findByLabelText('Discount code'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const error = await screen.findByRole('alert');
    expect(error).toHaveTextContent(message);
    const field = screen.getByLabelText('Discount code');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(message);
    expect(field).toHaveValue('nope');
    expect(screen.queryByTestId('basket-error')).not.toBeInTheDocument();
  });

  it("a code kept that takes nothing off yet says why under it (an alert describing 'Remove'), with no discount line", async () => {
    const problem = 'Spend £13.00 more on what the code BOXES10 covers to use it.';
    const cart = { ...BASKET, offer_code: 'BOXES10', offer_code_problem: problem };
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart } });
    expect(await screen.findByRole('alert')).toHaveTextContent(problem);
    expect(screen.getByRole('button', { name: 'Remove the code BOXES10' })).toHaveAccessibleDescription(problem);
    expect(screen.queryByTestId('summary-discount')).not.toBeInTheDocument();
    expect(screen.queryByTestId('discount-code-offer')).not.toBeInTheDocument();
  });

  it('an automatic offer is named in its discount line; free delivery is named with what it saves, and the delivery fee is FREE', async () => {
    const automatic = withOffer(BASKET, { name: 'Winter sale', code: null, discount: 4.7, delivery_saved: 0 });
    const cart = { ...automatic, offers: [...automatic.offers, { name: 'Free delivery over £40', code: null, discount: 0, delivery_saved: 4.99 }], deliveryFee: 0, next_offers: [] };
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart } });
    expect((await screen.findByTestId('summary-discount')).closest('div')).toHaveTextContent('Discount (Winter sale)-£4.70');
    expect(screen.getByTestId('summary-delivery').closest('div')).toHaveTextContent('Delivery Fee (to mainland UK)FREE£0.00');
    expect(screen.getByTestId('summary-free-delivery').closest('div')).toHaveTextContent('Free delivery (Free delivery over £40)You save £4.99');
    expect(screen.getByTestId('free-delivery-hint')).toHaveTextContent('Your order qualifies for free next-working-day delivery in mainland UK.');
    expect(screen.getByLabelText('Discount code')).toHaveValue('');
  });

  it('what spending a little more would bring is listed near the totals, nearest first', async () => {
    const cart = { ...BASKET, next_offers: ['Spend £3.01 more for free delivery', 'Spend £13.01 more for 10% off cardboard boxes'] };
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, visitor: { cart } });
    const steps = await screen.findAllByTestId('next-offer');
    expect(steps.map((step) => step.textContent)).toEqual(['Spend £3.01 more for free delivery', 'Spend £13.01 more for 10% off cardboard boxes']);
    expect(screen.getByRole('list', { name: 'Spend a little more' })).toBeInTheDocument();
  });

  it('the header basket shows the discount under its sub-total', async () => {
    renderStubbedPage('/checkout', { path: '/checkout', Component: CartSummary, visitor: { cart: WITH_CODE } });
    expect(await screen.findByTestId('cart-summary-discount')).toHaveTextContent('Discount (BOXES10)-£3.70');
  });
});
