// @vitest-environment jsdom
/**
 * The back office's return page as a manager sees it: the approve form's "The goods must come
 * back to us" follows the reason (a damage or short-delivery claim: unticked; unwanted goods:
 * ticked), and keeps what staff sent when the form is refused; a return approved without goods
 * back offers only settling, never "goods received".
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { allowedReturnMoves, type StaffMember, type StaffReturn } from '@shop/core';
import { returnPage } from '~/server/admin/returns.server';
import ReturnPage from './return';

afterEach(cleanup);

const manager: StaffMember = { staffId: 1, email: 'mona@example.com', name: 'Mona Manager', role: 'manager', totpEnabled: false };

/** A return as core answers it to a manager, with the moves core's state module allows (return-states.ts). */
function staffReturn(r: Partial<StaffReturn> = {}): StaffReturn {
  const built = returnFacts(r);
  const facts = { state: built.state, goodsBack: built.goodsBack, order: { status: built.order.status, keptPence: built.order.paidPence - built.order.refundedPence, duePence: built.order.duePence } };
  return { ...built, moves: r.moves ?? allowedReturnMoves(facts, manager.role) };
}

function returnFacts(r: Partial<StaffReturn>): Omit<StaffReturn, 'moves'> {
  return {
    returnId: 7,
    orderId: 1042,
    version: 1,
    reason: 'damaged',
    reasonLabel: 'Damaged or short delivery',
    description: 'Two boxes crushed.',
    faultFoundOn: null,
    windowUntil: '2026-11-29',
    state: 'requested',
    stateLabel: 'Requested',
    goodsBack: null,
    instructions: null,
    refusalReason: null,
    writtenOff: null,
    refundPence: null,
    replacementCarrier: null,
    replacementTrackingNumber: null,
    replacementTrackingUrl: null,
    createdAt: '2026-11-27T10:00:00.000Z',
    receivedAt: null,
    settledAt: null,
    lines: [{ orderLineId: 1, productName: 'Box', size1: '12x9x6', qty: 25, count: 2, pricePence: 20_00, chargedPence: 40_00 }],
    photoCount: 0,
    steps: [],
    customer: { userId: 3, name: 'Ann Buyer', email: 'ann@example.com' },
    order: { status: 'Delivered', paymentMethod: 'bank', refundProvider: null, paidPence: 48_00, refundedPence: 0, duePence: 0, creditedPence: 0, version: 4, deliveredAt: '2026-11-26T11:00:00.000Z' },
    valuePence: 48_00,
    ...r,
  };
}

function renderReturnPage(found: StaffReturn, actionData?: unknown, staff: StaffMember = manager) {
  const Stub = createRoutesStub([
    {
      path: '/admin/returns/:returnId',
      // The refused form's answer, as the action would give it.
      Component: ((props: React.ComponentProps<typeof ReturnPage>) => <ReturnPage {...props} actionData={actionData as typeof props.actionData} />) as never,
      HydrateFallback: () => null,
      loader: () => ({ ...returnPage(staff, found), today: '2026-11-27', notice: null }),
    },
  ]);
  return render(<Stub initialEntries={['/admin/returns/7']} />);
}

describe("the back office's return page", () => {
  it("shows the warehouse the return without the customer's name or e-mail, as the order page does; a manager sees them", async () => {
    const warehouse: StaffMember = { staffId: 2, email: 'will@example.com', name: 'Will Warehouse', role: 'warehouse', totpEnabled: false };
    // Decided by the loader's data, not only the markup: the warehouse's page data holds no customer.
    expect(returnPage(warehouse, staffReturn()).found.customer).toBeNull();
    renderReturnPage(staffReturn(), undefined, warehouse);
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toHaveTextContent('Return 7');
    expect(document.body).not.toHaveTextContent('Ann Buyer');
    expect(document.body).not.toHaveTextContent('ann@example.com');
    cleanup();
    renderReturnPage(staffReturn());
    expect(await screen.findByText(/Ann Buyer \(ann@example.com\)/, undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('a damage or short-delivery claim is approved without the goods back by default', async () => {
    renderReturnPage(staffReturn({ reason: 'damaged', reasonLabel: 'Damaged or short delivery' }));
    expect(within(await screen.findByTestId('approve-form')).getByLabelText('The goods must come back to us')).not.toBeChecked();
    cleanup();
    renderReturnPage(staffReturn({ reason: 'faulty', reasonLabel: 'Faulty' }));
    expect(within(await screen.findByTestId('approve-form')).getByLabelText('The goods must come back to us')).not.toBeChecked();
  });

  it('unwanted goods are approved with the goods back by default', async () => {
    renderReturnPage(staffReturn({ reason: 'unwanted', reasonLabel: 'Unwanted and unopened' }));
    expect(within(await screen.findByTestId('approve-form')).getByLabelText('The goods must come back to us')).toBeChecked();
  });

  it('a refused approval keeps the box as staff sent it', async () => {
    const refused = { ok: false, intent: 'approve', message: 'Write the instructions', fields: {}, values: { instructions: '', goods_back: 'on' } };
    renderReturnPage(staffReturn({ reason: 'damaged' }), refused);
    expect(within(await screen.findByTestId('approve-form')).getByLabelText('The goods must come back to us')).toBeChecked();
  });

  it('approved without goods back: settle at once, no "goods received" step', async () => {
    renderReturnPage(staffReturn({ state: 'approved', stateLabel: 'Approved', goodsBack: false, instructions: 'Keep them.' }));
    await screen.findByTestId('return-refund-form');
    expect(screen.getByTestId('replace-form')).toBeInTheDocument();
    expect(screen.queryByTestId('receive-form')).toBeNull();
    cleanup();
    renderReturnPage(staffReturn({ reason: 'unwanted', state: 'approved', stateLabel: 'Approved', goodsBack: true, instructions: 'Send them back.' }));
    await screen.findByTestId('receive-form');
    expect(screen.queryByTestId('return-refund-form')).toBeNull();
  });

  it('a test-payment order is refunded through the test payment provider, never "through PayPal"; a real card order through PayPal', async () => {
    const approved = { state: 'approved' as const, stateLabel: 'Approved', goodsBack: false, instructions: 'Keep them.' };
    const card = (refundProvider: 'paypal' | 'test') => ({ status: 'Delivered', paymentMethod: 'paypal', refundProvider, paidPence: 48_00, refundedPence: 0, duePence: 0, creditedPence: 0, version: 4, deliveredAt: '2026-11-26T11:00:00.000Z' });
    renderReturnPage(staffReturn({ ...approved, order: card('test') }));
    const form = await screen.findByTestId('return-refund-form', undefined, { timeout: 10_000 });
    expect(form).toHaveTextContent('Refund through the test payment provider');
    expect(document.body).not.toHaveTextContent('PayPal');
    cleanup();
    renderReturnPage(staffReturn({ ...approved, order: card('paypal') }));
    expect(await screen.findByTestId('return-refund-form', undefined, { timeout: 10_000 })).toHaveTextContent('Refund through PayPal');
  });
});
