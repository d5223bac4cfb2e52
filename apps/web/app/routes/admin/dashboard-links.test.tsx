// @vitest-environment jsdom
/**
 * Each dashboard card opens the list of what it counts, not the unfiltered order list: today's
 * orders (the London day's dates), the bank transfers with money due, the dispatch desk's
 * "Ready to dispatch" queue, the open returns and the low-stock list. The warehouse, which sees
 * no money, gets the last three.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import Dashboard from './dashboard';

afterEach(cleanup);

const money = {
  today: { count: 3, netPence: 214_40, grossPence: 257_28 },
  awaitingPayment: { count: 2, duePence: 107_88 },
  overdueAccounts: [],
};

function renderDashboard(withMoney: boolean) {
  const Stub = createRoutesStub([
    {
      path: '/admin',
      Component: Dashboard as never,
      HydrateFallback: () => null,
      loader: () => ({
        name: 'Sam Staff',
        roleLabel: withMoney ? 'Manager' : 'Warehouse',
        figures: { date: '2026-11-27', readyToDispatch: { count: 4, oldestPlacedAt: '2026-11-26T09:00:00Z' }, money: withMoney ? money : null },
        lowStock: { low: 2, out: 1 },
        returns: { count: 2, oldestOpenedAt: '2026-11-25T10:00:00Z' },
        canOpenCustomers: withMoney,
        recordsPayments: withMoney,
      }),
    },
  ]);
  return render(<Stub initialEntries={['/admin']} />);
}

describe('the dashboard cards', () => {
  it("each opens its own filtered list: today's orders, transfers awaiting payment, the dispatch queue, returns, low stock", async () => {
    renderDashboard(true);
    expect(await screen.findByTestId('dashboard-today-link')).toHaveAttribute('href', '/admin/orders?from=2026-11-27&to=2026-11-27&cancelled=hide');
    expect(screen.getByTestId('dashboard-awaiting-payment-link')).toHaveAttribute('href', '/admin/orders?method=bank&paid=unpaid');
    expect(screen.getByTestId('dashboard-ready-link')).toHaveAttribute('href', '/admin/dispatch');
    expect(screen.getByTestId('dashboard-ready-link')).toHaveTextContent('Open the dispatch queue');
    expect(screen.getByTestId('dashboard-returns-link')).toHaveAttribute('href', '/admin/returns');
    expect(screen.getByTestId('dashboard-returns')).toHaveTextContent('Returns and claims open');
    expect(screen.getByTestId('dashboard-low-stock-link')).toHaveAttribute('href', '/admin/stock');
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).not.toContain('/admin/orders');
  });

  it('the warehouse sees the dispatch queue, returns and low stock, and no money', async () => {
    renderDashboard(false);
    expect(await screen.findByTestId('dashboard-ready-link')).toHaveAttribute('href', '/admin/dispatch');
    expect(screen.getByTestId('dashboard-returns-link')).toHaveAttribute('href', '/admin/returns');
    expect(screen.queryByTestId('dashboard-today-link')).toBeNull();
    expect(screen.queryByTestId('dashboard-awaiting-payment-link')).toBeNull();
  });
});
