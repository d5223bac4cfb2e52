// @vitest-environment jsdom
/**
 * The back office's order page as staff see it, rendered with every money form showing (a paid
 * bank transfer, so a payment and a refund; dispatch; the cancel step): each field has an id of
 * its own and each label names its own field; after a cancellation or an overpayment the refund
 * form offers what is owed; a payment over what is due comes back with the box that confirms it;
 * a card order's refund goes through its provider, a pending one with "Try again".
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedOrderActions, lineChargeOf, type AdminOrder, type StaffMember } from '@shop/core';
import { orderPage } from '~/server/admin/order.server';
import OrderPage from './order';

afterEach(cleanup);

const manager: StaffMember = { staffId: 1, email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };
const warehouse: StaffMember = { staffId: 2, email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };

/** An order as core answers it, with the changes core's state module allows a manager (order-states.ts). */
function adminOrder(payment: Partial<AdminOrder['payment']> = {}, order: Partial<AdminOrder> = {}, staff: StaffMember = manager): AdminOrder {
  const built = orderFacts(payment, order);
  const facts = {
    status: built.status,
    paidThroughProvider: built.payment.refundProvider !== null,
    paidPence: built.payment.receivedPence,
    refundablePence: built.payment.refundablePence,
    shipped: built.shipping.shipments.length > 0,
    packsToSend: built.shipping.lines.reduce((sum, line) => sum + line.remainingPacks, 0),
  };
  return { ...built, actions: order.actions ?? allowedOrderActions(facts, staff.role) };
}

function orderFacts(payment: Partial<AdminOrder['payment']>, order: Partial<AdminOrder>): Omit<AdminOrder, 'actions'> {
  return {
    orderId: 1042,
    version: 3,
    created: '2026-11-24T10:00:00.000Z',
    status: 'PendingDelivery',
    note: '',
    promisedDispatchDate: null,
    deliveryAddress: null,
    billingAddress: null,
    lines: [
      {
        orderLineId: 1,
        kind: 'goods',
        productName: 'Box',
        size1: '12x9x6',
        qty: 25,
        count: 1,
        pricePence: 20_00,
        totalPricePence: 20_00,
        charge: { units: 25, orderedUnits: 25, per: 'pack', pricePence: 20_00 },
      },
    ],
    totals: { subTotalPence: 20_00, deliveryFeePence: 2_49, totalTaxPence: 4_50, totalPence: 26_99 },
    vat: { treatment: 'standard', ratePercent: 20 },
    payment: {
      method: 'bank',
      isTest: false,
      reference: 'BXW-7KQ4MC',
      purchaseOrderNumber: null,
      status: 'paid',
      receivedPence: 26_99,
      paidPence: 26_99,
      refundedPence: 0,
      creditedPence: 0,
      duePence: 0,
      refundDuePence: 0,
      pendingRefundPence: 0,
      refundablePence: 26_99,
      owedPence: 0,
      refundProvider: null,
      dueDate: null,
      records: [],
      ...payment,
    },
    mayDispatch: true,
    dispatchHold: null,
    shipping: {
      lines: [{ orderLineId: 7, productName: 'Box', itemName: 'Box 12x9x6', size1: '12x9x6', qty: 25, count: 1, shippedPacks: 0, withdrawnPacks: 0, remainingPacks: 1, custom: false, deliveredUnits: null }],
      shipments: [],
      progress: { shippedPacks: 0, orderedPacks: 1 },
    },
    progressLabel: 'Awaiting dispatch',
    dispatch: { at: null, dispatchedOn: null, carrier: null, trackingNumber: null, trackingUrl: null, deliveredAt: null },
    cancellation: { at: null, reason: null },
    customer: null,
    timeline: [],
    ...order,
  };
}

