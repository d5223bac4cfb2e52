// @vitest-environment jsdom
/**
 * Order by quantity as a customer sees it, loaders and actions stubbed: on
 * product detail the buyer types packs or units, each pack says what it would give, 'Add +'
 * posts the quantity; the basket lines show their units and unit price.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDto } from '@shop/contract';
import { basketOf, renderStubbedPage } from '~/testing/route-stub';
import CheckoutPage from './checkout';
import ProductDetailPage from './product-detail';

afterEach(cleanup);

const PRODUCT = {
  product_id: 1,
  name: 'Single Wall Cardboard Boxes',
  description: 'Strong boxes for posting.',
  image_url: '/media/products/box.svg',
  link_product_id: null,
  is_new: false,
  category: { name: 'Cardboard Boxes', slug: 'cardboard-boxes' },
  product_Sizes: [
    {
      product_size_id: 5,
      size1: '12x9x6',
      size2: '305x229x152mm',
      packs: [
        { product_price_id: 10, price: 18.5, pack_range: [25], unit_price: 0.74 },
        { product_price_id: 11, price: 33, pack_range: [50], unit_price: 0.66 },
      ],
    },
  ],
} as unknown as ProductDto;

function renderProduct(action?: () => unknown) {
  return renderStubbedPage('/product-detail?productCode=1', {
    path: '/product-detail',
    Component: ProductDetailPage,
    loader: () => ({ product: PRODUCT, categoryLink: '/products?categoryCode=cardboard-boxes', ancestors: [] }),
    visitor: { cart: basketOf([]) },
    action,
  });
}

describe('order by quantity on product detail', () => {
  it('has a number field in the add form, one pack by default', async () => {
    renderProduct();
    const quantity = await screen.findByLabelText('Quantity');
    expect(quantity).toHaveAttribute('type', 'number');
    expect(quantity).toHaveAttribute('name', 'quantity');
    expect(quantity).toHaveValue(1);
    expect(quantity.closest('form')).toBe(screen.getByTestId('pack-table').closest('form'));
    expect(screen.queryAllByTestId('pack-gives')).toHaveLength(0);
  });

  it('in units, each pack says how many whole packs and units it gives, and Add + posts the units', async () => {
    const { posted } = renderProduct();
    fireEvent.change(await screen.findByTestId('quantity-unit'), { target: { value: 'units' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '130' } });
    expect(screen.getAllByTestId('pack-gives').map((hint) => hint.textContent)).toEqual(['6 packs = 150 units', '3 packs = 150 units']);

    fireEvent.click(screen.getByRole('button', { name: 'Add + 3 packs of 50, 12x9x6' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(Object.fromEntries(posted[0]!)).toMatchObject({ product_price_id: '11', quantity: '130', quantity_unit: 'units' });
  });

  it('in packs, each pack says the units it holds', async () => {
    renderProduct();
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '4' } });
    expect(screen.getAllByTestId('pack-gives').map((hint) => hint.textContent)).toEqual(['4 packs = 100 units', '4 packs = 200 units']);
  });

  it('does not post more than 1000 packs, and says why', async () => {
    const { posted } = renderProduct();
    fireEvent.change(await screen.findByLabelText('Quantity'), { target: { value: '1001' } });
    fireEvent.click(screen.getAllByTestId('add-pack')[0]!);
    expect(await screen.findByTestId('quantity-problem')).toHaveTextContent('No. of Pack must be a whole number from 1 to 1000');
    expect(posted).toHaveLength(0);
  });

  it('says what was added', async () => {
    renderProduct(() => ({ ok: true, intent: 'add', product_price_id: 10, count: 6 }));
    fireEvent.change(await screen.findByTestId('quantity-unit'), { target: { value: 'units' } });
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '130' } });
    fireEvent.click(screen.getAllByTestId('add-pack')[0]!);
    expect(await screen.findByText('Added 6 packs of 25 (150 units) to your basket.')).toBeInTheDocument();
  });
});

describe('basket lines', () => {
  it('show the units in the line and the unit price', async () => {
    renderStubbedPage('/checkout', {
      path: '/checkout',
      Component: CheckoutPage,
      visitor: { cart: basketOf([{ id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 18.5, qty: 25, count: 6 }]) },
    });
    const line = (await screen.findAllByTestId('basket-line'))[0]!;
    expect(within(line).getByTestId('line-units')).toHaveTextContent('150 units');
    expect(within(line).getByTestId('line-unit-price')).toHaveTextContent('£0.74 each');
  });
});
