// @vitest-environment jsdom
/**
 * The past orders page as a customer sees it, its loader run over stubbed services (the
 * signed-in customer and their orders): the table of orders with each state in core's words,
 * the filter as a GET form (?Filter=) whose text box follows the URL, and the empty states.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderDto } from '~/components/checkout/checkout-types';
import OrderHistoryPage, { loader as orderHistoryLoader } from './order-history';
import { ORDER_NOT_YET_DISPATCHED } from '~/testing/route-stub';

afterEach(cleanup);

function order(order_id: number, payment_reference: string): OrderDto {
  return {
    order_id,
    created: '2026-03-02T10:15:00.000Z',
    payment_reference,
    payment_method: 'bank',
    payment_is_test: false,
    status: 'PendingDelivery',
    sub_total: 80,
    discount: 0,
    offers: [],
    delivery_fee: 0,
    total_tax: 16,
    vat_treatment: 'standard',
    vat_rate_percent: 20,
    total: 96,
    note: '',
    user_id: 7,
    address_id: 3,
    is_active: true,
    address: null,
    billing_address: null,
    orderLines: [],
    purchase_order_number: null,
    quote_number: null,
    ...ORDER_NOT_YET_DISPATCHED,
    promised_dispatch_date: '2026-03-02',
  };
}

const ORDERS = [order(42, 'BANK7'), order(41, 'PAYPAL-9XY')];

/** The page at `url`, its loader over services that filter ORDERS as the server would; the requests it was asked. */
function renderPage(url: string, orders: OrderDto[] = ORDERS) {
  const requests: URL[] = [];
  const mine = async (_userId: number, filter: string) => orders.filter((o) => !filter || String(o.order_id) === filter || o.payment_reference.includes(filter));
  const loader = vi.fn(({ request }: { request: Request }) => {
    requests.push(new URL(request.url));
    // The signed-in customer as session.server.ts memoises the visitor per request.
    const memo = new Map<string, unknown>([['visitor', Promise.resolve({ sessionId: null, token: 'token', userId: 7 })]]);
    return orderHistoryLoader({ request, context: { memo, services: { orders: { mine } } }, params: {} } as never);
  });
  const Stub = createRoutesStub([{ path: '/order-history', Component: OrderHistoryPage, HydrateFallback: () => null, loader }]);
  render(<Stub initialEntries={[url]} />);
  return { requests };
}

describe('order history page', () => {
  it('lists the orders with their number, reference, total, state in words and a View link', async () => {
    renderPage('/order-history');
    const table = await screen.findByTestId('order-history-table');
    const rows = within(table).getAllByTestId('order-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('42');
    expect(rows[0]).toHaveTextContent('BANK7');
    expect(rows[0]).toHaveTextContent('£96.00');
    expect(within(rows[0]!).getByTestId('order-status')).toHaveTextContent('Awaiting dispatch');
    expect(within(rows[0]!).getByTestId('order-status')).toHaveAttribute('data-status', 'PendingDelivery');
    expect(within(rows[0]!).getByRole('link', { name: /View/ })).toHaveAttribute('href', '/order-detail?orderId=42');
  });

  it('filters with a GET form named Filter, and the text box keeps the value from the URL', async () => {
    const { requests } = renderPage('/order-history');
    const box = await screen.findByTestId('order-filter');
    const form = box.closest('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(box).toHaveAttribute('name', 'Filter');

    fireEvent.change(box, { target: { value: 'PAYPAL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter orders' }));

    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
    expect(screen.getByTestId('order-row')).toHaveTextContent('41');
    expect(requests.at(-1)?.searchParams.get('Filter')).toBe('PAYPAL');
    expect(screen.getByTestId('order-filter')).toHaveValue('PAYPAL');
  });

  it('starts from the filter in the URL', async () => {
    renderPage('/order-history?Filter=42');
    expect(await screen.findByTestId('order-filter')).toHaveValue('42');
    expect(screen.getAllByTestId('order-row')).toHaveLength(1);
  });

  it('filters while the customer types, once they pause', async () => {
    const { requests } = renderPage('/order-history');
    fireEvent.change(await screen.findByTestId('order-filter'), { target: { value: '42' } });
    await waitFor(() => expect(requests.at(-1)?.searchParams.get('Filter')).toBe('42'), { timeout: 2000 });
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(1));
  });

  it('says when no order matches, with a link back to all orders', async () => {
    renderPage('/order-history?Filter=999');
    const noMatch = await screen.findByTestId('orders-no-match');
    expect(noMatch).toHaveTextContent('No orders match ‘999’');
    const showAll = within(noMatch).getByRole('link', { name: 'Show all orders' });
    expect(showAll).toHaveAttribute('href', '/order-history');

    fireEvent.click(showAll);
    await waitFor(() => expect(screen.getAllByTestId('order-row')).toHaveLength(2));
    expect(screen.getByTestId('order-filter')).toHaveValue('');
  });

  it('has no filter while the customer has no orders at all', async () => {
    renderPage('/order-history', []);
    expect(await screen.findByTestId('orders-empty')).toHaveTextContent('You have not placed any orders yet');
    expect(screen.queryByTestId('order-filter')).toBeNull();
  });
});