function renderOrderPage(order: AdminOrder, action: () => unknown = () => null, url = '/admin/orders/1042?confirm=cancel', staff: StaffMember = manager) {
  const Stub = createRoutesStub([
    {
      path: '/admin/orders/:orderId',
      Component: OrderPage as never,
      HydrateFallback: () => null,
      loader: () => ({ ...orderPage(staff, order), today: '2026-11-24', confirmCancel: url.includes('confirm=cancel'), notice: null, creditNotes: null, returns: [], staffNotes: [] }),
      action,
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

describe("the back office's order page", () => {
  it('a refund of everything paid on an undispatched order asks to cancel it too: the box ticks itself for the full amount', async () => {
    renderOrderPage(adminOrder(), () => null, '/admin/orders/1042');
    const form = await screen.findByTestId('refund-form');
    const box = within(form).getByLabelText(/Also cancel the order/);
    expect(box).not.toBeChecked();
    const amount = within(form).getByLabelText('Amount (£)');
    fireEvent.input(amount, { target: { value: '26.99' } });
    expect(box).toBeChecked();
    fireEvent.input(amount, { target: { value: '5.00' } });
    expect(box).not.toBeChecked();
    // Once staff set the box themselves, the amount no longer moves it.
    fireEvent.click(box);
    fireEvent.input(amount, { target: { value: '1.00' } });
    expect(box).toBeChecked();
  });

  it('a card order already refunded in full offers the box ticked for what is left; a dispatched order never offers it', async () => {
    renderOrderPage(adminOrder({ status: 'refund_due', refundDuePence: 26_99, owedPence: 26_99, refundablePence: 26_99, refundProvider: 'paypal', method: 'paypal' }), () => null, '/admin/orders/1042');
    expect(within(await screen.findByTestId('refund-form')).getByLabelText(/Also cancel the order/)).toBeChecked();
    cleanup();
    renderOrderPage(adminOrder({}, { status: 'Dispatched', mayDispatch: false }), () => null, '/admin/orders/1042');
    expect(within(await screen.findByTestId('refund-form')).queryByLabelText(/Also cancel the order/)).toBeNull();
  });

  it('refunded in full and not cancelled: the page says plainly it will not be dispatched until paid again', async () => {
    renderOrderPage(
      adminOrder({ status: 'refunded', refundedPence: 26_99, refundablePence: 0 }, { mayDispatch: false, dispatchHold: 'refunded' }),
      () => null,
      '/admin/orders/1042',
    );
    expect(await screen.findByTestId('refund-hold')).toHaveTextContent('it will not be dispatched until it is paid again');
    expect(screen.getByTestId('dispatch-hold')).toHaveTextContent('it will not be dispatched until it is paid again');
    expect(screen.queryByTestId('dispatch-form')).toBeNull();
  });

  it('gives every field of its forms an id of its own, and every label names its own field', async () => {
    const { container } = renderOrderPage(adminOrder());
    await screen.findByTestId('payment-form');
    expect(screen.getByTestId('refund-form')).toBeInTheDocument();
    expect(screen.getByTestId('dispatch-form')).toBeInTheDocument();
    expect(screen.getByTestId('cancel-form')).toBeInTheDocument();

    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    for (const id of ['payment-amount', 'payment-received_on', 'payment-bank_reference', 'refund-amount', 'refund-received_on', 'refund-bank_reference', 'dispatch-carrier', 'dispatch-tracking_number', 'cancel-reason']) {
      expect(container.querySelector(`#${id}`), id).not.toBeNull();
    }
    const labels = [...container.querySelectorAll('label[for]')];
    expect(labels.length).toBeGreaterThanOrEqual(9);
    for (const label of labels) {
      const field = container.querySelectorAll(`#${label.getAttribute('for')}`);
      expect(field, label.textContent ?? '').toHaveLength(1);
      expect(label.contains(field[0]!), label.textContent ?? '').toBe(true);
    }
    expect(within(screen.getByTestId('payment-form')).getByLabelText('Amount (£)')).toHaveAttribute('id', 'payment-amount');
    expect(within(screen.getByTestId('refund-form')).getByLabelText('Amount (£)')).toHaveAttribute('id', 'refund-amount');
  });

  it('after an overpayment: "Refund due", paid never more than the total, and the refund form offers what is owed', async () => {
    renderOrderPage(adminOrder({ status: 'refund_due', receivedPence: 500_00, paidPence: 26_99, refundDuePence: 473_01, owedPence: 473_01, refundablePence: 500_00 }));
    await screen.findByTestId('refund-form');
    expect(screen.getByTestId('admin-order-payment')).toHaveTextContent('Refund due');
    expect(screen.getByTestId('refund-due')).toHaveTextContent('£473.01');
    expect(within(screen.getByTestId('refund-form')).getByLabelText('Amount (£)')).toHaveValue('473.01');
  });

  it('after a cancellation the refund form offers what was paid; a cancelled order never paid reads "Cancelled, nothing paid", with no refund form but one for money received after cancelling', async () => {
    renderOrderPage(adminOrder({ status: 'refund_due', refundDuePence: 26_99, owedPence: 26_99 }, { status: 'Cancelled', mayDispatch: false }), () => null, '/admin/orders/1042');
    expect(within(await screen.findByTestId('refund-form')).getByLabelText('Amount (£)')).toHaveValue('26.99');
    cleanup();
    renderOrderPage(
      adminOrder({ status: 'cancelled_unpaid', receivedPence: 0, paidPence: 0, refundablePence: 0 }, { status: 'Cancelled', mayDispatch: false }),
      () => null,
      '/admin/orders/1042',
    );
    expect(await screen.findByTestId('admin-order-payment')).toHaveTextContent('Cancelled, nothing paid');
    expect(screen.queryByTestId('refund-form')).toBeNull();
    // A transfer that arrives after the cancellation is recorded here, then owed back.
    const late = screen.getByTestId('payment-form');
    expect(within(late).getByRole('heading', { name: 'Money received after cancelling' })).toBeInTheDocument();
    expect(within(late).getByLabelText('Amount (£)')).toHaveValue('');
  });

  it('a payment over what is due comes back with its message and the box that records it anyway', async () => {
    const refused = {
      ok: false,
      intent: 'payment',
      message: 'Only £26.99 is due on this order.',
      fields: { amount: 'Only £26.99 is due on this order.', confirm: 'Record £500.00 although only £26.99 is due' },
      values: { carrier: '', tracking_number: '', reason: '', amount: '500', received_on: '2026-11-24', bank_reference: 'BXW-7KQ4MC', note: '' },
    };
    renderOrderPage(adminOrder({ status: 'awaiting_payment', receivedPence: 0, paidPence: 0, duePence: 26_99, refundablePence: 0 }), () => refused, '/admin/orders/1042');
    const form = await screen.findByTestId('payment-form');
    expect(screen.queryByTestId('confirm-overpayment')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Amount (£)'), { target: { value: '500' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Record payment' }));
    const box = await within(await screen.findByTestId('payment-form')).findByLabelText('Record £500.00 although only £26.99 is due');
    expect(box).toHaveAttribute('type', 'checkbox');
    expect(box).toHaveAttribute('name', 'confirm');
    // The message beside the amount, which keeps what was typed.
    const amount = document.getElementById('payment-amount');
    await waitFor(() => expect(amount).toHaveAccessibleDescription('Only £26.99 is due on this order.'));
    expect(amount).toHaveValue('500');
  });

  it('a card order is refunded through its provider; a refund the provider did not answer reads pending, with "Try again"', async () => {
    renderOrderPage(
      adminOrder(
        {
          method: 'paypal',
          refundProvider: 'paypal',
          refundablePence: 16_99,
          pendingRefundPence: 10_00,
          records: [
            {
              orderPaymentId: 7,
              kind: 'refund',
              amountPence: 10_00,
              receivedOn: '2026-11-24',
              bankReference: '',
              by: 'Mona Manager',
              at: '2026-11-24T11:00:00.000Z',
              provider: 'paypal',
              providerState: 'pending',
              providerRefundId: null,
              failureReason: null,
            },
          ],
        },
        {},
      ),
      () => null,
      '/admin/orders/1042',
    );
    const form = await screen.findByTestId('refund-form');
    expect(within(form).getByRole('button', { name: 'Refund through PayPal' })).toBeInTheDocument();
    expect(within(form).queryByLabelText('Bank reference')).toBeNull();
    expect(screen.getByTestId('refund-pending')).toHaveTextContent('Refund of £10.00 pending with PayPal');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});

describe('what staff found confusing on the order page', () => {
  /** A made-to-order line of 2,500 printed boxes still to send. */
  const madeToOrder: Partial<AdminOrder> = {
    shipping: {
      lines: [{ orderLineId: 7, productName: 'Printed box', itemName: 'Printed box 9x6x3', size1: '9x6x3', qty: 2500, count: 1, shippedPacks: 0, withdrawnPacks: 0, remainingPacks: 1, custom: true, deliveredUnits: null }],
      shipments: [],
      progress: { shippedPacks: 0, orderedPacks: 1 },
    },
  };

  it('the warehouse is not offered "The customer agreed" on a made-to-order line; a manager is', async () => {
    renderOrderPage(adminOrder({}, madeToOrder, warehouse), () => null, '/admin/orders/1042', warehouse);
    const form = await screen.findByTestId('dispatch-form');
    expect(within(form).getByLabelText('Units delivered')).toBeInTheDocument();
    expect(within(form).queryByLabelText('The customer agreed to this quantity')).toBeNull();
    cleanup();
    renderOrderPage(adminOrder({}, madeToOrder), () => null, '/admin/orders/1042');
    expect(within(await screen.findByTestId('dispatch-form')).getByLabelText('The customer agreed to this quantity')).toBeInTheDocument();
  });

  it('the timeline of a pack cancellation names the packs taken off, never "[object Object]"', async () => {
    const timeline: AdminOrder['timeline'] = [
      {
        at: '2026-11-24T12:00:00.000Z',
        kind: 'lines_cancelled',
        by: 'Mona Manager',
        before: null,
        after: { reason: 'Out of stock', lines: [{ order_line_id: 1, name: 'Box 12x9x6', packs: 2 }], total_pence: 12_00 },
      },
    ];
    renderOrderPage(adminOrder({}, { timeline }), () => null, '/admin/orders/1042');
    const entry = await screen.findByTestId('order-timeline');
    expect(entry).toHaveTextContent('packs taken off: 2 x Box 12x9x6');
    expect(entry).toHaveTextContent('total: £12.00');
    expect(entry).not.toHaveTextContent('[object Object]');
  });

  it('"Mark delivered" asks the day it was delivered: today by default, never later, never before it was dispatched', async () => {
    const dispatched: Partial<AdminOrder> = {
      status: 'Dispatched',
      mayDispatch: false,
      dispatch: { at: '2026-11-20T15:00:00.000Z', dispatchedOn: '2026-11-20', carrier: 'DPD', trackingNumber: '1550', trackingUrl: null, deliveredAt: null },
      shipping: {
        lines: [{ orderLineId: 7, productName: 'Box', itemName: 'Box 12x9x6', size1: '12x9x6', qty: 25, count: 1, shippedPacks: 1, withdrawnPacks: 0, remainingPacks: 0, custom: false, deliveredUnits: null }],
        shipments: [{ shipmentId: 1, number: 1, carrier: 'DPD', trackingNumber: '1550', trackingUrl: null, dispatchedAt: '2026-11-20T15:00:00.000Z', by: 'Will Warehouse', lines: [] }],
        progress: { shippedPacks: 1, orderedPacks: 1 },
      },
    };
    renderOrderPage(adminOrder({}, dispatched, warehouse), () => null, '/admin/orders/1042', warehouse);
    const form = await screen.findByTestId('deliver-form');
    const day = within(form).getByLabelText(/^Delivered on/);
    expect(day).toHaveAttribute('type', 'date');
    expect(day).toHaveValue('2026-11-24');
    expect(day).toHaveAttribute('max', '2026-11-24');
    expect(day).toHaveAttribute('min', '2026-11-20');
    expect(within(form).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
  });

  it('a made-to-order line delivered short reads 2,375 units at £0.62 a unit beside its £1,472.50, never 2,500 at £1,550.00', async () => {
    const lines: AdminOrder['lines'] = [
      {
        orderLineId: 1,
        kind: 'goods',
        productName: 'Printed box',
        size1: '9x6x3',
        qty: 2500,
        count: 1,
        pricePence: 1550_00,
        totalPricePence: 1472_50,
        charge: lineChargeOf({ qty: 2500, count: 1, pricePence: 1550_00, totalPricePence: 1472_50, custom: true, deliveredUnits: 2375 }),
      },
    ];
    renderOrderPage(adminOrder({}, { lines, status: 'Dispatched', mayDispatch: false }), () => null, '/admin/orders/1042');
    expect(await screen.findByTestId('line-units')).toHaveTextContent('2,375delivered, of 2,500 ordered');
    expect(screen.getByTestId('line-price')).toHaveTextContent('£0.62 a unit');
    expect(screen.queryByText('£1,550.00')).toBeNull();
  });
});
