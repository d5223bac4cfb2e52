// @vitest-environment jsdom
/**
 * The landing page's product grid as a customer sees it (loader stubbed with the cards it
 * sends): each card names the product, tags a new one, says how many sizes it comes in and
 * the cheapest pack's price, and leads to the product's page.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import type { ProductCardData } from '~/components/catalogue/product-card';
import { renderStubbedPage } from '~/testing/route-stub';
import LandingPage from './landing';

afterEach(cleanup);

const CARDS: ProductCardData[] = [
  { product_id: 7, name: 'Double Wall Cardboard Boxes', image_url: '/media/products/box.svg', is_new: true, sizeCount: 3, fromPrice: 18.5 },
  { product_id: 8, name: 'Packing Tape', image_url: '/media/products/tape.svg', is_new: false, sizeCount: 1, fromPrice: null },
];

it('shows each popular product with its sizes, cheapest pack and a link to its page', async () => {
  renderStubbedPage('/landing', { path: '/landing', Component: LandingPage, loader: () => ({ products: CARDS }) });
  const [boxes, tape] = await screen.findAllByTestId('product-card');
  expect(boxes).toHaveTextContent('Double Wall Cardboard Boxes');
  expect(boxes).toHaveTextContent('New');
  expect(boxes).toHaveTextContent('3 sizes');
  expect(boxes).toHaveTextContent('from £18.50 ex-VAT');
  expect(within(boxes!).getByRole('link', { name: 'View Details: Double Wall Cardboard Boxes' })).toHaveAttribute('href', '/product-detail?productCode=7');
  expect(tape).toHaveTextContent('1 size');
  expect(tape).not.toHaveTextContent('from');
  expect(tape).not.toHaveTextContent('New');
});
