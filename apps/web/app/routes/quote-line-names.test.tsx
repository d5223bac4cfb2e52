// @vitest-environment jsdom
/**
 * A quote's lines are named as the basket names them (the contract's itemDisplayName): a size
 * the product's name states already is not said twice, on the customer's request form nor in the
 * description suggested to staff, which becomes the line's name on the quote, its e-mail, its
 * PDF and the order.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderStubbedPage } from '~/testing/route-stub';
import { suggestedLineDescription } from '~/server/admin/quotes.server';
import QuoteRequestPage from './quote-request';

afterEach(cleanup);

describe('names of quoted sizes', () => {
  it('the request form names "Single Wall Box 12x9x6" once, and "Bubble Wrap" with its size', async () => {
    renderStubbedPage('/quote-request?productCode=7', {
      path: '/quote-request',
      Component: QuoteRequestPage,
      loader: () => ({
        candidates: [
          { productPriceId: 1, productName: 'Single Wall Box 12x9x6', size1: '12x9x6"', quantity: null },
          { productPriceId: 2, productName: 'Bubble Wrap', size1: '500mm x 100m', quantity: null },
        ],
        fromBasket: false,
        today: '2026-11-28',
        artworkLimit: '5 MB',
      }),
    });
    const items = await screen.findAllByTestId('quote-item');
    expect(items[0]).toHaveTextContent('Single Wall Box 12x9x6');
    expect(items[0]).not.toHaveTextContent('12x9x6"');
    expect(items[1]).toHaveTextContent('Bubble Wrap 500mm x 100m');
  });

  it('the line staff are offered to price says the size once, then printed or custom', () => {
    const item = { productName: 'Single Wall Box 12x9x6', size1: '12x9x6"', printed: true, printColours: '2 colours', custom: false, customSize: '' };
    expect(suggestedLineDescription(item)).toBe('Single Wall Box 12x9x6, printed 2 colours');
    expect(suggestedLineDescription({ ...item, productName: 'Mailing Bag', size1: '10x14"', printed: false })).toBe('Mailing Bag 10x14"');
  });
});
