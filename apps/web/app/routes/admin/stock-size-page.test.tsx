// @vitest-environment jsdom
/**
 * A size's stock history as staff read it: the reason of a movement and the order it belongs to
 * read apart ("Order placed · order #20"), never run together.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import type { MovementRow } from '@shop/core';
import { movementForPage } from '~/server/admin/stock.server';
import StockSize from './stock-size';

afterEach(cleanup);

function renderStockSize(movements: MovementRow[]) {
  const Stub = createRoutesStub([
    {
      path: '/admin/stock/sizes/:productSizeId',
      Component: StockSize as never,
      HydrateFallback: () => null,
      loader: () => ({
        size: { productId: 3, label: 'Box 12x9x6', tracked: true, onHand: 100, allocated: 4, lowThreshold: 10, movements: movements.map(movementForPage) },
        notice: null,
        editsCatalogue: false,
      }),
    },
  ]);
  return render(<Stub initialEntries={['/admin/stock/sizes/5']} />);
}

describe("a size's stock history", () => {
  it('reads "Order placed · order #20": the reason and the order it belongs to are apart', async () => {
    renderStockSize([
      { at: new Date('2026-11-24T10:00:00Z'), kind: 'allocated', onHandChange: 0, allocatedChange: 4, reason: 'Order placed', staffName: null, orderId: 20, supplierReference: null },
      { at: new Date('2026-11-23T10:00:00Z'), kind: 'count', onHandChange: -2, allocatedChange: 0, reason: 'Monthly count', staffName: 'Will Warehouse', orderId: null, supplierReference: null },
    ]);
    const rows = within(await screen.findByTestId('stock-history')).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Order placed · order #20');
    expect(rows[1]).not.toHaveTextContent('Order placedorder');
    expect(within(rows[1]!).getByRole('link', { name: 'order #20' })).toHaveAttribute('href', '/admin/orders/20');
    expect(rows[2]!.lastElementChild).toHaveTextContent(/^Monthly count$/);
  });
});
