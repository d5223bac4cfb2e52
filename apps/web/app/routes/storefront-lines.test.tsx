// @vitest-environment jsdom
/**
 * What a customer reads on the lines of the product page and the basket (loaders stubbed):
 * a backordered basket line says when it is expected, a sold-out size's 'Add +' is disabled with
 * the reason, and a trade buyer sees the list price their price replaces and what they save, ex
 * or inc VAT as they chose.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDto } from '@shop/contract';
import { basketOf, renderStubbedPage } from '~/testing/route-stub';
import { OrderSummary } from '~/components/checkout/order-summary';
import CheckoutPage from './checkout';
import ProductDetailPage from './product-detail';

afterEach(cleanup);

const BASKET = basketOf([
  { id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 18.5, qty: 25, count: 2 },
  { id: 2, name: 'Packing Tape 48mm', price: 9.99, qty: 36, count: 1 },
]);

const product = (packs: object[]) =>
  ({
    product_id: 1,
    product_code: 'P000001',
    name: 'Single Wall Cardboard Boxes',
    description: 'Strong boxes for posting.',
    image_url: '/media/products/box.svg',
    link_product_id: null,
    is_new: false,
    category: { name: 'Cardboard Boxes', slug: 'cardboard-boxes' },
    product_Sizes: [{ product_size_id: 5, size1: '12x9x6"', size2: '305x229x152mm', packs }],
  }) as unknown as ProductDto;

const PACKS = [
  { product_price_id: 10, price: 18.5, pack_range: [25], unit_price: 0.74 },
  { product_price_id: 11, price: 33, pack_range: [50], unit_price: 0.66 },
];

function renderProduct(p: ProductDto, stock: object | null = null, visitor: object = {}) {
  return renderStubbedPage('/product-detail?productCode=1', {
    path: '/product-detail',
    Component: ProductDetailPage,
    loader: () => ({ product: p, categoryLink: '/products?categoryCode=cardboard-boxes', ancestors: [], stock }),
    visitor: { cart: basketOf([]), ...visitor },
  });
}

describe('a backordered basket line', () => {
  it('says "Available to order, dispatched around 4 December" on that line only', async () => {
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      loader: () => ({ promise: null, reorderNotice: null, shortfalls: {}, backordered: { 10: 'Available to order, dispatched around 4 December' } }),
      visitor: { cart: BASKET },
    });
    const lines = await screen.findAllByTestId('basket-line');
    expect(within(lines[0]!).getByTestId('line-backordered')).toHaveTextContent('Available to order, dispatched around 4 December');
    expect(within(lines[1]!).queryByTestId('line-backordered')).toBeNull();
  });
});

describe("a sold-out size's 'Add +'", () => {
  it('is disabled, with the reason beside it, when the size is out of stock and cannot be backordered', async () => {
    renderProduct(product(PACKS), { sizes: { 5: { label: 'Out of stock', state: 'out', schema: 'OutOfStock' } }, summary: { label: 'Out of stock', state: 'out', schema: 'OutOfStock' } });
    const buttons = await screen.findAllByRole('button', { name: /^Add \+/ });
    for (const button of buttons) {
      expect(button).toBeDisabled();
      expect(button).toHaveTextContent('Add +');
      expect(button).toHaveAccessibleDescription('This size is out of stock, so it cannot be added to your basket.');
    }
    expect(screen.getByTestId('sold-out-reason')).toBeVisible();
  });

  it('stays active for a size that may be backordered', async () => {
    renderProduct(product(PACKS), { sizes: { 5: { label: 'Available to order', state: 'backorder', schema: 'BackOrder' } }, summary: { label: 'Available to order', state: 'backorder', schema: 'BackOrder' } });
    for (const button of await screen.findAllByRole('button', { name: /^Add \+/ })) expect(button).toBeEnabled();
    expect(screen.queryByTestId('sold-out-reason')).toBeNull();
  });
});

describe("a trade buyer's price", () => {
  const TRADE_PACKS = [{ product_price_id: 10, price: 10.63, pack_range: [25], unit_price: 0.4252, trade_price: true, public_price: 12.5 }];

  it('shows the list price struck through and the saving on the product page, ex-VAT', async () => {
    renderProduct(product(TRADE_PACKS));
    const saving = await screen.findByTestId('trade-saving');
    expect(saving).toHaveTextContent('List price £12.50');
    expect(saving).toHaveTextContent('You save £1.87 (15%)');
    expect(within(saving).getByTestId('list-price').tagName).toBe('S');
  });

  it('follows the VAT switch: £15.00 list, £2.24 saved inc VAT', async () => {
    renderProduct(product(TRADE_PACKS), null, { prices: { basis: 'inc', vatRatePercent: 20 } });
    const saving = await screen.findByTestId('trade-saving');
    expect(saving).toHaveTextContent('List price £15.00');
    expect(saving).toHaveTextContent('You save £2.24 (15%)');
  });

  it('shows them on the basket line too', async () => {
    const cart = basketOf([{ id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 10.63, qty: 25, count: 2 }]);
    cart.cartIems[0] = { ...cart.cartIems[0]!, trade_price: true, public_price: 12.5 };
    renderStubbedPage('/checkout', { path: '/checkout', Component: CheckoutPage, loader: () => ({ promise: null, reorderNotice: null, shortfalls: {}, backordered: {} }), visitor: { cart } });
    const saving = await screen.findByTestId('trade-saving');
    expect(saving).toHaveTextContent('List price £12.50');
    expect(saving).toHaveTextContent('You save £1.87 (15%)');
  });

  it("shows them in the delivery and payment steps' order summary too", async () => {
    const cart = basketOf([{ id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 10.63, qty: 25, count: 2 }]);
    cart.cartIems[0] = { ...cart.cartIems[0]!, trade_price: true, public_price: 12.5 };
    renderStubbedPage('/payment', { path: '/payment', Component: () => <OrderSummary cart={cart} />, loader: () => ({}), visitor: { cart } });
    const saving = await within(await screen.findByTestId('order-summary')).findByTestId('trade-saving');
    expect(saving).toHaveTextContent('List price £12.50');
    expect(saving).toHaveTextContent('You save £1.87 (15%)');
  });

  it('is not there for anyone whose prices carry no trade price', async () => {
    renderProduct(product(PACKS));
    await screen.findAllByRole('button', { name: /^Add \+/ });
    expect(screen.queryByTestId('trade-saving')).toBeNull();
  });
});
