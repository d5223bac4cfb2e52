// @vitest-environment jsdom
/** A customer's return on their order page: each item named once, as the order's lines do, and what the customer wrote. */
import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { renderStubbedPage } from '~/testing/route-stub';
import { OrderReturnsSection, type OrderReturns } from './order-returns';

afterEach(cleanup);

const returns: OrderReturns = {
  orderId: 41,
  windows: [{ reason: 'damaged', open: true, until: '2026-12-01', text: 'Damage: until 1 December' }],
  lines: [{ orderLineId: 7, returnableCount: 1 }],
  returns: [
    {
      returnId: 3,
      reasonLabel: 'Damaged in transit',
      stateLabel: 'Requested',
      state: 'requested',
      description: 'Crushed corner',
      lines: [
        { orderLineId: 7, productName: 'Single Wall Box 12x9x6', size1: '12x9x6"', qty: 25, count: 2 },
        { orderLineId: 8, productName: 'Single Wall Cardboard Boxes', size1: 'Small', qty: 10, count: 1 },
      ],
      photoCount: 0,
      steps: [],
      replacementTrackingUrl: null,
    },
  ],
};

it('a returned item whose name carries its size is not followed by the size again', async () => {
  renderStubbedPage('/order-detail', { path: '/order-detail', Component: () => <OrderReturnsSection returns={returns} /> });
  const returned = await screen.findByTestId('customer-return');
  expect(returned).toHaveTextContent('2 × Single Wall Box 12x9x6; 1 × Single Wall Cardboard Boxes Small');
  expect(returned).not.toHaveTextContent('12x9x6 12x9x6');
});

it("shows the customer's own description on the return's entry", async () => {
  renderStubbedPage('/order-detail', { path: '/order-detail', Component: () => <OrderReturnsSection returns={returns} /> });
  const returned = await screen.findByTestId('customer-return');
  expect(within(returned).getByTestId('customer-return-description')).toHaveTextContent('What you told usCrushed corner');
});
