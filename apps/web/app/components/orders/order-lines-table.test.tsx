// @vitest-environment jsdom
/**
 * An order's lines follow the visitor's choice of prices ex VAT or inc VAT, at the order's own
 * VAT rate (a zero-rated export shows no VAT it was not charged).
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { OrderLineDto } from '~/components/checkout/checkout-types';
import { renderStubbedPage } from '~/testing/route-stub';
import { OrderLinesTable } from './order-lines-table';

afterEach(cleanup);

const line: OrderLineDto = {
  product_id: 1,
  product_price_id: 11,
  kind: 'goods',
  name: 'Single Wall Cardboard Boxes',
  item_name: 'Single Wall Cardboard Boxes 12x9x6',
  size1: '12x9x6',
  image_url: '',
  price: 18.5,
  qty: 25,
  count: 2,
  total_price: 37,
  discount: 0,
  is_active: true,
};

function showLines(basis: 'ex' | 'inc', vatRatePercent: number, lines: OrderLineDto[] = [line]) {
  renderStubbedPage('/order-detail', {
    path: '/order-detail',
    Component: () => <OrderLinesTable lines={lines} vatRatePercent={vatRatePercent} />,
    visitor: { prices: { basis, vatRatePercent: 20 } },
  });
}

describe("an order's lines, ex VAT or inc VAT", () => {
  it("say SPEC's 'Price ex-VAT' and 'Total Price ex-VAT' by default", async () => {
    showLines('ex', 20);
    expect(await screen.findByRole('columnheader', { name: 'Price ex-VAT' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Total Price ex-VAT' })).toBeInTheDocument();
    expect(screen.getByTestId('order-line-total')).toHaveTextContent('£37.00');
  });

  it("show VAT at the order's rate when the visitor chose prices inc VAT", async () => {
    showLines('inc', 20);
    expect(await screen.findByRole('columnheader', { name: 'Price inc VAT' })).toBeInTheDocument();
    expect(screen.getByTestId('order-line')).toHaveTextContent('£22.20');
    expect(screen.getByTestId('order-line-total')).toHaveTextContent('£44.40');
  });

  it('show a zero-rated export without VAT, inc VAT or not', async () => {
    showLines('inc', 0);
    expect(await screen.findByTestId('order-line-total')).toHaveTextContent('£37.00');
  });
});

describe('a quoted charge on an order', () => {
  it('print plates show as a charge with its price, with no pack size', async () => {
    const plates: OrderLineDto = { ...line, product_id: null, product_price_id: null, kind: 'charge', name: 'Print plates', item_name: 'Print plates', size1: '', price: 120, qty: 1, count: 1, total_price: 120 };
    showLines('ex', 20, [line, plates]);
    const [, shown] = await screen.findAllByTestId('order-line');
    expect(shown).toHaveTextContent('Print plates');
    expect(shown).toHaveTextContent('Charge');
    expect(shown).not.toHaveTextContent('Pack of');
    expect(shown).toHaveTextContent('£120.00');
  });
});
