// @vitest-environment jsdom
/**
 * While the shop runs test payments, every back office page says so in its frame, so staff never
 * take a simulated payment for money received (DESIGN section 4); otherwise nothing is shown.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { AdminFrame, TEST_PAYMENTS_BANNER } from '~/components/admin/admin-frame';
import { loader } from './layout';

afterEach(cleanup);

const staff = { staffId: 1, email: 'staff@example.com', name: 'Sam Staff', role: 'warehouse', totpEnabled: false };

async function frameFor(mode: 'paypal' | 'test' | 'none') {
  const context = {
    services: { shop: { tradingName: 'Boxwell' } },
    payments: { mode, clientId: null, currency: 'GBP' },
    secure: false,
    memo: new Map<string, unknown>([['staff', Promise.resolve({ staff, awaitingSecondFactor: false })]]),
  };
  const data = (await loader({ request: new Request('http://shop.test/admin/orders'), context, params: {} } as never)) as { testPayments: boolean };
  const Stub = createRoutesStub([
    {
      path: '/admin/orders',
      Component: () => (
        <AdminFrame staff={{ name: 'Sam Staff', roleLabel: 'Warehouse', permissions: [] }} shopName="Boxwell" testPayments={data.testPayments}>
          <p>Orders</p>
        </AdminFrame>
      ),
    },
  ]);
  render(<Stub initialEntries={['/admin/orders']} />);
  return data;
}

describe('the back office frame', () => {
  it('shows the test payments banner on every page while test payments are on', async () => {
    expect(await frameFor('test')).toMatchObject({ testPayments: true });
    expect(await screen.findByTestId('test-payments-banner')).toHaveTextContent(TEST_PAYMENTS_BANNER);
    expect(TEST_PAYMENTS_BANNER).toBe('Test payments are on: orders can be paid without money.');
  });

  it.each(['paypal', 'none'] as const)('shows no banner when the shop takes %s payments', async (mode) => {
    expect(await frameFor(mode)).toMatchObject({ testPayments: false });
    expect(await screen.findByText('Orders')).toBeInTheDocument();
    expect(screen.queryByTestId('test-payments-banner')).toBeNull();
  });
});
