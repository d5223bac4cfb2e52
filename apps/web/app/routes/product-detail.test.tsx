// @vitest-environment jsdom
/**
 * 'Add +' on product detail as a customer sees it (loader and action stubbed): it posts the pack
 * pressed with the quantity and SPEC 7's fixed user_id 1 (the action adds the first pack_range
 * value), and a pack already in the basket reads 'Item Added'. Ordering by quantity: see
 * product-quantity.test.tsx.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDto } from '@shop/contract';
import { basketOf, renderStubbedPage } from '~/testing/route-stub';
import ProductDetailPage from './product-detail';

afterEach(cleanup);

const PRODUCT = {
  product_id: 1,
  product_code: 'P000001',
  name: 'Single Wall Cardboard Boxes',
  description: 'Strong boxes for posting.',
  image_url: '/media/products/box.svg',
  link_product_id: null,
  is_new: false,
  category: { name: 'Cardboard Boxes', slug: 'cardboard-boxes' },
  product_Sizes: [
    {
      size1: '12x9x6',
      size2: '305x229x152mm',
      packs: [
        { product_price_id: 10, price: 18.5, pack_range: [25], unit_price: 0.74 },
        { product_price_id: 11, price: 33, pack_range: [50], unit_price: 0.66 },
      ],
    },
  ],
} as unknown as ProductDto;

function renderProduct(cart = basketOf([])) {
  return renderStubbedPage('/product-detail?productCode=1', {
    path: '/product-detail',
    Component: ProductDetailPage,
    loader: () => ({ product: PRODUCT, categoryLink: '/products?categoryCode=cardboard-boxes', ancestors: [] }),
    visitor: { cart },
  });
}

describe("product detail 'Add +'", () => {
  it('posts the pack pressed, the quantity (one pack unless typed) and the fixed user_id 1', async () => {
    const { posted } = renderProduct();
    fireEvent.click((await screen.findAllByRole('button', { name: /Add \+ pack of 50/ }))[0]!);
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(Object.fromEntries(posted[0]!)).toMatchObject({
      intent: 'add',
      user_id: '1',
      product_id: '1',
      product_price_id: '11',
      quantity: '1',
      quantity_unit: 'packs',
    });
  });

  it("reads 'Item Added' for a pack already in the basket", async () => {
    renderProduct(basketOf([{ id: 1, name: 'Single Wall Cardboard Boxes 12x9x6', price: 18.5, qty: 25, count: 1 }]));
    expect((await screen.findAllByTestId('item-added')).length).toBeGreaterThan(0);
    expect(screen.getAllByRole('button', { name: /Add \+ pack of 50/ }).length).toBeGreaterThan(0);
  });

  it('shows the product code a price-match claim asks for, under the name', async () => {
    renderProduct();
    const heading = await screen.findByRole('heading', { level: 1, name: 'Single Wall Cardboard Boxes' });
    expect(heading.nextElementSibling).toHaveTextContent('Product code: P000001');
  });
});
